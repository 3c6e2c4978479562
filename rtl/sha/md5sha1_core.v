`default_nettype none
// md5sha1_core: one datapath for SHA-1 and MD5, the algorithm chosen per block with s_md5
// (md_compress, ALG = 2). The two share the state, message and chaining registers, the round
// adders, the pre-computation adders, Ch and parity, and the final adders; MD5 uses four of the
// five state words. A block takes 80 cycles (SHA-1) or 64 (MD5); m_md5 tells which one a result is.
// PRECOMPUTE: 1 = the pre-computation stage, 0 = textbook rounds. Rolling loop only (PIPELINE = 1).
module md5sha1_core #(
    parameter PRECOMPUTE = 1,
    parameter USER_W = 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [511:0]      s_axis_tdata,
    input  wire [159:0]      s_cv,
    input  wire              s_md5,
    input  wire [USER_W-1:0] s_axis_tuser,
    input  wire              s_axis_tvalid,
    output wire              s_axis_tready,
    output wire [159:0]      m_axis_tdata,
    output wire              m_md5,
    output wire [USER_W-1:0] m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready
);
    md_compress #(.ALG(2), .PRECOMPUTE(PRECOMPUTE), .PIPELINE(1), .USER_W(USER_W)) u_compress (
        .clk(clk), .rst(rst),
        .s_axis_tdata(s_axis_tdata), .s_cv(s_cv), .s_md5(s_md5), .s_axis_tuser(s_axis_tuser),
        .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .m_axis_tdata(m_axis_tdata), .m_md5(m_md5), .m_axis_tuser(m_axis_tuser),
        .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready)
    );
endmodule
`default_nettype wire
