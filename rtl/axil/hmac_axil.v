`default_nettype none
// hmac_axil: hmac_core behind a 32-bit AXI4-Lite slave, for a CPU (docs/axil.md has the register
// map, the programming sequence and a timing diagram; src/authcore/regs/maps.py is its source,
// and the localparams below are checked against it by tests/regs).
//
// Keys go in by register: KEY_CTRL (length, algorithm), then the key's words on KEY_DATA. Messages
// go in by register (MSG_CTRL, then MSG_DATA words) or, with CTRL.DMA, through the core's own
// AXI4-Stream ports (s_axis in, m_axis out: a DMA engine's streams). MACs come back in an 8-word
// buffer (MAC0.., STATUS.MAC_VALID, released by CTRL.MAC_ACK) or on m_axis with CTRL.DMA.
// A data word waits in one register until the core takes it, then that register is zeroed; a
// write to KEY_DATA or MSG_DATA while it is full is held (the write response waits) until the
// core takes the word before it. Key material is never readable: KEY_DATA is write-only, and
// CTRL.KEY_CLEAR and rst erase the keys in the core, the word register and the MAC buffer.
//
// Every access the map does not allow is answered SLVERR and changes nothing: an unmapped or
// unaligned address, a read of a write-only register, a write to a read-only one, a write with
// wstrb other than 4'hf (ERRORS.BUS); a write out of sequence (ERRORS.SEQ: a data word with no
// length pending, KEY_CTRL or MSG_CTRL while a key or message is under way or while the MAC buffer
// is full, MSG_* in DMA mode, CTRL.DMA changed while not idle, a read of MAC0.. with the buffer
// empty); a message for an algorithm whose key is not loaded (ERRORS.NO_KEY). The core's own
// error (ERRORS.CORE) marks that message's MAC (STATUS.MAC_ERR, or m_axis_tuser in DMA mode).
// irq is high while an enabled IRQ_STATUS cause is set.
//
// One access at a time per channel (axil_port): a write takes its address and data together
// (awready and wready rise in the same cycle) and answers the next cycle; a read answers the cycle
// after its address. Parameters as hmac_core's; TID_W at most 8.
module hmac_axil #(
    parameter HASH = 0,
    parameter PRECOMPUTE = 1,
    parameter PIPELINE = 1,
    parameter TID_W = 2
) (
    input  wire             clk,
    input  wire             rst,
    // AXI4-Lite slave
    input  wire [7:0]       s_axil_awaddr,
    input  wire             s_axil_awvalid,
    output wire             s_axil_awready,
    input  wire [31:0]      s_axil_wdata,
    input  wire [3:0]       s_axil_wstrb,
    input  wire             s_axil_wvalid,
    output wire             s_axil_wready,
    output wire [1:0]       s_axil_bresp,
    output wire             s_axil_bvalid,
    input  wire             s_axil_bready,
    input  wire [7:0]       s_axil_araddr,
    input  wire             s_axil_arvalid,
    output wire             s_axil_arready,
    output wire [31:0]      s_axil_rdata,
    output wire [1:0]       s_axil_rresp,
    output wire             s_axil_rvalid,
    input  wire             s_axil_rready,
    // DMA: messages in, MACs out (CTRL.DMA = 1), as hmac_core's s_axis and m_axis
    input  wire [31:0]      s_axis_tdata,
    input  wire [3:0]       s_axis_tkeep,
    input  wire             s_axis_tlast,
    input  wire             s_axis_tuser,
    input  wire [TID_W-1:0] s_axis_tid,
    input  wire             s_axis_tvalid,
    output wire             s_axis_tready,
    output wire [31:0]      m_axis_tdata,
    output wire [3:0]       m_axis_tkeep,
    output wire             m_axis_tlast,
    output wire             m_axis_tuser,
    output wire [TID_W-1:0] m_axis_tid,
    output wire             m_axis_tvalid,
    input  wire             m_axis_tready,
    output wire             irq
);
    generate
        if (TID_W < 1 || TID_W > 8) begin : g_bad_tid
            hmac_axil_TID_W_must_be_1_to_8 u_error ();
        end
    endgenerate

    // ---- the register map (src/authcore/regs/maps.py: HMAC_AXIL) --------------------------------
    localparam [7:0] R_ID = 8'h00, R_CONFIG = 8'h04, R_CTRL = 8'h08, R_STATUS = 8'h0C;
    localparam [7:0] R_IRQ_STATUS = 8'h10, R_IRQ_ENABLE = 8'h14, R_ERRORS = 8'h18;
    localparam [7:0] R_KEY_CTRL = 8'h20, R_KEY_DATA = 8'h24, R_MSG_CTRL = 8'h28, R_MSG_DATA = 8'h2C;
    localparam [7:0] R_MAC = 8'h40;   // eight words, to 0x5C
    localparam [31:0] ID = 32'h484D0100;

    // ---- the core ------------------------------------------------------------------------------------
    wire             key_clear;
    wire             c_k_valid, c_k_ready, c_s_valid, c_s_ready, c_m_ready;
    wire [31:0]      c_s_data, c_m_data;
    wire [3:0]       c_s_keep, c_m_keep;
    wire             c_s_last, c_s_user, c_m_last, c_m_user, c_m_valid, c_error;
    wire [TID_W-1:0] c_s_tid, c_m_tid;
    wire [1:0]       key_valid;
    reg  [31:0]      st_q;          // the word register: the next key or message beat
    reg  [3:0]       st_keep_q;
    reg              st_last_q, st_key_q, st_user_q, st_v_q;
    reg  [TID_W-1:0] st_tid_q;
    reg              dma_q;
    hmac_core #(.HASH(HASH), .PRECOMPUTE(PRECOMPUTE), .PIPELINE(PIPELINE), .TID_W(TID_W)) u_core (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .k_axis_tdata(st_q), .k_axis_tkeep(st_keep_q), .k_axis_tlast(st_last_q), .k_axis_tuser(st_user_q),
        .k_axis_tvalid(c_k_valid), .k_axis_tready(c_k_ready),
        .s_axis_tdata(c_s_data), .s_axis_tkeep(c_s_keep), .s_axis_tlast(c_s_last), .s_axis_tuser(c_s_user),
        .s_axis_tid(c_s_tid), .s_axis_tvalid(c_s_valid), .s_axis_tready(c_s_ready),
        .m_axis_tdata(c_m_data), .m_axis_tkeep(c_m_keep), .m_axis_tlast(c_m_last), .m_axis_tuser(c_m_user),
        .m_axis_tid(c_m_tid), .m_axis_tvalid(c_m_valid), .m_axis_tready(c_m_ready),
        .key_valid(key_valid), .error(c_error)
    );
    assign c_k_valid = st_v_q && st_key_q;
    assign c_s_valid = dma_q ? s_axis_tvalid : st_v_q && !st_key_q;
    assign c_s_data = dma_q ? s_axis_tdata : st_q;
    assign c_s_keep = dma_q ? s_axis_tkeep : st_keep_q;
    assign c_s_last = dma_q ? s_axis_tlast : st_last_q;
    assign c_s_user = dma_q ? s_axis_tuser : st_user_q;
    assign c_s_tid = dma_q ? s_axis_tid : st_tid_q;
    assign s_axis_tready = dma_q && c_s_ready;
    reg              mac_v_q;
    assign c_m_ready = dma_q ? m_axis_tready : !mac_v_q;
    assign m_axis_tdata = c_m_data;
    assign m_axis_tkeep = c_m_keep;
    assign m_axis_tlast = c_m_last;
    assign m_axis_tuser = c_m_user;
    assign m_axis_tid = c_m_tid;
    assign m_axis_tvalid = dma_q && c_m_valid;
    wire st_take = (c_k_valid && c_k_ready) || (!dma_q && c_s_valid && c_s_ready);
    wire c_s_end = c_s_valid && c_s_ready && c_s_last;    // a message entered the core
    wire c_m_end = c_m_valid && c_m_ready && c_m_last;    // its MAC left it

    // ---- state ----------------------------------------------------------------------------------------
    reg  [15:0]      left_q;        // bytes still to come by KEY_DATA or MSG_DATA
    reg              k_act_q, m_act_q;   // a key / message length was written, words to come
    reg              k_wait_q;      // the key's words are in; the core is deriving its states
    reg              k_low_q;       // ... and its slot was seen invalid (the load has begun)
    reg              k_alg_q;
    reg  [3:0]       inflight_q;    // messages in the core whose MAC has not left it
    reg  [255:0]     mac_q;
    reg  [3:0]       mac_n_q;       // MAC words in the buffer
    reg              mac_err_q;
    reg  [TID_W-1:0] mac_tid_q;
    reg  [2:0]       irq_en_q, irq_st_q;
    reg  [3:0]       err_q;
    reg              clear_q;       // CTRL.KEY_CLEAR, applied the cycle after the write
    assign key_clear = clear_q;
    wire k_busy = k_act_q || k_wait_q || (st_v_q && st_key_q);
    reg              s_mid_q;       // a message is part way into the core (by either path)
    wire idle = !k_busy && !m_act_q && !st_v_q && !s_mid_q && inflight_q == 4'd0 && !mac_v_q;

    // ---- the bus: axil_port times the handshakes, the decoding is here ----------------------------
    wire [7:0]  wa, ra;
    wire [31:0] wd;
    wire        w_whole, w_hold, w_go, w_ok, r_go;
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
        .wr_req(), .wr_addr(wa), .wr_data(wd), .wr_whole(w_whole), .wr_hold(w_hold), .wr_err(!w_ok),
        .wr_go(w_go), .rd_req(r_go), .rd_addr(ra), .rd_data(r_val), .rd_err(r_bus || r_seq)
    );
    /* verilator lint_on PINCONNECTEMPTY */
    wire        w_data = wa == R_KEY_DATA || wa == R_MSG_DATA;
    wire        w_map = wa == R_CTRL || wa == R_IRQ_STATUS || wa == R_IRQ_ENABLE || wa == R_ERRORS ||
                        wa == R_KEY_CTRL || w_data || wa == R_MSG_CTRL;
    wire        w_bus = !w_map || !w_whole;   // includes unaligned and read-only addresses
    // sequence rules (each write that passes them acts; one that fails changes nothing)
    reg         w_seq, w_nokey;
    wire        alg_ok = HASH >= 2 || wd[16] == (HASH == 1);   // an algorithm the core serves
    always @* begin
        w_seq = 1'b0;
        w_nokey = 1'b0;
        case (wa)
            R_CTRL: w_seq = wd[4] != dma_q && !idle && !wd[0];
            R_KEY_CTRL: w_seq = k_busy || m_act_q || st_v_q || mac_v_q || !alg_ok;
            R_KEY_DATA: w_seq = !k_act_q;
            R_MSG_CTRL: begin
                w_seq = dma_q || k_busy || m_act_q || mac_v_q;
                w_nokey = !w_seq && !key_valid[wd[16]];
            end
            R_MSG_DATA: w_seq = !m_act_q || dma_q;
            default: ;
        endcase
    end
    assign w_ok = !w_bus && !w_seq && !w_nokey;
    // a legal data word waits while the word register is full; everything else answers at once
    assign w_hold = w_ok && w_data && st_v_q;
    wire w_act = w_go && w_ok;

    // the bytes of the next beat: min(left, 4); a length of zero makes one empty tlast beat
    wire [15:0] len = wd[15:0];
    wire        last_word = left_q <= 16'd4;
    wire [3:0]  keep_word = left_q >= 16'd4 ? 4'hf : left_q == 16'd3 ? 4'h7 : left_q == 16'd2 ? 4'h3 : 4'h1;
    wire [31:0] mask_word = {{8{keep_word[3]}}, {8{keep_word[2]}}, {8{keep_word[1]}}, {8{keep_word[0]}}};

    // ---- reads ---------------------------------------------------------------------------------------
    wire        r_mac = ra[7:5] == R_MAC[7:5] && ra[1:0] == 2'b00;   // 0x40..0x5C
    wire [7:0]  mac_tid8;
    generate
        if (TID_W == 8) begin : g_tid8
            assign mac_tid8 = mac_tid_q;
        end else begin : g_tid
            assign mac_tid8 = {{(8 - TID_W){1'b0}}, mac_tid_q};
        end
    endgenerate
    always @* begin
        r_val = 32'd0;
        r_bus = 1'b0;
        case (ra)
            R_ID: r_val = ID;
            R_CONFIG: r_val = {24'd0, TID_W[3:0], PRECOMPUTE != 0, PIPELINE == 4, HASH[1:0]};
            R_CTRL: r_val = {27'd0, dma_q, 4'd0};
            R_STATUS: r_val = {12'd0, mac_n_q, mac_tid8, 1'b0, idle, mac_err_q,
                               mac_v_q, m_act_q, k_busy, key_valid};
            R_IRQ_STATUS: r_val = {29'd0, irq_st_q};
            R_IRQ_ENABLE: r_val = {29'd0, irq_en_q};
            R_ERRORS: r_val = {28'd0, err_q};
            default: if (r_mac) r_val = mac_q[32 * ra[4:2] +: 32];
                     else r_bus = 1'b1;   // unmapped, unaligned or write-only (KEY_*, MSG_*)
        endcase
    end
    assign r_seq = !r_bus && r_mac && !mac_v_q;

    // ---- events --------------------------------------------------------------------------------------
    wire key_done = k_wait_q && k_low_q && key_valid[k_alg_q] && !(st_v_q && st_key_q);
    wire mac_in = !dma_q && c_m_valid && c_m_ready && c_m_last;
    wire [3:0] err_set = {(w_go && w_bus) || (r_go && r_bus), (w_go && w_seq) || (r_go && r_seq),
                          w_go && w_nokey, c_error};

    always @(posedge clk) begin
        if (rst) begin
            dma_q <= 1'b0;
            irq_en_q <= 3'd0;
            irq_st_q <= 3'd0;
            err_q <= 4'd0;
            clear_q <= 1'b0;
        end else begin
            clear_q <= w_act && wa == R_CTRL && wd[0];
            if (w_act && wa == R_CTRL) dma_q <= wd[4];
            if (w_act && wa == R_IRQ_ENABLE) irq_en_q <= wd[2:0];
            // W1C: a cause that arrives in the cycle of its clearing stays
            irq_st_q <= (irq_st_q & ~(w_act && wa == R_IRQ_STATUS ? wd[2:0] : 3'd0))
                        | {|err_set, key_done, mac_in};
            err_q <= (err_q & ~(w_act && wa == R_ERRORS ? wd[3:0] : 4'd0)) | err_set;
        end
    end

    // key and message words, the word register, the MAC buffer: erased by rst and KEY_CLEAR
    wire clr = rst || clear_q;
    always @(posedge clk) begin
        if (clr) begin
            left_q <= 16'd0;
            k_act_q <= 1'b0;
            m_act_q <= 1'b0;
            k_wait_q <= 1'b0;
            k_low_q <= 1'b0;
            k_alg_q <= 1'b0;
            st_q <= 32'd0;
            st_keep_q <= 4'd0;
            st_last_q <= 1'b0;
            st_key_q <= 1'b0;
            st_user_q <= 1'b0;
            st_tid_q <= {TID_W{1'b0}};
            st_v_q <= 1'b0;
            inflight_q <= 4'd0;
            s_mid_q <= 1'b0;
            mac_q <= 256'd0;
            mac_n_q <= 4'd0;
            mac_v_q <= 1'b0;
            mac_err_q <= 1'b0;
            mac_tid_q <= {TID_W{1'b0}};
        end else begin
            if (st_take) begin
                st_v_q <= 1'b0;
                st_q <= 32'd0;          // a key word leaves no copy behind
            end
            if (w_act && (wa == R_KEY_CTRL || wa == R_MSG_CTRL)) begin
                k_act_q <= wa == R_KEY_CTRL && len != 16'd0;
                m_act_q <= wa == R_MSG_CTRL && len != 16'd0;
                left_q <= len;
                st_user_q <= wd[16];
                st_tid_q <= wd[24 +: TID_W];
                st_key_q <= wa == R_KEY_CTRL;
                if (wa == R_KEY_CTRL) begin
                    k_alg_q <= wd[16];
                    k_wait_q <= 1'b1;
                    k_low_q <= 1'b0;
                end
                if (len == 16'd0) begin  // an empty key or message: one empty tlast beat
                    st_keep_q <= 4'd0;
                    st_last_q <= 1'b1;
                    st_v_q <= 1'b1;
                end
            end
            if (w_act && w_data) begin
                st_q <= wd & mask_word;
                st_keep_q <= keep_word;
                st_last_q <= last_word;
                st_v_q <= 1'b1;
                left_q <= last_word ? 16'd0 : left_q - 16'd4;
                if (last_word) begin
                    k_act_q <= 1'b0;
                    m_act_q <= 1'b0;
                end
            end
            if (k_wait_q && !key_valid[k_alg_q]) k_low_q <= 1'b1;
            if (key_done) k_wait_q <= 1'b0;
            inflight_q <= inflight_q + {3'd0, c_s_end} - {3'd0, c_m_end};
            if (c_s_valid && c_s_ready) s_mid_q <= !c_s_last;
            if (!dma_q && c_m_valid && c_m_ready) begin
                mac_q[32 * mac_n_q[2:0] +: 32] <= c_m_data;
                mac_n_q <= mac_n_q + 4'd1;
                if (c_m_last) begin
                    mac_v_q <= 1'b1;
                    mac_err_q <= c_m_user;
                    mac_tid_q <= c_m_tid;
                end
            end
            if (w_act && wa == R_CTRL && wd[1]) begin   // MAC_ACK
                mac_q <= 256'd0;
                mac_n_q <= 4'd0;
                mac_v_q <= 1'b0;
                mac_err_q <= 1'b0;
            end
        end
    end

    assign irq = |(irq_st_q & irq_en_q);
endmodule
`default_nettype wire
