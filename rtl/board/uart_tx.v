`default_nettype none
// uart_tx: 8N1 transmitter: a byte is taken when valid and ready, then sent LSB first between a
// start and a stop bit; tx idles high. CLKS_PER_BIT: the clock divided by the baud rate.
module uart_tx #(
    parameter CLKS_PER_BIT = 217
) (
    input  wire       clk,
    input  wire       rst,
    input  wire [7:0] data,
    input  wire       valid,
    output wire       ready,
    output wire       tx
);
    localparam integer CW = $clog2(CLKS_PER_BIT + 1);
    reg  [9:0]    shift_q;   // stop, data, start: shifted out LSB first
    reg  [3:0]    left_q;    // bits still to send
    reg  [CW-1:0] cnt_q;
    assign ready = left_q == 4'd0;
    assign tx = shift_q[0];
    always @(posedge clk) begin
        if (rst) begin
            shift_q <= 10'h3FF;
            left_q <= 4'd0;
            cnt_q <= {CW{1'b0}};
        end else if (ready) begin
            if (valid) begin
                shift_q <= {1'b1, data, 1'b0};
                left_q <= 4'd10;
                cnt_q <= CLKS_PER_BIT[CW-1:0] - 1'b1;
            end
        end else if (cnt_q != 0) begin
            cnt_q <= cnt_q - 1'b1;
        end else begin
            shift_q <= {1'b1, shift_q[9:1]};
            left_q <= left_q - 4'd1;
            cnt_q <= CLKS_PER_BIT[CW-1:0] - 1'b1;
        end
    end
endmodule
`default_nettype wire
