`default_nettype none
// aes_mix_col: MixColumns on one column (row 0 in [31:24]); bypass passes the column unchanged
// (the last round has no MixColumns). Combinational.
module aes_mix_col (
    input  wire [31:0] x,
    input  wire        bypass,
    output wire [31:0] y
);
    function [7:0] xtime;
        input [7:0] b;
        xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    endfunction

    wire [7:0] a0 = x[31:24], a1 = x[23:16], a2 = x[15:8], a3 = x[7:0];
    wire [7:0] r0 = xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3;
    wire [7:0] r1 = a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3;
    wire [7:0] r2 = a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3;
    wire [7:0] r3 = xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3);
    assign y = bypass ? x : {r0, r1, r2, r3};
endmodule
`default_nettype wire
