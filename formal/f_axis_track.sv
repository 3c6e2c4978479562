// f_axis_track: the stream primitives' formal contract, checked from inside a primitive under
// `ifdef FORMAL` against the primitive's own abstraction of what it holds (the words, head first).
// Assertions only, but for one: every run starts in reset (the first cycle has rst high), so it is
// sound wherever the primitive sits, with any environment that resets it first.
//   no beat lost, duplicated or reordered: a tagged beat (any transfer number f_n, chosen by the
//     solver) is held at position f_n - out_n while it is inside and leaves with the data it came
//     with; the words inside are the transfers in minus the transfers out;
//   the output keeps the AXI4-Stream rule: valid does not fall and data does not change while
//     valid is high and ready low (reset and clear, which empty the primitive, excepted);
//   the output shows the head word whenever it is valid.
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
    reg  [CW-1:0] in_n = 0, out_n = 0;
    (* anyconst *) reg [CW-1:0] f_n;
    reg  [W-1:0]  f_d = 0;     // the tagged beat's data, as it came in
    reg           f_past = 0, stall_q = 0;
    reg  [W-1:0]  data_q = 0;
    wire in_x  = s_valid && s_ready;
    wire out_x = m_valid && m_ready;
    always @(posedge clk) begin
        f_past <= 1'b1;
        stall_q <= m_valid && !m_ready && !rst;
        data_q <= m_data;
        if (in_x && in_n == f_n) f_d <= s_data;
        if (rst) begin
            in_n <= 0;
            out_n <= 0;
        end else begin
            in_n <= in_n + in_x;
            out_n <= out_n + out_x;
        end
    end
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
        if (f_past && stall_q) assert (m_valid && m_data == data_q);
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
