`default_nettype none
// hmac_ctx: one HMAC context of hmac_core: a padding unit, the key-load and message state machine,
// the running chaining value and the MAC's beats. It asks for compressions on c_* (the block, the
// chaining value it starts from, the algorithm) and gets its results back on c_done / c_out;
// hmac_core shares one compression core among its contexts. The key states live in hmac_core
// (shared by every context); the context that loads a key reports each one as it is computed
// (key_*_we, with c_out and key_alg).
//
// Streams and errors as hmac_core (docs/hash.md): k_axis (a key of any length), s_axis (a message;
// s_axis_tid is kept and comes back as m_axis_tid with its MAC), m_axis (the MAC in 4-byte beats).
// A message for an algorithm with no key loaded, or a stream that breaks the tkeep rules, pulses
// error and marks its MAC (m_axis_tuser). clr (reset or key_clear) erases everything in the context.
// HASH: 0 SHA-1, 1 MD5, 2 both, 3 SHA-256 and SHA-224 (algorithm 1: MD5, or SHA-224).
module hmac_ctx #(
    parameter HASH = 0,
    parameter TID_W = 1,
    parameter integer CW = 160,   // the chaining value's width (256 for SHA-2)
    parameter integer SW = 128    // algorithm 1's key state width (MD5 128, SHA-224 256)
) (
    input  wire             clk,
    input  wire             clr,
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
    // compressions
    output reg  [511:0]     c_blk,
    output reg  [CW-1:0]    c_cv,
    output wire             c_alg,
    output reg              c_valid,
    input  wire             c_ready,
    input  wire             c_done,
    input  wire [CW-1:0]    c_out,
    // the shared key states
    input  wire [CW-1:0]    inner0,
    input  wire [CW-1:0]    outer0,
    input  wire [SW-1:0]    inner1,
    input  wire [SW-1:0]    outer1,
    input  wire [1:0]       key_ok,
    output wire             key_start,      // a key load begins: its algorithm's slot is invalid
    output wire             key_alg,        // the algorithm of the key being loaded
    output wire             key_inner_we,   // c_out is the key's inner state
    output wire             key_outer_we,   // c_out is its outer state: the key is loaded
    output wire             key_good,       // ... and it broke no rule (with key_outer_we)
    output wire             idle,
    output wire             keying,         // a key load is under way
    output wire             error
);
    localparam [3:0] IDLE = 4'd0, KEY_FIRST = 4'd1, KEY_SECOND = 4'd2, KEY_HASH_FIRST = 4'd3,
                     KEY_HASH = 4'd4, KEY_IPAD = 4'd5, KEY_OPAD = 4'd6, MSG = 4'd7, MSG_OUTER = 4'd8,
                     MAC_OUT = 4'd9;

    reg  [3:0]       state_q;
    reg              alg_q;       // 1 = algorithm 1 (MD5, or SHA-224)
    reg              in_key_q;    // the key stream feeds the padding unit
    reg              in_msg_q;    // the message stream feeds it
    reg  [6:0]       klen_q;      // key bytes, saturating at 65
    reg  [511:0]     kbuf_q;      // first key block, then K0
    reg  [CW-1:0]    cv_q;        // running chaining value, then the MAC
    reg              sent_q;      // the compression of this step is under way
    reg              last_q;      // ... and it is the message's (or long key's) last block
    reg              bad_q;
    reg  [2:0]       beat_q;
    reg  [TID_W-1:0] tid_q;
    reg              error_q;

    // ---- padding unit, fed by the key or the message stream ------------------------------------
    wire         pad_in_ready;
    wire [511:0] pad_blk;
    wire         pad_last, pad_valid, pad_error;
    wire [2:0]   pad_user;
    reg          pad_ready;
    wire [31:0]  in_data = in_key_q ? k_axis_tdata : s_axis_tdata;
    wire [3:0]   in_keep = in_key_q ? k_axis_tkeep : s_axis_tkeep;
    wire         in_last = in_key_q ? k_axis_tlast : s_axis_tlast;
    wire         in_valid = in_key_q ? k_axis_tvalid : in_msg_q && s_axis_tvalid;
    assign k_axis_tready = in_key_q && pad_in_ready;
    assign s_axis_tready = in_msg_q && pad_in_ready;

    hash_pad u_pad (
        .clk(clk), .rst(clr),
        .s_axis_tdata(in_data), .s_axis_tkeep(in_keep), .s_axis_tlast(in_last),
        .s_axis_tuser({in_msg_q, alg_q && HASH != 3}), .s_axis_tvalid(in_valid), .s_axis_tready(pad_in_ready),
        .m_axis_tdata(pad_blk), .m_axis_tlast(pad_last), .m_axis_tuser(pad_user),
        .m_axis_tvalid(pad_valid), .m_axis_tready(pad_ready), .error(pad_error)
    );

    // ---- what each step compresses ---------------------------------------------------------------
    wire [CW-1:0] iv;          // the initial value of the algorithm being keyed, digest byte order
    wire [CW-1:0] inner1_cv;   // algorithm 1's inner key state as a chaining value
    wire [CW-1:0] outer;
    wire [511:0]  outer_blk;   // the inner digest, 0x80, zeros, and the bit length (64 + digest bytes)
    wire [511:0]  k0_hashed;   // K0 of a key longer than a block: its digest, zero-padded
    generate
        if (HASH == 3) begin : g_sha2
            assign iv = alg_q ? 256'hc1059ed8367cd5073070dd17f70e5939ffc00b316858151164f98fa7befa4fa4
                              : 256'h6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19;
            assign inner1_cv = inner1;
            assign outer = alg_q ? outer1 : outer0;
            assign outer_blk = alg_q ? {cv_q[255:32], 8'h80, 216'd0, 64'd736} : {cv_q, 8'h80, 184'd0, 64'd768};
            assign k0_hashed = alg_q ? {c_out[255:32], 288'd0} : {c_out, 256'd0};
        end else begin : g_sha1_md5
            assign iv = alg_q ? {128'h0123456789abcdeffedcba9876543210, 32'd0}   // MD5's, in [159:32]
                              : 160'h67452301efcdab8998badcfe10325476c3d2e1f0;
            assign inner1_cv = {inner1, 32'd0};
            assign outer = alg_q ? {outer1, 32'd0} : outer0;
            assign outer_blk = alg_q ? {cv_q[159:32], 8'h80, 312'd0, 64'h8002000000000000}
                                     : {cv_q, 8'h80, 280'd0, 64'd672};
            assign k0_hashed = alg_q ? {c_out[159:32], 384'd0} : {c_out, 352'd0};
        end
    endgenerate
    assign c_alg = alg_q;

    wire chained = state_q == KEY_HASH || state_q == MSG;  // pad blocks go straight to the core
    always @* begin
        c_blk = pad_blk;
        c_cv = cv_q;
        c_valid = 1'b0;
        pad_ready = 1'b0;
        case (state_q)
            KEY_FIRST: pad_ready = 1'b1;
            KEY_SECOND: pad_ready = short_key && !in_key_q;
            KEY_HASH_FIRST: begin c_blk = kbuf_q; c_cv = iv; c_valid = !sent_q; end
            KEY_IPAD: begin c_blk = kbuf_q ^ {64{8'h36}}; c_cv = iv; c_valid = !sent_q; end
            KEY_OPAD: begin c_blk = kbuf_q ^ {64{8'h5c}}; c_cv = iv; c_valid = !sent_q; end
            MSG_OUTER: begin c_blk = outer_blk; c_cv = outer; c_valid = !sent_q; end
            default: ;
        endcase
        if (chained) begin
            c_valid = pad_valid && !sent_q;
            pad_ready = c_ready && !sent_q;
        end
    end

    // ---- key bytes -------------------------------------------------------------------------------
    // A key beat's bytes (a broken tkeep counts none: hash_pad refuses the key's stream anyway).
    wire [2:0] key_kept;
    /* verilator lint_off UNUSEDSIGNAL */
    wire       key_keep_full;
    wire [31:0] unused_key_mask;
    /* verilator lint_on UNUSEDSIGNAL */
    wire       key_keep_contiguous;
    axis_keep #(.BYTES(4)) u_key_keep (
        .keep(k_axis_tkeep), .count(key_kept), .contiguous(key_keep_contiguous), .full(key_keep_full),
        .mask(unused_key_mask)
    );
    wire [2:0] key_beat_bytes = !k_axis_tlast ? 3'd4 : key_keep_contiguous ? key_kept : 3'd0;
    wire [7:0] klen_sum = {1'b0, klen_q} + {5'd0, key_beat_bytes};
    wire       short_key = klen_q <= 7'd64;
    wire [511:0] pad_state_blk = (state_q == KEY_FIRST) ? pad_blk : kbuf_q;
    reg  [511:0] kmasked;  // the first key block with the padding removed: K0 of a short key
    integer j;
    always @* begin
        kmasked = pad_state_blk;
        for (j = 0; j < 64; j = j + 1)
            if (j >= {25'd0, klen_q}) kmasked[8 * (63 - j) +: 8] = 8'h00;
    end
    wire pad_take = pad_valid && pad_ready;
    wire start_key = state_q == IDLE && k_axis_tvalid;
    wire start_msg = state_q == IDLE && !k_axis_tvalid && s_axis_tvalid;
    wire msg_alg = (HASH >= 2) ? s_axis_tuser : (HASH == 1);
    wire k_alg = (HASH >= 2) ? k_axis_tuser : (HASH == 1);
    wire has_key = msg_alg ? key_ok[1] : key_ok[0];
    // A single-hash core has no key for the other algorithm: asking for it is the no-key error.
    wire alg_served = (HASH >= 2) || (s_axis_tuser == (HASH == 1));
    wire key_alg_ok = (HASH >= 2) || (k_axis_tuser == (HASH == 1));

    assign key_start = start_key;
    assign key_alg = start_key ? k_alg : alg_q;
    assign key_inner_we = state_q == KEY_IPAD && c_done;
    assign key_outer_we = state_q == KEY_OPAD && c_done;
    assign key_good = !bad_q;

    always @(posedge clk) begin
        if (clr) begin
            state_q <= IDLE;
            alg_q <= 1'b0;
            in_key_q <= 1'b0;
            in_msg_q <= 1'b0;
            klen_q <= 7'd0;
            kbuf_q <= 512'd0;
            cv_q <= {CW{1'b0}};
            sent_q <= 1'b0;
            last_q <= 1'b0;
            bad_q <= 1'b0;
            beat_q <= 3'd0;
            tid_q <= {TID_W{1'b0}};
            error_q <= 1'b0;
        end else begin
            error_q <= pad_error || (start_msg && !(has_key && alg_served)) || (start_key && !key_alg_ok);
            // Input side: the selected stream runs until its tlast beat enters the padding unit.
            if (in_key_q && k_axis_tvalid && k_axis_tready) begin
                klen_q <= klen_sum > 8'd65 ? 7'd65 : klen_sum[6:0];
                if (k_axis_tlast) in_key_q <= 1'b0;
            end
            if (in_msg_q && s_axis_tvalid && s_axis_tready && s_axis_tlast) in_msg_q <= 1'b0;
            if (c_valid && c_ready) sent_q <= 1'b1;
            if (c_done) sent_q <= 1'b0;
            if (chained && pad_take) begin
                last_q <= pad_last;
                bad_q <= bad_q || pad_user[2];
            end

            case (state_q)
                IDLE: begin
                    beat_q <= 3'd0;
                    if (start_key) begin
                        state_q <= KEY_FIRST;
                        alg_q <= k_alg;
                        in_key_q <= 1'b1;
                        klen_q <= 7'd0;
                        bad_q <= !key_alg_ok;
                    end else if (start_msg) begin
                        state_q <= MSG;
                        alg_q <= msg_alg;
                        in_msg_q <= 1'b1;
                        tid_q <= s_axis_tid;
                        bad_q <= !(has_key && alg_served);
                        cv_q <= msg_alg ? inner1_cv : inner0;
                    end
                end
                KEY_FIRST: if (pad_take) begin
                    bad_q <= bad_q || pad_user[2];
                    kbuf_q <= pad_last ? kmasked : pad_blk;
                    state_q <= pad_last ? KEY_IPAD : KEY_SECOND;
                end
                // Short or long is known once a 65th byte arrives or the key stream has ended.
                KEY_SECOND: if (short_key) begin
                    if (pad_take) begin  // the padding block of a 56..64-byte key
                        bad_q <= bad_q || pad_user[2];
                        kbuf_q <= kmasked;
                        state_q <= KEY_IPAD;
                    end
                end else begin
                    state_q <= KEY_HASH_FIRST;  // longer than a block: K0 = H(key)
                end
                KEY_HASH_FIRST: if (c_done) begin
                    cv_q <= c_out;
                    state_q <= KEY_HASH;
                end
                KEY_HASH: if (c_done) begin
                    cv_q <= c_out;
                    if (last_q) begin
                        kbuf_q <= k0_hashed;
                        state_q <= KEY_IPAD;
                    end
                end
                KEY_IPAD: if (c_done) state_q <= KEY_OPAD;
                KEY_OPAD: if (c_done) begin
                    kbuf_q <= 512'd0;
                    cv_q <= {CW{1'b0}};
                    state_q <= IDLE;
                end
                MSG: if (c_done) begin
                    cv_q <= c_out;
                    if (last_q) state_q <= MSG_OUTER;
                end
                MSG_OUTER: if (c_done) begin
                    cv_q <= c_out;
                    state_q <= MAC_OUT;
                end
                MAC_OUT: if (m_axis_tready) begin
                    beat_q <= beat_q + 3'd1;
                    if (m_axis_tlast) begin
                        cv_q <= {CW{1'b0}};
                        state_q <= IDLE;
                    end
                end
                default: state_q <= IDLE;
            endcase
        end
    end

    wire [31:0] mac_word = cv_q[CW - 1 - 32 * beat_q -: 32];
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_pad_user = &pad_user[1:0];  // the padding unit's copy of what this context gave it
    /* verilator lint_on UNUSEDSIGNAL */
    assign m_axis_tdata = {mac_word[7:0], mac_word[15:8], mac_word[23:16], mac_word[31:24]};
    assign m_axis_tkeep = 4'b1111;
    // the MAC's last word: MD5 4 words, SHA-1 5, SHA-224 7, SHA-256 8
    assign m_axis_tlast = beat_q == ((HASH == 3) ? (alg_q ? 3'd6 : 3'd7) : (alg_q ? 3'd3 : 3'd4));
    assign m_axis_tuser = bad_q;
    assign m_axis_tid = tid_q;
    assign m_axis_tvalid = state_q == MAC_OUT;
    assign idle = state_q == IDLE;
    assign keying = in_key_q || (state_q >= KEY_FIRST && state_q <= KEY_OPAD);
    assign error = error_q;
endmodule
`default_nettype wire
