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
// MULT = 5: bit-parallel, cut by a register (gf128_mul_pipe, in ghash_pipe): one block per cycle
//           with two in the loop at once, for the clock. Consecutive blocks alternate between two running
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
//           X <- (X ^ B0)*H^2 ^ B1*H, a beat of one X <- (X ^ B0)*H, with X kept in the power
//           basis of H (g_pow below; the generated and proven gf128_pow_in, _out, _c1 and _c2 from
//           `authcore generate gcm --lanes 2`), so the loop is one LUT level. A beat a cycle; the
//           hash leaves 7 cycles after the last beat is taken, through a FIFO of 4 hashes, and the
//           input takes beats only while a hash slot is free for each message taken, so
//           s_axis_tready is a flip-flop. With LANES = 1, s_axis_tkeep is not used.
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
    // product arrives read it instead of x_q, so the product is not waited for a cycle). As a sum:
    // prod_take (prod when x_q takes it, else zero) ^ x_hold (x_q when no product arrives, else
    // zero), so MULT 5 can gate its product inside the multiplier's sums (gf128_mul_pipe's zg).
    wire [WIDTH-1:0] prod_take;
    wire [WIDTH-1:0] x_hold = prod_ready ? {WIDTH{1'b0}} : x_q;
    wire [WIDTH-1:0] x_next = prod_take ^ x_hold;
    wire         hash_now;    // the hash of a message goes into the output register
    wire [WIDTH-1:0] h_in;    // what h_q takes at h_load: H, or H in the hybrid's composite field
    wire [WIDTH-1:0] hash;    // the hash a message ends with, in GCM bit order
    wire         lanes_zero;  // LANES = 2: the lane state registers are zero (erased); MULT 5: its registers

    generate
        if (MULT == 4) begin : g_hybrid_maps
            gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(0), .LUT_W(MAP_LUT)) u_map_h (.x(h), .y(h_in));
            gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(1), .LUT_W(MAP_LUT)) u_map_out (.x(prod), .y(hash));
        end
        // (separate ifs, not else-if: Yosys names the blocks of an else-if chain genblkN.NAME,
        // and the formal harnesses reach into g_par by name)
        if (MULT != 4 && MULT != 5 && LANES == 1) begin : g_gcm_order
            assign h_in = h;
            assign hash = prod;
        end
        if (MULT != 5) begin : g_take
            assign prod_take = prod_ready && !x_zero ? prod : {WIDTH{1'b0}};
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
            // the datapath between x_q, h_q and the hash register (ghash_pipe's header)
            ghash_pipe u_pipe (
                .clk(clk), .clr(rst || key_clear), .h(h), .h_load(h_load), .h_q(h_q), .x_hold(x_hold),
                .s_axis_tdata(s_axis_tdata), .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid),
                .s_axis_tready(s_axis_tready), .out_ready(out_ready), .m_tvalid(m_axis_tvalid),
                .m_tready(m_axis_tready), .prod_take(prod_take), .prod_ready(prod_ready),
                .hash(hash), .hash_now(hash_now), .zero(lanes_zero)
            );
            assign take = s_axis_tvalid && s_axis_tready;
            assign h_in = h;
            // the product and x_q's zero choice stay inside ghash_pipe, which gives prod_take
            assign prod = 128'd0;
            assign x_zero = 1'b0;
            wire unused_pipe = ^prod ^ x_zero;
            assign mul_error = 1'b0;
        end
        if (MULT != 2 && MULT != 4 && MULT != 5 && LANES == 1) begin : g_par
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
            if (LANES == 1) begin : g_one   // (always: the name the formal jobs' probes reach in by)
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
        if (LANES == 2) begin : g_pow
            // Two blocks a beat in the power basis (authcore.keyspec.powbasis; generated and proven
            // by `authcore generate gcm --lanes 2`): the running value is kept as coordinates z
            // over a basis of chains v, v*H, v*H^2, .. (for most H the single chain 1, H, ..,
            // H^127), where multiplying by H (gf128_pow_c1) takes at most two bits of z a bit and
            // by H^2 (gf128_pow_c2) at most three. The loop is z <- (two ? C^2 z : C z) ^ u, one
            // LUT level behind registers; the dense maps are off it, each cut by a register:
            // gf128_pow_in takes the beat's blocks to u = coords(B0*H^2 ^ B1*H) (a beat of one is
            // steered as B0 = 0, B1 = its block), and gf128_pow_out the message's last z back to
            // the hash X = P z. (With X in the field's own basis the loop was X ^ B through the
            // whole H^2 network, 12.4-13.5 ns on ECP5, mostly routing.)
            // Stages: 1 the beat (b2_q, b1_q), 2 gf128_pow_in's register, 3 u_q, then the loop
            // (z_q, and zf_q for a message's last beat), gf128_pow_out's register, the hash FIFO.
            // Nothing stalls: the input takes a beat only while a hash slot is free for every
            // message taken (owed_q counts messages whose hash has not left, at most OWED_MAX),
            // so s_axis_tready is a flip-flop and the
            // pipeline's registers load every cycle; valid flags mark the beats.
            localparam integer HQ = 4;
            // Messages owed at most: four, what gcm_parser's queue of result kinds holds (the
            // FIFO's HQ words and u_out's register could hold five).
            localparam [2:0]   OWED_MAX = 3'd4;
            reg  [127:0] b2_q, b1_q, u_q, z_q, zf_q;
            reg  [2:0]   owed_q;
            reg          rdy_q;
            reg          v1_q, l1_q, t1_q, v2_q, l2_q, t2_q, v3_q, t3_q, e3_q, f1_q, f2_q;
            wire [127:0] u, zc1, zc2, hash_z;
            wire         in_zero, out_zero, fifo_zero, fifo_ready, unused_busy, unused_nonempty;
            wire [3:0]   unused_n;
            wire         pop = m_axis_tvalid && m_axis_tready;
            wire [2:0]   owed_d = owed_q + {2'b00, take && s_axis_tlast} - {2'b00, pop};
            wire         two = s_axis_tkeep[1];
            assign s_axis_tready = rdy_q;
            assign take = s_axis_tvalid && rdy_q;
            always @(posedge clk) begin
                if (rst || key_clear) begin
                    owed_q <= 3'd0;
                    rdy_q <= 1'b1;
                    b2_q <= 128'd0;
                    b1_q <= 128'd0;
                    {v1_q, l1_q, t1_q, v2_q, l2_q, t2_q, v3_q, t3_q, e3_q, f1_q, f2_q} <= 11'd0;
                    u_q <= 128'd0;
                end else begin
                    owed_q <= owed_d;
                    rdy_q <= owed_d != OWED_MAX;
                    // the beat register loads whenever it may take a beat, one there or not (so
                    // s_axis_tvalid reaches one flag, not 256 enables); v1_q says whether it did
                    if (rdy_q) begin
                        b2_q <= two ? s_axis_tdata[127:0] : 128'd0;
                        b1_q <= two ? s_axis_tdata[255:128] : s_axis_tdata[127:0];
                    end
                    v1_q <= take;
                    l1_q <= s_axis_tlast;
                    t1_q <= two;
                    {v2_q, l2_q, t2_q} <= {v1_q, l1_q, t1_q};
                    {v3_q, t3_q, e3_q} <= {v2_q, t2_q, v2_q && l2_q};
                    u_q <= u;
                    {f1_q, f2_q} <= {e3_q, f1_q};
                end
            end
            gf128_pow_in u_in (.clk(clk), .en(1'b1), .clr(rst || key_clear), .x(b2_q), .a(b1_q), .y(u),
                               .zero(in_zero));
            gf128_pow_c1 u_c1 (.x(z_q), .y(zc1));
            gf128_pow_c2 u_c2 (.x(z_q), .y(zc2));
            wire [127:0] z_d = (t3_q ? zc2 : zc1) ^ u_q;
            // z returns to zero after a message's last beat, whose value goes to zf_q instead
            always @(posedge clk) begin
                if (rst || key_clear || e3_q) z_q <= 128'd0;
                else if (v3_q) z_q <= z_d;
            end
            always @(posedge clk) begin
                if (rst || key_clear) zf_q <= 128'd0;
                else if (e3_q) zf_q <= z_d;
            end
            gf128_pow_out u_map_out (.clk(clk), .en(1'b1), .clr(rst || key_clear), .x(zf_q), .y(hash_z),
                                     .zero(out_zero));
            // f2_q: hash_z is a message's hash. The FIFO always has room (owed_q), so its ready
            // is not needed; u_out takes its head.
            axis_fifo #(.WIDTH(128), .DEPTH(HQ), .STYLE("logic"), .WIPE(1), .OUT_REGS(0)) u_hashes (
                .clk(clk), .rst(rst), .clear(key_clear),
                .s_axis_tdata(hash_z), .s_axis_tvalid(f2_q), .s_axis_tready(fifo_ready),
                .m_axis_tdata(hash), .m_axis_tvalid(hash_now), .m_axis_tready(out_ready),
                .count(unused_n), .nonempty(unused_nonempty), .busy(unused_busy), .zero(fifo_zero)
            );
            assign h_in = h;
            assign prod = 128'd0;
            assign prod_ready = 1'b0;
            assign x_zero = 1'b0;
            assign mul_error = 1'b0;
            assign lanes_zero = u_q == 128'd0 && z_q == 128'd0 && zf_q == 128'd0 && in_zero && out_zero &&
                                fifo_zero;
            wire unused_pow = ^h_q ^ fifo_ready ^ unused_busy ^ unused_nonempty ^ ^unused_n;
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

`default_nettype wire
