// Harness of the AES engines (aes_enc_pipe, or aes_enc_iter with ITER = 1): the key port and the
// block stream under any environment that keeps the AXI4-Stream rules; every block leaves once, in
// order (its tuser carries its number), the output keeps the rules, nothing is made up.
// key_clear drops the streams by design, so the checkers restart with it as with rst.
module f_aes #(parameter ITER = 0, parameter TW = 7, parameter CAP = 63) (
    input wire clk, input wire rst, input wire key_clear,
    input wire [255:0] key, input wire [1:0] key_len, input wire key_valid,
    input wire [127:0] s_axis_tdata, input wire [TW-1:0] s_axis_tuser, input wire s_axis_tvalid,
    input wire m_axis_tready
);
    wire key_ready, s_axis_tready, m_axis_tvalid, key_loaded, error;
    wire [127:0] m_axis_tdata;
    wire [TW-1:0] m_axis_tuser;
    generate
        if (ITER) begin : g_iter
            aes_enc_iter #(.USER_W(TW)) dut (
                .clk(clk), .rst(rst), .key_clear(key_clear), .key(key), .key_len(key_len),
                .key_valid(key_valid), .key_ready(key_ready), .s_axis_tdata(s_axis_tdata),
                .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser), .m_axis_tvalid(m_axis_tvalid),
                .m_axis_tready(m_axis_tready), .key_loaded(key_loaded), .error(error));
        end else begin : g_pipe
            aes_enc_pipe #(.USER_W(TW)) dut (
                .clk(clk), .rst(rst), .key_clear(key_clear), .key(key), .key_len(key_len),
                .key_valid(key_valid), .key_ready(key_ready), .s_axis_tdata(s_axis_tdata),
                .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser), .m_axis_tvalid(m_axis_tvalid),
                .m_axis_tready(m_axis_tready), .key_loaded(key_loaded), .error(error));
        end
    endgenerate
    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);
    wire clr = rst || key_clear;
    f_axis_rule #(.W(258), .ASSUME(1)) f_key (.clk(clk), .rst(clr), .data({key, key_len}), .valid(key_valid), .ready(key_ready));
    f_axis_rule #(.W(128 + TW), .ASSUME(1)) f_in (.clk(clk), .rst(clr), .data({s_axis_tdata, s_axis_tuser}),
                                    .valid(s_axis_tvalid), .ready(s_axis_tready));
    f_axis_rule #(.W(128 + TW)) f_out (.clk(clk), .rst(clr), .data({m_axis_tdata, m_axis_tuser}),
                                      .valid(m_axis_tvalid), .ready(m_axis_tready));
    f_axis_seq #(.TW(TW), .CAP(CAP)) f_seq (.clk(clk), .rst(clr), .s_valid(s_axis_tvalid),
        .s_ready(s_axis_tready), .s_tag(s_axis_tuser), .m_valid(m_axis_tvalid), .m_ready(m_axis_tready),
        .m_tag(m_axis_tuser));
    // not vacuous: a loaded key
    always @* cover (key_loaded);
endmodule
