`default_nettype none
// gcm_out: gcm_core's output register. Two sources take turns: text beats (the input's bytes XOR the
// keystream, back in stream byte order, tkeep as given) and final beats from gcm_tag_unit (the tag,
// a status byte, or the error word). They never meet: a final beat waits for the text to end and
// text waits while a final beat is queued. m_axis_tuser: [0] final beat, [1] tag mismatch, [2]
// protocol error (docs/gcm.md).
// Not an axis_reg: it merges two sources, and its data loads whenever a text beat is offered and
// would go, taken or not, so that the beat's protocol check (nine LUT levels from the input
// register) reaches only the valid bit: through the enables it was the two-lane core's critical
// path (13.6 ns, seed 2). A beat loaded and not taken is held with the valid bit low and
// overwritten before the register is valid again. (Until the key-agile core's GHASH input loaded
// early too, one lane kept the loads gated by the handshake.)
// The register holds keystream-derived text: rst and key_clear zero it (erased, ERASE_CHECK = 1).
module gcm_out #(
    parameter LANES = 1,
    parameter ERASE_CHECK = 0
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 key_clear,
    input  wire [128*LANES-1:0] txt_data,    // a text beat, stream byte order
    input  wire [16*LANES-1:0]  txt_keep,
    input  wire                 txt_load,    // load it (offered and would go, taken or not)
    input  wire                 txt_take,    // it is taken: the register becomes valid
    input  wire                 emit,        // a final beat (gcm_tag_unit)
    input  wire                 f_err,
    input  wire                 f_stat,
    input  wire                 f_fail,
    input  wire [127:0]         f_tag,       // block order
    input  wire [15:0]          f_keep,
    output wire                 free,        // the register takes a beat this cycle
    output wire [128*LANES-1:0] m_axis_tdata,
    output wire [16*LANES-1:0]  m_axis_tkeep,
    output wire [2:0]           m_axis_tuser,
    output wire                 m_axis_tlast,
    output wire                 m_axis_tvalid,
    input  wire                 m_axis_tready,
    output wire                 erased
);
    localparam integer DW = 128 * LANES, BW = 16 * LANES;

    wire [127:0] tag_bytes;    // the tag in stream byte order
    byte_rev u_rev (.d(f_tag), .q(tag_bytes));

    reg  [DW-1:0] data_q;
    reg  [BW-1:0] keep_q;
    reg  [2:0]    user_q;
    reg           last_q, v_q;
    assign free = !v_q || m_axis_tready;

    always @(posedge clk) begin
        if (rst || key_clear) begin
            data_q <= {DW{1'b0}};
            keep_q <= {BW{1'b0}};
            user_q <= 3'd0;
            last_q <= 1'b0;
            v_q <= 1'b0;
        end else begin
            if (v_q && m_axis_tready) v_q <= 1'b0;
            if (txt_load) begin
                data_q <= txt_data;
                keep_q <= txt_keep;
                user_q <= 3'd0;
                last_q <= 1'b0;
                if (txt_take) v_q <= 1'b1;
            end else if (emit) begin
                last_q <= 1'b1;
                v_q <= 1'b1;
                data_q <= {DW{1'b0}};
                keep_q <= {BW{1'b0}};
                if (f_err) begin
                    keep_q[0] <= 1'b1;
                    user_q <= 3'b101;
                end else if (f_stat) begin
                    data_q[0] <= !f_fail;
                    keep_q[0] <= 1'b1;
                    user_q <= {1'b0, f_fail, 1'b1};
                end else begin
                    data_q[127:0] <= tag_bytes;
                    keep_q[15:0] <= f_keep;
                    user_q <= 3'b001;
                end
            end
        end
    end

    assign m_axis_tdata = data_q;
    assign m_axis_tkeep = keep_q;
    assign m_axis_tuser = user_q;
    assign m_axis_tlast = last_q;
    assign m_axis_tvalid = v_q;
    assign erased = ERASE_CHECK == 1 && data_q == {DW{1'b0}};
endmodule
`default_nettype wire
