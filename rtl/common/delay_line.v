`default_nettype none
// delay_line: out is in delayed by DELAY clock cycles (DELAY = 0: a wire). A chain of registers
// with no enable, so it suits pipelines that never stall; without reset (RESET = 0) synthesis may
// map it to shift-register LUTs (xc7 SRL) or plain flip-flops (ECP5).
// Parameters:
//   WIDTH  bits.
//   DELAY  cycles, 0 or more.
//   RESET  1: rst clears every stage (for valid bits and other control that must not outlive a
//          reset); 0: no reset (data that travels beside a reset valid bit).
module delay_line #(
    parameter WIDTH = 1,
    parameter DELAY = 1,
    parameter RESET = 0
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] in,
    output wire [WIDTH-1:0] out
);
    generate
        if (DELAY < 0) begin : g_bad_delay
            delay_line_DELAY_must_not_be_negative u_err ();
        end
        if (RESET != 0 && RESET != 1) begin : g_bad_reset
            delay_line_RESET_must_be_0_or_1 u_err ();
        end
        if (DELAY == 0) begin : g_wire
            assign out = in;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused = &{1'b0, clk, rst};
            /* verilator lint_on UNUSEDSIGNAL */
        end else begin : g_regs
            reg [WIDTH-1:0] stage_q [0:DELAY-1];
            integer i;
            if (RESET == 1) begin : g_rst
                always @(posedge clk) begin
                    for (i = 0; i < DELAY; i = i + 1)
                        if (rst) stage_q[i] <= {WIDTH{1'b0}};
                        else stage_q[i] <= i == 0 ? in : stage_q[i - 1];
                end
            end else begin : g_norst
                always @(posedge clk) begin
                    for (i = 0; i < DELAY; i = i + 1)
                        stage_q[i] <= i == 0 ? in : stage_q[i - 1];
                end
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused = rst;
                /* verilator lint_on UNUSEDSIGNAL */
            end
            assign out = stage_q[DELAY - 1];
        end
    endgenerate
endmodule
`default_nettype wire
