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
// needs its SubWord in the same cycle, and so does PACE = 3, whose cycles (the DEEP engines' clock)
// are shorter than the composite S-box's logic.
module aes_key_expand #(
    parameter SBOX = 0,
    // PACE: cycles a schedule step takes (1, 2 or 3), for cores whose rounds take that many.
    // PACE = 2: SubWord in the first cycle (into a register) and the XORs in the second, so no
    // cycle holds both. SubWord's input (the word multiplexers, RotWord) is computed a step ahead,
    // in the previous step's second cycle (or from the key port at the load), into a register, so
    // the first cycle is SubWord alone. Round key r is then in the bank 2r + 1 cycles after the
    // load, still ahead of a block that entered on key_early (it needs round key r 2r cycles after
    // it entered, or later).
    // PACE = 3: the first cycle also registers the window's prefix XORs (which do not wait for
    // SubWord), the second is the XORs with SubWord alone, and the third computes the next step's
    // SubWord input from the registered window: every cycle is two or three LUTs. Round key r is in
    // the bank 3r cycles after the load, ahead of a block of a core whose rounds take three cycles.
    parameter PACE = 1,
    // KEY_REG = 1: the key port is registered (key and key_len into kin_q while key_valid, the
    // take into a flip-flop) and the schedule loads from those registers a cycle after the take, so
    // the port's handshake (key_valid, idle, the schedule's state) drives two flip-flops instead of
    // the 600 the load writes (on ECP5 that fan-out, 6-8 ns of routing, was the DEEP core's
    // critical path). Everything after the take moves one cycle later: key_early rises two cycles
    // after the take, key_loaded one cycle later than above.
    parameter KEY_REG = 0,
    // RST_REG = 1: rst is registered before it clears the schedule, so the clear reaches the
    // schedule's 2,700 flip-flops from a register instead of from the parent's rst or key_clear
    // through their OR (on ECP5, with KEY_REG, that fan-out was the DEEP core's critical path).
    // The erasure completes a cycle later (the bank reads zero two cycles after rst); in the cycle
    // between, key_ready, key_loaded and key_early are held low.
    parameter RST_REG = 0,
    // READY_REG = 1: key_ready is a register, loaded with its next value (from the schedule's next
    // state and the parent's idle_next, idle's value a cycle later): the same signal a cycle for a
    // cycle (formal job aes_key_expand-ready-reg proves it), but driven by a flip-flop, so the
    // parent and the key port's logic read it from a register rather than from a LUT that placement
    // pulls toward whatever consumes key_ready outside (on ECP5 that round trip, the schedule's
    // state to key_ready beside the harness and back into ld_q, was the DEEP core's critical path
    // at two of three placements). READY_REG = 0: idle_next is not used; READY_REG = 1: idle is not.
    parameter READY_REG = 0
) (
    input  wire           clk,
    input  wire           rst,
    input  wire           idle,
    input  wire           idle_next,
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
    generate
        if (PACE < 1 || PACE > 3) begin : g_bad_pace
            aes_key_expand_PACE_must_be_1_2_or_3 u_error ();
        end
        if (KEY_REG != 0 && KEY_REG != 1) begin : g_bad_key_reg
            aes_key_expand_KEY_REG_must_be_0_or_1 u_error ();
        end
        if (RST_REG != 0 && RST_REG != 1) begin : g_bad_rst_reg
            aes_key_expand_RST_REG_must_be_0_or_1 u_error ();
        end
        if (READY_REG != 0 && READY_REG != 1) begin : g_bad_ready_reg
            aes_key_expand_READY_REG_must_be_0_or_1 u_error ();
        end
        if (SBOX < 0 || SBOX > 2) begin : g_bad_sbox
            aes_key_expand_SBOX_must_be_0_1_or_2 u_error ();
        end
    endgenerate
    localparam integer SUB_SBOX = (SBOX == 2 || PACE == 3) ? 0 : SBOX;   // SubWord's style
    reg  rst_q;      // RST_REG: rst a cycle later, which clears the schedule (srst)
    always @(posedge clk) rst_q <= rst;
    wire srst = (RST_REG == 1) ? rst_q : rst;
    wire hold = RST_REG == 1 && rst_q;  // the schedule is being cleared
    reg  busy_q;     // the schedule is running
    reg  keys_ok_q;
    reg  error_q;
    wire key_take = key_valid && key_ready;
    wire take_ok = key_take && key_len != 2'd3;
    // KEY_REG: the key as taken (kin_q, klen_q) and the load a cycle after the take (ld_q)
    reg  [255:0] kin_q;
    reg  [1:0]   klen_q;
    reg          ld_q;
    always @(posedge clk) begin
        if (srst || KEY_REG == 0) begin
            kin_q <= 256'd0;
            klen_q <= 2'd0;
            ld_q <= 1'b0;
        end else begin
            if (key_valid) begin
                kin_q <= key;
                klen_q <= key_len;
            end
            ld_q <= take_ok;
        end
    end
    wire         load = (KEY_REG == 1) ? ld_q : take_ok;
    wire [255:0] ld_key = (KEY_REG == 1) ? kin_q : key;
    wire [1:0]   ld_len = (KEY_REG == 1) ? klen_q : key_len;
    reg  wr_q;       // the staging register holds a round key for the bank
    reg  [14:0] wr_sel_q;  // one-hot: the bank entry the staged round key goes to
    reg  load_q;           // the cycle after a load: erase the old key's round keys 1..14
    reg  [127:0] wr_key_q;
    wire   ready_now = !busy_q && !wr_q && !ld_q && !hold && idle;
    assign key_loaded = keys_ok_q && !busy_q && !wr_q && !ld_q && !hold;
    // wr_q is set from the second cycle of the schedule on (round key 1 staged) until it ends.
    reg  [1:0]  ph_q; // PACE > 1: the cycle of a step (0: SubWord, 1: the XORs, 2: the next input)
    reg  [31:0] sw_q; // PACE > 1: SubWord of this step, from its first cycle
    reg  [31:0] si_q; // PACE > 1: SubWord's input for this step, from the step before (or the load)
    // key_early is low only in the cycle after a load (and without a key): from a register, so the
    // cores' input ready does not wait for the schedule's state (on ECP5 that path, the step phase
    // through key_early and s_axis_tready into the credit counter, was the DEEP core's critical
    // path). It equals keys_ok_q && (wr_q || !busy_q || (PACE > 1 && ph_q != 0)).
    reg  early_q;
    always @(posedge clk) early_q <= !rst && !hold && !key_take && !ld_q && keys_ok_q;
    assign key_early = early_q;
    assign error = error_q;

    always @(posedge clk) begin
        if (srst) begin
            keys_ok_q <= 1'b0;
            error_q <= 1'b0;
        end else begin
            error_q <= key_take && key_len == 2'd3;
            if (key_take) keys_ok_q <= take_ok;
        end
    end

    reg  [15*128-1:0] bank_q;
    reg  [255:0] win_q;     // schedule words w[i-8..i-1], w[i-8] in [255:224]
    reg  [127:0] khi_q;     // key words 4..7 (the first step takes them instead of computing)
    reg  [3:0]   step_q;    // the round key this cycle produces
    reg  [2:0]   r_q;       // i mod Nk, i = 4 * step_q
    reg  [7:0]   rcon_q;
    // The key length as registered one-hot flags (and Nr as a register), set at load: the word
    // multiplexers ahead of SubWord select on a flip-flop instead of on a decode of it.
    reg          k128_q, k192_q, k256_q;
    reg  [3:0]   nr_q;
    assign nr = nr_q;

    function [31:0] wword;  // schedule word j of the window (0 = oldest)
        input [255:0] w;
        input [3:0] j;
        wword = w[255 - 32 * j -: 32];
    endfunction

    // Which of this step's four words (if any) needs SubWord, and whether with RotWord and Rcon.
    // Nk = 4: word 0 always; Nk = 6: word 0 when i mod 6 = 0, word 2 when i mod 6 = 4;
    // Nk = 8: word 0, with RotWord/Rcon when i mod 8 = 0 and without when i mod 8 = 4.
    wire       sub_at2 = k192_q && (r_q == 3'd4);
    wire       sub_at0 = k128_q || (k192_q && r_q == 3'd0) || k256_q;
    wire       rot = !(k256_q && r_q == 3'd4);
    reg        first_q;  // step 1: words from the key (step_q == 1, as a register)
    wire       first = first_q;
    // PACE = 3: the decodes above (and the first step's key words) registered in the step's first
    // cycle (r_q and the key length do not change before its XOR cycle), so the XOR cycle starts
    // from flip-flops: on ECP5 r_q through them into the window's 256 multiplexers was the DEEP
    // engine's critical path once its output FIFO was split in two (wip/aes-chain, 8.2 ns).
    reg  [4:0] dec_q;
    always @(posedge clk) dec_q <= {sub_at0, sub_at2, rot, first && !k128_q, first && k256_q};
    wire       x_at0 = (PACE == 3) ? dec_q[4] : sub_at0;
    wire       x_at2 = (PACE == 3) ? dec_q[3] : sub_at2;
    wire       x_rot = (PACE == 3) ? dec_q[2] : rot;
    wire       x_key01 = (PACE == 3) ? dec_q[1] : first && !k128_q;
    wire       x_key23 = (PACE == 3) ? dec_q[0] : first && k256_q;

    wire [31:0] n0, n1, n2, n3;  // the four schedule words of this step
    // old<j> = w[i + j - Nk]: window word 8 - Nk + j.
    wire [31:0] old0 = k128_q ? wword(win_q, 4'd4) : k192_q ? wword(win_q, 4'd2) : wword(win_q, 4'd0);
    wire [31:0] old1 = k128_q ? wword(win_q, 4'd5) : k192_q ? wword(win_q, 4'd3) : wword(win_q, 4'd1);
    wire [31:0] old2 = k128_q ? wword(win_q, 4'd6) : k192_q ? wword(win_q, 4'd4) : wword(win_q, 4'd2);
    wire [31:0] old3 = k128_q ? wword(win_q, 4'd7) : k192_q ? wword(win_q, 4'd5) : wword(win_q, 4'd3);
    wire [31:0] prev = wword(win_q, 4'd7);
    // Word 1 as it is when word 0 had no SubWord (always the case when word 2 needs one), so the
    // SubWord input does not depend on its own output.
    wire [31:0] n1_plain = (first && !k128_q) ? khi_q[95:64] : old1 ^ old0 ^ prev;
    wire [31:0] sub_in_w = sub_at2 ? n1_plain : prev;
    wire [31:0] sub_in = rot ? {sub_in_w[23:0], sub_in_w[31:24]} : sub_in_w;
    wire [31:0] sub_out;
    wire [31:0] temp = ((PACE > 1) ? sw_q : sub_out) ^ (x_rot ? {rcon_q, 24'd0} : 32'd0);
    wire        step = (PACE == 1) || ph_q == 2'd1;  // the cycle that completes a step

    aes_sub #(.SBOX(SUB_SBOX), .BYTES(4)) u_sub (.clk(clk), .en(1'b1),
                                              .x((PACE > 1) ? si_q : sub_in), .y(sub_out));

    // The chain n<j> = old<j> ^ n<j-1> flattened: each word is the SubWord result (or prev) XORed
    // with a prefix XOR of window words, which does not wait for SubWord. (Step 1 of a 192-bit key
    // is the one first step with words from the key and others computed; it has i mod 6 = 4, so
    // its word 2 takes SubWord.)
    // PACE = 3: the words below that do not wait for SubWord come from registers (pre_q, loaded in
    // the step's first cycle), so the XOR cycle is the SubWord result through two or three LUTs.
    wire [32*7-1:0] pre_live = {old0, old2, old0 ^ old1, old0 ^ old1 ^ old2, old0 ^ old1 ^ old2 ^ old3,
                                old2 ^ old3, prev};
    reg  [32*7-1:0] pre_q;
    wire [32*7-1:0] pre = (PACE == 3) ? pre_q : pre_live;
    wire [31:0] u_old0 = pre[223:192], u_old2 = pre[191:160], p1 = pre[159:128], p2 = pre[127:96],
                p3 = pre[95:64], q3 = pre[63:32], u_prev = pre[31:0];
    wire [31:0] x0 = x_at0 ? temp : u_prev;
    assign n0 = x_key01 ? khi_q[127:96] : u_old0 ^ x0;
    assign n1 = x_key01 ? khi_q[95:64] : p1 ^ x0;
    assign n2 = x_key23 ? khi_q[63:32] : x_at2 ? u_old2 ^ temp : p2 ^ x0;
    assign n3 = x_key23 ? khi_q[31:0] : x_at2 ? q3 ^ temp : p3 ^ x0;
    wire        used_rcon = x_rot && (x_at0 || x_at2) && !x_key23;

    // i mod Nk advances by 4: Nk = 4 stays 0; Nk = 6 runs 4, 2, 0; Nk = 8 runs 4, 0.
    wire [2:0] r_next = k128_q ? 3'd0 : k192_q ? ((r_q == 3'd0) ? 3'd4 : (r_q == 3'd4) ? 3'd2 : 3'd0)
                                               : ((r_q == 3'd0) ? 3'd4 : 3'd0);

    // PACE = 2: the next step's SubWord input, from this step's words (sub_in of the next window:
    // prev becomes n3; when word 2 takes SubWord, a 192-bit key's n1_plain becomes
    // w[6] ^ w[7] ^ n3 of this window), and the first step's from the key port.
    wire        sub_at2_n = k192_q && (r_next == 3'd4);
    wire        rot_n = !(k256_q && r_next == 3'd4);
    wire [31:0] si_w_n = sub_at2_n ? (wword(win_q, 4'd6) ^ prev ^ n3) : n3;
    wire [31:0] si_n = rot_n ? {si_w_n[23:0], si_w_n[31:24]} : si_w_n;
    // PACE = 3: the same from the registered window in the step's third cycle (the window has
    // shifted by the four new words and r_q has advanced: w[6], prev, n3 are now words 2, 3, 7)
    wire [31:0] si_w_c = sub_at2 ? (wword(win_q, 4'd2) ^ wword(win_q, 4'd3) ^ prev) : prev;
    wire [31:0] si_c = rot ? {si_w_c[23:0], si_w_c[31:24]} : si_w_c;
    // step 1: 128-bit key, RotWord(w[3]); 192-bit, RotWord(w[5]); 256-bit, none needed (words 4..7
    // come from the key)
    wire [31:0] si_w_load = (ld_len == 2'd1) ? ld_key[95:64] : ld_key[159:128];
    wire [31:0] si_load = {si_w_load[23:0], si_w_load[31:24]};

    always @(posedge clk) begin : p_sched
        integer e;
        if (srst) begin
            bank_q <= {15*128{1'b0}};
            wr_q <= 1'b0;
            wr_sel_q <= 15'd0;
            load_q <= 1'b0;
            wr_key_q <= 128'd0;
            win_q <= 256'd0;
            khi_q <= 128'd0;
            step_q <= 4'd0;
            r_q <= 3'd0;
            rcon_q <= 8'd0;
            first_q <= 1'b0;
            k128_q <= 1'b1;
            k192_q <= 1'b0;
            k256_q <= 1'b0;
            nr_q <= 4'd10;
            busy_q <= 1'b0;
            ph_q <= 2'd0;
            sw_q <= 32'd0;
            si_q <= 32'd0;
            pre_q <= {32*7{1'b0}};
        end else if (load) begin
            ph_q <= 2'd0;
            si_q <= si_load;
            bank_q[127:0] <= ld_key[255:128];
            win_q <= {128'd0, ld_key[255:128]};
            khi_q <= ld_key[127:0];
            step_q <= 4'd1;
            r_q <= (ld_len == 2'd0) ? 3'd0 : 3'd4;
            rcon_q <= 8'h01;
            first_q <= 1'b1;
            k128_q <= ld_len == 2'd0;
            k192_q <= ld_len == 2'd1;
            k256_q <= ld_len == 2'd2;
            nr_q <= (ld_len == 2'd0) ? 4'd10 : (ld_len == 2'd1) ? 4'd12 : 4'd14;
            busy_q <= 1'b1;
        end else if (busy_q && !step) begin
            // the step's first cycle (SubWord; PACE = 3 also the prefix words), or PACE = 3's third
            ph_q <= (ph_q == 2'd2) ? 2'd0 : ph_q + 2'd1;
            if (ph_q == 2'd0) begin
                sw_q <= sub_out;
                pre_q <= pre_live;
            end else begin
                si_q <= si_c;
            end
        end else if (busy_q) begin
            ph_q <= (PACE == 3) ? 2'd2 : 2'd0;
            wr_q <= 1'b1;
            wr_sel_q <= 15'd1 << step_q;
            wr_key_q <= {n0, n1, n2, n3};
            win_q <= {win_q[127:0], n0, n1, n2, n3};
            if (PACE < 3) si_q <= si_n;
            step_q <= step_q + 4'd1;
            first_q <= 1'b0;
            r_q <= r_next;
            if (used_rcon) rcon_q <= {rcon_q[6:0], 1'b0} ^ (rcon_q[7] ? 8'h1b : 8'h00);
            if (step_q == nr_q) busy_q <= 1'b0;
        end
        // Entries 1..14 are erased one cycle after the load, from a register (the load itself
        // writes entry 0 only, so the key port's handshake does not drive the whole bank); the
        // schedule's first write to them is a cycle later still.
        if (!srst) load_q <= load;
        if (!srst && load_q) bank_q[15*128-1:128] <= {14*128{1'b0}};
        if (!srst && wr_q) begin
            for (e = 1; e < 15; e = e + 1)
                if (wr_sel_q[e]) bank_q[128 * e +: 128] <= wr_key_q;
            if (!busy_q) wr_q <= 1'b0;
        end
    end

    assign rk = bank_q;

    // key_ready (ready_now, or READY_REG: a register loaded with ready_now's next value; the next
    // values below follow p_sched, the load and the registered rst exactly)
    generate
        if (READY_REG == 1) begin : g_ready_reg
            wire busy_n = !srst && (load || (busy_q && !(step && step_q == nr_q)));
            wire wr_n = !srst && busy_q && (wr_q || (step && !load));
            wire ld_n = KEY_REG == 1 && !srst && take_ok;
            wire hold_n = RST_REG == 1 && rst;
            reg  rdy_q;
            // hold_n (the parent's rst or key_clear) as the register's synchronous reset (on ECP5
            // that clear through three LUT levels here was the DEEP engine's critical path once its
            // output FIFO's read was cut). aes_enc_pipe's idle_next (empty_d) still ORs the clear in,
            // so the clear still reaches this register's next value as well as its reset.
            always @(posedge clk)
                if (hold_n) rdy_q <= 1'b0;
                else rdy_q <= !busy_n && !wr_n && !ld_n && idle_next;
            assign key_ready = rdy_q;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_now = ready_now;
            /* verilator lint_on UNUSEDSIGNAL */
        end else begin : g_ready_now
            assign key_ready = ready_now;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_idle_next = idle_next;
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate
`ifdef AUTHCORE_FORMAL_READY
    // formal/jobs.toml aes_key_expand-ready-reg: from any state, with idle a cycle after idle_next,
    // the registered key_ready equals ready_now the cycle after (so everywhere: the relation is
    // for an arbitrary state, not only reachable ones).
    reg f_init = 1'b0, f_idle_n_q;
    always @(posedge clk) begin
        f_init <= 1'b1;
        f_idle_n_q <= idle_next;
    end
    always @* if (f_init) assume (idle == f_idle_n_q);
    always @* if (f_init) assert (key_ready == ready_now);
`endif
`ifdef AUTHCORE_FORMAL_ERASE
    // formal/jobs.toml aes_key_expand-erase: the cycle after rst (aes_enc_pipe and aes_enc_iter
    // drive it with rst or key_clear; with RST_REG the cycle after its registered copy, two cycles
    // after rst) no register holds key material: the round-key bank, the staging register, the
    // schedule window, the key's upper words, SubWord's input and output, the key port's register.
    reg f_past = 1'b0, f_rst_q = 1'b0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        f_rst_q <= srst;
    end
    always @* if (f_past && f_rst_q)
        assert (bank_q == {15*128{1'b0}} && wr_key_q == 128'd0 && win_q == 256'd0 && khi_q == 128'd0 &&
                sw_q == 32'd0 && si_q == 32'd0 && pre_q == {32*7{1'b0}} && kin_q == 256'd0);
`endif
endmodule
`default_nettype wire
