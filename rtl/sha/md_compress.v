`default_nettype none
// md_compress: the SHA-1 and MD5 compression functions on one datapath (one algorithm, the other,
// or both chosen per block). Each input block carries the chaining value it starts from, and the
// output is cv + compress(cv, block), so the caller chains blocks (and HMAC loads its key states).
//
// Interface (block order, as docs/design.md: byte 0 of a byte string in the top bits):
//   s_axis_tdata [511:0]  the 64-byte message block.
//   s_cv         [159:0]  the chaining value as its digest bytes (MD5: [159:32], [31:0] unused);
//                         the SHA-1 or MD5 initial value starts a message.
//   s_md5                 ALG = 2: this block is MD5 (else SHA-1). Ignored for ALG 0 and 1.
//   s_axis_tuser          travels with the block to m_axis_tuser.
//   m_axis_tdata [159:0]  the new chaining value, digest bytes (MD5 in [159:32], [31:0] zero).
//
// The round: SHA-1 a' = rotl5(a) + f(b,c,d) + e + K_t + W_t; MD5 b' = b + rotl(a + F + K_t + M_g, s).
// PRECOMPUTE = 1 is the HMAC seed's pre-computation stage: the word that round t adds (e for SHA-1,
// a for MD5) is always the d of round t-1, so pre = d + K_{t+1} + W_{t+1} is registered one round
// early and the round adds only rotl5(a) + f + pre (SHA-1) or b + rotl(f + pre, s) (MD5): two
// adders in series instead of four. PRECOMPUTE = 0 is the textbook round.
// The two algorithms share the state, message and chaining registers, the two round adders
// (f + x, then the rotated sum), the pre-computation adders, the shared f functions (Ch and parity)
// and the five final adders.
//
// PIPELINE = 1 (rolling loop): one round unit, one round per cycle: a block every 80 cycles (SHA-1)
//   or 64 (MD5), latency 82 / 66 cycles from acceptance to m_axis_tvalid.
// PIPELINE = 4: one round unit per round group (20 SHA-1 or 16 MD5 rounds each) with its own
//   message schedule; four independent blocks in flight, a block every 20 / 16 cycles.
//   ALG = 2 needs PIPELINE = 1 (the groups of the two algorithms have different lengths).
// The stages are elastic (round_ctl): a block enters a stage as soon as that stage is free, so an
// HMAC context's next block does not wait for a common boundary. The output register takes
// backpressure; a full output holds the last stage, then the ones behind it.
module md_compress #(
    parameter ALG = 0,
    parameter PRECOMPUTE = 1,
    parameter PIPELINE = 1,
    parameter USER_W = 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [511:0]      s_axis_tdata,
    input  wire [159:0]      s_cv,
    input  wire              s_md5,
    input  wire [USER_W-1:0] s_axis_tuser,
    input  wire              s_axis_tvalid,
    output wire              s_axis_tready,
    output wire [159:0]      m_axis_tdata,
    output wire              m_md5,
    output wire [USER_W-1:0] m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready
);
    generate
        if (ALG < 0 || ALG > 2) begin : g_bad_alg
            md_compress_ALG_must_be_0_sha1_1_md5_or_2_both u_error ();
        end
        if (PRECOMPUTE != 0 && PRECOMPUTE != 1) begin : g_bad_pre
            md_compress_PRECOMPUTE_must_be_0_or_1 u_error ();
        end
        if (PIPELINE != 1 && PIPELINE != 4) begin : g_bad_pipe
            md_compress_PIPELINE_must_be_1_or_4 u_error ();
        end
        if (ALG == 2 && PIPELINE != 1) begin : g_bad_both
            md_compress_ALG_2_both_needs_PIPELINE_1 u_error ();
        end
        if (USER_W < 1) begin : g_bad_user
            md_compress_USER_W_must_be_at_least_1 u_error ();
        end
    endgenerate

    localparam integer RPS_SHA = 80 / PIPELINE;  // rounds per stage
    localparam integer RPS_MD5 = 64 / PIPELINE;
    localparam [6:0] LAST_SHA = RPS_SHA[6:0] - 7'd1;
    localparam [6:0] LAST_MD5 = RPS_MD5[6:0] - 7'd1;

    function [31:0] rotl;
        input [31:0] x;
        input [4:0] n;
        rotl = (x << n) | (x >> (~n + 5'd1));  // n = 0: both shifts by 0
    endfunction

    function [31:0] word;  // word i of a block, word 0 in the top bits
        input [511:0] w;
        input [3:0] i;
        word = w[{~i, 5'd0} +: 32];  // bits 32 * (15 - i)
    endfunction

    function [1:0] sha_group;
        input [6:0] t;
        sha_group = (t < 20) ? 2'd0 : (t < 40) ? 2'd1 : (t < 60) ? 2'd2 : 2'd3;
    endfunction

    function [31:0] sha_k;
        input [1:0] g;
        case (g)
            2'd0: sha_k = 32'h5a827999;
            2'd1: sha_k = 32'h6ed9eba1;
            2'd2: sha_k = 32'h8f1bbcdc;
            default: sha_k = 32'hca62c1d6;
        endcase
    endfunction

    function [31:0] md5_k;  // floor(2^32 |sin(t + 1)|), RFC 1321
        input [5:0] t;
        case (t)
            6'd0: md5_k = 32'hd76aa478;
            6'd1: md5_k = 32'he8c7b756;
            6'd2: md5_k = 32'h242070db;
            6'd3: md5_k = 32'hc1bdceee;
            6'd4: md5_k = 32'hf57c0faf;
            6'd5: md5_k = 32'h4787c62a;
            6'd6: md5_k = 32'ha8304613;
            6'd7: md5_k = 32'hfd469501;
            6'd8: md5_k = 32'h698098d8;
            6'd9: md5_k = 32'h8b44f7af;
            6'd10: md5_k = 32'hffff5bb1;
            6'd11: md5_k = 32'h895cd7be;
            6'd12: md5_k = 32'h6b901122;
            6'd13: md5_k = 32'hfd987193;
            6'd14: md5_k = 32'ha679438e;
            6'd15: md5_k = 32'h49b40821;
            6'd16: md5_k = 32'hf61e2562;
            6'd17: md5_k = 32'hc040b340;
            6'd18: md5_k = 32'h265e5a51;
            6'd19: md5_k = 32'he9b6c7aa;
            6'd20: md5_k = 32'hd62f105d;
            6'd21: md5_k = 32'h02441453;
            6'd22: md5_k = 32'hd8a1e681;
            6'd23: md5_k = 32'he7d3fbc8;
            6'd24: md5_k = 32'h21e1cde6;
            6'd25: md5_k = 32'hc33707d6;
            6'd26: md5_k = 32'hf4d50d87;
            6'd27: md5_k = 32'h455a14ed;
            6'd28: md5_k = 32'ha9e3e905;
            6'd29: md5_k = 32'hfcefa3f8;
            6'd30: md5_k = 32'h676f02d9;
            6'd31: md5_k = 32'h8d2a4c8a;
            6'd32: md5_k = 32'hfffa3942;
            6'd33: md5_k = 32'h8771f681;
            6'd34: md5_k = 32'h6d9d6122;
            6'd35: md5_k = 32'hfde5380c;
            6'd36: md5_k = 32'ha4beea44;
            6'd37: md5_k = 32'h4bdecfa9;
            6'd38: md5_k = 32'hf6bb4b60;
            6'd39: md5_k = 32'hbebfbc70;
            6'd40: md5_k = 32'h289b7ec6;
            6'd41: md5_k = 32'heaa127fa;
            6'd42: md5_k = 32'hd4ef3085;
            6'd43: md5_k = 32'h04881d05;
            6'd44: md5_k = 32'hd9d4d039;
            6'd45: md5_k = 32'he6db99e5;
            6'd46: md5_k = 32'h1fa27cf8;
            6'd47: md5_k = 32'hc4ac5665;
            6'd48: md5_k = 32'hf4292244;
            6'd49: md5_k = 32'h432aff97;
            6'd50: md5_k = 32'hab9423a7;
            6'd51: md5_k = 32'hfc93a039;
            6'd52: md5_k = 32'h655b59c3;
            6'd53: md5_k = 32'h8f0ccc92;
            6'd54: md5_k = 32'hffeff47d;
            6'd55: md5_k = 32'h85845dd1;
            6'd56: md5_k = 32'h6fa87e4f;
            6'd57: md5_k = 32'hfe2ce6e0;
            6'd58: md5_k = 32'ha3014314;
            6'd59: md5_k = 32'h4e0811a1;
            6'd60: md5_k = 32'hf7537e82;
            6'd61: md5_k = 32'hbd3af235;
            6'd62: md5_k = 32'h2ad7d2bb;
            6'd63: md5_k = 32'heb86d391;
            default: md5_k = 32'h0;
        endcase
    endfunction

    function [3:0] md5_g;  // the message word round {g, i} adds
        input [1:0] g;
        input [3:0] i;
        // Shifts and adds (mod 16), so that synthesis does not map these to DSP multipliers.
        case (g)
            2'd0: md5_g = i;
            2'd1: md5_g = {i[1:0], 2'b00} + i + 4'd1;  // 5i + 1
            2'd2: md5_g = {i[2:0], 1'b0} + i + 4'd5;   // 3i + 5
            default: md5_g = {i[0], 3'b000} - i;       // 7i
        endcase
    endfunction

    function [4:0] md5_s;
        input [1:0] g;
        input [1:0] i;
        case ({g, i})
            4'h0: md5_s = 5'd7;  4'h1: md5_s = 5'd12; 4'h2: md5_s = 5'd17; 4'h3: md5_s = 5'd22;
            4'h4: md5_s = 5'd5;  4'h5: md5_s = 5'd9;  4'h6: md5_s = 5'd14; 4'h7: md5_s = 5'd20;
            4'h8: md5_s = 5'd4;  4'h9: md5_s = 5'd11; 4'ha: md5_s = 5'd16; 4'hb: md5_s = 5'd23;
            4'hc: md5_s = 5'd6;  4'hd: md5_s = 5'd10; 4'he: md5_s = 5'd15; default: md5_s = 5'd21;
        endcase
    endfunction

    // ---- the block entering stage 0 -------------------------------------------------------------
    // The block is kept as given (big-endian words); an MD5 round reads its word byte-swapped (two
    // 32-bit swaps), rather than the whole block being swapped on the way in (512 multiplexers
    // when the algorithm is chosen per block). The chaining value is held as the algorithm's
    // numbers: MD5's four words byte-swapped from the digest bytes, in [159:32].
    wire         in_md5 = (ALG == 2) ? s_md5 : (ALG == 1);
    wire [127:0] in_cv_sw;   wire [31:0] in_w0_sw;   // each word byte-swapped (GROUP 4)
    byte_rev #(.WIDTH(160), .GROUP(4)) u_rev_in (.d({s_cv[159:32], s_axis_tdata[511:480]}), .q({in_cv_sw, in_w0_sw}));
    wire [159:0] in_cv = in_md5 ? {in_cv_sw, 32'd0} : s_cv;
    // Round 0 adds e (SHA-1) or a (MD5), K_0 and word 0.
    wire [31:0]  in_w0 = in_md5 ? in_w0_sw : s_axis_tdata[511:480];
    wire [31:0]  in_pre = (in_md5 ? in_cv[159:128] : in_cv[31:0]) + (in_md5 ? 32'hd76aa478 : 32'h5a827999) + in_w0;

    // ---- round control: elastic stages (round_ctl) ---------------------------------------------------
    // A block's last round: 79 for SHA-1, 63 for MD5 (a stage's share with PIPELINE = 4).
    wire [PIPELINE*7-1:0] in_last, cur_last, cnt;
    wire [PIPELINE-1:0]   acc, run, pass;
    wire                  fin_free;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [PIPELINE-1:0]   stage_v;        // acc, run and pass say all this core needs
    /* verilator lint_on UNUSEDSIGNAL */
    round_ctl #(.N(PIPELINE), .CW(7)) u_ctl (
        .clk(clk), .rst(rst), .s_valid(s_axis_tvalid), .s_ready(s_axis_tready),
        .in_last(in_last), .cur_last(cur_last), .fin_free(fin_free),
        .v(stage_v), .acc(acc), .run(run), .pass(pass), .cnt(cnt)
    );
    wire fin_v, out_free;   // the final-addition register holds a block; the output register takes one

    // What each stage hands the next when it passes (stage 0 takes the input).
    wire [PIPELINE-1:0]        nxt_md5;
    wire [PIPELINE*USER_W-1:0] nxt_user;
    wire [PIPELINE*160-1:0]    nxt_cv, nxt_st;
    wire [PIPELINE*32-1:0]     nxt_pre;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [PIPELINE*512-1:0]    nxt_w;     // the last stage's goes nowhere (the final addition needs none)
    /* verilator lint_on UNUSEDSIGNAL */

    genvar k;
    generate
        for (k = 0; k < PIPELINE; k = k + 1) begin : g_stage
            reg              md5_q;     // ALG = 2: this block is MD5
            reg [USER_W-1:0] user_q;
            reg [159:0]      cv_q;      // the block's chaining value, for the final addition
            reg [31:0]       pre_q;     // PRECOMPUTE: the word round t adds, plus K_t and W_t
            reg [31:0]       a, b, c, d, e;
            reg [511:0]      w;         // the block as given (SHA-1: its schedule window, W_t on top)
            wire             md5 = (ALG == 2) ? md5_q : (ALG == 1);

            // This stage's rounds: 0..79 (SHA-1) or 0..63 (MD5), or its quarter with PIPELINE = 4.
            localparam integer BASE_SHA = k * RPS_SHA;
            localparam integer BASE_MD5 = k * RPS_MD5;
            localparam integer GRP_I = k;
            localparam integer GRP_NEXT_I = k + 1;
            wire [1:0] GRP = GRP_I[1:0], GRP_NEXT = GRP_NEXT_I[1:0];
            wire       in_md5_k = (k == 0) ? in_md5 : nxt_md5[(k == 0) ? 0 : k - 1];
            assign in_last[k*7 +: 7] = in_md5_k ? LAST_MD5 : LAST_SHA;
            assign cur_last[k*7 +: 7] = md5 ? LAST_MD5 : LAST_SHA;

            // Round control, registered: the group, constants, rotation and word indices of the
            // round this stage runs next cycle, computed one cycle ahead: for round 0 of an
            // entering block on acc, for round cnt + 1 on run (from the counter alone, so these
            // tables do not wait for the hand-over decisions), held otherwise.
            function [78:0] ctl;   // {grp, s, word index, K_t, word index t+1, K_t+1} of round r
                input       m;     // MD5
                input [6:0] r;     // the round within this stage
                reg   [6:0] t, t1;
                reg   [1:0] g, g1;
                begin
                    t = (m ? BASE_MD5[6:0] : BASE_SHA[6:0]) + r;
                    t1 = t + 7'd1;
                    g = (PIPELINE == 4) ? GRP : (m ? t[5:4] : sha_group(t));
                    g1 = (PIPELINE == 4) ? ((r == (m ? LAST_MD5 : LAST_SHA)) ? GRP_NEXT : GRP)
                                         : (m ? t1[5:4] : sha_group(t1));
                    ctl = {g, md5_s(g, t[1:0]), m ? md5_g(g, t[3:0]) : 4'd0,
                           m ? md5_k({g, t[3:0]}) : sha_k(g),
                           m ? md5_g(g1, t1[3:0]) : 4'd1, m ? md5_k({g1, t1[3:0]}) : sha_k(g1)};
                end
            endfunction
            reg  [78:0] ctl_q;
            always @(posedge clk) begin
                if (rst)
                    ctl_q <= 79'd0;
                else if (acc[k])
                    ctl_q <= ctl(in_md5_k, 7'd0);
                else if (run[k])
                    ctl_q <= ctl(md5, cnt[k*7 +: 7] + 7'd1);
            end
            wire [1:0]  grp = ctl_q[78:77];
            wire [4:0]  rot = ctl_q[76:72];
            wire [3:0]  gi = ctl_q[71:68];
            wire [31:0] kt = ctl_q[67:36];
            wire [3:0]  gi1 = ctl_q[35:32];
            wire [31:0] kt1 = ctl_q[31:0];

            wire [31:0] ch = (b & c) | (~b & d);
            wire [31:0] par = b ^ c ^ d;
            reg  [31:0] f;
            always @* begin
                if (md5)
                    case (grp)
                        2'd0: f = ch;
                        2'd1: f = (d & b) | (~d & c);
                        2'd2: f = par;
                        default: f = c ^ (b | ~d);
                    endcase
                else
                    case (grp)
                        2'd0: f = ch;
                        2'd2: f = (b & c) | (b & d) | (c & d);
                        default: f = par;
                    endcase
            end

            // the round's words: SHA-1 reads words 0 and 1 of its window, MD5 words g(t) and
            // g(t+1) of the block, byte-swapped (its words are little-endian)
            wire [31:0] wt_raw = word(w, gi), wt1_raw = word(w, gi1);
            wire [63:0] wt_sw;
            byte_rev #(.WIDTH(64), .GROUP(4)) u_rev_w (.d({wt_raw, wt1_raw}), .q(wt_sw));
            wire [31:0] wt = md5 ? wt_sw[63:32] : wt_raw;
            wire [31:0] wt1 = md5 ? wt_sw[31:0] : wt1_raw;
            wire [31:0] x = (PRECOMPUTE != 0) ? pre_q : (md5 ? a : e) + kt + wt;
            wire [31:0] sum1 = f + x;
            wire [31:0] tmp = (md5 ? b : rotl(a, 5'd5)) + (md5 ? rotl(sum1, rot) : sum1);
            wire [31:0] pre_n = d + kt1 + wt1;
            wire [31:0] w16 = rotl(word(w, 4'd13) ^ word(w, 4'd8) ^ word(w, 4'd2) ^ word(w, 4'd0), 5'd1);
            wire [159:0] abcde_n = md5 ? {d, tmp, b, c, e} : {tmp, a, rotl(b, 5'd30), c, d};

            assign nxt_md5[k] = md5;
            assign nxt_user[k*USER_W +: USER_W] = user_q;
            assign nxt_cv[k*160 +: 160] = cv_q;
            assign nxt_st[k*160 +: 160] = abcde_n;
            assign nxt_pre[k*32 +: 32] = (PRECOMPUTE != 0) ? pre_n : 32'd0;
            assign nxt_w[k*512 +: 512] = md5 ? w : {w[479:0], w16};   // MD5 keeps its block

            // the block a stage takes: stage 0 the input, stage k stage k-1's
            wire [USER_W-1:0] in_user;
            wire [159:0]      in_cv_k, in_st;
            wire [31:0]       in_p;
            wire [511:0]      in_w;
            if (k == 0) begin : g_first
                assign in_user = s_axis_tuser;
                assign in_cv_k = in_cv;
                assign in_st = in_cv;
                assign in_p = (PRECOMPUTE != 0) ? in_pre : 32'd0;
                assign in_w = s_axis_tdata;
            end else begin : g_next
                assign in_user = nxt_user[(k-1)*USER_W +: USER_W];
                assign in_cv_k = nxt_cv[(k-1)*160 +: 160];
                assign in_st = nxt_st[(k-1)*160 +: 160];
                assign in_p = nxt_pre[(k-1)*32 +: 32];
                assign in_w = nxt_w[(k-1)*512 +: 512];
            end
            // Every register clears on reset: through hmac_core they hold key material.
            always @(posedge clk) begin
                if (rst) begin
                    md5_q <= 1'b0;
                    user_q <= {USER_W{1'b0}};
                    cv_q <= 160'd0;
                    pre_q <= 32'd0;
                    {a, b, c, d, e} <= 160'd0;
                    w <= 512'd0;
                end else if (acc[k]) begin
                    md5_q <= in_md5_k;
                    user_q <= in_user;
                    cv_q <= in_cv_k;
                    pre_q <= in_p;
                    {a, b, c, d, e} <= in_st;
                    w <= in_w;
                end else if (run[k]) begin
                    pre_q <= nxt_pre[k*32 +: 32];
                    {a, b, c, d, e} <= abcde_n;
                    if (!md5) w <= {w[479:0], w16};
                end
            end
        end
    endgenerate

    // ---- final addition and output --------------------------------------------------------------
    // Two register slices: the last stage's state and chaining value (round_ctl passes a block into
    // it only when it is free), the additions, then the digest. Both are wiped by reset (they hold
    // HMAC key states).
    wire             fin_md5;
    wire [USER_W-1:0] fin_user;
    wire [159:0]     fin_cv, fin_st;
    axis_reg #(.WIDTH(1 + USER_W + 320), .MODE(1), .WIPE(1)) u_fin (
        .clk(clk), .rst(rst), .clear(1'b0),
        .s_axis_tdata({nxt_md5[PIPELINE-1], nxt_user[(PIPELINE-1)*USER_W +: USER_W],
                       nxt_cv[(PIPELINE-1)*160 +: 160], nxt_st[(PIPELINE-1)*160 +: 160]}),
        .s_axis_tvalid(pass[PIPELINE-1]), .s_axis_tready(fin_free),
        .m_axis_tdata({fin_md5, fin_user, fin_cv, fin_st}), .m_axis_tvalid(fin_v), .m_axis_tready(out_free)
    );
    wire [31:0] s0 = fin_cv[159:128] + fin_st[159:128], s1 = fin_cv[127:96] + fin_st[127:96];
    wire [31:0] s2 = fin_cv[95:64] + fin_st[95:64], s3 = fin_cv[63:32] + fin_st[63:32];
    wire [31:0] s4 = fin_cv[31:0] + fin_st[31:0];
    wire [127:0] md5_digest;   // MD5's four words in its (little-endian) digest byte order
    byte_rev #(.WIDTH(128), .GROUP(4)) u_rev_digest (.d({s0, s1, s2, s3}), .q(md5_digest));
    wire [159:0] digest = fin_md5 ? {md5_digest, 32'd0} : {s0, s1, s2, s3, s4};
    axis_reg #(.WIDTH(1 + USER_W + 160), .MODE(1), .WIPE(1)) u_out (
        .clk(clk), .rst(rst), .clear(1'b0),
        .s_axis_tdata({fin_md5, fin_user, digest}), .s_axis_tvalid(fin_v), .s_axis_tready(out_free),
        .m_axis_tdata({m_md5, m_axis_tuser, m_axis_tdata}), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready)
    );
endmodule
`default_nettype wire
