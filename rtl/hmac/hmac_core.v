`default_nettype none
// hmac_core: HMAC-SHA1 and/or HMAC-MD5, or HMAC-SHA-256 and/or HMAC-SHA-224 (RFC 2104, RFC 4231)
// over byte streams, with the key's inner and outer chaining values computed once at key load and
// kept, so a message costs its own blocks plus one outer compression.
//
// Key load (k_axis, byte stream): a key of any length; one longer than 64 bytes is hashed first,
// a shorter one zero-padded to K0. The core then compresses K0 ^ ipad and K0 ^ opad and keeps the
// two chaining values (key_valid shows which keys are loaded). k_axis_tuser: 1 = this is the MD5
// key (HASH = 2 keeps one key per algorithm, as TLS 1.0's PRF uses both), 0 = the SHA-1 key; with
// HASH = 3, 1 = the SHA-224 key, 0 = the SHA-256 key (one SHA-256 datapath serves both).
// Message (s_axis, byte stream): s_axis_tuser = 1 for HMAC-MD5, 0 for HMAC-SHA1 (HASH = 2 chooses
// per message; HASH 0 and 1 serve their own algorithm only); with HASH = 3, 1 for HMAC-SHA-224 and
// 0 for HMAC-SHA-256. The MAC leaves on m_axis as 5 (SHA-1), 4 (MD5), 8 (SHA-256) or 7 (SHA-224)
// beats of 4 bytes, first byte in tdata[7:0], tlast on the last; m_axis_tid is its message's
// s_axis_tid. Streams follow AXI4-Stream byte order; only a tlast beat may be partial (hash_pad).
//
// PIPELINE = 4 is the HMAC seed's pipelined engine: four contexts (hmac_ctx), each with its own
// padding unit and chaining value, share one compression core of four round-group stages
// (md_compress / sha256_compress PIPELINE = 4). A message goes to context s_axis_tid mod 4 and its
// MAC comes back with that tid; while one message waits for its block's result, the blocks of up to
// three others fill the other stages, so four streams get four times the rolling loop's throughput.
// A message waits (s_axis_tready low) while its context still holds the previous message of its
// tid; MACs leave in the order they finish, one whole MAC at a time. With PIPELINE = 1 one context
// serves every tid in turn. HASH = 2 (both algorithms on one datapath) needs PIPELINE = 1.
//
// Errors: a message for an algorithm with no key loaded, or a stream that breaks the tkeep rules,
// pulses error; the message is still consumed and its MAC beats come out with m_axis_tuser = 1 so
// the consumer can drop them. A key that breaks the tkeep rules is not loaded (key_valid stays low).
// key_clear and rst erase the keys, their chaining values and every intermediate, and abort the key
// loads and messages in progress. A key loads once every context is idle, and no message starts
// while it loads (the keys are shared).
//
// Timing (rolling-loop compression, 80 cycles SHA-1 / 64 MD5 and SHA-2 per block, plus 3 of hand-over):
// a message of n bytes takes ceil((n + 9) / 64) + 1 compressions after its first block is in;
// key load takes 2 compressions (plus the key's own blocks when it is longer than 64 bytes).
// HASH: 0 SHA-1, 1 MD5, 2 both, 3 SHA-256 and SHA-224 (sha256_compress). PRECOMPUTE: the
// compression core's pre-computation stage (0 or 1). TID_W: the tid ports' width.
module hmac_core #(
    parameter HASH = 0,
    parameter PRECOMPUTE = 1,
    parameter PIPELINE = 1,
    parameter TID_W = 2
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             key_clear,
    input  wire [31:0]      k_axis_tdata,
    input  wire [3:0]       k_axis_tkeep,
    input  wire             k_axis_tlast,
    input  wire             k_axis_tuser,
    input  wire             k_axis_tvalid,
    output wire             k_axis_tready,
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
    output wire [1:0]       key_valid,
    output wire             error
);
    generate
        if (HASH < 0 || HASH > 3) begin : g_bad_hash
            hmac_core_HASH_must_be_0_sha1_1_md5_2_both_or_3_sha2 u_error ();
        end
        if (PIPELINE != 1 && PIPELINE != 4) begin : g_bad_pipe
            hmac_core_PIPELINE_must_be_1_or_4 u_error ();
        end
        if (HASH == 2 && PIPELINE != 1) begin : g_bad_both
            hmac_core_HASH_2_both_needs_PIPELINE_1 u_error ();
        end
        if (TID_W < 1 || (PIPELINE == 4 && TID_W < 2)) begin : g_bad_tid
            hmac_core_TID_W_must_be_at_least_1_and_2_with_PIPELINE_4 u_error ();
        end
    endgenerate

    // The chaining value's width: 160 bits for SHA-1 and MD5 (MD5's four words in [159:32]), 256
    // for SHA-2. Algorithm 1 is MD5, or SHA-224 with HASH = 3; its key slot holds 128 bits for MD5
    // and 256 for SHA-224.
    localparam integer CW = (HASH == 3) ? 256 : 160;
    localparam integer SW = (HASH == 3) ? 256 : 128;
    localparam integer N = PIPELINE;                 // contexts
    localparam integer XW = (N > 1) ? $clog2(N) : 1;  // bits of a context index
    localparam [N-1:0] ONE = 1;                       // context 0's bit

    wire clr = rst || key_clear;

    // ---- the shared key states, written by context 0 (the one the key stream reaches) ----------
    reg  [CW-1:0] inner0_q, outer0_q;   // algorithm 0's (SHA-1 or SHA-256)
    reg  [SW-1:0] inner1_q, outer1_q;   // algorithm 1's (MD5 or SHA-224)
    reg  [1:0]    key_ok_q;
    wire          key_start, key_alg, key_inner_we, key_outer_we, key_good;
    wire [CW-1:0] c_out;

    // ---- the contexts ------------------------------------------------------------------------------
    wire [N-1:0]       idle, err, s_ready, m_valid, m_last, m_user, c_valid_v, c_alg_v;
    wire [N*32-1:0]    m_data;
    wire [N*4-1:0]     m_keep;
    wire [N*TID_W-1:0] m_tid;
    wire [N*512-1:0]   c_blk_v;
    wire [N*CW-1:0]    c_cv_v;
    wire [N-1:0]       c_done_v, c_grant;
    wire [N-1:0]       m_grant;
    wire               core_ready;
    wire [XW-1:0]      sel = (N > 1) ? s_axis_tid[XW-1:0] : {XW{1'b0}};   // the message's context
    // A key loads only when every context is idle; no message starts while a key waits or loads (a
    // message under way runs to its end, so the contexts do become idle).
    wire               others_idle = &(idle | ONE);
    wire               key_busy;       // context 0 is loading a key
    wire               k_ready0;
    assign k_axis_tready = k_ready0;

    genvar i;
    generate
        for (i = 0; i < N; i = i + 1) begin : g_ctx
            wire key_here = i == 0;
            wire mine = sel == i[XW-1:0];
            /* verilator lint_off UNUSEDSIGNAL */
            wire ks, ka, kiw, kow, kg, kr, kb;   // the key outputs of the contexts that do not load keys
            /* verilator lint_on UNUSEDSIGNAL */
            hmac_ctx #(.HASH(HASH), .TID_W(TID_W), .CW(CW), .SW(SW)) u_ctx (
                .clk(clk), .clr(clr),
                .k_axis_tdata(k_axis_tdata), .k_axis_tkeep(k_axis_tkeep), .k_axis_tlast(k_axis_tlast),
                .k_axis_tuser(k_axis_tuser), .k_axis_tvalid(key_here && k_axis_tvalid && others_idle),
                .k_axis_tready(kr),
                .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
                .s_axis_tuser(s_axis_tuser), .s_axis_tid(s_axis_tid),
                .s_axis_tvalid(mine && s_axis_tvalid && !(idle[i] && (key_busy || k_axis_tvalid))),
                .s_axis_tready(s_ready[i]),
                .m_axis_tdata(m_data[32*i +: 32]), .m_axis_tkeep(m_keep[4*i +: 4]), .m_axis_tlast(m_last[i]),
                .m_axis_tuser(m_user[i]), .m_axis_tid(m_tid[TID_W*i +: TID_W]), .m_axis_tvalid(m_valid[i]),
                .m_axis_tready(m_grant[i] && m_axis_tready),
                .c_blk(c_blk_v[512*i +: 512]), .c_cv(c_cv_v[CW*i +: CW]), .c_alg(c_alg_v[i]),
                .c_valid(c_valid_v[i]), .c_ready(c_grant[i] && core_ready), .c_done(c_done_v[i]), .c_out(c_out),
                .inner0(inner0_q), .outer0(outer0_q), .inner1(inner1_q), .outer1(outer1_q), .key_ok(key_ok_q),
                .key_start(ks), .key_alg(ka), .key_inner_we(kiw), .key_outer_we(kow), .key_good(kg),
                .idle(idle[i]), .keying(kb), .error(err[i])
            );
            if (i == 0) begin : g_keys
                assign key_start = ks;
                assign key_alg = ka;
                assign key_inner_we = kiw;
                assign key_outer_we = kow;
                assign key_good = kg;
                assign k_ready0 = kr;
                assign key_busy = kb;
            end
        end
    endgenerate
    assign s_axis_tready = |(s_ready & (ONE << sel));

    always @(posedge clk) begin
        if (clr) begin
            inner0_q <= {CW{1'b0}};
            outer0_q <= {CW{1'b0}};
            inner1_q <= {SW{1'b0}};
            outer1_q <= {SW{1'b0}};
            key_ok_q <= 2'b00;
        end else begin
            // a key reload invalidates its slot until the new states are in
            if (key_start) key_ok_q[key_alg] <= 1'b0;
            if (key_inner_we) begin
                if (key_alg) inner1_q <= c_out[CW-1 -: SW]; else inner0_q <= c_out;
            end
            if (key_outer_we) begin
                if (key_alg) outer1_q <= c_out[CW-1 -: SW]; else outer0_q <= c_out;
                key_ok_q[key_alg] <= key_good;
            end
        end
    end

    // ---- the compression core, shared: round-robin among the contexts that ask -----------------
    reg  [XW-1:0] c_rr_q;    // the context served last
    reg  [XW-1:0] c_pick;
    reg  [XW-1:0] cand;
    always @* begin : p_c_pick
        integer k;
        c_pick = c_rr_q;
        for (k = N; k >= 1; k = k - 1) begin   // the first asking context after the last served
            cand = c_rr_q + k[XW-1:0];         // N is a power of two: the sum wraps by itself
            if (N == 1) cand = {XW{1'b0}};
            if (c_valid_v[cand]) c_pick = cand;
        end
    end
    assign c_grant = ONE << c_pick;
    wire          c_valid = c_valid_v[c_pick];
    wire [511:0]  c_blk = c_blk_v[512*c_pick +: 512];
    wire [CW-1:0] c_cv = c_cv_v[CW*c_pick +: CW];
    wire          c_alg = c_alg_v[c_pick];
    always @(posedge clk) begin
        if (clr) c_rr_q <= {XW{1'b0}};
        else if (c_valid && core_ready) c_rr_q <= c_pick;
    end

    wire          c_out_valid;
    wire [XW-1:0] c_out_ctx;   // the context a result belongs to: carried through the core
    generate
        if (HASH == 3) begin : g_sha2
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_alg = c_alg;   // SHA-224 and SHA-256 share the compression
            /* verilator lint_on UNUSEDSIGNAL */
            sha256_compress #(.PRECOMPUTE(PRECOMPUTE), .PIPELINE(PIPELINE), .USER_W(XW)) u_compress (
                .clk(clk), .rst(clr),
                .s_axis_tdata(c_blk), .s_cv(c_cv), .s_axis_tuser(c_pick),
                .s_axis_tvalid(c_valid), .s_axis_tready(core_ready),
                .m_axis_tdata(c_out), .m_axis_tuser(c_out_ctx),
                .m_axis_tvalid(c_out_valid), .m_axis_tready(1'b1)
            );
        end else begin : g_sha1_md5
            /* verilator lint_off UNUSEDSIGNAL */
            wire c_unused_md5;
            /* verilator lint_on UNUSEDSIGNAL */
            md_compress #(.ALG(HASH), .PRECOMPUTE(PRECOMPUTE), .PIPELINE(PIPELINE), .USER_W(XW)) u_compress (
                .clk(clk), .rst(clr),
                .s_axis_tdata(c_blk), .s_cv(c_cv), .s_md5(c_alg), .s_axis_tuser(c_pick),
                .s_axis_tvalid(c_valid), .s_axis_tready(core_ready),
                .m_axis_tdata(c_out), .m_md5(c_unused_md5), .m_axis_tuser(c_out_ctx),
                .m_axis_tvalid(c_out_valid), .m_axis_tready(1'b1)
            );
        end
    endgenerate
    // results are always taken: the context that asked is waiting for it
    assign c_done_v = c_out_valid ? (ONE << c_out_ctx) : {N{1'b0}};

    // ---- the MACs: one whole MAC at a time, from the lowest context that has one -----------------
    // Once a context's MAC is shown it stays chosen until its tlast beat is taken, so m_axis holds
    // while it waits for ready, whatever the other contexts do.
    reg           m_busy_q;
    reg  [XW-1:0] m_ctx_q;
    reg  [XW-1:0] m_pick;
    always @* begin : p_m_pick
        integer k;
        m_pick = m_ctx_q;
        for (k = N - 1; k >= 0; k = k - 1)
            if (!m_busy_q && m_valid[k]) m_pick = k[XW-1:0];
    end
    assign m_grant = ONE << m_pick;
    always @(posedge clk) begin
        if (clr) begin
            m_busy_q <= 1'b0;
            m_ctx_q <= {XW{1'b0}};
        end else if (m_axis_tvalid) begin
            m_busy_q <= !(m_axis_tready && m_axis_tlast);
            m_ctx_q <= m_pick;
        end
    end
    assign m_axis_tdata = m_data[32*m_pick +: 32];
    assign m_axis_tkeep = m_keep[4*m_pick +: 4];
    assign m_axis_tlast = m_last[m_pick];
    assign m_axis_tuser = m_user[m_pick];
    assign m_axis_tid = m_tid[TID_W*m_pick +: TID_W];
    assign m_axis_tvalid = m_valid[m_pick];

    assign key_valid = key_ok_q;
    assign error = |err;   // each context's error is a register
endmodule
`default_nettype wire
