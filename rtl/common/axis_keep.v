`default_nettype none
// axis_keep: what a beat's tkeep says, for cores that take byte streams (AXI4-Stream byte order:
// byte i of the beat is tdata[8*i +: 8], kept when tkeep[i]). Combinational.
//   count       the number of kept bytes.
//   contiguous  no kept byte above a dropped one: tkeep is 0...01...1 (all-zero included), the
//               only shape a partial beat may have in this library's streams. Two levels of
//               LUTs: each bit against the one below, then an AND (tkeep & (tkeep + 1) would be a
//               carry chain).
//   full        every byte kept.
//   mask        tkeep as a bit mask over tdata (8 bits a byte), to clear the bytes beyond a beat.
// Parameters:
//   BYTES  bytes per beat, 1 or more.
module axis_keep #(
    parameter BYTES = 16
) (
    input  wire [BYTES-1:0]         keep,
    output reg  [$clog2(BYTES+1)-1:0] count,   // enough bits for BYTES
    output wire                     contiguous,
    output wire                     full,
    output wire [8*BYTES-1:0]       mask
);
    generate
        if (BYTES < 1) begin : g_bad_bytes
            axis_keep_BYTES_must_be_at_least_1 u_err ();
        end
        if (BYTES == 1) begin : g_one
            assign contiguous = 1'b1;
        end else begin : g_many
            assign contiguous = (keep[BYTES-1:1] & ~keep[BYTES-2:0]) == {(BYTES - 1){1'b0}};
        end
    endgenerate
    assign full = &keep;
    genvar g;
    generate
        for (g = 0; g < BYTES; g = g + 1) begin : g_mask
            assign mask[8*g +: 8] = {8{keep[g]}};
        end
    endgenerate
    localparam integer CW = $clog2(BYTES + 1);
    localparam [CW-1:0] ONE = 1;
    integer i;
    always @* begin
        count = {CW{1'b0}};
        for (i = 0; i < BYTES; i = i + 1) if (keep[i]) count = count + ONE;
    end
endmodule
`default_nettype wire
