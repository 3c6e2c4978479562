`default_nettype none
// axis_reg: a register slice between two AXI4-Stream handshakes, any payload (pack tdata, tkeep,
// tlast and tuser into s_axis_tdata).
// Parameters:
//   WIDTH  payload bits.
//   MODE   0 pass-through: wires, no register (a slice that can be switched off by a parameter).
//          1 simple: one output register; s_axis_tready = !m_axis_tvalid || m_axis_tready, so the
//            forward path (data and valid) is cut and the ready path is not. A word per cycle;
//            latency 1.
//          2 skid buffer: an output register and a skid register; s_axis_tready is a flip-flop, so
//            both paths are cut. A word per cycle; latency 1; a word offered while the output
//            stalls goes to the skid register and leaves after the output's word.
//   WIPE   1: reset and clear zero the data registers too (payloads derived from keys); 0: they
//          only empty the slice (the registers keep stale data, which m_axis_tvalid low marks).
//   EAGER  0: a data register loads only a word it takes, so m_axis_tdata shows the last word
//          transferred (zero after a wipe) and never what s_axis_tdata holds while invalid.
//          1: the data registers load whenever they are free, taken or not, so s_axis_tvalid
//          reaches no enable (for a valid decoded late); m_axis_tdata is then whatever
//          s_axis_tdata held, meaningless while m_axis_tvalid is low.
// clear empties the slice like reset (key_clear).
module axis_reg #(
    parameter WIDTH = 8,
    parameter MODE  = 1,
    parameter WIPE  = 0,
    parameter EAGER = 0
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             clear,
    input  wire [WIDTH-1:0] s_axis_tdata,
    input  wire             s_axis_tvalid,
    output wire             s_axis_tready,
    output wire [WIDTH-1:0] m_axis_tdata,
    output wire             m_axis_tvalid,
    input  wire             m_axis_tready
);
    generate
        if (MODE < 0 || MODE > 2) begin : g_bad_mode
            axis_reg_MODE_must_be_0_pass_1_simple_or_2_skid u_err ();
        end
        if (WIPE != 0 && WIPE != 1) begin : g_bad_wipe
            axis_reg_WIPE_must_be_0_or_1 u_err ();
        end
        if (EAGER != 0 && EAGER != 1) begin : g_bad_eager
            axis_reg_EAGER_must_be_0_or_1 u_err ();
        end
        if (WIDTH < 1) begin : g_bad_width
            axis_reg_WIDTH_must_be_at_least_1 u_err ();
        end

        if (MODE == 0) begin : g_pass
            assign m_axis_tdata = s_axis_tdata;
            assign m_axis_tvalid = s_axis_tvalid;
            assign s_axis_tready = m_axis_tready;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused = &{1'b0, clk, rst, clear};
            /* verilator lint_on UNUSEDSIGNAL */
        end else if (MODE == 1) begin : g_simple
            reg [WIDTH-1:0] d_q;
            reg             v_q;
            wire            free = !v_q || m_axis_tready;
            always @(posedge clk) begin
                if (rst || clear) v_q <= 1'b0;
                else if (free) v_q <= s_axis_tvalid;
            end
            always @(posedge clk) begin
                if (WIPE == 1 && (rst || clear)) d_q <= {WIDTH{1'b0}};
                else if (free && (EAGER == 1 || s_axis_tvalid)) d_q <= s_axis_tdata;
            end
            assign s_axis_tready = free;
            assign m_axis_tdata = d_q;
            assign m_axis_tvalid = v_q;
`ifdef AUTHCORE_FORMAL_PRIMS
            // formal/f_axis.sv: the words held are the output register's
            f_axis_track #(.W(WIDTH), .CAP(1), .HW(1)) f_track (
                .clk(clk), .rst(rst || clear), .s_data(s_axis_tdata), .s_valid(s_axis_tvalid),
                .s_ready(s_axis_tready), .m_data(m_axis_tdata), .m_valid(m_axis_tvalid), .m_ready(m_axis_tready),
                .held(v_q), .words(d_q)
            );
            reg f_wiped = 1'b0;
            always @(posedge clk) f_wiped <= WIPE == 1 && (rst || clear);
            always @* if (f_wiped) assert (d_q == {WIDTH{1'b0}});
`endif
        end else begin : g_skid
            reg [WIDTH-1:0] d_q, skid_q;
            reg             v_q, skid_v_q;
            wire            free = !v_q || m_axis_tready;
            always @(posedge clk) begin
                if (rst || clear) begin
                    v_q <= 1'b0;
                    skid_v_q <= 1'b0;
                end else if (free) begin
                    v_q <= skid_v_q || s_axis_tvalid;
                    skid_v_q <= 1'b0;
                end else if (s_axis_tvalid && !skid_v_q) begin
                    skid_v_q <= 1'b1;   // the output stalls: the word waits beside it
                end
            end
            always @(posedge clk) begin
                if (WIPE == 1 && (rst || clear)) begin
                    d_q <= {WIDTH{1'b0}};
                    skid_q <= {WIDTH{1'b0}};
                end else begin
                    if (free && (EAGER == 1 || skid_v_q || s_axis_tvalid))
                        d_q <= skid_v_q ? skid_q : s_axis_tdata;
                    if (!skid_v_q && (EAGER == 1 || s_axis_tvalid)) skid_q <= s_axis_tdata;
                end
            end
            assign s_axis_tready = !skid_v_q;
            assign m_axis_tdata = d_q;
            assign m_axis_tvalid = v_q;
`ifdef AUTHCORE_FORMAL_PRIMS
            // formal/f_axis.sv: the words held are the output register's, then the skid's
            f_axis_track #(.W(WIDTH), .CAP(2), .HW(2)) f_track (
                .clk(clk), .rst(rst || clear), .s_data(s_axis_tdata), .s_valid(s_axis_tvalid),
                .s_ready(s_axis_tready), .m_data(m_axis_tdata), .m_valid(m_axis_tvalid), .m_ready(m_axis_tready),
                .held({1'b0, v_q} + {1'b0, skid_v_q}), .words({skid_q, d_q})
            );
            reg f_wiped = 1'b0;
            always @(posedge clk) f_wiped <= WIPE == 1 && (rst || clear);
            reg f_past = 1'b0;
            always @(posedge clk) f_past <= 1'b1;
            always @* if (f_past) begin
                assert (!skid_v_q || v_q);   // the skid register fills only behind a held output
                if (f_wiped) assert (d_q == {WIDTH{1'b0}} && skid_q == {WIDTH{1'b0}});
            end
`endif
        end
    endgenerate
endmodule
`default_nettype wire
