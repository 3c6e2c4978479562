`default_nettype none
// ghash_axil: ghash_core behind a 32-bit AXI4-Lite slave, for a CPU (docs/axil.md has the register
// map, the programming sequence and a timing diagram; src/authcore/regs/maps.py is its source,
// and the localparams below are checked against it by tests/regs). With MULT = 3 it is the
// key-specialized GHASH: H built into the gf128_mul_h that `authcore generate ghash --hash-key H`
// writes (proven equal to x*H), no H register at all; otherwise H goes in by register.
//
// H (MULT 0-2, 4, 5): H0..H3 (write-only: byte 4i+j of H in Hi[8j+7:8j]), then CTRL.H_LOAD; the H
// registers are zeroed the cycle H is loaded, so H lives in the wrapper only until then. A message
// goes in a block at a time by register (IN0..IN3, then IN_CTRL, LAST on the message's last block)
// or, with CTRL.DMA, through ghash_core's own AXI4-Stream ports (blocks in block order, byte 0 in
// [127:120]). The hash comes back in OUT0..OUT3 (STATUS.OUT_VALID; CTRL.OUT_POP releases it) or on
// m_axis with CTRL.DMA. The IN and OUT registers are zeroed when the core takes a block and when
// the CPU pops the hash. CTRL.KEY_CLEAR and rst erase H (registers and core), the running value
// and the IN and OUT registers; with MULT 3, H stays built in.
//
// As in gcm_axil nothing on the bus waits for the core: a write the map does not allow now is
// answered SLVERR and changes nothing (ERRORS.BUS: unmapped or unaligned address, a read of a
// write-only register, a write to a read-only one, a partial write; ERRORS.SEQ: a block with no H
// loaded, IN* while a block is pending or in DMA mode, H_LOAD with MULT 3 or while a message is
// under way, an OUT read with no hash, CTRL.DMA changed while not idle). irq is high while an
// enabled IRQ_STATUS cause is set. Parameters as ghash_core's (one lane, 128-bit blocks).
module ghash_axil #(
    parameter MULT = 0,
    parameter DIGIT = 8,
    parameter FIELD = 0,
    parameter MAP_LUT = 6
) (
    input  wire         clk,
    input  wire         rst,
    // AXI4-Lite slave
    input  wire [7:0]   s_axil_awaddr,
    input  wire         s_axil_awvalid,
    output wire         s_axil_awready,
    input  wire [31:0]  s_axil_wdata,
    input  wire [3:0]   s_axil_wstrb,
    input  wire         s_axil_wvalid,
    output wire         s_axil_wready,
    output wire [1:0]   s_axil_bresp,
    output wire         s_axil_bvalid,
    input  wire         s_axil_bready,
    input  wire [7:0]   s_axil_araddr,
    input  wire         s_axil_arvalid,
    output wire         s_axil_arready,
    output wire [31:0]  s_axil_rdata,
    output wire [1:0]   s_axil_rresp,
    output wire         s_axil_rvalid,
    input  wire         s_axil_rready,
    // DMA: blocks in, hashes out (CTRL.DMA = 1), as ghash_core's s_axis and m_axis
    input  wire [127:0] s_axis_tdata,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire [127:0] m_axis_tdata,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,
    output wire         irq
);
    // ---- the register map (src/authcore/regs/maps.py: GHASH_AXIL) -------------------------------
    localparam [7:0] R_ID = 8'h00, R_CONFIG = 8'h04, R_CTRL = 8'h08, R_STATUS = 8'h0C;
    localparam [7:0] R_IRQ_STATUS = 8'h10, R_IRQ_ENABLE = 8'h14, R_ERRORS = 8'h18;
    localparam [7:0] R_H = 8'h20;          // four words, to 0x2C
    localparam [7:0] R_IN = 8'h50;         // four words, to 0x5C
    localparam [7:0] R_IN_CTRL = 8'h60;
    localparam [7:0] R_OUT = 8'h70;        // four words, to 0x7C
    localparam [31:0] ID = 32'h47480100;
    localparam BUILTIN = MULT == 3;

    // ---- state ------------------------------------------------------------------------------------
    reg  [127:0] h_q;            // H0..H3
    reg          h_ok_q;         // H loaded since reset or KEY_CLEAR
    reg          h_load_q;
    reg  [127:0] in_q;           // IN0..IN3
    reg          in_last_q, in_v_q;
    reg  [127:0] out_q;          // OUT0..OUT3
    reg          out_v_q;
    reg          dma_q, s_mid_q, clear_q;
    reg  [1:0]   inflight_q;     // messages in the core whose hash has not left it
    reg  [1:0]   irq_en_q, irq_st_q;
    reg  [2:0]   err_q;

    // ---- the core -----------------------------------------------------------------------------------
    wire         c_s_ready, c_m_valid, c_error;
    wire [127:0] c_m_data;
    wire         c_s_valid = dma_q ? s_axis_tvalid : in_v_q;
    wire         c_s_last = dma_q ? s_axis_tlast : in_last_q;
    wire         c_m_ready = dma_q ? m_axis_tready : !out_v_q;
    // the registers (byte i in [8i+7:8i]) <-> block order
    wire [127:0] core_h, core_in, c_m_bytes;
    byte_rev u_rev_h (.d(h_q), .q(core_h));
    byte_rev u_rev_in (.d(in_q), .q(core_in));
    byte_rev u_rev_out (.d(c_m_data), .q(c_m_bytes));
    /* verilator lint_off PINCONNECTEMPTY */
    ghash_core #(.MULT(MULT), .DIGIT(DIGIT), .FIELD(FIELD), .MAP_LUT(MAP_LUT)) u_core (
        .clk(clk), .rst(rst), .h(core_h), .h_load(h_load_q), .key_clear(clear_q),
        .s_axis_tdata(dma_q ? s_axis_tdata : core_in), .s_axis_tkeep(1'b1), .s_axis_tlast(c_s_last),
        .s_axis_tvalid(c_s_valid), .s_axis_tready(c_s_ready),
        .m_axis_tdata(c_m_data), .m_axis_tvalid(c_m_valid), .m_axis_tready(c_m_ready),
        .error(c_error), .erased()
    );
    /* verilator lint_on PINCONNECTEMPTY */
    assign s_axis_tready = dma_q && c_s_ready;
    assign m_axis_tdata = c_m_data;
    assign m_axis_tvalid = dma_q && c_m_valid;
    wire c_s_take = c_s_valid && c_s_ready;
    wire c_m_take = c_m_valid && c_m_ready;
    wire h_ok = BUILTIN || h_ok_q;
    wire msg = s_mid_q || in_v_q || inflight_q != 2'd0;
    wire idle = !msg && !out_v_q;

    // ---- the bus ------------------------------------------------------------------------------------
    wire [7:0]  wa, ra;
    wire [31:0] wd;
    wire        w_whole, w_go, w_ok, r_go;
    reg  [31:0] r_val;
    reg         r_bus;
    wire        r_seq;
    /* verilator lint_off PINCONNECTEMPTY */
    axil_port #(.ADDR_W(8)) u_bus (
        .clk(clk), .rst(rst),
        .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
        .wr_req(), .wr_addr(wa), .wr_data(wd), .wr_whole(w_whole), .wr_hold(1'b0), .wr_err(!w_ok),
        .wr_go(w_go), .rd_req(r_go), .rd_addr(ra), .rd_data(r_val), .rd_err(r_bus || r_seq)
    );
    /* verilator lint_on PINCONNECTEMPTY */

    wire w_h = wa[7:4] == R_H[7:4] && wa[1:0] == 2'b00;      // H0..H3
    wire w_in = wa[7:4] == R_IN[7:4] && wa[1:0] == 2'b00;    // IN0..IN3
    wire w_map = wa == R_CTRL || wa == R_IRQ_STATUS || wa == R_IRQ_ENABLE || wa == R_ERRORS || w_h ||
                 w_in || wa == R_IN_CTRL;
    wire w_bus = !w_map || !w_whole;
    reg  w_seq;
    always @* begin
        w_seq = 1'b0;
        if (w_h) w_seq = BUILTIN;
        else if (w_in) w_seq = in_v_q || dma_q;
        else case (wa)
            R_CTRL: w_seq = !wd[0] && ((wd[2] && (BUILTIN || msg)) || (wd[4] != dma_q && !idle));
            R_IN_CTRL: w_seq = in_v_q || dma_q || !h_ok;
            default: ;
        endcase
    end
    assign w_ok = !w_bus && !w_seq;
    wire w_act = w_go && w_ok;

    wire r_out = ra[7:4] == R_OUT[7:4] && ra[1:0] == 2'b00;  // OUT0..OUT3
    always @* begin
        r_val = 32'd0;
        r_bus = 1'b0;
        case (ra)
            R_ID: r_val = ID;
            R_CONFIG: r_val = {28'd0, BUILTIN, MULT[2:0]};
            R_CTRL: r_val = {27'd0, dma_q, 4'd0};
            R_STATUS: r_val = {24'd0, msg, idle, 1'b0, out_v_q, in_v_q, 2'd0, h_ok};
            R_IRQ_STATUS: r_val = {30'd0, irq_st_q};
            R_IRQ_ENABLE: r_val = {30'd0, irq_en_q};
            R_ERRORS: r_val = {29'd0, err_q};
            default: if (r_out) r_val = out_q[32 * ra[3:2] +: 32];
                     else r_bus = 1'b1;   // unmapped, unaligned or write-only (H*, IN*)
        endcase
    end
    assign r_seq = !r_bus && r_out && !out_v_q;

    // ---- events and the bus-side registers -----------------------------------------------------------
    wire out_in = !dma_q && c_m_take;
    wire [2:0] err_set = {(w_go && w_bus) || (r_go && r_bus), (w_go && w_seq) || (r_go && r_seq), c_error};
    always @(posedge clk) begin
        if (rst) begin
            dma_q <= 1'b0;
            irq_en_q <= 2'd0;
            irq_st_q <= 2'd0;
            err_q <= 3'd0;
            clear_q <= 1'b0;
        end else begin
            clear_q <= w_act && wa == R_CTRL && wd[0];
            if (w_act && wa == R_CTRL) dma_q <= wd[4];
            if (w_act && wa == R_IRQ_ENABLE) irq_en_q <= wd[1:0];
            // W1C: a cause that arrives in the cycle of its clearing stays
            irq_st_q <= (irq_st_q & ~(w_act && wa == R_IRQ_STATUS ? wd[1:0] : 2'd0)) | {|err_set, out_in};
            err_q <= (err_q & ~(w_act && wa == R_ERRORS ? wd[2:0] : 3'd0)) | err_set;
        end
    end

    // H, the blocks and the message count: erased by rst and KEY_CLEAR
    wire clr = rst || clear_q;
    always @(posedge clk) begin
        if (clr) begin
            h_q <= 128'd0;
            h_ok_q <= 1'b0;
            h_load_q <= 1'b0;
            in_q <= 128'd0;
            in_last_q <= 1'b0;
            in_v_q <= 1'b0;
            out_q <= 128'd0;
            out_v_q <= 1'b0;
            s_mid_q <= 1'b0;
            inflight_q <= 2'd0;
        end else begin
            h_load_q <= w_act && wa == R_CTRL && wd[2];
            if (w_act && w_h) h_q[32 * wa[3:2] +: 32] <= wd;
            if (h_load_q) begin               // the core has H: none stays here
                h_q <= 128'd0;
                h_ok_q <= 1'b1;
            end
            if (w_act && w_in) in_q[32 * wa[3:2] +: 32] <= wd;
            if (w_act && wa == R_IN_CTRL) begin
                in_last_q <= wd[0];
                in_v_q <= 1'b1;
            end
            if (!dma_q && c_s_take) begin     // the block is the core's
                in_q <= 128'd0;
                in_v_q <= 1'b0;
            end
            if (c_s_take) s_mid_q <= !c_s_last;
            inflight_q <= inflight_q + {1'b0, c_s_take && c_s_last} - {1'b0, c_m_take};
            if (out_in) begin
                out_q <= c_m_bytes;
                out_v_q <= 1'b1;
            end
            if (w_act && wa == R_CTRL && wd[1]) begin   // OUT_POP
                out_q <= 128'd0;
                out_v_q <= 1'b0;
            end
        end
    end

    assign irq = |(irq_st_q & irq_en_q);
endmodule
`default_nettype wire
