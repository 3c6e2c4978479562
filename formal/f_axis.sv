// The stream checkers of authcore's proofs (every job reads this file):
//   f_axis_rule  the AXI4-Stream rule, assumed on an input the environment drives (ASSUME = 1) or
//                asserted on an output: valid does not fall and the payload does not change while
//                valid is high and ready low (rst, which also stands for key_clear where the core
//                documents that it drops its streams, excepted);
//   f_axis_xfers the transfers in and out since the last rst, counted modulo 2^CW;
//   f_axis_seq   for a core's harness, when the core carries tuser from each input beat to its
//                output beat: the input's tag is the number of the transfer (an assumption on the
//                environment's choice of tags, which the core must not look at), and each output
//                transfer must carry the next number: no beat lost, duplicated or reordered; at most
//                CAP beats inside;
//   f_axis_track for the stream primitives, from inside them (rtl/common, under
//                `ifdef AUTHCORE_FORMAL_PRIMS): the same contract against the primitive's own view
//                of the words it holds, which makes it a proof by induction.
// Every run starts in reset (the first cycle has rst high).

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

module f_axis_xfers #(parameter CW = 4) (
    input wire clk, input wire rst,
    input wire s_valid, input wire s_ready, input wire m_valid, input wire m_ready,
    output reg [CW-1:0] in_n, output reg [CW-1:0] out_n
);
    initial begin
        in_n = 0;
        out_n = 0;
    end
    always @(posedge clk) begin
        if (rst) begin
            in_n <= 0;
            out_n <= 0;
        end else begin
            in_n <= in_n + (s_valid && s_ready);
            out_n <= out_n + (m_valid && m_ready);
        end
    end
endmodule

module f_axis_seq #(parameter TW = 4, parameter CAP = 4) (
    input wire clk, input wire rst,
    input wire s_valid, input wire s_ready, input wire [TW-1:0] s_tag,
    input wire m_valid, input wire m_ready, input wire [TW-1:0] m_tag
);
    wire [TW-1:0] in_n, out_n;
    f_axis_xfers #(.CW(TW)) f_count (.clk(clk), .rst(rst), .s_valid(s_valid), .s_ready(s_ready),
                                 .m_valid(m_valid), .m_ready(m_ready), .in_n(in_n), .out_n(out_n));
    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    wire out_x = m_valid && m_ready;
    wire [TW-1:0] inside = in_n - out_n;
    always @* if (f_past) begin   // (before the first reset the core's state is arbitrary)
        if (s_valid) assume (s_tag == in_n);
        assert (inside <= CAP);                        // nothing made up, nothing held beyond CAP
        if (out_x) assert (m_tag == out_n && inside != 0);
    end
    always @* cover (f_past && out_x);                 // beats do come out
endmodule

// f_axis_track: no beat lost, duplicated or reordered: a tagged beat (any transfer number f_n,
// chosen by the solver) is held at position f_n - out_n while it is inside and leaves with the
// data it came with; the words inside are the transfers in minus the transfers out; the output
// shows the head word whenever it is valid and keeps the AXI4-Stream rule (f_axis_rule). Assertions
// only, but for one: every run starts in reset, so it is sound wherever the primitive sits, with
// any environment that resets it first.
// Parameters: W payload bits, CAP words the primitive can hold, HW bits of its count.
module f_axis_track #(
    parameter W   = 8,
    parameter CAP = 2,
    parameter HW  = 2
) (
    input wire           clk,
    input wire           rst,       // reset or clear: the primitive is empty the cycle after
    input wire [W-1:0]   s_data,
    input wire           s_valid,
    input wire           s_ready,
    input wire [W-1:0]   m_data,
    input wire           m_valid,
    input wire           m_ready,
    input wire [HW-1:0]  held,      // words inside
    input wire [CAP*W-1:0] words    // the words inside, head in the low word
);
    localparam CW = HW + 2;   // transfer counters wrap; their difference is exact up to 2^CW - 1
    wire [CW-1:0] in_n, out_n;
    f_axis_xfers #(.CW(CW)) f_count (.clk(clk), .rst(rst), .s_valid(s_valid), .s_ready(s_ready),
                                 .m_valid(m_valid), .m_ready(m_ready), .in_n(in_n), .out_n(out_n));
    f_axis_rule #(.W(W)) f_out (.clk(clk), .rst(rst), .data(m_data), .valid(m_valid), .ready(m_ready));
    (* anyconst *) reg [CW-1:0] f_n;
    reg  [W-1:0]  f_d = 0;     // the tagged beat's data, as it came in
    reg           f_past = 0, stall_q = 0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        stall_q <= m_valid && !m_ready && !rst;
        if (s_valid && s_ready && in_n == f_n) f_d <= s_data;
    end
    wire          out_x = m_valid && m_ready;
    wire [CW-1:0] inside = in_n - out_n;
    wire [CW-1:0] pos = f_n - out_n;
    wire          tracked = pos < inside;
    always @* if (!f_past) assume (rst);
    always @* if (f_past) begin
        assert (inside == held);
        assert (held <= CAP);
        if (m_valid) assert (held != 0 && m_data == words[W-1:0]);
        if (tracked) assert (words[pos*W +: W] == f_d);
        if (out_x && out_n == f_n) assert (m_data == f_d);
    end
    // not vacuous: the tagged beat leaves after waiting behind a stalled output with the primitive
    // full, and reset empties a full primitive
    reg f_full_seen = 0, f_stalled = 0;
    always @(posedge clk) begin
        if (held == CAP) f_full_seen <= 1'b1;
        if (tracked && stall_q) f_stalled <= 1'b1;
        if (rst) begin
            f_full_seen <= 1'b0;
            f_stalled <= 1'b0;
        end
    end
    always @* cover (out_x && out_n == f_n && f_full_seen && f_stalled);
endmodule
