// Harness of ghash_core's streams: under any environment that keeps the AXI4-Stream rules on the
// input (H loaded at any time, key_clear at any time), the output keeps them, and every message
// (a tlast beat taken) gives exactly one hash: never a hash without a message, never more than two
// messages waiting for theirs (the one in the multiplier and the one in the output register; WAIT,
// 3 for MULT 5, whose input register holds a third while the multiplier's last product waits;
// 4 for LANES 2, whose credit lets four messages owe their hash). LANES 2: beats of one or two
// blocks (tkeep 2'b01 or 2'b11).
module f_ghash #(parameter WAIT = 2, parameter LANES = 1, parameter COVER_WAIT = 1) (
    input wire clk, input wire rst, input wire key_clear,
    input wire [127:0] h, input wire h_load,
    input wire [128*LANES-1:0] s_axis_tdata, input wire [LANES-1:0] s_axis_tkeep,
    input wire s_axis_tlast, input wire s_axis_tvalid,
    input wire m_axis_tready
);
    wire s_axis_tready, m_axis_tvalid, error, erased;
    wire [127:0] m_axis_tdata;
    ghash_core #(.LANES(LANES)) dut (
        .clk(clk), .rst(rst), .h(h), .h_load(h_load), .key_clear(key_clear),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(LANES == 1 ? {LANES{1'b1}} : s_axis_tkeep),
        .s_axis_tlast(s_axis_tlast),
        .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
        .error(error), .erased(erased));
    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);
    wire clr = rst || key_clear;
    f_axis_rule #(.W(128 * LANES + LANES + 1), .ASSUME(1)) f_in (.clk(clk), .rst(clr),
        .data({s_axis_tdata, s_axis_tkeep, s_axis_tlast}), .valid(s_axis_tvalid), .ready(s_axis_tready));
    always @* if (LANES == 2 && s_axis_tvalid) assume (s_axis_tkeep[0]);
    f_axis_rule #(.W(128)) f_out (.clk(clk), .rst(clr), .data(m_axis_tdata), .valid(m_axis_tvalid),
                                  .ready(m_axis_tready));
    reg [3:0] msgs = 0, outs = 0;
    always @(posedge clk) begin
        if (clr) begin
            msgs <= 0;
            outs <= 0;
        end else begin
            msgs <= msgs + (s_axis_tvalid && s_axis_tready && s_axis_tlast);
            outs <= outs + (m_axis_tvalid && m_axis_tready);
        end
    end
    wire [3:0] waiting = msgs - outs;
    always @* if (f_past) begin
        assert (waiting <= WAIT);
        if (m_axis_tvalid) assert (waiting != 0);
    end
    always @* cover (f_past && m_axis_tvalid && m_axis_tready && outs == 1);
    // the bound is reached, not only kept (COVER_WAIT 0: the digit-serial job, which does not reach
    // it within its cover depth)
    always @* if (COVER_WAIT) cover (f_past && waiting == WAIT);
endmodule
