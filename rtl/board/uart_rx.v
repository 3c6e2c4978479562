`default_nettype none
// uart_rx: 8N1 receiver. rx is synchronized (two flops); a start bit is confirmed at its middle,
// each data bit (LSB first) is sampled at its middle, and the byte is handed out (valid for one
// cycle) only if the stop bit is high; a framing error drops the byte. CLKS_PER_BIT: the clock
// divided by the baud rate (at least 4).
module uart_rx #(
    parameter CLKS_PER_BIT = 217
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       rx,
    output reg  [7:0] data,
    output reg        valid
);
    generate
        if (CLKS_PER_BIT < 4) begin : g_bad
            uart_rx_CLKS_PER_BIT_must_be_at_least_4 u_error ();
        end
    endgenerate
    localparam integer CW = $clog2(CLKS_PER_BIT + 1);
    reg  [1:0]    sync_q;
    reg  [CW-1:0] cnt_q;
    reg  [3:0]    bit_q;     // 0: start bit, 1..8: data, 9: stop
    reg           busy_q;
    wire          rx_s = sync_q[1];
    always @(posedge clk) begin
        if (rst) begin
            sync_q <= 2'b11;
            cnt_q <= {CW{1'b0}};
            bit_q <= 4'd0;
            busy_q <= 1'b0;
            data <= 8'd0;
            valid <= 1'b0;
        end else begin
            sync_q <= {sync_q[0], rx};
            valid <= 1'b0;
            if (!busy_q) begin
                if (!rx_s) begin                       // a falling edge: a start bit may begin
                    busy_q <= 1'b1;
                    bit_q <= 4'd0;
                    cnt_q <= CLKS_PER_BIT[CW-1:0] / 2;
                end
            end else if (cnt_q != 0) begin
                cnt_q <= cnt_q - 1'b1;
            end else begin                             // the middle of a bit
                cnt_q <= CLKS_PER_BIT[CW-1:0] - 1'b1;
                bit_q <= bit_q + 4'd1;
                if (bit_q == 4'd0 && rx_s) busy_q <= 1'b0;          // a glitch, not a start bit
                if (bit_q >= 4'd1 && bit_q <= 4'd8) data <= {rx_s, data[7:1]};
                if (bit_q == 4'd9) begin
                    busy_q <= 1'b0;
                    valid <= rx_s;                      // a stop bit: the byte is good
                end
            end
        end
    end
endmodule
`default_nettype wire
