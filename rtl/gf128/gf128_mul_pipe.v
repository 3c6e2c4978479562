`default_nettype none
// gf128_mul_pipe: z = x * y in GF(2^128), GCM bit order (bit [127] is the field's 1, the spec's
// bit 0), bit-parallel with one register inside: for the clock of a multiplier in a loop that
// holds two products at once (ghash_core MULT = 5).
//
// Stage 1 (x, y -> the register, on ce): the carry-less products of x's DIGITS digits of
// 128/DIGITS bits with all of y, unreduced: digit g's product has 128/DIGITS + 127 coefficients,
// each the XOR of at most 128/DIGITS AND terms (with 4 digits: an AND pair and two XOR4 levels).
// Stage 2 (the register -> z, combinational): the digit products added at their offsets and the
// sum reduced by 1 + a + a^2 + a^7 + a^128 (gf128_reduce): each bit of z is the XOR of a few
// dozen register bits.
// z is the product of the x and y the register took at the last ce: latency one ce.
// Both operands come in DIGITS copies, so that no net drives more than 128/DIGITS AND terms: the
// term x_i y_j reads y's copy for x's digit (i / D: y[128*g +: 128] serves digit g) and x's copy
// for y's digit (j / D: x[128*c +: 128] serves y bits c*D .. c*D+D-1). Without copies, a bit of y
// drives 128 terms across every digit and a bit of x 128 terms across its digit's product. A
// caller whose operands are registers keeps one copy per group (keep_reg), each placed near its
// terms; otherwise pass {DIGITS{x}} and {DIGITS{y}}.
// rst clears the register (synchronous; before ce). zero is high when the register is all zero
// (erase checks).
// The register has DIGITS * (128/DIGITS + 127) bits: 636 with the default 4 digits.
module gf128_mul_pipe #(
    parameter DIGITS = 4
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         ce,
    input  wire [128*DIGITS-1:0] x,
    input  wire [128*DIGITS-1:0] y,
    output wire [127:0] z,
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
    reg  [DIGITS*Q-1:0] p_d;
    integer k;
    always @* begin
        for (k = 0; k < DIGITS; k = k + 1) begin
            xp[128*k +: 128] = poly(x[128*k +: 128]);
            yp[128*k +: 128] = poly(y[128*k +: 128]);
        end
    end
    // Digit g's product: the sum over k of x's digit g (from x's copy k) times y's digit k (from
    // y's copy g), at offset k*D: DIGITS x DIGITS carry-less products of D bits.
    wire [DIGITS*DIGITS*(2*D-1)-1:0] pr;  // product (g, k) in [(2*D-1)*(DIGITS*g+k) +: 2*D-1]
    genvar gg, kk;
    generate
        for (gg = 0; gg < DIGITS; gg = gg + 1) begin : g_dig
            for (kk = 0; kk < DIGITS; kk = kk + 1) begin : g_term
                gf2_clmul #(.W(D)) u_mul (.a(xp[128*kk + gg*D +: D]), .b(yp[128*gg + kk*D +: D]),
                                          .c(pr[(2*D-1)*(DIGITS*gg+kk) +: 2*D-1]));
            end
        end
    endgenerate
    integer g, m;
    always @* begin
        p_d = {DIGITS*Q{1'b0}};
        for (g = 0; g < DIGITS; g = g + 1)
            for (m = 0; m < DIGITS; m = m + 1)
                p_d[g*Q +: Q] = p_d[g*Q +: Q] ^ ({{(Q-2*D+1){1'b0}}, pr[(2*D-1)*(DIGITS*g+m) +: 2*D-1]} << (m*D));
    end
    always @(posedge clk) begin
        if (rst) p_q <= {DIGITS*Q{1'b0}};
        else if (ce) p_q <= p_d;
    end
    assign zero = p_q == {DIGITS*Q{1'b0}};

    reg [254:0] c;   // the digit products added at their offsets: the whole product, unreduced
    integer n;
    always @* begin
        c = 255'd0;
        for (n = 0; n < DIGITS; n = n + 1)
            c = c ^ ({{(255-Q){1'b0}}, p_q[n*Q +: Q]} << (n*D));
    end
    gf128_reduce u_reduce (.c(c), .z(z));
endmodule
`default_nettype wire
