`default_nettype none
// aes_deep_datapath: a measurement fixture for issue #38 (benchmarks/aes-limits.toml), not a core:
// the DEEP AES engine's datapath (aes_enc_pipe DEEP = 1; SBOX = 2 block RAM, five cycles a round,
// or SBOX = 0 the table in LUTs, two) without its key schedule, to place on its own and learn what
// the datapath alone allows on ECP5. It keeps the input register
// (the block XOR round key 0), the 14 aes_round_deep units with their clear chain and last-round
// registers, and the one-hot choice of units 9, 11 and 13 (the last rounds of Nr = 10, 12, 14) into
// the output register. Each unit's round key is a register beside it, loaded as a shift chain
// (rk_valid shifts rk in: round key 0 last), so no schedule and no bank writes are in the design
// (and, unlike a core's, these key registers are not erased: a fixture for timing only).
// FIFO = 0: the output register drives m_axis (no backpressure: m_axis_tready is not used, and
// s_axis_tready stays high). FIFO = 1: the engine's own output stage after it (aes_pipe_out with
// OREG: the LUT-RAM FIFO of 128 entries, 64 with SBOX 0, its output register and the credit that
// s_axis_tready follows).
module aes_deep_datapath #(
    parameter FIFO = 0,
    parameter SBOX = 2
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_clear,
    input  wire [127:0] rk,
    input  wire         rk_valid,
    input  wire [1:0]   key_len,        // 0: Nr = 10, 1: 12, 2 or 3: 14
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready
);
    generate
        if (FIFO != 0 && FIFO != 1) begin : g_bad_fifo
            aes_deep_datapath_FIFO_must_be_0_or_1 u_error ();
        end
        if (SBOX != 0 && SBOX != 2) begin : g_bad_sbox
            aes_deep_datapath_SBOX_must_be_0_lut_or_2_rom u_error ();
        end
    endgenerate
    localparam integer NS = 14;
    localparam [NS-1:0] LASTS = 14'b10_1010_0000_0000;
    wire clr = rst || key_clear;
    reg  [128*(NS+1)-1:0] rk_q;
    always @(posedge clk) if (rk_valid) rk_q <= {rk_q[128*NS-1:0], rk};
    reg  [NS-1:0] islast_q;
    always @(posedge clk) begin : p_islast
        integer q;
        for (q = 0; q < NS; q = q + 1)
            islast_q[q] <= q == ((key_len == 2'd0) ? 9 : (key_len == 2'd1) ? 11 : 13);
    end
    wire         take = s_axis_tvalid && s_axis_tready;
    wire [NS:0]  clr_chain;
    assign clr_chain[0] = clr;
    wire [NS*128-1:0] d;
    wire [NS-1:0]     d_v;
    reg  [127:0] x_q;
    reg          x_v_q;
    always @(posedge clk) begin
        if (clr_chain[1]) x_q <= 128'd0;
        else x_q <= s_axis_tdata ^ rk_q[127:0];
        x_v_q <= !clr && take;
    end
    genvar k;
    generate
        for (k = 0; k < NS; k = k + 1) begin : g_unit
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_user, unused_busy;
            /* verilator lint_on UNUSEDSIGNAL */
            aes_round_deep #(.USER_W(1), .SBOX(SBOX)) u_round (
                .clk(clk), .clr(clr), .clr_in(clr_chain[k]), .clr_out(clr_chain[k + 1]),
                .src_data((k == 0) ? x_q : d[128 * (k == 0 ? 0 : k - 1) +: 128]),
                .src_v((k == 0) ? x_v_q : d_v[k == 0 ? 0 : k - 1] && !islast_q[k == 0 ? 0 : k - 1]),
                .src_user(1'b0), .last(islast_q[k]), .rk(rk_q[128 * (k + 1) +: 128]),
                .d(d[128 * k +: 128]), .d_v(d_v[k]), .d_user(unused_user), .busy(unused_busy)
            );
        end
    endgenerate
    reg  [127:0] out_data;
    always @* begin : p_out
        integer q;
        out_data = 128'd0;
        for (q = 0; q < NS; q = q + 1) if (LASTS[q]) out_data = out_data | ({128{islast_q[q]}} & d[128 * q +: 128]);
    end
    wire out_xfer = |(d_v & islast_q & LASTS);
    generate
        if (FIFO == 1) begin : g_fifo
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_free, unused_user, unused_idle;
            /* verilator lint_on UNUSEDSIGNAL */
            aes_pipe_out #(.USER_W(1), .NOSTALL(1), .OREG(1), .OD((SBOX == 2) ? 128 : 64)) u_out (
                .clk(clk), .rst(rst), .key_clear(key_clear), .take(take),
                .out_data(out_data), .out_user(1'b0), .out_xfer(out_xfer), .out_free(unused_free),
                .m_axis_tdata(m_axis_tdata), .m_axis_tuser(unused_user), .m_axis_tvalid(m_axis_tvalid),
                .m_axis_tready(m_axis_tready), .credit(s_axis_tready), .idle_next(unused_idle)
            );
        end else begin : g_reg
            reg [127:0] o_q;
            reg         o_v_q;
            always @(posedge clk) begin
                if (clr) begin
                    o_q <= 128'd0;
                    o_v_q <= 1'b0;
                end else begin
                    o_q <= out_data;
                    o_v_q <= out_xfer;
                end
            end
            assign m_axis_tdata = o_q;
            assign m_axis_tvalid = o_v_q;
            assign s_axis_tready = 1'b1;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ready = m_axis_tready;
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_chain = clr_chain[NS];
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
