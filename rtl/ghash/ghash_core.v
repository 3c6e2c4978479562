`default_nettype none
// ghash_core: streaming GHASH over whole 128-bit blocks with H loaded through a port (WIDTH = 64:
// GHASH64 of the GCM spec's Appendix A over 64-bit blocks, for GCM with a 64-bit block cipher).
// X <- (X ^ B) * H per block; after the tlast block the hash leaves on m_axis.
//
// Blocks are in block order (byte 0 in [127:120]). H is loaded with h_load (sampled when high);
// key_clear and rst erase H and the running state. Loading H while a message is in progress
// raises error for one cycle (the message continues with the new H, so the caller must drop it).
//
// MULT = 0: bit-parallel multiplier (gf128_mul_parallel): one block per cycle through an input
//           register; the hash leaves 2 cycles after the tlast block is taken.
// MULT = 1: same with Karatsuba-Ofman.
// MULT = 2: digit-serial (gf128_mul_digit, DIGIT bits per cycle): one block every 128/DIGIT + 1
//           cycles, s_axis_tready low while the product runs.
// MULT = 3: key-specialized: the generated constant multiplier gf128_mul_h (y = x * H with H built
//           in, from `authcore generate ghash`); one block per cycle. h and h_load are not used.
// MULT = 4: Lemsitzer et al.'s hybrid multiplier (gf128_hybrid_core, composite field GF((2^16)^8),
//           FIELD 0 the paper's R, 1 the sparse R): one block every 8 + 1 cycles, as digit-serial
//           with DIGIT = 16. H and the running value stay in the composite field: H is mapped once
//           as it is loaded, each block through one map on its way in (the only map on the data
//           path), and the hash through the inverse map as it leaves. MAP_LUT (6 or 4) is the
//           maps' LUT size (gf128_hybrid_map).
// MULT = 5: bit-parallel, cut by a register (gf128_mul_pipe): one block per cycle with two in
//           the loop at once, for the clock. Consecutive blocks alternate between two running
//           values, each multiplied by H^2 (the last block of a message by H), and the message's
//           hash is the sum of the two: X_i = (X_(i-2) ^ B_i) * H^2, so the loop is X ^ B through
//           half a multiplier into its register, and the other half into x_q. H^2 is computed (a
//           squaring, linear: a few XORs a bit) as H is loaded, in the same cycle. Each block takes
//           its operand (H^2, or H with tlast) into a register beside it. The hash leaves 3 cycles
//           after the tlast block is taken (one more than MULT 0); k blocks still take k cycles.
//           Its hash register is a skid slice (two hashes can wait in it), so s_axis_tready
//           depends on registers only, not on m_axis_tready.
// LANES = 2 (MULT = 3 only): two blocks of one message per beat, block i in s_axis_tdata[128*i +:
//           128], s_axis_tkeep[i] set when block i is there (tkeep 2'b01 or 2'b11; any beat may
//           hold one block, as gcm_core's last beat of a phase does). A beat of two computes
//           X <- (X ^ B0)*H^2 ^ B1*H with the generated gf128_mul_h2 beside gf128_mul_h; a beat of
//           one, X <- (X ^ B0)*H. The blocks are right-aligned onto the two networks when the beat
//           is registered, and X is steered onto the network its first block takes, so the loop
//           is X ^ B through the networks. With LANES = 1, s_axis_tkeep is not used.
// WIDTH = 64: 64-bit blocks, H and hash in GF(2^64) (field polynomial 1 + a + a^3 + a^4 + a^64),
//           with MULT 0 (gf128_mul_parallel WIDTH 64), 2 (gf128_mul_digit WIDTH 64, DIGIT up to
//           32: 64/DIGIT + 1 cycles a block) or 3 (the generated gf64_mul_h, from
//           `authcore generate ghash64`); LANES = 1. The length blocks are the caller's, as for
//           128 bits (GHASH64 hashes len(A) and len(C) as two blocks).
// ERASE_CHECK = 1 (tests): erased is high when H, the running value and the output register (and
//           the two lanes' state registers) are zero, to check rst and key_clear through a port;
//           0 (default): constant 0, no logic.
module ghash_core #(
    parameter MULT = 0,
    /* verilator lint_off UNUSEDPARAM */   // DIGIT: MULT 2 only; FIELD, MAP_LUT: MULT 4 only
    parameter DIGIT = 8,
    parameter LANES = 1,
    parameter FIELD = 0,
    parameter MAP_LUT = 6,
    /* verilator lint_on UNUSEDPARAM */
    parameter WIDTH = 128,
    parameter ERASE_CHECK = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [WIDTH-1:0] h,
    input  wire         h_load,
    input  wire         key_clear,
    input  wire [WIDTH*LANES-1:0] s_axis_tdata,
    input  wire [LANES-1:0] s_axis_tkeep,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire [WIDTH-1:0] m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,
    output wire         error,
    output wire         erased
);
    generate
        if (MULT < 0 || MULT > 5) begin : g_bad
            ghash_core_MULT_must_be_0_1_2_3_4_or_5 u_error ();
        end
        if (LANES != 1 && !(LANES == 2 && MULT == 3)) begin : g_bad_lanes
            ghash_core_LANES_2_needs_MULT_3_keyspec u_error ();
        end
        if (WIDTH != 128 && !(WIDTH == 64 && LANES == 1 && (MULT == 0 || MULT == 2 || MULT == 3))) begin : g_bad_width
            ghash_core_WIDTH_64_needs_MULT_0_2_or_3_and_one_lane u_error ();
        end
    endgenerate

    reg  [WIDTH-1:0] h_q;
    reg  [WIDTH-1:0] x_q;
    wire         out_ready;   // the output register (axis_reg) is free, or its hash leaves now
    reg          in_msg_q;
    reg          error_q;
    wire [WIDTH-1:0] prod;
    wire         prod_ready;  // the product of the accepted block is in prod this cycle
    wire         take;
    reg          pend_last_q; // digit-serial: the running product belongs to a tlast block
    wire         mul_error;   // digit-serial: a start while busy (cannot happen by construction)
    wire         x_zero;      // with prod_ready: x_q returns to zero instead of taking prod
    // x_q's next value: what it takes at this edge (the multipliers that start in the cycle a
    // product arrives read it instead of x_q, so the product is not waited for a cycle)
    wire [WIDTH-1:0] x_next = prod_ready ? (x_zero ? {WIDTH{1'b0}} : prod) : x_q;
    wire         hash_now;    // the hash of a message goes into the output register
    wire [WIDTH-1:0] h_in;    // what h_q takes at h_load: H, or H in the hybrid's composite field
    wire [WIDTH-1:0] hash;    // the hash a message ends with, in GCM bit order
    wire         lanes_zero;  // LANES = 2: the lane state registers are zero (erased); MULT 5: its registers

    // H^2 for MULT = 5: squaring spreads the coefficients (a^i -> a^2i), then reduces (gf128_reduce).
    function [254:0] gf_spread;
        input [127:0] v;
        integer i;
        begin
            gf_spread = 255'd0;
            for (i = 0; i < 128; i = i + 1)
                gf_spread[2*i] = v[127 - i];
        end
    endfunction

    generate
        if (MULT == 4) begin : g_hybrid_maps
            gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(0), .LUT_W(MAP_LUT)) u_map_h (.x(h), .y(h_in));
            gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(1), .LUT_W(MAP_LUT)) u_map_out (.x(prod), .y(hash));
        end
        // (separate ifs, not else-if: Yosys names the blocks of an else-if chain genblkN.NAME,
        // and the formal harnesses reach into g_par by name)
        if (MULT != 4 && MULT != 5) begin : g_gcm_order
            assign h_in = h;
            assign hash = prod;
        end
        if (MULT == 2 || MULT == 4) begin : g_digit
            wire busy, done;
            // A block may start in the cycle the previous product finishes: it reads x_next, that
            // product (or zero when it ended a message) instead of the state register it enters.
            reg  started_q;
            // A start needs the output register free when its product finishes: free or leaving
            // now, and not about to take a message's hash that finishes this cycle (that hash
            // could still be waiting when the new product is done, 128/DIGIT + 1 cycles later).
            assign s_axis_tready = !busy && !started_q && !(done && pend_last_q) && out_ready;
            assign take = s_axis_tvalid && s_axis_tready;
            if (MULT == 4) begin : g_hybrid
                wire [127:0] blk;   // the block in the composite field
                gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(0), .LUT_W(MAP_LUT)) u_map_b (.x(s_axis_tdata), .y(blk));
                gf128_hybrid_core #(.FIELD(FIELD)) u_mul (
                    .clk(clk), .rst(rst || key_clear), .start(take), .x(x_next ^ blk), .y(h_q),
                    .z(prod), .busy(busy), .done(done), .error(mul_error)
                );
            end else begin : g_serial
                gf128_mul_digit #(.DIGIT(DIGIT), .WIDTH(WIDTH)) u_mul (
                    .clk(clk), .rst(rst || key_clear), .start(take), .x(x_next ^ s_axis_tdata), .y(h_q),
                    .z(prod), .busy(busy), .done(done), .error(mul_error)
                );
            end
            assign lanes_zero = 1'b1;
            // started_q covers the cycle between start and busy rising.
            always @(posedge clk) started_q <= (rst || key_clear) ? 1'b0 : take;
            assign prod_ready = done;
            assign x_zero = pend_last_q;
            assign hash_now = done && pend_last_q;
        end
        if (MULT == 5) begin : g_pipe
            // The input register: the block XORed with x_q, its operand (H^2, or H for a message's
            // last block) and whether it ends a message. A block enters the multiplier's
            // first half when the pipeline advances (adv_q); so does the product of the block before
            // it into x_q. The pipeline advances for a block, or with none to flush a message's
            // last product out (emit), and never while that product's hash could not leave.
            // x_q holds the product of the block two before the one entering, the running value of
            // its half of the message, and the loop's input is the register in = x_q ^ block:
            // x_q returns to zero (x_zero) in the advance where a message's last block enters, so
            // the next message's first two blocks meet zero, and the product it would have taken,
            // the message's block n-1, goes to partner_q instead, for the hash: prod ^ partner_q
            // as the last product leaves (zero for a one-block message). (A mask on x_q for a
            // message's first block put that flag's 128 loads in the multiplier's first half: the
            // critical path of the second placement, 9.2 ns.)
            reg  [127:0] h2_q, partner_q;
            wire [127:0] h_sq;   // H^2
            gf128_reduce u_square (.c(gf_spread(h)), .z(h_sq));
            wire [511:0] op;   // the block's operand, one copy per multiplier digit (keep_reg)
            wire [511:0] in;   // x_q ^ the block, one copy per digit of the operand (keep_reg)
            reg          b_v_q, b_last_q, p_v_q, p_last_q;
            // adv and x_zero are registers, computed a cycle ahead from the flags' next values
            // (the _d wires, which the flags load): x_q's next value, a choice between prod, zero
            // and x_q in front of the input copies, then depends on flip-flops only (from the
            // flags through two LUT levels and a 128-load net it was GHASH's critical path alone,
            // 8.8 ns at seed 1). out_ready_d is the skid's ready at the next edge (axis_reg MODE 2:
            // free when its output is empty or taken, else as now unless a hash enters). Formal:
            // ghash_core-adv-reg proves adv_q and x_zero_q equal their definitions from the flags
            // (the comments beside each) in every state.
            reg          adv_q, x_zero_q;
            wire         b_v_d = s_axis_tready ? s_axis_tvalid : b_v_q;
            wire         b_last_d = s_axis_tready ? s_axis_tlast : b_last_q;
            wire         p_v_d = adv_q ? b_v_q : p_v_q;
            wire         p_last_d = adv_q ? b_v_q && b_last_q : p_last_q;
            wire         out_ready_d = !m_axis_tvalid || m_axis_tready || (out_ready && !hash_now);
            wire         emit_d = p_v_d && p_last_d;
            wire         emit = p_v_q && p_last_q;   // a message's last product, to flush out
            // the pipeline advances for a block, or to flush, never while that hash cannot leave:
            // adv_q == (b_v_q || emit) && (!emit || out_ready)
            // x_q takes zero at the advance: the product leaving is no message's running value,
            // or a message's last product, or a message's last block enters:
            // x_zero_q == !p_v_q || p_last_q || (b_v_q && b_last_q)
            wire         mul_zero;
            assign s_axis_tready = !b_v_q || adv_q;
            assign take = s_axis_tvalid && s_axis_tready;
            always @(posedge clk) begin
                if (rst || key_clear) begin
                    h2_q <= 128'd0;
                    b_v_q <= 1'b0;
                    b_last_q <= 1'b0;
                    partner_q <= 128'd0;
                    p_v_q <= 1'b0;
                    p_last_q <= 1'b0;
                    adv_q <= 1'b0;
                    x_zero_q <= 1'b1;
                end else begin
                    if (h_load) h2_q <= h_sq;
                    // The input register loads whenever it is free, a block or not; b_v_q says
                    // whether one is there. So s_axis_tvalid (in gcm_core, the end of the input's
                    // protocol check) reaches a few flags, not the 1,024 enables of the input and
                    // operand copies: through them it was the key-agile GCM core's critical
                    // path (12.6 ns, seed 1). A cycle without a block loads what is on the bus; it
                    // is never multiplied into a hash (its product's stage is marked invalid).
                    b_v_q <= b_v_d;
                    b_last_q <= b_last_d;
                    p_v_q <= p_v_d;
                    p_last_q <= p_last_d;
                    adv_q <= (b_v_d || emit_d) && (!emit_d || out_ready_d);
                    x_zero_q <= !p_v_d || p_last_d || (b_v_d && b_last_d);
                    if (adv_q && b_v_q && b_last_q) partner_q <= (p_v_q && !p_last_q) ? prod : 128'd0;
                end
            end
`ifdef AUTHCORE_FORMAL_ADV
            // formal/jobs.toml ghash_core-adv-reg: from any state, one clock later and ever after
            reg f_past = 1'b0;
            always @(posedge clk) f_past <= 1'b1;
            always @* if (f_past) begin
                assert (adv_q == ((b_v_q || emit) && (!emit || out_ready)));
                assert (x_zero_q == (!p_v_q || p_last_q || (b_v_q && b_last_q)));
            end
