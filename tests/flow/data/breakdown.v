`default_nettype none
// Test design for the LUT breakdown (flow/breakdown.py): a_q takes eight 32-input XORs of inputs
// nothing else reads (its own logic), b_q a 4-input AND (about one LUT), c_q and d_q the same 64-input XOR gated two ways (the
// XOR tree is shared between them), and the output y logic of its own after a register.
module breakdown (
    input  wire        clk,
    input  wire [63:0] d,
    input  wire [3:0]  e,
    input  wire [255:0] f,
    output reg  [7:0]  a_q,
    output reg         b_q,
    output reg         c_q,
    output reg         d_q,
    output wire        y
);
    integer i;
    reg [7:0] ax;
    always @* begin
        for (i = 0; i < 8; i = i + 1) ax[i] = ^f[32*i +: 32];
    end
    wire big = ^d;
    always @(posedge clk) begin
        a_q <= ax;
        b_q <= &e;
        c_q <= big & e[0];
        d_q <= big | e[1];
    end
    assign y = a_q[0] ^ a_q[7] ^ e[2];
endmodule
`default_nettype wire
