// Harness of md_compress (SHA2 = 1: sha256_compress, the same interface without the MD5 flag):
// under any environment that keeps the AXI4-Stream rules on the input,
// the output keeps them and every block leaves once, in order (its tuser carries its number, the
// core carries tuser from input to output), with at most CAP blocks inside.
module f_md_compress #(parameter ALG = 1, parameter PIPELINE = 1, parameter TW = 4, parameter CAP = 2,
                       parameter SHA2 = 0) (
    input wire clk, input wire rst,
    input wire [511:0] s_axis_tdata, input wire [159:0] s_cv, input wire s_md5, input wire [TW-1:0] s_axis_tuser,
    input wire s_axis_tvalid, input wire m_axis_tready
);
    wire s_axis_tready, m_md5, m_axis_tvalid;
    wire [255:0] m_axis_tdata;
    wire [TW-1:0] m_axis_tuser;
    generate
        if (SHA2) begin : g_sha2
            sha256_compress #(.PRECOMPUTE(1), .PIPELINE(PIPELINE), .USER_W(TW)) dut (
                .clk(clk), .rst(rst), .s_axis_tdata(s_axis_tdata), .s_cv({s_cv, s_cv[95:0]}),
                .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser), .m_axis_tvalid(m_axis_tvalid),
                .m_axis_tready(m_axis_tready));
            assign m_md5 = 1'b0;
            wire unused_md5 = s_md5;
        end else begin : g_md
            md_compress #(.ALG(ALG), .PRECOMPUTE(1), .PIPELINE(PIPELINE), .USER_W(TW)) dut (
                .clk(clk), .rst(rst), .s_axis_tdata(s_axis_tdata), .s_cv(s_cv), .s_md5(s_md5),
                .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(m_axis_tdata[159:0]), .m_md5(m_md5), .m_axis_tuser(m_axis_tuser),
                .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready));
            assign m_axis_tdata[255:160] = 96'd0;
        end
    endgenerate
    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);
    f_axis_rule #(.W(512 + 160 + 1 + TW), .ASSUME(1)) f_in (.clk(clk), .rst(rst),
        .data({s_axis_tdata, s_cv, s_md5, s_axis_tuser}), .valid(s_axis_tvalid), .ready(s_axis_tready));
    // The output rule on the control and tuser bits: the digest comes out of an axis_reg, whose own
    // proof (axis_reg-mode1-wipe1-*) holds its data while stalled; left out here, the whole SHA-1
    // datapath entered this proof's cone and Yices sat at the first block's step for minutes.
    f_axis_rule #(.W(1 + TW)) f_out (.clk(clk), .rst(rst), .data({m_md5, m_axis_tuser}),
                                     .valid(m_axis_tvalid), .ready(m_axis_tready));
    wire unused_digest = ^m_axis_tdata;
    f_axis_seq #(.TW(TW), .CAP(CAP)) f_seq (.clk(clk), .rst(rst), .s_valid(s_axis_tvalid),
        .s_ready(s_axis_tready), .s_tag(s_axis_tuser), .m_valid(m_axis_tvalid), .m_ready(m_axis_tready),
        .m_tag(m_axis_tuser));
endmodule
