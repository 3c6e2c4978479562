`default_nettype none
// Two instances of a parameterized XOR-reduction unit, and a 2-input XOR after each: with the unit
// kept (--keep xor_parts_unit) the flow must report its LUTs in place, for both instances.
module xor_parts (
    input  wire        clk,
    input  wire [63:0] a,
    input  wire [1:0]  b,
    output reg  [1:0]  y
);
    wire [1:0] p;
    xor_parts_unit #(.W(32)) u0 (.i(a[31:0]), .o(p[0]));
    xor_parts_unit #(.W(32)) u1 (.i(a[63:32]), .o(p[1]));
    always @(posedge clk) y <= p ^ b;
endmodule

module xor_parts_unit #(
    parameter W = 8
) (
    input  wire [W-1:0] i,
    output wire         o
);
    assign o = ^i;
endmodule
`default_nettype wire
