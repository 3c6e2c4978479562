`default_nettype none
// gf128_mul_parallel: z = x * y in GF(2^128), GCM bit order (bit [127] is the field's 1,
// the spec's bit 0), fully combinational: one product per cycle, latency 0.
//
// KARATSUBA = 0: Algorithm 1 of the GCM spec unrolled (128 AND-XOR rows with the reduction
//                folded into the shifted copies of y); about 16K AND + 16K XOR gates.
// KARATSUBA = 1: one level of Karatsuba-Ofman: three 64x64 carry-less products instead of four,
//                then reduction by 1 + a + a^2 + a^7 + a^128 (gf128_reduce); about 3/4 of the AND gates.
// WIDTH = 64: GF(2^64) of the GCM spec's Appendix A instead (GCM for 64-bit block ciphers, field
//             polynomial 1 + a + a^3 + a^4 + a^64, the same bit order); KARATSUBA must be 0.
module gf128_mul_parallel #(
    parameter KARATSUBA = 0,
    parameter WIDTH = 128
) (
    input  wire [WIDTH-1:0] x,
    input  wire [WIDTH-1:0] y,
    output wire [WIDTH-1:0] z
);
    generate
        if (KARATSUBA != 0 && KARATSUBA != 1) begin : g_bad
            gf128_mul_parallel_KARATSUBA_must_be_0_or_1 u_error ();
        end
        if (WIDTH != 128 && !(WIDTH == 64 && KARATSUBA == 0)) begin : g_bad_width
            gf128_mul_parallel_WIDTH_must_be_128_or_64_without_KARATSUBA u_error ();
        end
    endgenerate
    // the reduction of the spec's rightshift: a^WIDTH folded into the leftmost bits
    localparam [WIDTH-1:0] R = WIDTH == 128 ? {8'he1, {(WIDTH-8){1'b0}}} : {8'hd8, {(WIDTH-8){1'b0}}};

    // Carry-less product of two 64-bit polynomials (bit i = coefficient of a^i).
    function [126:0] clmul64;
        input [63:0] a;
        input [63:0] b;
        integer i;
        begin
            clmul64 = 127'd0;
            for (i = 0; i < 64; i = i + 1)
                if (a[i]) clmul64 = clmul64 ^ ({63'd0, b} << i);
        end
    endfunction

    generate
        if (KARATSUBA == 1) begin : g_karatsuba
            // Polynomial view: coefficient of a^i is spec bit i, which is Verilog bit 127 - i.
            reg [127:0] xp, yp;
            reg [126:0] lo, hi, mid;
            reg [254:0] c;
            integer i;
            always @* begin
                for (i = 0; i < 128; i = i + 1) begin
                    xp[i] = x[127 - i];
                    yp[i] = y[127 - i];
                end
                lo  = clmul64(xp[63:0], yp[63:0]);
                hi  = clmul64(xp[127:64], yp[127:64]);
                mid = clmul64(xp[63:0] ^ xp[127:64], yp[63:0] ^ yp[127:64]) ^ lo ^ hi;
                c   = {128'd0, lo} ^ ({128'd0, mid} << 64) ^ ({128'd0, hi} << 128);
            end
            gf128_reduce u_reduce (.c(c), .z(z));
        end else begin : g_alg1
            // Algorithm 1: z ^= v when spec bit i of x is set; v = v * a (rightshift, reduce).
            reg [WIDTH-1:0] acc, v;
            integer i;
            always @* begin
                acc = {WIDTH{1'b0}};
                v = y;
                for (i = 0; i < WIDTH; i = i + 1) begin
                    if (x[WIDTH - 1 - i]) acc = acc ^ v;
                    v = v[0] ? ((v >> 1) ^ R) : (v >> 1);
                end
            end
            assign z = acc;
        end
    endgenerate
endmodule
`default_nettype wire
