`default_nettype none
// Test design for the simulator flow: `count` is reset, `kept` is not (before its first write it
// holds what the simulator starts registers at: X in Icarus, a seeded random value with the
// other simulator), and `q` follows `d` one cycle late.
module sim_probe #(
    parameter integer W = 8
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] d,
    output reg  [W-1:0] q,
    output reg  [7:0]   count,
    output reg  [63:0]  kept
);
    always @(posedge clk) begin
        q <= d;
        if (rst) count <= 8'd0;
        else count <= count + 8'd1;
    end
    // written only when d is all ones, which the test never drives
    always @(posedge clk) if (&d) kept <= 64'd0;
endmodule
`default_nettype wire
