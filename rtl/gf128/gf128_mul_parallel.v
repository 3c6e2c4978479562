`default_nettype none
// gf128_mul_parallel: z = x * y in GF(2^128), GCM bit order (bit [127] is the field's 1,
// the spec's bit 0), fully combinational: one product per cycle, latency 0.
//
// KARATSUBA = 0: Algorithm 1 of the GCM spec unrolled (gf128_mul_steps: 128 AND rows with the
//                reduction folded into the shifted copies of y, summed as a balanced XOR tree);
//                about 16K AND + 16K XOR gates.
// KARATSUBA = 1: one level of Karatsuba-Ofman: three 64x64 carry-less products (gf2_clmul) instead
//                of four, then reduction by 1 + a + a^2 + a^7 + a^128 (gf128_reduce); about 3/4 of
//                the AND gates.
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
    generate
        if (KARATSUBA == 1) begin : g_karatsuba
            // Polynomial view: coefficient of a^i is spec bit i, which is Verilog bit 127 - i.
            reg  [127:0] xp, yp;
            wire [126:0] lo, hi, mid;
            integer i;
            always @* begin
                for (i = 0; i < 128; i = i + 1) begin
                    xp[i] = x[127 - i];
                    yp[i] = y[127 - i];
                end
            end
            gf2_clmul #(.W(64)) u_lo (.a(xp[63:0]), .b(yp[63:0]), .c(lo));
            gf2_clmul #(.W(64)) u_hi (.a(xp[127:64]), .b(yp[127:64]), .c(hi));
            gf2_clmul #(.W(64)) u_mid (.a(xp[63:0] ^ xp[127:64]), .b(yp[63:0] ^ yp[127:64]), .c(mid));
            wire [254:0] c = {128'd0, lo} ^ ({128'd0, mid ^ lo ^ hi} << 64) ^ ({128'd0, hi} << 128);
            gf128_reduce u_reduce (.c(c), .z(z));
        end else begin : g_alg1
            // Algorithm 1: z ^= v when spec bit i of x is set; v = v * a (rightshift, reduce).
            /* verilator lint_off UNUSEDSIGNAL */
            wire [WIDTH-1:0] v_all;  // y * a^WIDTH, not needed
            /* verilator lint_on UNUSEDSIGNAL */
            gf128_mul_steps #(.WIDTH(WIDTH), .STEPS(WIDTH)) u_steps (.xb(x), .v(y), .sum(z), .v_next(v_all));
        end
    endgenerate
endmodule
`default_nettype wire
