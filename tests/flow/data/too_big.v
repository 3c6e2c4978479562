`default_nettype none
// Far more logic than an iCE40 HX1K holds (1,280 LUTs): 1,664 distinct three-input functions of
// the input, one LUT each, shallow so that synthesis takes seconds.
module too_big (
    input  wire         clk,
    input  wire [127:0] d,
    output reg  [1663:0] q
);
    integer i;
    always @(posedge clk)
        for (i = 0; i < 1664; i = i + 1)
            q[i] <= d[i % 128] ^ (d[(i % 128 + 1 + i / 128) % 128] & d[(i % 128 + 40 + 3 * (i / 128)) % 128]);
endmodule
`default_nettype wire
