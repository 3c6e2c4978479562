`default_nettype none
// Far more logic than an iCE40 HX1K holds (1,280 LUTs): 8 rounds of a 256-bit mixing function.
module too_big (
    input  wire         clk,
    input  wire [255:0] d,
    output reg  [255:0] q
);
    integer r, i;
    reg [255:0] x;
    always @* begin
        x = d;
        for (r = 0; r < 8; r = r + 1)
            for (i = 0; i < 256; i = i + 1)
                x[i] = x[i] ^ (x[(i + 1) % 256] & x[(i + 7) % 256]) ^ x[(i + 13 + r) % 256];
    end
    always @(posedge clk) q <= x;
endmodule
`default_nettype wire
