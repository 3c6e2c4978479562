// Stream checkers for the cores' harnesses (formal/f_<core>.sv):
//   f_axis_rule the AXI4-Stream rule, assumed on an input the environment drives (ASSUME = 1) or
//               asserted on an output: valid does not fall and the payload does not change while
//               valid is high and ready low (rst, which also stands for key_clear where the core
//               documents that it drops its streams, excepted);
//   f_axis_seq  for cores that carry tuser from each input beat to its output beat: the input's
//               tag is the number of the transfer (an assumption on the environment's choice of
//               tags, which the core must not look at), and each output transfer must carry the
//               next number: no beat lost, duplicated or reordered; at most CAP beats inside.
// Every harness starts in reset (the first cycle has rst high).
// f_axis_rule: the AXI4-Stream rule on one stream, assumed (ASSUME = 1, an input the environment
// drives) or asserted (ASSUME = 0, an output of the core).
module f_axis_rule #(parameter W = 8, parameter ASSUME = 0) (
    input wire clk, input wire rst, input wire [W-1:0] data, input wire valid, input wire ready
);
    reg f_past = 0, stall_q = 0;
    reg [W-1:0] data_q = 0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        stall_q <= valid && !ready && !rst;
        data_q <= data;
    end
    generate
        if (ASSUME) begin : g_assume
            always @* if (f_past && stall_q && !rst) assume (valid && data == data_q);
        end else begin : g_assert
            always @* if (f_past && stall_q) assert (valid && data == data_q);
            always @* cover (f_past && stall_q && valid);   // the output does stall with a beat
        end
    endgenerate
endmodule

module f_axis_seq #(parameter TW = 4, parameter CAP = 4) (
    input wire clk, input wire rst,
    input wire s_valid, input wire s_ready, input wire [TW-1:0] s_tag,
    input wire m_valid, input wire m_ready, input wire [TW-1:0] m_tag
);
    reg [TW-1:0] in_n = 0, out_n = 0;
    reg f_past = 0;
    wire in_x = s_valid && s_ready, out_x = m_valid && m_ready;
    always @(posedge clk) begin
        f_past <= 1'b1;
        if (rst) begin
            in_n <= 0;
            out_n <= 0;
        end else begin
            in_n <= in_n + in_x;
            out_n <= out_n + out_x;
        end
    end
    wire [TW-1:0] inside = in_n - out_n;
    always @* if (f_past) begin   // (before the first reset the core's state is arbitrary)
        if (s_valid) assume (s_tag == in_n);
        assert (inside <= CAP);                        // nothing made up, nothing held beyond CAP
        if (out_x) assert (m_tag == out_n && inside != 0);
    end
    always @* cover (f_past && out_x);                    // beats do come out
endmodule
