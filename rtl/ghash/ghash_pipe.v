`default_nettype none
// ghash_pipe: ghash_core's MULT = 5 datapath, the bit-parallel multiplier cut by a register
// (gf128_mul_pipe) with two blocks in the loop at once. ghash_core keeps the running value x_q, H
// (h_q) and the hash register (its skid slice u_out); this module is everything between them.
//
// Consecutive blocks alternate between two running values, each multiplied by H^2 (a message's last
// block by H), and the message's hash is the sum of the two: X_i = (X_(i-2) ^ B_i) * H^2. H^2 is
// computed (a squaring, linear: a few XORs a bit) as H is loaded, in the same cycle.
//
// The input register: the block XORed with x_q, its operand (H^2, or H for a message's last block)
// and whether it ends a message. A block enters the multiplier's first half when the pipeline
// advances (adv_q); so does the product of the block before it into x_q. The pipeline advances
// for a block, or with none to flush a message's last product out (emit), and never while that
// product's hash could not leave. x_q holds the product of the block two before the one entering,
// the running value of its half of the message, and the loop's input is the register in = x_q ^
// block: x_q returns to zero (x_zero) in the advance where a message's last block enters, so the
// next message's first two blocks meet zero, and the product it would have taken, the message's
// block n-1, goes to partner_q instead, for the hash: prod ^ partner_q as the last product leaves
// (zero for a one-block message). (A mask on x_q for a message's first block put that flag's 128
// loads in the multiplier's first half: the critical path of the second placement, 9.2 ns.)
//
// Ports to ghash_core: x_hold is x_q's value when no product arrives (else zero), so x_q's next
// value is prod_take ^ x_hold; prod_take is the product when x_q takes it (take_q: the pipeline
// advances and x_q does not return to zero), else zero, summed inside the multiplier's last LUTs (gf128_mul_pipe's zg). out_ready is the hash
// register's ready, m_tvalid / m_tready its output handshake (for that ready at the next edge).
// zero: every register here is zero (ghash_core's erased).
module ghash_pipe (
    input  wire         clk,
    input  wire         clr,            // rst or key_clear
    input  wire [127:0] h,
    input  wire         h_load,
    input  wire [127:0] h_q,            // ghash_core's H register
    input  wire [127:0] x_hold,
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    input  wire         out_ready,
    input  wire         m_tvalid,
    input  wire         m_tready,
    output wire [127:0] prod_take,
    output wire         prod_ready,     // x_q takes x_next at this edge (the pipeline advances)
    output wire [127:0] hash,
    output wire         hash_now,
    output wire         zero
);
    // H^2: squaring spreads the coefficients (a^i -> a^2i), then reduces (gf128_reduce).
    function [254:0] gf_spread;
        input [127:0] v;
        integer i;
        begin
            gf_spread = 255'd0;
            for (i = 0; i < 128; i = i + 1)
                gf_spread[2*i] = v[127 - i];
        end
    endfunction

    reg  [127:0] h2_q, partner_q;
    wire [127:0] h_sq;   // H^2
    gf128_reduce u_square (.c(gf_spread(h)), .z(h_sq));
    wire [127:0] prod;
    wire [511:0] op;   // the block's operand, one copy per multiplier digit (keep_reg)
    wire [511:0] in;   // x_q ^ the block, one copy per digit of the operand (keep_reg)
    wire [127:0] in_d; // what they take: x_next ^ the block, from the multiplier's last LUT
    reg          b_v_q, b_last_q, p_v_q, p_last_q;
    // adv (the advance) and take (x_q takes the product: it advances and x_q does not return to
    // zero) are registers, computed a cycle ahead from the flags' next values (the _d wires, which
    // the flags load): x_q's next value, a choice between prod, zero and x_q in front of the input
    // copies, then depends on flip-flops only (from the flags through two LUT levels and a
    // 128-load net it was GHASH's critical path alone, 8.8 ns at seed 1). out_ready_d is the
    // skid's ready at the next edge (axis_reg MODE 2: free when its output is empty or taken, else
    // as now unless a hash enters). Formal: ghash_core-adv-reg proves adv_q and take_q equal their
    // definitions from the flags (the comments beside each) in every state.
    reg          adv_q, take_q;
    wire         b_v_d = s_axis_tready ? s_axis_tvalid : b_v_q;
    wire         b_last_d = s_axis_tready ? s_axis_tlast : b_last_q;
    wire         p_v_d = adv_q ? b_v_q : p_v_q;
    wire         p_last_d = adv_q ? b_v_q && b_last_q : p_last_q;
    wire         out_ready_d = !m_tvalid || m_tready || (out_ready && !hash_now);
    wire         emit_d = p_v_d && p_last_d;
    wire         emit = p_v_q && p_last_q;   // a message's last product, to flush out
    wire         adv_d = (b_v_d || emit_d) && (!emit_d || out_ready_d);
    wire         x_zero_d = !p_v_d || p_last_d || (b_v_d && b_last_d);
    // the pipeline advances for a block, or to flush, never while that hash cannot leave:
    // adv_q == (b_v_q || emit) && (!emit || out_ready)
    // x_q takes zero at the advance (x_zero): the product leaving is no message's running value,
    // or a message's last product, or a message's last block enters:
    // take_q == adv_q && !(!p_v_q || p_last_q || (b_v_q && b_last_q))
    wire         mul_zero;
    assign s_axis_tready = !b_v_q || adv_q;
    always @(posedge clk) begin
        if (clr) begin
            h2_q <= 128'd0;
            b_v_q <= 1'b0;
            b_last_q <= 1'b0;
            partner_q <= 128'd0;
            p_v_q <= 1'b0;
            p_last_q <= 1'b0;
            adv_q <= 1'b0;
            take_q <= 1'b0;
        end else begin
            if (h_load) h2_q <= h_sq;
            // The input register loads whenever it is free, a block or not; b_v_q says whether
            // one is there. So s_axis_tvalid (in gcm_core, the end of the input's protocol check)
            // reaches a few flags, not the 1,024 enables of the input and operand copies: through
            // them it was the key-agile GCM core's critical path (12.6 ns, seed 1). A cycle
            // without a block loads what is on the bus; it is never multiplied into a hash (its
            // product's stage is marked invalid).
            b_v_q <= b_v_d;
            b_last_q <= b_last_d;
            p_v_q <= p_v_d;
            p_last_q <= p_last_d;
            adv_q <= adv_d;
            take_q <= adv_d && !x_zero_d;
            if (adv_q && b_v_q && b_last_q) partner_q <= (p_v_q && !p_last_q) ? prod : 128'd0;
        end
    end
`ifdef AUTHCORE_FORMAL_ADV
    // formal/jobs.toml ghash_core-adv-reg: from any state, one clock later and ever after
    reg f_past = 1'b0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (f_past) begin
        assert (adv_q == ((b_v_q || emit) && (!emit || out_ready)));
        assert (take_q == (adv_q && !(!p_v_q || p_last_q || (b_v_q && b_last_q))));
    end
