`default_nettype none
// Test design of known structure: a 128-bit register whose bit i is the XOR of 64 input bits
// (bits i..i+63 of the input, wrapping). Expect about 128 x ceil(63/5) LUT6 on xc7 and
// about 128 x 21 LUT4 on ECP5, and 128 flip-flops.
module xor_reg (
    input  wire         clk,
    input  wire [127:0] d,
    output reg  [127:0] q
);
    integer i, j;
    reg [127:0] x;
    always @* begin
        for (i = 0; i < 128; i = i + 1) begin
            x[i] = 1'b0;
            for (j = 0; j < 64; j = j + 1) x[i] = x[i] ^ d[(i + j) % 128];
        end
    end
    always @(posedge clk) q <= x;
endmodule
`default_nettype wire
