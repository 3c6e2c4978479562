`default_nettype none
// gf2_clmul: c = a * b, the carry-less product of two W-bit polynomials over GF(2) (bit i the
// coefficient of a^i; polynomial order, not GCM order), combinational, the W shifted partial
// products summed as a balanced tree (gf2_xor_tree). gf128_mul_parallel (KARATSUBA 1: three of
// 64 bits) and gf128_hybrid_core (its subfield products, 16 bits) use it. W: 2 to 128.
module gf2_clmul #(
    parameter W = 64
) (
    input  wire [W-1:0]   a,
    input  wire [W-1:0]   b,
    output wire [2*W-2:0] c
);
    generate
        if (W < 2 || W > 128) begin : g_bad
            gf2_clmul_needs_W_2_to_128 u_error ();
        end
    endgenerate
    reg [(2*W-1)*W-1:0] terms;  // a_i * b * x^i in [(2*W-1)*i +: 2*W-1]
    integer i;
    always @* begin
        for (i = 0; i < W; i = i + 1)
            terms[(2*W-1)*i +: 2*W-1] = {{(W-1){1'b0}}, {W{a[i]}} & b} << i;
    end
    gf2_xor_tree #(.N(W), .M(2*W-1)) u_sum (.x(terms), .y(c));
endmodule
`default_nettype wire
