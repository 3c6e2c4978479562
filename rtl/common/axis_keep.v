`default_nettype none
// axis_keep: what a beat's tkeep says, for cores that take byte streams (AXI4-Stream byte order:
// byte i of the beat is tdata[8*i +: 8], kept when tkeep[i]). Combinational.
//   count       the number of kept bytes: a balanced tree of adders, log2(BYTES) deep (a loop of
//               increments maps to a chain BYTES deep: 24 LUT levels in front of gcm_core's length
//               counters, 34 MHz on ECP5).
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
    output wire [$clog2(BYTES+1)-1:0] count,   // enough bits for BYTES
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
    // The tree: P leaves (the keep bits, zero past BYTES) in a heap, node i = node 2i+1 + node 2i+2.
    localparam integer CW = $clog2(BYTES + 1);
    localparam integer P = BYTES <= 1 ? 1 : (1 << $clog2(BYTES));
    localparam [CW-1:0] ONE = 1;
    /* verilator lint_off UNOPTFLAT */   // one array, acyclic: each node reads only deeper nodes
    wire [CW-1:0] node [0:2*P-2];
    /* verilator lint_on UNOPTFLAT */
    genvar n;
    generate
        for (n = 0; n < P; n = n + 1) begin : g_leaf
            if (n < BYTES) begin : g_bit
                assign node[P - 1 + n] = keep[n] ? ONE : {CW{1'b0}};
            end else begin : g_pad
                assign node[P - 1 + n] = {CW{1'b0}};
            end
        end
        for (n = 0; n < P - 1; n = n + 1) begin : g_sum
            assign node[n] = node[2 * n + 1] + node[2 * n + 2];
        end
    endgenerate
    assign count = node[0];
endmodule
`default_nettype wire
