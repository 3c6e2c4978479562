`default_nettype none
// byte_rev: the byte order reversed within each group of GROUP bytes (wires only): AXI4-Stream
// byte order (byte i in [8i+7:8i]) <-> block order (byte 0 in [127:120]) in each 16-byte lane of
// a beat (GROUP 16), the AXI-lite register banks <-> a block or a 256-bit key (GROUP 16, 32).
// Parameters:
//   WIDTH  bits, a multiple of 8 * GROUP.
//   GROUP  bytes per group, 1 or more.
module byte_rev #(
    parameter WIDTH = 128,
    parameter GROUP = 16
) (
    input  wire [WIDTH-1:0] d,
    output wire [WIDTH-1:0] q
);
    generate
        if (GROUP < 1 || WIDTH < 8 * GROUP || WIDTH % (8 * GROUP) != 0) begin : g_bad_width
            byte_rev_WIDTH_must_be_a_multiple_of_8_GROUP u_err ();
        end
    endgenerate
    genvar b;
    generate
        for (b = 0; b < WIDTH / 8; b = b + 1) begin : g_byte
            assign q[8 * b +: 8] = d[8 * ((b / GROUP) * GROUP + GROUP - 1 - b % GROUP) +: 8];
        end
    endgenerate
endmodule
`default_nettype wire
