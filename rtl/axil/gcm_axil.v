`default_nettype none
// gcm_axil: gcm_core behind a 32-bit AXI4-Lite slave, for a CPU (docs/axil.md has the register
// map, the programming sequence and a timing diagram; src/authcore/regs/maps.py is its source,
// and the localparams below are checked against it by tests/regs).
//
// Key: KEY0..KEY7 (write-only: byte 4i+j of the key in KEYi[8j+7:8j]), then KEY_CTRL with the key
// length starts the load; the key bank is zeroed the cycle the core takes it, so the key lives in
// the wrapper only until then. Packets go in a beat at a time by register (IN0..IN3, then IN_CTRL
// with the beat's byte count, phase and last flag: gcm_core's framing, docs/gcm.md) or, with
// CTRL.DMA, through the core's own AXI4-Stream ports (s_axis in, m_axis out). Output beats come
// back one at a time in OUT0..OUT3 with STATUS.OUT_* (CTRL.OUT_POP releases the beat), or on
// m_axis with CTRL.DMA. The IN and OUT registers are zeroed when the core takes a beat and when
// the CPU pops one. CTRL.KEY_CLEAR and rst erase the key bank, the IN and OUT registers and, in
// the core, the key, the round keys, H and every packet in flight.
//
// Nothing waits on the bus: a write the map does not allow now is answered SLVERR and changes
// nothing, so a CPU polls STATUS (IN_FULL before a beat, OUT_VALID for output) and never hangs a
// write behind an output only it can drain. SLVERR causes (ERRORS, sticky): BUS for an unmapped
// or unaligned address, a read of a write-only register, a write to a read-only one or a partial
// write; SEQ for an access out of sequence (KEY* while a key is being taken, a key length of 3,
// IN* while a beat is pending or in DMA mode, more than 16 bytes, an OUT read with no beat,
// CTRL.DMA changed while not idle). The core's own protocol errors (a packet out of its rules, or
// with no key) set ERRORS.CORE; that packet's final beat carries tuser[2] (STATUS.OUT_USER).
// irq is high while an enabled IRQ_STATUS cause is set. Parameters as gcm_core's (GHASH 3, the
// key-specialized multiplier, is a generated core's; not here).
module gcm_axil #(
    parameter DATA_W = 128,
    parameter SBOX = 0,
    parameter GHASH = 0,
    parameter DIGIT = 8,
    parameter LEN_W = 36
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
    // DMA: packets in, output beats out (CTRL.DMA = 1), as gcm_core's s_axis and m_axis
    input  wire [127:0] s_axis_tdata,
    input  wire [15:0]  s_axis_tkeep,
    input  wire [2:0]   s_axis_tuser,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire [127:0] m_axis_tdata,
    output wire [15:0]  m_axis_tkeep,
    output wire [2:0]   m_axis_tuser,
    output wire         m_axis_tlast,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,
    output wire         irq
);
    generate
        if (GHASH == 3) begin : g_bad_ghash
            gcm_axil_GHASH_3_is_a_generated_core_use_authcore_generate u_error ();
        end
    endgenerate

    // ---- the register map (src/authcore/regs/maps.py: GCM_AXIL) ---------------------------------
    localparam [7:0] R_ID = 8'h00, R_CONFIG = 8'h04, R_CTRL = 8'h08, R_STATUS = 8'h0C;
    localparam [7:0] R_IRQ_STATUS = 8'h10, R_IRQ_ENABLE = 8'h14, R_ERRORS = 8'h18;
    localparam [7:0] R_KEY = 8'h20;        // eight words, to 0x3C
    localparam [7:0] R_KEY_CTRL = 8'h40;
    localparam [7:0] R_IN = 8'h50;         // four words, to 0x5C
    localparam [7:0] R_IN_CTRL = 8'h60;
    localparam [7:0] R_OUT = 8'h70;        // four words, to 0x7C
    localparam [31:0] ID = 32'h47430100;

    // ---- state ------------------------------------------------------------------------------------
    reg  [255:0] key_q;          // the key bank
    reg  [1:0]   key_len_q;
    reg          key_pend_q;     // offered to the core (key_valid)
    reg          k_wait_q, k_low_q;   // taken; waiting for key_loaded (after seeing it low)
    reg  [127:0] in_q;           // the input beat: IN0..IN3
    reg  [15:0]  in_keep_q;
    reg  [2:0]   in_user_q;
    reg          in_last_q, in_v_q;
    reg  [127:0] out_q;          // the output beat: OUT0..OUT3
    reg  [2:0]   out_user_q;
    reg          out_last_q, out_v_q;
    reg  [4:0]   out_bytes_q;
    reg          dma_q, s_mid_q, clear_q;
    reg  [3:0]   inflight_q;     // packets in the core whose final beat has not left it
    reg  [2:0]   irq_en_q, irq_st_q, err_q;

    // ---- the core -----------------------------------------------------------------------------------
    wire         key_ready, key_loaded, c_s_ready, c_m_valid, c_m_last, c_error;
    wire [127:0] c_m_data;
    wire [15:0]  c_m_keep;
    wire [2:0]   c_m_user;
    wire         c_s_valid = dma_q ? s_axis_tvalid : in_v_q;
    wire         c_s_last = dma_q ? s_axis_tlast : in_last_q;
    wire         c_m_ready = dma_q ? m_axis_tready : !out_v_q;
    wire [255:0] core_key;       // the key bank (byte i in [8i+7:8i]) in gcm_core's block order
    byte_rev #(.WIDTH(256), .GROUP(32)) u_rev_key (.d(key_q), .q(core_key));
    /* verilator lint_off PINCONNECTEMPTY */
    gcm_core #(.DATA_W(DATA_W), .SBOX(SBOX), .GHASH(GHASH), .DIGIT(DIGIT), .LEN_W(LEN_W)) u_core (
        .clk(clk), .rst(rst), .key_clear(clear_q),
        .key(core_key), .key_len(key_len_q), .key_valid(key_pend_q), .key_ready(key_ready),
        .key_loaded(key_loaded), .key_mismatch(),
        .s_axis_tdata(dma_q ? s_axis_tdata : in_q), .s_axis_tkeep(dma_q ? s_axis_tkeep : in_keep_q),
        .s_axis_tuser(dma_q ? s_axis_tuser : in_user_q), .s_axis_tlast(c_s_last),
        .s_axis_tvalid(c_s_valid), .s_axis_tready(c_s_ready),
        .m_axis_tdata(c_m_data), .m_axis_tkeep(c_m_keep), .m_axis_tuser(c_m_user), .m_axis_tlast(c_m_last),
        .m_axis_tvalid(c_m_valid), .m_axis_tready(c_m_ready), .error(c_error), .erased()
    );
    /* verilator lint_on PINCONNECTEMPTY */
    assign s_axis_tready = dma_q && c_s_ready;
    assign m_axis_tdata = c_m_data;
    assign m_axis_tkeep = c_m_keep;
    assign m_axis_tuser = c_m_user;
    assign m_axis_tlast = c_m_last;
    assign m_axis_tvalid = dma_q && c_m_valid;
    wire c_s_take = c_s_valid && c_s_ready;
    wire c_m_take = c_m_valid && c_m_ready;
    wire key_take = key_pend_q && key_ready;
    wire key_busy = key_pend_q || k_wait_q;
    wire idle = !key_busy && !in_v_q && !s_mid_q && inflight_q == 4'd0 && !out_v_q;

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

    wire w_key = wa[7:5] == R_KEY[7:5] && wa[1:0] == 2'b00;   // KEY0..KEY7
    wire w_in = wa[7:4] == R_IN[7:4] && wa[1:0] == 2'b00;     // IN0..IN3
    wire w_map = wa == R_CTRL || wa == R_IRQ_STATUS || wa == R_IRQ_ENABLE || wa == R_ERRORS || w_key ||
                 wa == R_KEY_CTRL || w_in || wa == R_IN_CTRL;
    wire w_bus = !w_map || !w_whole;
    reg  w_seq;
    always @* begin
        w_seq = 1'b0;
        if (w_key) w_seq = key_pend_q;
        else if (w_in) w_seq = in_v_q || dma_q;
        else case (wa)
            R_CTRL: w_seq = wd[4] != dma_q && !idle && !wd[0];
            R_KEY_CTRL: w_seq = key_pend_q || wd[1:0] == 2'd3;
            R_IN_CTRL: w_seq = in_v_q || dma_q || wd[4:0] > 5'd16;
            default: ;
        endcase
    end
    assign w_ok = !w_bus && !w_seq;
    wire w_act = w_go && w_ok;

    wire r_out = ra[7:4] == R_OUT[7:4] && ra[1:0] == 2'b00;   // OUT0..OUT3
    always @* begin
        r_val = 32'd0;
        r_bus = 1'b0;
        case (ra)
            R_ID: r_val = ID;
            R_CONFIG: r_val = {10'd0, LEN_W[5:0], DATA_W[10:3], 3'd0, GHASH[2:0], SBOX[1:0]};
            R_CTRL: r_val = {27'd0, dma_q, 4'd0};
            R_STATUS: r_val = {11'd0, out_bytes_q, 5'd0, out_user_q, 1'b0, idle, out_last_q, out_v_q,
                               in_v_q, 1'b0, key_busy, key_loaded};
            R_IRQ_STATUS: r_val = {29'd0, irq_st_q};
            R_IRQ_ENABLE: r_val = {29'd0, irq_en_q};
            R_ERRORS: r_val = {29'd0, err_q};
            default: if (r_out) r_val = out_q[32 * ra[3:2] +: 32];
                     else r_bus = 1'b1;   // unmapped, unaligned or write-only (KEY*, IN*)
        endcase
    end
    assign r_seq = !r_bus && r_out && !out_v_q;

    // ---- events and the bus-side registers -----------------------------------------------------------
    wire key_done = k_wait_q && k_low_q && key_loaded;
    wire out_in = !dma_q && c_m_take;
    wire [2:0] err_set = {(w_go && w_bus) || (r_go && r_bus), (w_go && w_seq) || (r_go && r_seq), c_error};
    always @(posedge clk) begin
        if (rst) begin
            dma_q <= 1'b0;
            irq_en_q <= 3'd0;
            irq_st_q <= 3'd0;
            err_q <= 3'd0;
            clear_q <= 1'b0;
        end else begin
            clear_q <= w_act && wa == R_CTRL && wd[0];
            if (w_act && wa == R_CTRL) dma_q <= wd[4];
            if (w_act && wa == R_IRQ_ENABLE) irq_en_q <= wd[2:0];
            // W1C: a cause that arrives in the cycle of its clearing stays
            irq_st_q <= (irq_st_q & ~(w_act && wa == R_IRQ_STATUS ? wd[2:0] : 3'd0)) | {|err_set, key_done, out_in};
            err_q <= (err_q & ~(w_act && wa == R_ERRORS ? wd[2:0] : 3'd0)) | err_set;
        end
    end

    // the key bank, the beats and the packet count: erased by rst and KEY_CLEAR
    wire clr = rst || clear_q;
    wire [15:0] keep_w = wd[4] ? 16'hffff : (16'd1 << wd[3:0]) - 16'd1;   // BYTES: 0..16
    always @(posedge clk) begin
        if (clr) begin
            key_q <= 256'd0;
            key_len_q <= 2'd0;
            key_pend_q <= 1'b0;
            k_wait_q <= 1'b0;
            k_low_q <= 1'b0;
            in_q <= 128'd0;
            in_keep_q <= 16'd0;
            in_user_q <= 3'd0;
            in_last_q <= 1'b0;
            in_v_q <= 1'b0;
            out_q <= 128'd0;
            out_user_q <= 3'd0;
            out_last_q <= 1'b0;
            out_v_q <= 1'b0;
            out_bytes_q <= 5'd0;
            s_mid_q <= 1'b0;
            inflight_q <= 4'd0;
        end else begin
            if (w_act && w_key) key_q[32 * wa[4:2] +: 32] <= wd;
            if (w_act && wa == R_KEY_CTRL) begin
                key_len_q <= wd[1:0];
                key_pend_q <= 1'b1;
            end
            if (key_take) begin             // the core has the key: none stays here
                key_q <= 256'd0;
                key_pend_q <= 1'b0;
                k_wait_q <= 1'b1;
                k_low_q <= 1'b0;
            end
            if (k_wait_q && !key_loaded) k_low_q <= 1'b1;
            if (key_done) k_wait_q <= 1'b0;
            if (w_act && w_in) in_q[32 * wa[3:2] +: 32] <= wd;
            if (w_act && wa == R_IN_CTRL) begin
                in_keep_q <= keep_w;
                in_q <= in_q & {{8{keep_w[15]}}, {8{keep_w[14]}}, {8{keep_w[13]}}, {8{keep_w[12]}},
                                {8{keep_w[11]}}, {8{keep_w[10]}}, {8{keep_w[9]}}, {8{keep_w[8]}},
                                {8{keep_w[7]}}, {8{keep_w[6]}}, {8{keep_w[5]}}, {8{keep_w[4]}},
                                {8{keep_w[3]}}, {8{keep_w[2]}}, {8{keep_w[1]}}, {8{keep_w[0]}}};
                in_user_q <= wd[10:8];
                in_last_q <= wd[12];
                in_v_q <= 1'b1;
            end
            if (!dma_q && c_s_take) begin   // the beat is the core's: its bytes leave no copy
                in_q <= 128'd0;
                in_keep_q <= 16'd0;
                in_v_q <= 1'b0;
            end
            if (c_s_take) s_mid_q <= !c_s_last;
            inflight_q <= inflight_q + {3'd0, c_s_take && c_s_last} - {3'd0, c_m_take && c_m_last};
            if (out_in) begin
                out_q <= c_m_data;
                out_user_q <= c_m_user;
                out_last_q <= c_m_last;
                out_v_q <= 1'b1;
                out_bytes_q <= bytes_of(c_m_keep);
            end
            if (w_act && wa == R_CTRL && wd[1]) begin   // OUT_POP
                out_q <= 128'd0;
                    out_user_q <= 3'd0;
                out_last_q <= 1'b0;
                out_v_q <= 1'b0;
                out_bytes_q <= 5'd0;
            end
        end
    end

    function [4:0] bytes_of;   // the bytes of a contiguous tkeep
        input [15:0] k;
        integer i;
        begin
            bytes_of = 5'd0;
            for (i = 0; i < 16; i = i + 1) bytes_of = bytes_of + {4'd0, k[i]};
        end
    endfunction

    assign irq = |(irq_st_q & irq_en_q);
endmodule
`default_nettype wire
