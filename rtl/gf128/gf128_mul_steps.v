`default_nettype none
// gf128_mul_steps: STEPS steps of Algorithm 1 of the GCM spec (z ^= v when the next bit of x is
// set; v = v * a), combinational, with the sum as a balanced tree (gf2_xor_tree):
//   sum = XOR over i < STEPS of (xb[STEPS-1-i] ? v * a^i : 0),   v_next = v * a^STEPS.
// gf128_mul_parallel (all 128 steps) and gf128_mul_digit (DIGIT steps a cycle) use it.
// Parameters:
//   WIDTH  128: GF(2^128) of GCM; 64: GF(2^64) of the GCM spec's Appendix A (polynomial
//          1 + a + a^3 + a^4 + a^64), in the same bit order (bit [WIDTH-1] is the field's 1).
//   STEPS  1 to WIDTH: the bits of x taken, the first at xb[STEPS-1].
module gf128_mul_steps #(
    parameter WIDTH = 128,
    parameter STEPS = 128
) (
    input  wire [STEPS-1:0] xb,
    input  wire [WIDTH-1:0] v,
    output wire [WIDTH-1:0] sum,
    output reg  [WIDTH-1:0] v_next
);
    generate
        if ((WIDTH != 128 && WIDTH != 64) || STEPS < 1 || STEPS > WIDTH) begin : g_bad
            gf128_mul_steps_needs_WIDTH_128_or_64_and_STEPS_1_to_WIDTH u_error ();
        end
    endgenerate
    // the reduction of the spec's rightshift: a^WIDTH folded into the leftmost bits
    localparam [WIDTH-1:0] R = WIDTH == 128 ? {8'he1, {(WIDTH-8){1'b0}}} : {8'hd8, {(WIDTH-8){1'b0}}};

    reg [WIDTH*STEPS-1:0] terms;  // step i's term, (bit i of x) * v * a^i, in [WIDTH*i +: WIDTH]
    integer i;
    always @* begin
        v_next = v;
        for (i = 0; i < STEPS; i = i + 1) begin
            terms[WIDTH*i +: WIDTH] = {WIDTH{xb[STEPS - 1 - i]}} & v_next;
            v_next = v_next[0] ? ((v_next >> 1) ^ R) : (v_next >> 1);
        end
    end
    gf2_xor_tree #(.N(STEPS), .M(WIDTH)) u_sum (.x(terms), .y(sum));
endmodule
`default_nettype wire