`endif
            // Four copies of the operand, one per digit of the multiplier: one register's bit drove
            // all 128 AND terms of its y bit, across the multiplier (6.4 ns of routing at seed 1,
            // the critical path of ghash_core MULT 5 alone on ECP5); a copy drives one digit's 32.
            // The loop's input, x_q ^ the block, is registered as the block loads, in four copies
            // too, one per digit of the operand (32 AND terms a bit): x_q's next value (what it
            // takes at this edge) XORed with the block. So the multiplier's first half starts at
            // flip-flops beside their terms; with x_q and the block in two registers, one LUT per
            // bit XORed them and drove that bit's 128 terms across its digit, and inside gcm_core
            // x_q crossed the device to it (3.9 + 2.4 ns of routing, the key-agile core's critical
            // path at seed 1). An earlier try kept two copies of that XOR LUT (branch
            // wip/pipe-xcopies): the placer moved them apart, not toward their terms.
            wire [127:0] op_d = s_axis_tlast ? h_q : h2_q;
            genvar gd;
            for (gd = 0; gd < 4; gd = gd + 1) begin : g_op
                keep_reg #(.WIDTH(128)) u_op (
                    .clk(clk), .clr(rst || key_clear), .en(s_axis_tready), .d(op_d), .q(op[128*gd +: 128])
                );
                keep_reg #(.WIDTH(128)) u_in (
                    .clk(clk), .clr(rst || key_clear), .en(s_axis_tready), .d(x_next ^ s_axis_tdata),
                    .q(in[128*gd +: 128])
                );
            end
            gf128_mul_pipe #(.DIGITS(4)) u_mul (
                .clk(clk), .rst(rst || key_clear), .ce(adv_q),
                .x(in), .y(op), .z(prod), .zero(mul_zero)
            );
            assign h_in = h;
            assign hash = prod ^ partner_q;
            assign lanes_zero = in == 512'd0 && op == 512'd0 && h2_q == 128'd0 && partner_q == 128'd0 && mul_zero;
            assign prod_ready = adv_q;
            assign x_zero = x_zero_q;
            assign hash_now = adv_q && emit;
            assign mul_error = 1'b0;
        end
        if (MULT != 2 && MULT != 4 && MULT != 5) begin : g_par
            // One beat per cycle through an input register: the multipliers see registers only,
            // so the stream's own logic (GCM's keystream XOR and byte order) is not in series with
            // the product, and the product is computed once per cycle.
            reg          b_v_q;
            reg          b_last_q;
            wire         go = b_v_q && (!b_last_q || out_ready);
            assign s_axis_tready = !b_v_q || go;
            assign take = s_axis_tvalid && s_axis_tready;
            always @(posedge clk) begin
                if (rst || key_clear) begin
                    b_v_q <= 1'b0;
                    b_last_q <= 1'b0;
                end else if (take) begin
                    b_v_q <= 1'b1;
                    b_last_q <= s_axis_tlast;
                end else if (go) begin
                    b_v_q <= 1'b0;
                end
            end
            if (LANES == 2) begin : g_lanes2
                // b2_q goes to the H^2 network, b1_q to the H network. X is kept steered onto them:
                // x2_q holds X when the registered beat has two blocks (X joins B0 on H^2), x1_q
                // when it has one (X joins B0 on H, and b2_q is zero); the other is zero. The
                // steering is done as the beat is registered, from its width, and the loop has no
                // width flag in front of the networks (that flag's 256 loads were the start of the
                // two-lane core's critical path, 12.7 ns).
                // Everything loads whenever the register is free (s_axis_tready), a beat or not:
                // b_v_q alone says whether a beat is there, so s_axis_tvalid (at the end of
                // gcm_core's protocol check) reaches one flag, not 513 enables. A cycle with no
                // beat steers X by a width that means nothing, and the next cycle steers it again.
                // The loop's end is one kept LUT per bit and lane, d = go ? p2 ^ p1 : x_q (x_q holds
                // X, as for the other multipliers), and the zeros (the other lane, the end of a
                // message, reset) are the registers' synchronous clear. Left to ABC9, the sum and the
                // steer took three LUT levels after the networks (their outputs arrive first to it).
                // Each lane register has its own LUT: the two registers have different clears, and
                // the flip-flops of an ECP5 slice share one, so a LUT shared by both could be packed
                // with only one of them.
                reg  [127:0] b2_q, b1_q, x2_q, x1_q;
                wire [127:0] p2, p1;
                wire         two = s_axis_tkeep[1];
                wire         zero_x = go && b_last_q;  // X returns to zero after a message
                wire         clr2 = rst || key_clear || (s_axis_tready && (!two || zero_x));
                wire         clr1 = rst || key_clear || (s_axis_tready && (two || zero_x));
                wire [127:0] d2, d1;
                ghash_loop_lut u_d2 (.go(go), .a(p2), .b(p1), .x(x_q), .o(d2));
                ghash_loop_lut u_d1 (.go(go), .a(p2), .b(p1), .x(x_q), .o(d1));
                always @(posedge clk) begin
                    if (rst || key_clear) begin
                        b2_q <= 128'd0;
                        b1_q <= 128'd0;
                    end else if (s_axis_tready) begin
                        b2_q <= two ? s_axis_tdata[127:0] : 128'd0;
                        b1_q <= two ? s_axis_tdata[255:128] : s_axis_tdata[127:0];
                    end
                end
                always @(posedge clk) begin
                    if (clr2) x2_q <= 128'd0;
                    else if (s_axis_tready) x2_q <= d2;
                end
                always @(posedge clk) begin
                    if (clr1) x1_q <= 128'd0;
                    else if (s_axis_tready) x1_q <= d1;
                end
                assign lanes_zero = x2_q == 128'd0 && x1_q == 128'd0;
                gf128_mul_h2 u_mul2 (.x(x2_q ^ b2_q), .y(p2));
                gf128_mul_h u_mul (.x(x1_q ^ b1_q), .y(p1));
                assign prod = p2 ^ p1;
                wire unused_h = ^h_q;
            end else begin : g_one
                assign lanes_zero = 1'b1;
                reg  [WIDTH-1:0] b_q;
                always @(posedge clk) begin
                    if (rst || key_clear) b_q <= {WIDTH{1'b0}};
                    else if (take) b_q <= s_axis_tdata;
                end
                if (MULT == 3 && WIDTH == 64) begin : g_keyspec64
                    gf64_mul_h u_mul (.x(x_q ^ b_q), .y(prod));
                    wire unused_h = ^h_q;
                end else if (MULT == 3) begin : g_keyspec
                    gf128_mul_h u_mul (.x(x_q ^ b_q), .y(prod));
                    wire unused_h = ^h_q;
                end else begin : g_generic
                    gf128_mul_parallel #(.KARATSUBA(MULT), .WIDTH(WIDTH)) u_mul (.x(x_q ^ b_q), .y(h_q), .z(prod));
                end
            end
            assign prod_ready = go;
            assign x_zero = b_last_q;
            assign hash_now = go && b_last_q;
            assign mul_error = 1'b0;
        end
    endgenerate

    wire unused_keep = ^s_axis_tkeep;  // the block count only matters with LANES = 2
    wire unused_pend = pend_last_q;    // read by the digit-serial and hybrid multipliers only

    always @(posedge clk) begin
        if (rst || key_clear) begin
            h_q <= {WIDTH{1'b0}};
            x_q <= {WIDTH{1'b0}};
            in_msg_q <= 1'b0;
            error_q <= 1'b0;
            pend_last_q <= 1'b0;
        end else begin
            error_q <= mul_error || (h_load && (in_msg_q || (take && !s_axis_tlast)));
            if (h_load) h_q <= h_in;
            if (take) begin
                in_msg_q <= !s_axis_tlast;
                pend_last_q <= s_axis_tlast;
            end
            x_q <= x_next;
        end
    end

    // The hash register: loaded only when it is free (the multipliers start or go only then).
    // MULT 5: a skid slice, whose ready is a flip-flop, so the pipeline's advance and the input's
    // ready depend on registers only and not on the consumer's m_axis_tready (in gcm_core that
    // path, the hash's consumer through GHASH's ready into the input beat's decision, was the
    // key-agile core's critical path at two seeds, 12.7-14.3 ns). One more hash can wait.
    axis_reg #(.WIDTH(WIDTH), .MODE(MULT == 5 ? 2 : 1), .WIPE(1)) u_out (
        .clk(clk), .rst(rst), .clear(key_clear),
        .s_axis_tdata(hash), .s_axis_tvalid(hash_now), .s_axis_tready(out_ready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready)
    );
    assign error = error_q;
    assign erased = ERASE_CHECK == 1 && h_q == {WIDTH{1'b0}} && x_q == {WIDTH{1'b0}} &&
                    m_axis_tdata == {WIDTH{1'b0}} && lanes_zero;
endmodule

// The end of the two-lane GHASH loop for one lane register: o = go ? a ^ b : x, one LUT4 per bit.
// keep_hierarchy holds it apart, so synthesis cannot spread the sum and the steer over several
// levels behind the networks. It is one 128-bit module, not a module per bit: with 256 one-bit
// instances on bit-selects of p2 and p1, one two-lane test took over 7 minutes in Icarus, not 36 s,
// and Yosys maps both forms to the same 128 LUT4 per lane register.
/* verilator lint_off DECLFILENAME */
(* keep_hierarchy *)
module ghash_loop_lut (
    input  wire         go,
    input  wire [127:0] a,
    input  wire [127:0] b,
    input  wire [127:0] x,
    output wire [127:0] o
);
    assign o = go ? a ^ b : x;
endmodule
/* verilator lint_on DECLFILENAME */
`default_nettype wire
