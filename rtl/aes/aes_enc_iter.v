`default_nettype none
// aes_enc_iter: the small AES encryption core: one 128-bit round unit (16 S-boxes, 4 MixColumns)
// reused for every round, one round per cycle (two with the block-RAM S-box, whose output is
// registered). A block takes Nr cycles (2 * Nr with SBOX = 2); the next block is taken in the
// cycle the previous one finishes, so back-to-back blocks come every Nr (2 * Nr) cycles.
// Interfaces and key handling as aes_enc_pipe (key bank from aes_key_expand, key_ready waits for
// the block in progress, key_len = 3 refused with error, key_clear erases like rst).
// SBOX: 0 table in LUTs, 1 composite-field logic, 2 block-RAM table.
module aes_enc_iter #(
    parameter SBOX = 0,
    parameter USER_W = 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              key_clear,
    input  wire [255:0]      key,
    input  wire [1:0]        key_len,
    input  wire              key_valid,
    output wire              key_ready,
    input  wire [127:0]      s_axis_tdata,
    input  wire [USER_W-1:0] s_axis_tuser,
    input  wire              s_axis_tvalid,
    output wire              s_axis_tready,
    output wire [127:0]      m_axis_tdata,
    output wire [USER_W-1:0] m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready,
    output wire              key_loaded,
    output wire              error
);
    generate
        if (SBOX < 0 || SBOX > 2) begin : g_bad_sbox
            aes_enc_iter_SBOX_must_be_0_lut_1_composite_or_2_rom u_error ();
        end
        if (USER_W < 1) begin : g_bad_user
            aes_enc_iter_USER_W_must_be_at_least_1 u_error ();
        end
    endgenerate

    localparam L = (SBOX == 2) ? 1 : 0;
    wire clr = rst || key_clear;

    wire [15*128-1:0] rk;
    wire [3:0]        nr;
    wire              keys_ok;
    wire              keys_early;
    reg               busy_q;

    aes_key_expand #(.SBOX(SBOX)) u_keys (
        .clk(clk), .rst(clr), .idle(!busy_q), .idle_next(1'b0), .key(key), .key_len(key_len), .key_valid(key_valid),
        .key_ready(key_ready), .key_loaded(keys_ok), .key_early(keys_early), .error(error),
        .rk(rk), .nr(nr)
    );

    reg  [127:0]      state_q;
    reg  [USER_W-1:0] user_q;
    reg  [3:0]        rnd_q;     // the round being computed, 1..Nr
    reg               phase_q;   // SBOX = 2: the S-boxes have read the state

    // ShiftRows then SubBytes (they commute), MixColumns unless last, AddRoundKey.
    wire [127:0] shifted;
    genvar c, r;
    generate
        for (c = 0; c < 4; c = c + 1) begin : g_col
            for (r = 0; r < 4; r = r + 1) begin : g_row
                assign shifted[127 - 8 * (r + 4 * c) -: 8] = state_q[127 - 8 * (r + 4 * ((c + r) % 4)) -: 8];
            end
        end
    endgenerate
    wire [127:0] sb;
    aes_sub #(.SBOX(SBOX), .BYTES(16)) u_sub (.clk(clk), .en(1'b1), .x(shifted), .y(sb));
    wire         last_round = rnd_q == nr;
    wire [127:0] mixed;
    generate
        for (c = 0; c < 4; c = c + 1) begin : g_mix
            aes_mix_col u_mix (.x(sb[127 - 32 * c -: 32]), .bypass(last_round), .y(mixed[127 - 32 * c -: 32]));
        end
    endgenerate
    wire [127:0] round_out = mixed ^ rk[128 * rnd_q +: 128];

    wire step = busy_q && (L == 0 || phase_q);          // a round completes this cycle
    wire finish = step && last_round;
    wire out_free;                                       // the output register takes a block
    wire hold = finish && !out_free;                     // the result waits for the output
    // Round r reads round key r no earlier than r cycles after the block was taken: blocks may enter
    // while the schedule runs (key_early).
    assign s_axis_tready = keys_early && !key_valid && (!busy_q || (finish && out_free));
    wire take = s_axis_tvalid && s_axis_tready;

    always @(posedge clk) begin
        if (clr) begin
            busy_q <= 1'b0;
            state_q <= 128'd0;
            user_q <= {USER_W{1'b0}};
            rnd_q <= 4'd0;
            phase_q <= 1'b0;
        end else begin
            if (take) begin
                state_q <= s_axis_tdata ^ rk[127:0];
                user_q <= s_axis_tuser;
                rnd_q <= 4'd1;
                phase_q <= 1'b0;
                busy_q <= 1'b1;
            end else if (busy_q && !hold) begin
                if (L != 0) phase_q <= !phase_q;
                if (step) begin
                    state_q <= round_out;
                    rnd_q <= rnd_q + 4'd1;
                    if (last_round) busy_q <= 1'b0;
                end
            end
        end
    end

    // The output register: it holds key-derived data, so rst and key_clear zero it.
    axis_reg #(.WIDTH(128 + USER_W), .MODE(1), .WIPE(1)) u_out (
        .clk(clk), .rst(rst), .clear(key_clear),
        .s_axis_tdata({round_out, user_q}), .s_axis_tvalid(finish), .s_axis_tready(out_free),
        .m_axis_tdata({m_axis_tdata, m_axis_tuser}), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready)
    );

    assign key_loaded = keys_ok;
endmodule
`default_nettype wire
