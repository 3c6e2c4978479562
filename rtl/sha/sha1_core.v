`default_nettype none
// sha1_core: the SHA-1 compression function with a loadable chaining value (md_compress, ALG = 0).
// m_axis_tdata = cv + compress(cv, block), in digest byte order; see md_compress for the timing.
// PRECOMPUTE: 1 = the HMAC seed's pre-computation stage (two adders in the round), 0 = textbook.
// PIPELINE: 1 = rolling loop (one round per cycle), 4 = one round unit per round group, four
// independent blocks in flight.
module sha1_core #(
    parameter PRECOMPUTE = 1,
    parameter PIPELINE = 1,
    parameter USER_W = 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [511:0]      s_axis_tdata,
    input  wire [159:0]      s_cv,
    input  wire [USER_W-1:0] s_axis_tuser,
    input  wire              s_axis_tvalid,
    output wire              s_axis_tready,
    output wire [159:0]      m_axis_tdata,
    output wire [USER_W-1:0] m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready
);
    wire unused_md5;

    md_compress #(.ALG(0), .PRECOMPUTE(PRECOMPUTE), .PIPELINE(PIPELINE), .USER_W(USER_W)) u_compress (
        .clk(clk), .rst(rst),
        .s_axis_tdata(s_axis_tdata), .s_cv(s_cv), .s_md5(1'b0), .s_axis_tuser(s_axis_tuser),
        .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .m_axis_tdata(m_axis_tdata), .m_md5(unused_md5), .m_axis_tuser(m_axis_tuser),
        .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready)
    );
endmodule
`default_nettype wire
