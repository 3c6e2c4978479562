// Harness of hmac_core's streams (PIPELINE = 1: one context): under any environment that keeps the
// AXI4-Stream rules on the key and message inputs (key loads, key_clear and resets at any time),
// the MAC stream keeps them, and every message (a tlast beat taken on s_axis) gives exactly one MAC:
// never a MAC without a message, never two messages waiting, each MAC exactly its algorithm's
// beats (5 SHA-1, 4 MD5, 8 SHA-256, 7 SHA-224) with tlast on the last, tkeep all ones, and the
// message's tid.
//
// The compression core is cut (its outputs free: the properties never look at a digest) and
// constrained by its own proven contract (formal/f_md_compress.sv): a result only for a block
// inside, at most CAP blocks inside, results for the block's own context (tuser). The probes give
// this harness hmac_core's handshake with it.
module f_hmac #(parameter HASH = 0) (
    input wire clk, input wire rst, input wire key_clear,
    input wire [31:0] k_axis_tdata, input wire [3:0] k_axis_tkeep, input wire k_axis_tlast,
    input wire k_axis_tuser, input wire k_axis_tvalid,
    input wire [31:0] s_axis_tdata, input wire [3:0] s_axis_tkeep, input wire s_axis_tlast,
    input wire s_axis_tuser, input wire [1:0] s_axis_tid, input wire s_axis_tvalid,
    input wire m_axis_tready
);
    wire k_axis_tready, s_axis_tready, m_axis_tlast, m_axis_tuser, m_axis_tvalid, error;
    wire [31:0] m_axis_tdata;
    wire [3:0] m_axis_tkeep;
    wire [1:0] m_axis_tid, key_valid;
    hmac_core #(.HASH(HASH), .PIPELINE(1), .TID_W(2)) dut (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .k_axis_tdata(k_axis_tdata), .k_axis_tkeep(k_axis_tkeep), .k_axis_tlast(k_axis_tlast),
        .k_axis_tuser(k_axis_tuser), .k_axis_tvalid(k_axis_tvalid), .k_axis_tready(k_axis_tready),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
        .s_axis_tuser(s_axis_tuser), .s_axis_tid(s_axis_tid), .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tlast(m_axis_tlast),
        .m_axis_tuser(m_axis_tuser), .m_axis_tid(m_axis_tid), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready), .key_valid(key_valid), .error(error));

    // the compression core's handshake (probes) and its contract, assumed
    wire c_valid, c_ready, c_out_valid, c_out_ctx;
    reg [1:0] inside = 0;
    wire clr = rst || key_clear;
    always @(posedge clk)
        if (clr) inside <= 0;
        else inside <= inside + (c_valid && c_ready) - c_out_valid;
    always @* begin
        if (c_out_valid) assume (inside != 0);
        if (inside == 2) assume (!c_ready);
        assume (!c_out_ctx);              // one context: every result is its own
    end

    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);
    f_axis_rule #(.W(38), .ASSUME(1)) f_k (.clk(clk), .rst(clr),
        .data({k_axis_tdata, k_axis_tkeep, k_axis_tlast, k_axis_tuser}), .valid(k_axis_tvalid),
        .ready(k_axis_tready));
    f_axis_rule #(.W(40), .ASSUME(1)) f_s (.clk(clk), .rst(clr),
        .data({s_axis_tdata, s_axis_tkeep, s_axis_tlast, s_axis_tuser, s_axis_tid}), .valid(s_axis_tvalid),
        .ready(s_axis_tready));
    f_axis_rule #(.W(40)) f_m (.clk(clk), .rst(clr),
        .data({m_axis_tdata, m_axis_tkeep, m_axis_tlast, m_axis_tuser, m_axis_tid}), .valid(m_axis_tvalid),
        .ready(m_axis_tready));

    // messages in, MACs out; the tid and algorithm of the message under way (a message's first beat)
    reg [3:0] msgs = 0, macs = 0;
    reg [3:0] beat = 0;                  // beats of the MAC shown so far
    reg       first = 1;                 // the next s_axis beat starts a message
    reg [1:0] tid_q = 0;
    reg       alg_q = 0;
    wire s_take = s_axis_tvalid && s_axis_tready;
    wire m_take = m_axis_tvalid && m_axis_tready;
    always @(posedge clk) begin
        if (clr) begin
            msgs <= 0;
            macs <= 0;
            beat <= 0;
            first <= 1;
        end else begin
            msgs <= msgs + (s_take && s_axis_tlast);
            macs <= macs + (m_take && m_axis_tlast);
            if (m_take) beat <= m_axis_tlast ? 4'd0 : beat + 4'd1;
            if (s_take) first <= s_axis_tlast;
            if (s_take && first) begin
                tid_q <= s_axis_tid;
                alg_q <= s_axis_tuser;
            end
        end
    end
    wire [3:0] waiting = msgs - macs;
    wire [3:0] beats = HASH == 3 ? (alg_q ? 4'd7 : 4'd8)
                     : HASH == 2 ? (alg_q ? 4'd4 : 4'd5)
                     : HASH == 1 ? 4'd4 : 4'd5;
    always @* if (f_past) begin
        assert (waiting <= 1);
        if (m_axis_tvalid) begin
            assert (waiting == 1);
            assert (m_axis_tkeep == 4'hf);
            assert (m_axis_tid == tid_q);
            assert (m_axis_tlast == (beat == beats - 4'd1));
        end
        // a new message starts only once the last one's MAC has left (one context)
        if (s_take && first) assert (waiting == 0);
    end
    // a whole MAC leaves: of a message the core refused (no key: the shortest way), and of one
    // under a loaded key
    always @* cover (f_past && m_take && m_axis_tlast && m_axis_tuser);
    always @* cover (f_past && m_take && m_axis_tlast && key_valid != 0 && !m_axis_tuser);
endmodule
