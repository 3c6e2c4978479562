`default_nettype none
// gf128_mul_digit: z = x * y in GF(2^128), GCM bit order, digit-serial: DIGIT bits of x per
// cycle, so one product takes 128/DIGIT cycles. Algorithm 1 of the GCM spec, DIGIT steps per
// cycle: z ^= v for each set bit of x, v = v * a between bits.
//
// Handshake: pulse start with x and y valid (sampled on that edge); done pulses for one cycle
// when z holds the product; busy is high in between. A start while busy is ignored and raises
// error for one cycle (the running product continues). z holds its value until the next start.
// DIGIT: any divisor of 128 from 1 to 64 (of 64 with WIDTH = 64).
// WIDTH = 64: GF(2^64) of the GCM spec's Appendix A instead (field polynomial
// 1 + a + a^3 + a^4 + a^64, the same bit order): 64/DIGIT cycles per product.
module gf128_mul_digit #(
    parameter DIGIT = 8,
    parameter WIDTH = 128
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             start,
    input  wire [WIDTH-1:0] x,
    input  wire [WIDTH-1:0] y,
    output reg  [WIDTH-1:0] z,
    output reg              busy,
    output reg              done,
    output reg              error
);
    generate
        if (DIGIT < 1 || DIGIT > 64 || (128 % DIGIT) != 0) begin : g_bad
            gf128_mul_digit_DIGIT_must_divide_128_and_be_1_to_64 u_error ();
        end
        if (WIDTH != 128 && !(WIDTH == 64 && DIGIT <= 32)) begin : g_bad_width
            gf128_mul_digit_WIDTH_must_be_128_or_64_with_DIGIT_at_most_32 u_error ();
        end
    endgenerate

    localparam STEPS = WIDTH / DIGIT;
    localparam CW = (STEPS <= 2) ? 1 : $clog2(STEPS);
    localparam [31:0] LAST = STEPS - 1;

    reg [WIDTH-1:0] xs_q;  // remaining bits of x, next one at [WIDTH-1]
    reg [WIDTH-1:0] v_q;
    reg [CW-1:0] cnt_q;

    // DIGIT steps of Algorithm 1 a cycle
    wire [WIDTH-1:0] sum, v_d;
    wire [WIDTH-1:0] z_d = z ^ sum;
    gf128_mul_steps #(.WIDTH(WIDTH), .STEPS(DIGIT)) u_steps (.xb(xs_q[WIDTH-1 -: DIGIT]), .v(v_q), .sum(sum), .v_next(v_d));

    always @(posedge clk) begin
        if (rst) begin
            z <= {WIDTH{1'b0}};
            xs_q <= {WIDTH{1'b0}};
            v_q <= {WIDTH{1'b0}};
            cnt_q <= {CW{1'b0}};
            busy <= 1'b0;
            done <= 1'b0;
            error <= 1'b0;
        end else begin
            done <= 1'b0;
            error <= start && busy;
            if (busy) begin
                z <= z_d;
                v_q <= v_d;
                xs_q <= xs_q << DIGIT;
                cnt_q <= cnt_q + 1'b1;
                if (cnt_q == LAST[CW-1:0]) begin
                    busy <= 1'b0;
                    done <= 1'b1;
                end
            end else if (start) begin
                z <= {WIDTH{1'b0}};
                xs_q <= x;
                v_q <= y;
                cnt_q <= {CW{1'b0}};
                busy <= 1'b1;
            end
        end
    end
endmodule
`default_nettype wire
