`default_nettype none
// round_ctl: the control of an iterated hash core's round stages (md_compress, sha256_compress):
// N stages in a row, each running the rounds of one block at a round a cycle, then handing it on.
//
// The stages are elastic: each has its own round counter, and a block moves on when its stage has
// run its last round and the next stage is free or hands its own block on in the same cycle (the
// last stage hands on to the final-addition register, free when fin_free). So a block whose
// chaining value comes back late (an HMAC context chaining its message's blocks) enters stage 0
// as soon as stage 0 is free, not at the next boundary of a pipeline that moves in lockstep: with
// four contexts on four stages, each block's round trip is the rounds plus the hand-over, and the
// stages stay busy. With independent blocks always waiting the stages move together, a block
// every ROUNDS/N cycles.
//
// Per stage k: v[k] holds a block; acc[k] it takes a block at this edge (stage 0 from the input,
// stage k from stage k-1, which then computes its last round's result this cycle); run[k] it runs
// a round that is not its last; pass[k] it runs its last round and hands the result on; a stage on
// its last round whose next stage is busy holds (no register changes: the round is recomputed).
// cnt[k] is the round it runs now; the cores register their round constants one cycle ahead: for
// round 0 of an entering block on acc, for round cnt + 1 on run (a function of this register alone,
// so the constants' logic does not wait for the hand-over decisions), and hold them otherwise.
// in_last[k] is the last round index of the block that would enter stage k (stage 0: the input's;
// stage k: stage k-1's block's) and cur_last[k] of the block in stage k; they differ only in a core
// that mixes algorithms (md_compress ALG = 2: MD5 64 rounds, SHA-1 80).
// The last-round flags are registers, chosen the same way (after acc: a block of one round; after
// run: cnt == last - 1), so the handshake and the stage registers' enables start at flip-flops
// and no adder or compare sits behind the hand-over decisions.
module round_ctl #(
    parameter N = 1,     // stages
    parameter CW = 7     // round counter bits
) (
    input  wire            clk,
    input  wire            rst,
    input  wire            s_valid,
    output wire            s_ready,
    input  wire [N*CW-1:0] in_last,
    input  wire [N*CW-1:0] cur_last,
    input  wire            fin_free,
    output wire [N-1:0]    v,
    output wire [N-1:0]    acc,
    output wire [N-1:0]    run,
    output wire [N-1:0]    pass,
    output wire [N*CW-1:0] cnt
);
    reg  [N-1:0]    v_q;
    reg  [N-1:0]    at_last_q;    // the stage runs its block's last round this cycle
    reg  [N*CW-1:0] cnt_q;
    wire [N-1:0]    finishing = v_q & at_last_q;

    // Hand-overs, from the last stage back: stage k passes when it finishes and stage k+1 is free
    // or passes too (the last stage: when the final-addition register is free).
    reg  [N-1:0]    pass_r;
    integer j;
    always @* begin
        pass_r = {N{1'b0}};
        for (j = N - 1; j >= 0; j = j - 1)
            pass_r[j] = finishing[j] && (j == N - 1 ? fin_free : (!v_q[j+1] || pass_r[j+1]));
    end
    assign pass = pass_r;

    genvar k;
    generate
        for (k = 0; k < N; k = k + 1) begin : g_stage
            assign run[k] = v_q[k] && !at_last_q[k];
            if (k == 0) begin : g_in
                assign acc[k] = s_valid && (!v_q[0] || pass_r[0]);
            end else begin : g_from
                assign acc[k] = pass_r[k-1];
            end
            wire [CW-1:0] c = cnt_q[k*CW +: CW];
            // the flag for the next round, from registers: cnt + 1 == last is cnt == last - 1
            wire next_is_last = c == cur_last[k*CW +: CW] - 1'b1;
            always @(posedge clk) begin
                if (rst) begin
                    v_q[k] <= 1'b0;
                    at_last_q[k] <= 1'b0;
                    cnt_q[k*CW +: CW] <= {CW{1'b0}};
                end else begin
                    if (acc[k]) v_q[k] <= 1'b1;
                    else if (pass_r[k]) v_q[k] <= 1'b0;
                    if (acc[k]) begin
                        cnt_q[k*CW +: CW] <= {CW{1'b0}};
                        at_last_q[k] <= in_last[k*CW +: CW] == {CW{1'b0}};
                    end else if (run[k]) begin
                        cnt_q[k*CW +: CW] <= c + 1'b1;
                        at_last_q[k] <= next_is_last;
                    end
                end
            end
        end
    endgenerate
    assign s_ready = !v_q[0] || pass_r[0];
    assign v = v_q;
    assign cnt = cnt_q;
endmodule
`default_nettype wire
