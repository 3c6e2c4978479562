`default_nettype none
// gf128_mul_pipe: z = x * y in GF(2^128), GCM bit order (bit [127] is the field's 1, the spec's
// bit 0), bit-parallel with one register inside: for the clock of a multiplier in a loop that
// holds two products at once (ghash_core MULT = 5).
//
// Stage 1 (x, y -> the register, on ce): the carry-less products of x's DIGITS digits of
// 128/DIGITS bits with all of y, unreduced: digit g's product has 128/DIGITS + 127 coefficients,
// each the XOR of at most 128/DIGITS AND terms, summed as one balanced tree a digit
// (gf2_xor_tree): with 4 digits, three LUT4 levels at best (an AND pair, two XOR4s). As sixteen
// 32-bit products added at their offsets, a coefficient with terms in two of them took a tree
// of each and an XOR after. (ABC9 maps a path that is not the design's worst for area, up to
// that worst path's delay, so some coefficients still come out four levels deep.)
// Stage 2 (the register -> z, combinational): each bit of z is the XOR of the register bits whose
// coefficients reduce onto it by 1 + a + a^2 + a^7 + a^128 (at most 18 with 4 digits), listed at
// elaboration (LEAF) and summed in chunks of 12: three XORs of four, then their sum, as kept
// LUTs (gf2_xor_net_lut), two levels. zg is z with gate applied to each chunk's sum (the gate
// inside the chunks' second LUT), and zgt = zg ^ t in one more kept LUT: ghash_core's loop input,
// x_q's next value XORed with the block, three levels from this register. (As a choice between
// prod and zero after gf128_reduce's fold, left to ABC, it was five: the pipelined GHASH's
// critical path.)
// z is the product of the x and y the register took at the last ce: latency one ce.
// Both operands come in DIGITS copies, so that no net drives more than 128/DIGITS AND terms: the
// term x_i y_j reads y's copy for x's digit (i / D: y[128*g +: 128] serves digit g) and x's copy
// for y's digit (j / D: x[128*c +: 128] serves y bits c*D .. c*D+D-1). Without copies, a bit of y
// drives 128 terms across every digit and a bit of x 128 terms across its digit's product. A
// caller whose operands are registers keeps one copy per group (keep_reg), each placed near its
// terms; otherwise pass {DIGITS{x}} and {DIGITS{y}}.
// rst clears the register (synchronous; before ce). zero is high when the register is all zero
// (erase checks). gate and t are combinational: zg = gate ? z : 0, zgt = zg ^ t.
// The register has DIGITS * (128/DIGITS + 127) bits: 636 with the default 4 digits.
module gf128_mul_pipe #(
    parameter DIGITS = 4
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         ce,
    input  wire [128*DIGITS-1:0] x,
    input  wire [128*DIGITS-1:0] y,
    input  wire         gate,
    input  wire [127:0] t,
    output wire [127:0] z,
    output wire [127:0] zg,
    output wire [127:0] zgt,
    output wire         zero
);
    generate
        if (DIGITS != 2 && DIGITS != 4 && DIGITS != 8 && DIGITS != 16) begin : g_bad
            gf128_mul_pipe_DIGITS_must_be_2_4_8_or_16 u_error ();
        end
    endgenerate
    localparam integer D = 128 / DIGITS;   // bits of x per digit
    localparam integer Q = D + 127;        // coefficients of a digit's product

    // Polynomial view: the coefficient of a^i is spec bit i, which is Verilog bit 127 - i.
    function [127:0] poly;
        input [127:0] v;
        integer i;
        begin
            for (i = 0; i < 128; i = i + 1)
                poly[i] = v[127 - i];
        end
    endfunction

    // the copies in polynomial view, converted once (not per term: Icarus evaluates this block
    // for every change of x or y)
    reg  [DIGITS*128-1:0] xp, yp;
    reg  [DIGITS*Q-1:0] p_q;
    wire [DIGITS*Q-1:0] p_d;
    integer k;
    always @* begin
        for (k = 0; k < DIGITS; k = k + 1) begin
            xp[128*k +: 128] = poly(x[128*k +: 128]);
            yp[128*k +: 128] = poly(y[128*k +: 128]);
        end
    end
    // Digit g's product: term i is x's bit g*D + i times y, at offset i. The x bit of the term with
    // y bit j comes from x's copy for y's digit j / D, and y from its copy g.
    genvar gg;
    generate
        for (gg = 0; gg < DIGITS; gg = gg + 1) begin : g_dig
            reg [D*Q-1:0] terms;   // term i in [Q*i +: Q]
            reg [127:0]   xs;      // x's bit g*D + i, from its copy for each of y's digits
            integer i, c;
            always @* begin
                for (i = 0; i < D; i = i + 1) begin
                    for (c = 0; c < DIGITS; c = c + 1)
                        xs[D*c +: D] = {D{xp[128*c + gg*D + i]}};
                    terms[Q*i +: Q] = {{(Q-128){1'b0}}, xs & yp[128*gg +: 128]} << i;
                end
            end
            gf2_xor_tree #(.N(D), .M(Q)) u_sum (.x(terms), .y(p_d[Q*gg +: Q]));
        end
    endgenerate
    always @(posedge clk) begin
        if (rst) p_q <= {DIGITS*Q{1'b0}};
        else if (ce) p_q <= p_d;
    end
    assign zero = p_q == {DIGITS*Q{1'b0}};

    // Stage 2's leaves. Coefficient k of the product is the XOR of register bits n*Q + k - n*D
    // (one a digit whose product reaches a^k), and a^k mod the field polynomial P has bit b set
    // for each z bit b (polynomial view) it lands on: so z's bit b is the XOR of the register bits
    // n*Q + j with bit b of a^(j + n*D) mod P set. A register bit appears at most once a bit, so
    // nothing cancels. LEAF lists them in LCAP slots a bit, in order of k then n, slot s of bit b
    // in [IW*(LCAP*b + s) +: IW], NB (a constant zero) in the unused slots; LCNT holds each bit's
    // count, bit b's in [7*b +: 7]. Both come from one walk over the k with bit b of a^k mod P
    // set, in closed form (a^k = a^(k-128) (1 + a + a^2 + a^7) for k >= 128, whose terms of degree
    // 128 and more fold once more, onto bits 0-12): k = b; k = b + 128 - t for t = 7, 2, 1, 0
    // (each from 128 to 254); and for b <= 12 the k from 249 to 254 whose second fold lands on b
    // an odd number of times (a^254 reaches bit 7 twice). Elaboration time is why: every tool
    // that reads this file evaluates the table (Yosys took 23 s for a walk of a^k over all 255 k
    // for every bit, and 5 s more to count each bit's leaves out of the 36,864-bit table).
    localparam integer NB = DIGITS * Q;
    localparam integer IW = 12;                  // bits of a leaf's index (NB <= 2,160)
    localparam integer LCAP = 4 * DIGITS + 8;    // at least the most leaves of a bit: 11, 18, 34, 65
    localparam integer TW = 128 * LCAP * IW;     // the slots' bits
    function [128*7+TW-1:0] leaf_table;         // {the counts, the slots}
        input integer nd;                        // digits
        /* verilator lint_off UNUSEDSIGNAL */
        reg [31:0] v;                            // an index, its low IW bits stored
        /* verilator lint_on UNUSEDSIGNAL */
        reg [127:0] taps;                        // the exponents of P's low terms: 0, 1, 2, 7
        integer kk, n, j, b, s, d, q, i, ta, u, e, c, hit;
        begin
            d = 128 / nd;
            q = d + 127;
            v = nd * q;
            taps = {32'd7, 32'd2, 32'd1, 32'd0};
            /* verilator lint_off WIDTHCONCAT */   // 9,216 copies with 16 digits
            leaf_table = {{(128*7){1'b0}}, {(128*LCAP){v[IW-1:0]}}};
            /* verilator lint_on WIDTHCONCAT */
            for (b = 0; b < 128; b = b + 1) begin
                s = 0;
                // i: 0 is k = b; 1-4 are k = b + 128 - t, t = 7, 2, 1, 0; 5-10 are k = 249 .. 254
                for (i = 0; i < 11; i = i + 1) begin
                    hit = 0;
                    kk = 0;
                    if (i == 0) begin
                        kk = b;
                        hit = 1;
                    end else if (i < 5) begin
                        kk = b + 128 - taps[32*(4-i) +: 32];
                        hit = (kk >= 128 && kk <= 254) ? 1 : 0;
                    end else if (b <= 12) begin
                        kk = 244 + i;
                        c = 0;
                        for (ta = 0; ta < 4; ta = ta + 1) begin
                            e = kk - 128 + taps[32*ta +: 32];
                            if (e >= 128)
                                for (u = 0; u < 4; u = u + 1)
                                    if (e - 128 + taps[32*u +: 32] == b) c = c + 1;
                        end
                        hit = c % 2;
                    end
                    if (hit != 0)
                        for (n = 0; n < nd; n = n + 1) begin
                            j = kk - n * d;
                            if (j >= 0 && j < q) begin
                                v = n * q + j;
                                leaf_table[IW*(LCAP*b + s) +: IW] = v[IW-1:0];
                                s = s + 1;
                            end
                        end
                end
                leaf_table[TW + 7*b +: 7] = s[6:0];
            end
        end
    endfunction
    localparam [128*7+TW-1:0] LTAB = leaf_table(DIGITS);
    localparam [TW-1:0] LEAF = LTAB[TW-1:0];
    localparam [128*7-1:0] LCNT = LTAB[TW +: 128*7];
    // the most leaves of any bit (at least 1): the slots stage 2 sums
    function integer leaf_max;
        input [128*7-1:0] cnt;
        integer b;
        begin
            leaf_max = 1;
            for (b = 0; b < 128; b = b + 1)
                if ({25'd0, cnt[7*b +: 7]} > leaf_max) leaf_max = {25'd0, cnt[7*b +: 7]};
        end
    endfunction
    localparam integer LMAX = leaf_max(LCNT);
    localparam integer CHUNK = 12;   // leaves a chunk: three XOR4 LUTs, then their sum (and gated)
    localparam integer NCH = (LMAX + CHUNK - 1) / CHUNK;

    // Each chunk as kept LUTs (gf2_xor_net_lut): up to three XORs of four leaves, then their sum
    // and their sum gated, so synthesis cannot re-map them. ABC9 maps every path that is not
    // critical to its own delay for area, and it had made the leaves' XOR a chain of as many LUT
    // levels as the design's worst path (five); kept, a chunk is two levels whatever the rest is.
    // Generate blocks take the leaves by constant index (Icarus would run an always block over
    // all of them for every register bit that changes); a slot past the bit's leaves reads the
    // zero above the register and its block folds away.
    wire [(1<<IW)-1:0] p_ext = {{((1<<IW)-NB){1'b0}}, p_q};   // zero from bit NB up
`define GF128_PIPE_LEAF(b, s) p_ext[LEAF[IW*(LCAP*(b) + (s)) +: IW]]
    wire [128*NCH-1:0] ch, chg;   // chunk n's sums, ungated and gated, in [128*n +: 128]
    wire [127:0] tp = poly(t);
    wire [127:0] zgtp;
    genvar cc, bb, qq;
    generate
        for (bb = 0; bb < 128; bb = bb + 1) begin : g_bit
            localparam integer NL = {25'd0, LCNT[7*bb +: 7]};
            for (cc = 0; cc < NCH; cc = cc + 1) begin : g_chunk
                // this chunk's leaves, and its quads (XORs of up to four)
                localparam integer CN = NL - CHUNK * cc < 0 ? 0 : NL - CHUNK * cc > CHUNK ? CHUNK : NL - CHUNK * cc;
                localparam integer NQ = (CN + 3) / 4;
                wire [2:0] qv;
                for (qq = 0; qq < 3; qq = qq + 1) begin : g_quad
                    localparam integer S = CHUNK * cc + 4 * qq;   // the quad's first slot
                    localparam integer QN = CN - 4 * qq < 0 ? 0 : CN - 4 * qq > 4 ? 4 : CN - 4 * qq;
                    /* verilator lint_off UNUSEDSIGNAL */
                    wire [3:0] li = {`GF128_PIPE_LEAF(bb, S + 3), `GF128_PIPE_LEAF(bb, S + 2),
                                     `GF128_PIPE_LEAF(bb, S + 1), `GF128_PIPE_LEAF(bb, S)};   // QN used
                    /* verilator lint_on UNUSEDSIGNAL */
                    if (QN >= 2) begin : g_lut
                        gf2_xor_net_lut #(.N(QN)) u_lut (.i(li[QN-1:0]), .o(qv[qq]));
                    end else begin : g_wire   // one leaf, or none (li is zero)
                        assign qv[qq] = li[0];
                    end
                end
                if (NQ >= 2) begin : g_sum
                    gf2_xor_net_lut #(.N(NQ)) u_sum (.i(qv[NQ-1:0]), .o(ch[128*cc + bb]));
                    gf2_xor_net_lut #(.N(NQ + 1), .G(1)) u_gate (.i({gate, qv[NQ-1:0]}), .o(chg[128*cc + bb]));
                end else begin : g_one
                    assign ch[128*cc + bb] = qv[0];
                    assign chg[128*cc + bb] = qv[0] & gate;
                end
                if (NQ < 3) begin : g_unused
                    wire unused = ^qv[2:NQ];
                end
            end
            wire [NCH:0] gt;   // the gated chunks of this bit, and t
            for (cc = 0; cc < NCH; cc = cc + 1) begin : g_gt
                assign gt[cc] = chg[128*cc + bb];
            end
            assign gt[NCH] = tp[bb];
            gf2_xor_net_lut #(.N(NCH + 1)) u_t (.i(gt), .o(zgtp[bb]));
        end
    endgenerate
`undef GF128_PIPE_LEAF
    reg [127:0] zp, zgp;   // polynomial view
    integer n;
    always @* begin
        zp = 128'd0;
        zgp = 128'd0;
        for (n = 0; n < NCH; n = n + 1) begin
            zp = zp ^ ch[128*n +: 128];
            zgp = zgp ^ chg[128*n +: 128];
        end
    end
    assign z = poly(zp);
    assign zg = poly(zgp);
    assign zgt = poly(zgtp);
endmodule
`default_nettype wire
