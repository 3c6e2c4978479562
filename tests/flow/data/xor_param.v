`default_nettype none
// Parameterized test design: WIDTH registers, each the XOR of four input bits.
module xor_param #(
    parameter WIDTH = 32
) (
    input  wire             clk,
    input  wire [WIDTH-1:0] d,
    output reg  [WIDTH-1:0] q
);
    integer i;
    always @(posedge clk)
        for (i = 0; i < WIDTH; i = i + 1)
            q[i] <= d[i] ^ d[(i + 1) % WIDTH] ^ d[(i + 5) % WIDTH] ^ d[(i + 11) % WIDTH];
endmodule
`default_nettype wire
