`default_nettype none
// uart_axil: a UART-to-AXI4-Lite bridge, the host's way into a wrapper on a board
// (authcore.board.bridge speaks its protocol). Commands, bytes on rx:
//   'W' (0x57), address, four data bytes (least significant first): one 32-bit write;
//   answer 0x06 (ACK) when the write's response was OKAY, 0x15 (NAK) when SLVERR.
//   'R' (0x52), address: one 32-bit read; answer 0x06 and the four data bytes (least significant
//   first), or 0x15 when SLVERR.
//   Any other first byte is answered '?' (0x3F) and dropped, so the host can resynchronize by
//   sending a byte that is not a command and reading until the '?'.
// One command at a time; the bus master waits for each response (the wrappers always answer).
module uart_axil #(
    parameter CLKS_PER_BIT = 217
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        rx,
    output wire        tx,
    output reg  [7:0]  m_axil_awaddr,
    output reg         m_axil_awvalid,
    input  wire        m_axil_awready,
    output reg  [31:0] m_axil_wdata,
    output wire [3:0]  m_axil_wstrb,
    output reg         m_axil_wvalid,
    input  wire        m_axil_wready,
    input  wire [1:0]  m_axil_bresp,
    input  wire        m_axil_bvalid,
    output wire        m_axil_bready,
    output reg  [7:0]  m_axil_araddr,
    output reg         m_axil_arvalid,
    input  wire        m_axil_arready,
    input  wire [31:0] m_axil_rdata,
    input  wire [1:0]  m_axil_rresp,
    input  wire        m_axil_rvalid,
    output wire        m_axil_rready
);
    localparam [7:0] CMD_W = 8'h57, CMD_R = 8'h52, ACK = 8'h06, NAK = 8'h15, HUH = 8'h3F;
    localparam [2:0] S_CMD = 3'd0, S_ADDR = 3'd1, S_DATA = 3'd2, S_BUS = 3'd3, S_ANSWER = 3'd4;

    wire [7:0] rx_data;
    wire       rx_valid, tx_ready;
    reg  [7:0] tx_data;
    reg        tx_valid;
    uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (.clk(clk), .rst(rst), .rx(rx), .data(rx_data), .valid(rx_valid));
    uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (.clk(clk), .rst(rst), .data(tx_data), .valid(tx_valid),
                                                 .ready(tx_ready), .tx(tx));

    reg  [2:0]  state_q;
    reg         write_q;      // the command is a write
    reg  [1:0]  n_q;          // data bytes received / answer bytes sent
    reg  [7:0]  addr_q;
    reg  [39:0] answer_q;     // the answer, first byte low
    reg  [2:0]  left_q;       // answer bytes still to send
    assign m_axil_wstrb = 4'hF;
    assign m_axil_bready = 1'b1;
    assign m_axil_rready = 1'b1;

    always @(posedge clk) begin
        if (rst) begin
            state_q <= S_CMD;
            write_q <= 1'b0;
            n_q <= 2'd0;
            addr_q <= 8'd0;
            answer_q <= 40'd0;
            left_q <= 3'd0;
            tx_data <= 8'd0;
            tx_valid <= 1'b0;
            m_axil_awaddr <= 8'd0;
            m_axil_awvalid <= 1'b0;
            m_axil_wdata <= 32'd0;
            m_axil_wvalid <= 1'b0;
            m_axil_araddr <= 8'd0;
            m_axil_arvalid <= 1'b0;
        end else begin
            if (tx_valid && tx_ready) tx_valid <= 1'b0;
            if (m_axil_awvalid && m_axil_awready) m_axil_awvalid <= 1'b0;
            if (m_axil_wvalid && m_axil_wready) m_axil_wvalid <= 1'b0;
            if (m_axil_arvalid && m_axil_arready) m_axil_arvalid <= 1'b0;
            case (state_q)
                S_CMD: if (rx_valid) begin
                    write_q <= rx_data == CMD_W;
                    n_q <= 2'd0;
                    if (rx_data == CMD_W || rx_data == CMD_R) begin
                        state_q <= S_ADDR;
                    end else begin
                        answer_q <= {32'd0, HUH};
                        left_q <= 3'd1;
                        state_q <= S_ANSWER;
                    end
                end
                S_ADDR: if (rx_valid) begin
                    addr_q <= rx_data;
                    if (write_q) begin
                        state_q <= S_DATA;
                    end else begin
                        m_axil_araddr <= rx_data;
                        m_axil_arvalid <= 1'b1;
                        state_q <= S_BUS;
                    end
                end
                S_DATA: if (rx_valid) begin
                    m_axil_wdata <= {rx_data, m_axil_wdata[31:8]};
                    n_q <= n_q + 2'd1;
                    if (n_q == 2'd3) begin
                        m_axil_awaddr <= addr_q;
                        m_axil_awvalid <= 1'b1;
                        m_axil_wvalid <= 1'b1;
                        state_q <= S_BUS;
                    end
                end
                S_BUS: begin
                    if (write_q && m_axil_bvalid) begin
                        answer_q <= {32'd0, m_axil_bresp == 2'b00 ? ACK : NAK};
                        left_q <= 3'd1;
                        state_q <= S_ANSWER;
                    end
                    if (!write_q && m_axil_rvalid) begin
                        answer_q <= m_axil_rresp == 2'b00 ? {m_axil_rdata, ACK} : {32'd0, NAK};
                        left_q <= m_axil_rresp == 2'b00 ? 3'd5 : 3'd1;
                        state_q <= S_ANSWER;
                    end
                end
                S_ANSWER: if (!tx_valid) begin
                    if (left_q == 3'd0) begin
                        state_q <= S_CMD;
                    end else begin
                        tx_data <= answer_q[7:0];
                        tx_valid <= 1'b1;
                        answer_q <= {8'd0, answer_q[39:8]};
                        left_q <= left_q - 3'd1;
                    end
                end
                default: state_q <= S_CMD;
            endcase
        end
    end
endmodule
`default_nettype wire