`endif
    // Four copies of the operand, one per digit of the multiplier: one register's bit drove all
    // 128 AND terms of its y bit, across the multiplier (6.4 ns of routing at seed 1, the critical
    // path of ghash_core MULT 5 alone on ECP5); a copy drives one digit's 32. The loop's input,
    // x_q ^ the block, is registered as the block loads, in four copies too, one per digit of the
    // operand (32 AND terms a bit): x_q's next value (what it takes at this edge) XORed with the
    // block. So the multiplier's first half starts at flip-flops beside their terms; with x_q and
    // the block in two registers, one LUT per bit XORed them and drove that bit's 128 terms across
    // its digit, and inside gcm_core x_q crossed the device to it (3.9 + 2.4 ns of routing, the
    // key-agile core's critical path at seed 1). An earlier try kept two copies of that XOR LUT
    // (branch wip/pipe-xcopies): the placer moved them apart, not toward their terms.
    wire [127:0] op_d = s_axis_tlast ? h_q : h2_q;
    genvar gd;
    generate
        for (gd = 0; gd < 4; gd = gd + 1) begin : g_op
            keep_reg #(.WIDTH(128)) u_op (
                .clk(clk), .clr(clr), .en(s_axis_tready), .d(op_d), .q(op[128*gd +: 128])
            );
            keep_reg #(.WIDTH(128)) u_in (
                .clk(clk), .clr(clr), .en(s_axis_tready), .d(in_d), .q(in[128*gd +: 128])
            );
        end
    endgenerate
    gf128_mul_pipe #(.DIGITS(4)) u_mul (
        .clk(clk), .rst(clr), .ce(adv_q),
        .x(in), .y(op), .gate(take_q), .t(x_hold ^ s_axis_tdata), .z(prod), .zg(prod_take),
        .zgt(in_d), .zero(mul_zero)
    );
    assign hash = prod ^ partner_q;
    assign zero = in == 512'd0 && op == 512'd0 && h2_q == 128'd0 && partner_q == 128'd0 && mul_zero;
    assign prod_ready = adv_q;
    assign hash_now = adv_q && emit;
endmodule
`default_nettype wire
