`default_nettype none
// board_top: a wrapper on a board, driven from the host over the board's USB serial port
// (uart_axil: authcore board run). CORE "gcm" puts gcm_axil behind the bridge in its small
// configuration (AES 32 bits a cycle with block-RAM S-boxes, digit-serial GHASH 8 bits a cycle:
// about 15,000 LUT4; the serial line, not the core, sets the pace on a board), "hmac" hmac_axil
// (HMAC-SHA1 and HMAC-MD5 on the combined datapath).
// Reset: RESET_CYCLES cycles after configuration (then CTRL.KEY_CLEAR erases from the host).
// LEDs (LEDS of them, LED_LOW = 1 for active-low ones): led[0] a heartbeat (the clock runs),
// led[1] the wrapper's irq, led[2] the UART receiving, the rest off. The DMA streams are not used
// on the board (tied off).
module board_top #(
    parameter CORE = "gcm",
    parameter CLK_HZ = 25000000,
    parameter BAUD = 115200,
    parameter RESET_CYCLES = 1024,
    parameter LEDS = 8,
    parameter LED_LOW = 0
) (
    input  wire            clk,
    input  wire            uart_rx,
    output wire            uart_tx,
    output wire [LEDS-1:0] led
);
    localparam integer CLKS_PER_BIT = CLK_HZ / BAUD;
    localparam integer RW = $clog2(RESET_CYCLES + 1);
    generate
        if (LEDS < 1 || LEDS > 8) begin : g_bad_leds
            board_top_LEDS_must_be_1_to_8 u_error ();
        end
    endgenerate

    reg  [RW-1:0] por_q = {RW{1'b0}};
    reg           rst_q = 1'b1;
    always @(posedge clk) begin
        if (por_q != RESET_CYCLES[RW-1:0]) por_q <= por_q + 1'b1;
        rst_q <= por_q != RESET_CYCLES[RW-1:0];
    end

    wire [7:0]  awaddr, araddr;
    wire [31:0] wdata, rdata;
    wire [3:0]  wstrb;
    wire [1:0]  bresp, rresp;
    wire        awvalid, awready, wvalid, wready, bvalid, bready, arvalid, arready, rvalid, rready, irq;
    uart_axil #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_bridge (
        .clk(clk), .rst(rst_q), .rx(uart_rx), .tx(uart_tx),
        .m_axil_awaddr(awaddr), .m_axil_awvalid(awvalid), .m_axil_awready(awready),
        .m_axil_wdata(wdata), .m_axil_wstrb(wstrb), .m_axil_wvalid(wvalid), .m_axil_wready(wready),
        .m_axil_bresp(bresp), .m_axil_bvalid(bvalid), .m_axil_bready(bready),
        .m_axil_araddr(araddr), .m_axil_arvalid(arvalid), .m_axil_arready(arready),
        .m_axil_rdata(rdata), .m_axil_rresp(rresp), .m_axil_rvalid(rvalid), .m_axil_rready(rready)
    );
    /* verilator lint_off PINCONNECTEMPTY */
    generate
        if (CORE == "gcm") begin : g_gcm
            gcm_axil #(.DATA_W(32), .SBOX(2), .GHASH(2), .DIGIT(8)) u_core (
                .clk(clk), .rst(rst_q),
                .s_axil_awaddr(awaddr), .s_axil_awvalid(awvalid), .s_axil_awready(awready),
                .s_axil_wdata(wdata), .s_axil_wstrb(wstrb), .s_axil_wvalid(wvalid), .s_axil_wready(wready),
                .s_axil_bresp(bresp), .s_axil_bvalid(bvalid), .s_axil_bready(bready),
                .s_axil_araddr(araddr), .s_axil_arvalid(arvalid), .s_axil_arready(arready),
                .s_axil_rdata(rdata), .s_axil_rresp(rresp), .s_axil_rvalid(rvalid), .s_axil_rready(rready),
                .s_axis_tdata(128'd0), .s_axis_tkeep(16'd0), .s_axis_tuser(3'd0), .s_axis_tlast(1'b0),
                .s_axis_tvalid(1'b0), .s_axis_tready(), .m_axis_tdata(), .m_axis_tkeep(), .m_axis_tuser(),
                .m_axis_tlast(), .m_axis_tvalid(), .m_axis_tready(1'b0), .irq(irq)
            );
        end else if (CORE == "hmac") begin : g_hmac
            hmac_axil #(.HASH(2)) u_core (
                .clk(clk), .rst(rst_q),
                .s_axil_awaddr(awaddr), .s_axil_awvalid(awvalid), .s_axil_awready(awready),
                .s_axil_wdata(wdata), .s_axil_wstrb(wstrb), .s_axil_wvalid(wvalid), .s_axil_wready(wready),
                .s_axil_bresp(bresp), .s_axil_bvalid(bvalid), .s_axil_bready(bready),
                .s_axil_araddr(araddr), .s_axil_arvalid(arvalid), .s_axil_arready(arready),
                .s_axil_rdata(rdata), .s_axil_rresp(rresp), .s_axil_rvalid(rvalid), .s_axil_rready(rready),
                .s_axis_tdata(32'd0), .s_axis_tkeep(4'd0), .s_axis_tlast(1'b0), .s_axis_tuser(1'b0),
                .s_axis_tid(2'd0), .s_axis_tvalid(1'b0), .s_axis_tready(), .m_axis_tdata(), .m_axis_tkeep(),
                .m_axis_tlast(), .m_axis_tuser(), .m_axis_tid(), .m_axis_tvalid(), .m_axis_tready(1'b0),
                .irq(irq)
            );
        end else begin : g_bad
            board_top_CORE_must_be_gcm_or_hmac u_error ();
        end
    endgenerate
    /* verilator lint_on PINCONNECTEMPTY */

    reg [24:0] beat_q = 25'd0;
    always @(posedge clk) beat_q <= beat_q + 1'b1;
    /* verilator lint_off UNUSEDSIGNAL */   // a board with fewer LEDs shows the first ones
    wire [7:0] lit = {5'd0, !uart_rx, irq, beat_q[24]};
    /* verilator lint_on UNUSEDSIGNAL */
    assign led = lit[LEDS-1:0] ^ {LEDS{LED_LOW[0]}};
endmodule
`default_nettype wire
