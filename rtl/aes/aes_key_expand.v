`default_nettype none
// aes_key_expand: AES-128/192/256 key expansion into a register bank of round keys (the paper's
// register bank: every round unit reads its key every cycle).
//
// The key port of the AES cores: key (block order from [255:248]; a 128-bit key in [255:128], a
// 192-bit one in [255:64]) and key_len (0: 128, 1: 192, 2: 256 bits) are taken when key_valid and
// key_ready; key_ready needs idle from the parent (no block in flight, so blocks finish under the
// key they started with). Round key 0 is in the bank after that edge; each following cycle adds
// the next round key (four schedule words, with the one SubWord of those four words), so all
// Nr + 1 keys are in place Nr + 1 cycles later (11, 13 or 15) and key_loaded rises: each new
// round key goes through a staging register before the bank, so the schedule's S-box and XOR chain
// do not also drive the wires to 15 bank entries spread over the device. rk holds round key r in
// [128*r +: 128]; nr is 10, 12 or 14.
// key_early rises one cycle after the key is taken, Nr cycles before key_loaded: a block taken from
// then on uses round key r no earlier than r cycles after it was taken, and round key r is in the
// bank r + 1 cycles after the key was, so the schedule stays ahead of it. The cores let blocks in
// on key_early (the GCM core's E_K(0^128) for H starts while the schedule runs).
// key_len = 3 is refused: error pulses and no key is loaded. rst (the parent ties key_clear to
// it) clears the bank.
// SBOX: 0 table, 1 composite field; the block-RAM style (2) uses tables here, since the schedule
// needs its SubWord in the same cycle.
module aes_key_expand #(
    parameter SBOX = 0
) (
    input  wire           clk,
    input  wire           rst,
    input  wire           idle,
    input  wire [255:0]   key,
    input  wire [1:0]     key_len,
    input  wire           key_valid,
    output wire           key_ready,
    output wire           key_loaded,
    output wire           key_early,
    output wire           error,
    output wire [15*128-1:0] rk,
    output wire [3:0]     nr
);
    reg  busy_q;     // the schedule is running
    reg  keys_ok_q;
    reg  error_q;
    wire key_take = key_valid && key_ready;
    wire load = key_take && key_len != 2'd3;
    reg  wr_q;       // the staging register holds a round key for the bank
    reg  [3:0] wr_idx_q;
    reg  [127:0] wr_key_q;
    assign key_ready = !busy_q && !wr_q && idle;
    assign key_loaded = keys_ok_q && !busy_q && !wr_q;
    // wr_q is set from the second cycle of the schedule on (round key 1 staged) until it ends.
    assign key_early = keys_ok_q && (wr_q || !busy_q);
    assign error = error_q;

    always @(posedge clk) begin
        if (rst) begin
            keys_ok_q <= 1'b0;
            error_q <= 1'b0;
        end else begin
            error_q <= key_take && key_len == 2'd3;
            if (key_take) keys_ok_q <= load;
        end
    end

    reg  [15*128-1:0] bank_q;
    reg  [255:0] win_q;     // schedule words w[i-8..i-1], w[i-8] in [255:224]
    reg  [127:0] khi_q;     // key words 4..7 (the first step takes them instead of computing)
    reg  [3:0]   step_q;    // the round key this cycle produces
    reg  [2:0]   r_q;       // i mod Nk, i = 4 * step_q
    reg  [7:0]   rcon_q;
    reg  [1:0]   len_q;

    wire [3:0] nk = (len_q == 2'd0) ? 4'd4 : (len_q == 2'd1) ? 4'd6 : 4'd8;
    assign nr = (len_q == 2'd0) ? 4'd10 : (len_q == 2'd1) ? 4'd12 : 4'd14;

    function [31:0] wword;  // schedule word j of the window (0 = oldest)
        input [255:0] w;
        input [3:0] j;
        wword = w[255 - 32 * j -: 32];
    endfunction

    // Which of this step's four words (if any) needs SubWord, and whether with RotWord and Rcon.
    // Nk = 4: word 0 always; Nk = 6: word 0 when i mod 6 = 0, word 2 when i mod 6 = 4;
    // Nk = 8: word 0, with RotWord/Rcon when i mod 8 = 0 and without when i mod 8 = 4.
    wire       sub_at2 = (nk == 4'd6) && (r_q == 3'd4);
    wire       sub_at0 = (nk == 4'd4) || (nk == 4'd6 && r_q == 3'd0) || (nk == 4'd8);
    wire       rot = !(nk == 4'd8 && r_q == 3'd4);
    wire       first = step_q == 4'd1;

    wire [31:0] n0, n1, n2, n3;  // the four schedule words of this step
    wire [31:0] old0 = wword(win_q, 4'd8 - nk), old1 = wword(win_q, 4'd9 - nk);
    wire [31:0] old2 = wword(win_q, 4'd10 - nk), old3 = wword(win_q, 4'd11 - nk);
    wire [31:0] prev = wword(win_q, 4'd7);
    // Word 1 as it is when word 0 had no SubWord (always the case when word 2 needs one), so the
    // SubWord input does not depend on its own output.
    wire [31:0] n1_plain = (first && nk > 4'd5) ? khi_q[95:64] : old1 ^ old0 ^ prev;
    wire [31:0] sub_in_w = sub_at2 ? n1_plain : prev;
    wire [31:0] sub_in = rot ? {sub_in_w[23:0], sub_in_w[31:24]} : sub_in_w;
    wire [31:0] sub_out;
    wire [31:0] temp = sub_out ^ (rot ? {rcon_q, 24'd0} : 32'd0);

    aes_sub #(.SBOX(SBOX == 2 ? 0 : SBOX), .BYTES(4)) u_sub (.clk(clk), .en(1'b1), .x(sub_in), .y(sub_out));

    assign n0 = (first && nk > 4'd4) ? khi_q[127:96] : old0 ^ (sub_at0 ? temp : prev);
    assign n1 = (first && nk > 4'd5) ? khi_q[95:64] : old1 ^ n0;
    assign n2 = (first && nk > 4'd6) ? khi_q[63:32] : old2 ^ (sub_at2 ? temp : n1);
    assign n3 = (first && nk > 4'd7) ? khi_q[31:0] : old3 ^ n2;
    wire        used_rcon = rot && (sub_at0 || sub_at2) && !(first && nk == 4'd8);

    // i mod Nk advances by 4: Nk = 4 stays 0; Nk = 6 runs 4, 2, 0; Nk = 8 runs 4, 0.
    wire [2:0] r_next = (nk == 4'd4) ? 3'd0 : (nk == 4'd6) ? ((r_q == 3'd0) ? 3'd4 : (r_q == 3'd4) ? 3'd2 : 3'd0)
                                                          : ((r_q == 3'd0) ? 3'd4 : 3'd0);

    always @(posedge clk) begin
        if (rst) begin
            bank_q <= {15*128{1'b0}};
            wr_q <= 1'b0;
            wr_idx_q <= 4'd0;
            wr_key_q <= 128'd0;
            win_q <= 256'd0;
            khi_q <= 128'd0;
            step_q <= 4'd0;
            r_q <= 3'd0;
            rcon_q <= 8'd0;
            len_q <= 2'd0;
            busy_q <= 1'b0;
        end else if (load) begin
            bank_q <= {{14*128{1'b0}}, key[255:128]};
            win_q <= {128'd0, key[255:128]};
            khi_q <= key[127:0];
            step_q <= 4'd1;
            r_q <= (key_len == 2'd0) ? 3'd0 : 3'd4;
            rcon_q <= 8'h01;
            len_q <= key_len;
            busy_q <= 1'b1;
        end else if (busy_q) begin
            wr_q <= 1'b1;
            wr_idx_q <= step_q;
            wr_key_q <= {n0, n1, n2, n3};
            win_q <= {win_q[127:0], n0, n1, n2, n3};
            step_q <= step_q + 4'd1;
            r_q <= r_next;
            if (used_rcon) rcon_q <= {rcon_q[6:0], 1'b0} ^ (rcon_q[7] ? 8'h1b : 8'h00);
            if (step_q == nr) busy_q <= 1'b0;
        end
        if (!rst && wr_q) begin
            bank_q[128 * wr_idx_q +: 128] <= wr_key_q;
            if (!busy_q) wr_q <= 1'b0;
        end
    end

    assign rk = bank_q;
endmodule
`default_nettype wire
