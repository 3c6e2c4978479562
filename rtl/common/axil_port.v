`default_nettype none
// axil_port: the handshakes of a 32-bit AXI4-Lite slave, for the register wrappers (hmac_axil,
// gcm_axil). The wrapper decodes; this module times.
//
// Write: an access is offered (wr_req) when both awvalid and wvalid are high and no response is
// pending; the wrapper answers in the same cycle with wr_hold (not yet: the address and data keep
// waiting, awready and wready stay low) or lets it go (wr_go: awready and wready high together),
// with wr_err for SLVERR. A write acts (the wrapper's state changes) only when wr_go && !wr_err.
// The response is registered: bvalid the cycle after, held until bready.
// Read: an access is offered (rd_req) when arvalid is high and no data is pending; it always goes
// at once (arready = rd_req); rd_data and rd_err are registered into rdata and rresp (SLVERR with
// zero data on rd_err), rvalid held until rready.
module axil_port #(
    parameter ADDR_W = 8
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [ADDR_W-1:0] s_axil_awaddr,
    input  wire              s_axil_awvalid,
    output wire              s_axil_awready,
    input  wire [31:0]       s_axil_wdata,
    input  wire [3:0]        s_axil_wstrb,
    input  wire              s_axil_wvalid,
    output wire              s_axil_wready,
    output wire [1:0]        s_axil_bresp,
    output wire              s_axil_bvalid,
    input  wire              s_axil_bready,
    input  wire [ADDR_W-1:0] s_axil_araddr,
    input  wire              s_axil_arvalid,
    output wire              s_axil_arready,
    output wire [31:0]       s_axil_rdata,
    output wire [1:0]        s_axil_rresp,
    output wire              s_axil_rvalid,
    input  wire              s_axil_rready,
    output wire              wr_req,
    output wire [ADDR_W-1:0] wr_addr,
    output wire [31:0]       wr_data,
    output wire              wr_whole,     // wstrb is 4'hf (the wrappers take whole words only)
    input  wire              wr_hold,
    input  wire              wr_err,
    output wire              wr_go,
    output wire              rd_req,
    output wire [ADDR_W-1:0] rd_addr,
    input  wire [31:0]       rd_data,
    input  wire              rd_err
);
    localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;
    reg        b_v_q, r_v_q;
    reg  [1:0] b_resp_q, r_resp_q;
    reg [31:0] r_data_q;

    assign wr_req = s_axil_awvalid && s_axil_wvalid && !b_v_q;
    assign wr_addr = s_axil_awaddr;
    assign wr_data = s_axil_wdata;
    assign wr_whole = s_axil_wstrb == 4'hf;
    assign wr_go = wr_req && !wr_hold;
    assign s_axil_awready = wr_go;
    assign s_axil_wready = wr_go;
    assign s_axil_bvalid = b_v_q;
    assign s_axil_bresp = b_resp_q;

    assign rd_req = s_axil_arvalid && !r_v_q;
    assign rd_addr = s_axil_araddr;
    assign s_axil_arready = rd_req;
    assign s_axil_rvalid = r_v_q;
    assign s_axil_rresp = r_resp_q;
    assign s_axil_rdata = r_data_q;

    always @(posedge clk) begin
        if (rst) begin
            b_v_q <= 1'b0;
            b_resp_q <= OKAY;
            r_v_q <= 1'b0;
            r_resp_q <= OKAY;
            r_data_q <= 32'd0;
        end else begin
            if (wr_go) begin
                b_v_q <= 1'b1;
                b_resp_q <= wr_err ? SLVERR : OKAY;
            end else if (s_axil_bready) begin
                b_v_q <= 1'b0;
            end
            if (rd_req) begin
                r_v_q <= 1'b1;
                r_resp_q <= rd_err ? SLVERR : OKAY;
                r_data_q <= rd_err ? 32'd0 : rd_data;
            end else if (s_axil_rready) begin
                r_v_q <= 1'b0;
            end
        end
    end
endmodule
`default_nettype wire
