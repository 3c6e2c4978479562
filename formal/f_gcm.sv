// Harness of gcm_core's streams: under any environment that keeps the AXI4-Stream rules on the
// packet input and holds a key offer until it is taken (keys, key_clear and resets at any time),
// the output keeps the AXI4-Stream rules (valid, data, keep, user and last held while stalled);
// every packet (a tlast beat taken) gives exactly one final beat (tlast, with tuser[0]) and no
// final beat comes without one; no more text beats come out than went in, and when no packet has
// failed, a packet's final beat comes after exactly its text beats (none lost, none duplicated).
// The S-boxes, MixColumns and the GHASH multiplier are cut (free outputs): the properties never
// look at the data, so this over-approximates the core.
// WAIT: the most packets taken and not yet answered by a final beat: 6 (reached at step 12, with
// GHASH 0 and 5; 7 is not reached in 24 steps); 9 with IN_REG (the two-word input FIFO and the tag
// unit's queue heads in output registers, gcm_tag_unit HEAD_REG, hold more). The -wait jobs cover
// it (COVER 1), so it is the bound, not only an upper one.
module f_gcm #(
    parameter WAIT = 6,
    parameter COVER = 0
) (
    input wire clk, input wire rst, input wire key_clear,
    input wire [255:0] key, input wire [1:0] key_len, input wire key_valid,
    input wire [127:0] s_axis_tdata, input wire [15:0] s_axis_tkeep, input wire [2:0] s_axis_tuser,
    input wire s_axis_tlast, input wire s_axis_tvalid,
    input wire m_axis_tready
);
    wire key_ready, key_loaded, key_mismatch, s_axis_tready, m_axis_tlast, m_axis_tvalid, error, erased;
    wire [127:0] m_axis_tdata;
    wire [15:0] m_axis_tkeep;
    wire [2:0] m_axis_tuser;
    gcm_core #(.LEN_W(8)) dut (
        .clk(clk), .rst(rst), .key_clear(key_clear), .key(key), .key_len(key_len),
        .key_valid(key_valid), .key_ready(key_ready), .key_loaded(key_loaded), .key_mismatch(key_mismatch),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tuser(s_axis_tuser),
        .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tuser(m_axis_tuser),
        .m_axis_tlast(m_axis_tlast), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
        .error(error), .erased(erased));

    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);
    wire clr = rst || key_clear;
    f_axis_rule #(.W(148), .ASSUME(1)) f_in (.clk(clk), .rst(clr),
        .data({s_axis_tdata, s_axis_tkeep, s_axis_tuser, s_axis_tlast}), .valid(s_axis_tvalid),
        .ready(s_axis_tready));
    f_axis_rule #(.W(258), .ASSUME(1)) f_key (.clk(clk), .rst(clr), .data({key, key_len}),
        .valid(key_valid), .ready(key_ready));
    f_axis_rule #(.W(148)) f_out (.clk(clk), .rst(clr),
        .data({m_axis_tdata, m_axis_tkeep, m_axis_tuser, m_axis_tlast}), .valid(m_axis_tvalid),
        .ready(m_axis_tready));

    wire s_take = s_axis_tvalid && s_axis_tready;
    wire m_take = m_axis_tvalid && m_axis_tready;
    reg [4:0] pkts = 0, finals = 0, txt_in = 0, txt_out = 0, txt_end = 0;
    reg       failed = 0;               // a packet failed (error, or a final beat with tuser[2])
    always @(posedge clk) begin
        if (clr) begin
            pkts <= 0;
            finals <= 0;
            txt_in <= 0;
            txt_out <= 0;
            txt_end <= 0;
            failed <= 0;
        end else begin
            pkts <= pkts + (s_take && s_axis_tlast);
            finals <= finals + (m_take && m_axis_tlast);
            txt_in <= txt_in + (s_take && s_axis_tuser == 3'd3);
            txt_out <= txt_out + (m_take && !m_axis_tlast);
            if (s_take && s_axis_tlast) txt_end <= txt_in + (s_axis_tuser == 3'd3);
            if (error || (m_axis_tvalid && m_axis_tuser[2])) failed <= 1'b1;
        end
    end
    wire [4:0] waiting = pkts - finals;
    always @* if (f_past) begin
        assert (waiting <= WAIT);
        assert (txt_out <= txt_in);
        if (m_axis_tvalid) begin
            assert (m_axis_tlast == m_axis_tuser[0]);
            if (m_axis_tlast) assert (waiting != 0);
            if (m_axis_tlast && !m_axis_tuser[2] && waiting == 1 && !failed && !error) assert (txt_out == txt_end);
        end
    end
    // COVER 0: a packet's final beat after its text; 1: the bound reached, not only kept (WAIT
    // packets waiting for their final beats), in a job of its own (both covers in one task took
    // the solver past the half-hour timeout)
    always @* if (COVER == 0) cover (f_past && m_take && m_axis_tlast && txt_out != 0 && !m_axis_tuser[2]);
    always @* if (COVER == 1) cover (f_past && waiting == WAIT);
endmodule
