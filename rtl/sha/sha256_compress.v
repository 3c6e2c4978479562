`default_nettype none
// sha256_compress: the SHA-256 compression function (FIPS 180-4) with a loadable chaining value,
// md_compress's sibling for the SHA-2 family (SHA-224 is the same compression from another initial
// value, its digest the first 28 bytes: the caller's, as hash_pad and hmac_core do).
// Each input block carries the chaining value it starts from; the output is cv + compress(cv, block).
//
// Interface (block order: byte 0 of a byte string in the top bits; words big-endian):
//   s_axis_tdata [511:0]  the 64-byte message block.
//   s_cv         [255:0]  the chaining value H0..H7, H0 in the top bits (the digest's byte order).
//   s_axis_tuser          travels with the block to m_axis_tuser.
//   m_axis_tdata [255:0]  the new chaining value.
//
// The round: T1 = h + S1(e) + Ch(e,f,g) + K_t + W_t, T2 = S0(a) + Maj(a,b,c), a' = T1 + T2,
// e' = d + T1. PRECOMPUTE = 1 applies the HMAC seed's pre-computation stage to SHA-256: the h of
// round t is the g of round t-1, so pre = g + K_{t+1} + W_{t+1} is registered one round early and
// T1 = S1(e) + Ch + pre: two operands fewer in both a' and e' (a' adds five, e' four, instead of
// seven and six). PRECOMPUTE = 0 is the textbook round.
//
// PIPELINE = 1 (rolling loop): one round unit, a round a cycle, a block every 64 cycles with no
//   idle cycle between blocks (the next block enters the round registers in the cycle after the
//   last round, while the last block's final addition runs in a register of its own); latency 66
//   cycles from acceptance to m_axis_tvalid.
// PIPELINE = 4: one round unit per 16 rounds, each with its own constants and message schedule;
//   four independent blocks in flight, a block every 16 cycles.
// The stages are elastic (round_ctl): a block enters a stage as soon as that stage is free. The
// output register takes backpressure; a full output holds the last stage, then the ones behind it.
module sha256_compress #(
    parameter PRECOMPUTE = 1,
    parameter PIPELINE = 1,
    parameter USER_W = 1
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [511:0]      s_axis_tdata,
    input  wire [255:0]      s_cv,
    input  wire [USER_W-1:0] s_axis_tuser,
    input  wire              s_axis_tvalid,
    output wire              s_axis_tready,
    output wire [255:0]      m_axis_tdata,
    output wire [USER_W-1:0] m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready
);
    generate
        if (PRECOMPUTE != 0 && PRECOMPUTE != 1) begin : g_bad_pre
            sha256_compress_PRECOMPUTE_must_be_0_or_1 u_error ();
        end
        if (PIPELINE != 1 && PIPELINE != 4) begin : g_bad_pipe
            sha256_compress_PIPELINE_must_be_1_or_4 u_error ();
        end
        if (USER_W < 1) begin : g_bad_user
            sha256_compress_USER_W_must_be_at_least_1 u_error ();
        end
    endgenerate

    localparam integer RPS = 64 / PIPELINE;           // rounds per stage
    localparam [5:0]   LAST = RPS[5:0] - 6'd1;

    function [31:0] rotr;
        input [31:0] x;
        input [4:0] n;
        rotr = (x >> n) | (x << (6'd32 - {1'b0, n}));
    endfunction

    function [31:0] kt;   // the round constants: the cube roots of the first 64 primes
        input [5:0] t;
        case (t)
            6'd0: kt = 32'h428a2f98;  6'd1: kt = 32'h71374491;  6'd2: kt = 32'hb5c0fbcf;  6'd3: kt = 32'he9b5dba5;
            6'd4: kt = 32'h3956c25b;  6'd5: kt = 32'h59f111f1;  6'd6: kt = 32'h923f82a4;  6'd7: kt = 32'hab1c5ed5;
            6'd8: kt = 32'hd807aa98;  6'd9: kt = 32'h12835b01;  6'd10: kt = 32'h243185be; 6'd11: kt = 32'h550c7dc3;
            6'd12: kt = 32'h72be5d74; 6'd13: kt = 32'h80deb1fe; 6'd14: kt = 32'h9bdc06a7; 6'd15: kt = 32'hc19bf174;
            6'd16: kt = 32'he49b69c1; 6'd17: kt = 32'hefbe4786; 6'd18: kt = 32'h0fc19dc6; 6'd19: kt = 32'h240ca1cc;
            6'd20: kt = 32'h2de92c6f; 6'd21: kt = 32'h4a7484aa; 6'd22: kt = 32'h5cb0a9dc; 6'd23: kt = 32'h76f988da;
            6'd24: kt = 32'h983e5152; 6'd25: kt = 32'ha831c66d; 6'd26: kt = 32'hb00327c8; 6'd27: kt = 32'hbf597fc7;
            6'd28: kt = 32'hc6e00bf3; 6'd29: kt = 32'hd5a79147; 6'd30: kt = 32'h06ca6351; 6'd31: kt = 32'h14292967;
            6'd32: kt = 32'h27b70a85; 6'd33: kt = 32'h2e1b2138; 6'd34: kt = 32'h4d2c6dfc; 6'd35: kt = 32'h53380d13;
            6'd36: kt = 32'h650a7354; 6'd37: kt = 32'h766a0abb; 6'd38: kt = 32'h81c2c92e; 6'd39: kt = 32'h92722c85;
            6'd40: kt = 32'ha2bfe8a1; 6'd41: kt = 32'ha81a664b; 6'd42: kt = 32'hc24b8b70; 6'd43: kt = 32'hc76c51a3;
            6'd44: kt = 32'hd192e819; 6'd45: kt = 32'hd6990624; 6'd46: kt = 32'hf40e3585; 6'd47: kt = 32'h106aa070;
            6'd48: kt = 32'h19a4c116; 6'd49: kt = 32'h1e376c08; 6'd50: kt = 32'h2748774c; 6'd51: kt = 32'h34b0bcb5;
            6'd52: kt = 32'h391c0cb3; 6'd53: kt = 32'h4ed8aa4a; 6'd54: kt = 32'h5b9cca4f; 6'd55: kt = 32'h682e6ff3;
            6'd56: kt = 32'h748f82ee; 6'd57: kt = 32'h78a5636f; 6'd58: kt = 32'h84c87814; 6'd59: kt = 32'h8cc70208;
            6'd60: kt = 32'h90befffa; 6'd61: kt = 32'ha4506ceb; 6'd62: kt = 32'hbef9a3f7; default: kt = 32'hc67178f2;
        endcase
    endfunction

    // ---- round control: elastic stages (round_ctl) -------------------------------------------------
    wire                fin_free;
    wire [PIPELINE-1:0] acc, run, pass;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [PIPELINE-1:0] stage_v;    // the stages' valid bits: acc, run and pass say all this core needs
    /* verilator lint_on UNUSEDSIGNAL */
    wire [PIPELINE*6-1:0] cnt;
    round_ctl #(.N(PIPELINE), .CW(6)) u_ctl (
        .clk(clk), .rst(rst), .s_valid(s_axis_tvalid), .s_ready(s_axis_tready),
        .in_last({PIPELINE{LAST}}), .cur_last({PIPELINE{LAST}}), .fin_free(fin_free),
        .v(stage_v), .acc(acc), .run(run), .pass(pass), .cnt(cnt)
    );
    wire                fin_v, out_free;   // the final-addition register holds a block; the output takes one

    // Round 0 adds h + K_0 + W_0 (the input's H7 and first word): precomputed on the way in.
    wire [31:0] in_pre = s_cv[31:0] + 32'h428a2f98 + s_axis_tdata[511:480];

    // What each stage hands the next when it passes (stage 0 gets the input, see g_stage).
    wire [PIPELINE*USER_W-1:0] nxt_user;
    wire [PIPELINE*256-1:0]    nxt_cv, nxt_st;
    wire [PIPELINE*32-1:0]     nxt_pre;
    wire [PIPELINE*512-1:0]    nxt_w;

    genvar k;
    generate
        for (k = 0; k < PIPELINE; k = k + 1) begin : g_stage
            reg [USER_W-1:0] user_q;
            reg [255:0]      cv_q;     // the block's chaining value, for the final addition
            reg [31:0]       a_q, b_q, c_q, d_q, e_q, f_q, g_q, h_q;
            reg [31:0]       pre_q;    // PRECOMPUTE: h + K_t + W_t of this round
            reg [511:0]      w_q;      // W_t .. W_t+15, W_t in the top word

            // The constants of this round and the next, registered one cycle ahead (round_ctl):
            // a block's first two on acc, those of rounds t+1 and t+2 on run, from the counter
            // alone, so neither the round nor these tables wait for the hand-over decisions.
            localparam integer BASE = k * RPS;
            wire [5:0] tn = BASE[5:0] + cnt[k*6 +: 6] + 6'd1;    // the next round
            reg  [31:0] k_q, k1_q;    // K_t, K_t+1
            always @(posedge clk) begin
                if (rst) begin
                    k_q <= 32'd0;
                    k1_q <= 32'd0;
                end else if (acc[k]) begin
                    k_q <= kt(BASE[5:0]);
                    k1_q <= kt(BASE[5:0] + 6'd1);
                end else if (run[k]) begin
                    k_q <= kt(tn);
                    k1_q <= kt(tn + 6'd1);
                end
            end

            wire [31:0] s1 = rotr(e_q, 5'd6) ^ rotr(e_q, 5'd11) ^ rotr(e_q, 5'd25);
            wire [31:0] s0 = rotr(a_q, 5'd2) ^ rotr(a_q, 5'd13) ^ rotr(a_q, 5'd22);
            wire [31:0] ch = (e_q & f_q) ^ (~e_q & g_q);
            wire [31:0] maj = (a_q & b_q) ^ (a_q & c_q) ^ (b_q & c_q);
            wire [31:0] x = (PRECOMPUTE != 0) ? pre_q : h_q + k_q + w_q[511:480];
            wire [31:0] t1 = s1 + ch + x;
            wire [31:0] t2 = s0 + maj;
            wire [31:0] a_n = t1 + t2;
            wire [31:0] e_n = d_q + t1;
            wire [31:0] pre_n = g_q + k1_q + w_q[479:448];   // the next round's h + K + W
            // the schedule: W_t+16 = s1(W_t+14) + W_t+9 + s0(W_t+1) + W_t
            wire [31:0] w1 = w_q[479:448], w9 = w_q[223:192], w14 = w_q[63:32];
            wire [31:0] ws0 = rotr(w1, 5'd7) ^ rotr(w1, 5'd18) ^ (w1 >> 3);
            wire [31:0] ws1 = rotr(w14, 5'd17) ^ rotr(w14, 5'd19) ^ (w14 >> 10);
            wire [31:0] w16 = ws1 + w9 + ws0 + w_q[511:480];

            // the stage's state after this round: what the next stage takes when this one passes
            assign nxt_user[k*USER_W +: USER_W] = user_q;
            assign nxt_cv[k*256 +: 256] = cv_q;
            assign nxt_st[k*256 +: 256] = {a_n, a_q, b_q, c_q, e_n, e_q, f_q, g_q};
            assign nxt_pre[k*32 +: 32] = (PRECOMPUTE != 0) ? pre_n : 32'd0;
            assign nxt_w[k*512 +: 512] = {w_q[479:0], w16};

            // A block enters when the stage accepts (stage 0: the input; stage k: stage k-1's).
            wire [USER_W-1:0] in_user;
            wire [255:0]      in_cv, in_st;
            wire [31:0]       in_p;
            wire [511:0]      in_w;
            if (k == 0) begin : g_first
                assign in_user = s_axis_tuser;
                assign in_cv = s_cv;
                assign in_st = s_cv;
                assign in_p = (PRECOMPUTE != 0) ? in_pre : 32'd0;
                assign in_w = s_axis_tdata;
            end else begin : g_next
                assign in_user = nxt_user[(k-1)*USER_W +: USER_W];
                assign in_cv = nxt_cv[(k-1)*256 +: 256];
                assign in_st = nxt_st[(k-1)*256 +: 256];
                assign in_p = nxt_pre[(k-1)*32 +: 32];
                assign in_w = nxt_w[(k-1)*512 +: 512];
            end
            // Every register clears on reset: through hmac_core they hold key material (the
            // chaining values of K0 ^ ipad and K0 ^ opad while they are computed).
            always @(posedge clk) begin
                if (rst) begin
                    user_q <= {USER_W{1'b0}};
                    cv_q <= 256'd0;
                    {a_q, b_q, c_q, d_q, e_q, f_q, g_q, h_q} <= 256'd0;
                    pre_q <= 32'd0;
                    w_q <= 512'd0;
                end else if (acc[k]) begin
                    user_q <= in_user;
                    cv_q <= in_cv;
                    {a_q, b_q, c_q, d_q, e_q, f_q, g_q, h_q} <= in_st;
                    pre_q <= in_p;
                    w_q <= in_w;
                end else if (run[k]) begin
                    {a_q, b_q, c_q, d_q, e_q, f_q, g_q, h_q} <= nxt_st[k*256 +: 256];
                    pre_q <= nxt_pre[k*32 +: 32];
                    w_q <= nxt_w[k*512 +: 512];
                end
            end
        end
    endgenerate

    // ---- final addition and output ----------------------------------------------------------------
    // Two register slices, as in md_compress: the last stage's state and chaining value (passed in
    // only when free), the additions, then the new chaining value; reset wipes both.
    wire [USER_W-1:0] fin_user;
    wire [255:0]      fin_cv, fin_st, sum;
    axis_reg #(.WIDTH(USER_W + 512), .MODE(1), .WIPE(1)) u_fin (
        .clk(clk), .rst(rst), .clear(1'b0),
        .s_axis_tdata({nxt_user[(PIPELINE-1)*USER_W +: USER_W], nxt_cv[(PIPELINE-1)*256 +: 256],
                       nxt_st[(PIPELINE-1)*256 +: 256]}),
        .s_axis_tvalid(pass[PIPELINE-1]), .s_axis_tready(fin_free),
        .m_axis_tdata({fin_user, fin_cv, fin_st}), .m_axis_tvalid(fin_v), .m_axis_tready(out_free)
    );
    genvar i;
    generate
        for (i = 0; i < 8; i = i + 1) begin : g_sum
            assign sum[32*i +: 32] = fin_cv[32*i +: 32] + fin_st[32*i +: 32];
        end
    endgenerate
    axis_reg #(.WIDTH(USER_W + 256), .MODE(1), .WIPE(1)) u_out (
        .clk(clk), .rst(rst), .clear(1'b0),
        .s_axis_tdata({fin_user, sum}), .s_axis_tvalid(fin_v), .s_axis_tready(out_free),
        .m_axis_tdata({m_axis_tuser, m_axis_tdata}), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready)
    );
endmodule
`default_nettype wire
