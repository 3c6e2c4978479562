`default_nettype none
// A 16-deep, 8-bit shift register without reset or enable: xc7 maps each bit to one SRL16E.
module shift_reg (
    input  wire       clk,
    input  wire [7:0] d,
    output wire [7:0] q
);
    reg [7:0] sr [0:15];
    integer i;
    always @(posedge clk) begin
        sr[0] <= d;
        for (i = 1; i < 16; i = i + 1) sr[i] <= sr[i - 1];
    end
    assign q = sr[15];
endmodule
`default_nettype wire
