`default_nettype none
// gf128_reduce: a polynomial of degree up to 254 (c[k] the coefficient of a^k) reduced modulo the
// GCM field polynomial 1 + a + a^2 + a^7 + a^128, out in GCM bit order (z[127] is the field's 1,
// the spec's bit 0). Combinational and linear: each bit of z is the XOR of a few coefficients.
// The one reduction of every place that forms a whole product first: gf128_mul_parallel with
// Karatsuba and ghash_core's squaring of H (MULT 5). (gf128_mul_pipe lists each bit's register
// bits instead, to build its second stage as kept LUTs.)
module gf128_reduce (
    input  wire [254:0] c,
    output reg  [127:0] z
);
    reg [254:0] r;
    integer k;
    always @* begin
        r = c;
        // a^k for k >= 128 folds into a^(k-128) * (1 + a + a^2 + a^7), top down
        for (k = 254; k >= 128; k = k - 1)
            if (r[k]) r = r ^ (255'd1 << k) ^ (255'h87 << (k - 128));
        for (k = 0; k < 128; k = k + 1)
            z[127 - k] = r[k];
    end
endmodule
`default_nettype wire
