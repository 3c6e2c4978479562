`default_nettype none
// gcm_tag_unit: gcm_core's packet ends. A packet whose input has ended queues its final beat's
// description here (push: mode, decrypt, error, whether it waits for a GHASH result S and for an
// E_K(J0), the tag length as a byte mask, the expected tag), up to TQ packets: short packets end
// faster than E_K(J0) crosses the AES pipeline (AES-256: 15 rounds' worth of cycles plus the FIFO);
// block-RAM S-boxes add a cycle to each round unit, and there four 6-cycle packets (96-bit IV,
// 3 blocks) no longer cover AES-256's latency (6.7 cycles a packet measured), eight do (6.0); the
// DEEP engines (gcm_core DEEP) need eight (LUT S-boxes, two cycles a round; with four, 16
// back-to-back AES-128 packets took 6.2 cycles each) and sixteen (block RAM, five; with eight,
// 6.5), 6.0 with them.
// The packets' S values wait in a queue of their own (s_push from the GHASH output), E_K(J0) in
// gcm_aes_out's. When the oldest packet has both, its final beat is prepared in registers: the tag
// T = S ^ E_K(J0) cut to its length, and for decryption a difference flag per byte of T against the
// expected tag; the verdict is the OR of those flags at the output (every byte compared: constant
// time). The beat leaves (emit) when the output register is free: the tag when encrypting, a status
// byte when decrypting (and for CTR), an error beat for a failed packet.
// Preparing the beat in registers cut the path from the queue heads to the output register, the
// key-specialized core's critical path (13.5 ns). A head waiting for the output is re-prepared
// each cycle; its inputs do not change until it leaves, since pops happen only then.
// HEAD_REG = 1 (gcm_core DEEP or IN_REG): the three queues show their heads from an output register
// (axis_fifo OUT_REGS 1), so the preparation starts at flip-flops, not at a read pointer selecting
// among TQ words of S and 8 of E_K(J0) and a LUT-RAM read of the description (the key-agile DEEP
// core's critical path at both seeds, 11.0 / 12.8 ns, 8.8 / 10.4 of it routing, at cc2d085).
// A word is then on the queue's output two cycles after its push, one more than without: busy is
// the description queue's nonempty (axis_fifo: a word held, in the memory or the output register),
// so it also counts a description pushed in the cycle before, still on its way to the output
// register, and no text beat of the next packet overtakes its final beat. Each queue holds one
// word more.
// S values are key-derived: rst and key_clear zero them (erased, ERASE_CHECK = 1).
module gcm_tag_unit #(
    parameter TQ_W = 2,            // log2 of the queue depth
    parameter ERASE_CHECK = 0,
    parameter HEAD_REG = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_clear,
    // a packet's end, from the parser
    input  wire         push,
    input  wire [1:0]   mode,          // 0 GCM, 1 GMAC, 2 CTR
    input  wire         dec,
    input  wire         err,           // the packet broke the protocol
    input  wire         need_s,        // a GHASH result belongs to it
    input  wire         need_j0,       // an E_K(J0) belongs to it
    input  wire [15:0]  tag_keep,      // the tag length as a byte mask
    input  wire [127:0] exp_tag,       // decryption: the expected tag (block order)
    output wire         full,
    output wire         busy,          // a final beat is queued: text beats wait
    // the GHASH results S
    input  wire [127:0] s,
    input  wire         s_push,
    output wire         s_room,
    // E_K(J0), from gcm_aes_out
    input  wire [127:0] ej,
    input  wire         ej_valid,
    output wire         ej_pop,
    // the final beat
    input  wire         out_free,      // the output register takes a beat this cycle
    output wire         emit,
    output wire         f_err,         // an error beat
    output wire         f_stat,        // a status byte (decryption, CTR)
    output wire         f_fail,        // ... that says the tag did not match
    output wire [127:0] f_tag,         // the tag (block order, cut to its length)
    output wire [15:0]  f_keep,
    output wire         erased
);
    localparam integer TQ = 1 << TQ_W;
    localparam [1:0] M_CTR = 2'd2;
    localparam integer QW = 2 + 1 + 1 + 1 + 1 + 16 + 128;
    generate
        if (HEAD_REG != 0 && HEAD_REG != 1) begin : g_bad_head_reg
            gcm_tag_unit_HEAD_REG_must_be_0_or_1 u_error ();
        end
    endgenerate

    function [127:0] keep_mask;  // a byte mask in block order
        input [15:0] k;
        integer i;
        begin
            for (i = 0; i < 16; i = i + 1) keep_mask[127 - 8 * i -: 8] = {8{k[i]}};
        end
    endfunction

    // the packets' descriptions
    wire [1:0]   tp_mode;
    wire         tp_dec, tp_err, tp_need_s, tp_j0;
    wire [15:0]  tp_keep;
    wire [127:0] tp_exp;
    wire         q_ready, q_valid;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [TQ_W+1:0] unused_qn, unused_sn;
    wire         unused_qbusy, unused_qzero, unused_sbusy, unused_snonempty;
    /* verilator lint_on UNUSEDSIGNAL */
    // The descriptions hold no key-derived data (the expected tag is the user's), so they need no
    // wipe and sit in LUT RAM (xc7: about 25 LUTs instead of TQ x 150 flip-flops).
    axis_fifo #(.WIDTH(QW), .DEPTH(TQ), .STYLE("distributed"), .OUT_REGS(HEAD_REG)) u_queue (
        .clk(clk), .rst(rst), .clear(key_clear),
        .s_axis_tdata({mode, dec, err, need_s, need_j0, tag_keep, exp_tag}), .s_axis_tvalid(push),
        .s_axis_tready(q_ready),
        .m_axis_tdata({tp_mode, tp_dec, tp_err, tp_need_s, tp_j0, tp_keep, tp_exp}), .m_axis_tvalid(q_valid),
        .m_axis_tready(emit), .count(unused_qn), .nonempty(busy), .busy(unused_qbusy),
        .zero(unused_qzero)
    );
    assign full = !q_ready;

    // the S values
    wire [127:0] s_head;
    wire         s_valid, s_zero;
    axis_fifo #(.WIDTH(128), .DEPTH(TQ), .STYLE("logic"), .WIPE(1), .OUT_REGS(HEAD_REG)) u_s (
        .clk(clk), .rst(rst), .clear(key_clear),
        .s_axis_tdata(s), .s_axis_tvalid(s_push), .s_axis_tready(s_room),
        .m_axis_tdata(s_head), .m_axis_tvalid(s_valid), .m_axis_tready(emit && tp_need_s),
        .count(unused_sn), .nonempty(unused_snonempty), .busy(unused_sbusy), .zero(s_zero)
    );
    assign ej_pop = emit && tp_j0;

    wire [127:0] tag_mask = keep_mask(tp_keep);
    wire [127:0] tag = (s_head ^ ej) & tag_mask;
    wire [127:0] tag_diff = tag ^ (tp_exp & tag_mask);
    reg  [15:0]  diff_bytes;
    integer      id;
    always @* for (id = 0; id < 16; id = id + 1) diff_bytes[id] = |tag_diff[8 * id +: 8];
    wire         head_ready = (!tp_need_s || s_valid) && (!tp_j0 || ej_valid);

    reg          pv_q;        // the prepared beat is the current head's
    reg  [127:0] ptag_q;
    reg  [15:0]  pkeep_q, pdiff_q;
    reg          perr_q, pstat_q, pchk_q;
    assign emit = pv_q && out_free;   // pv_q implies busy (and no text beat then)
    always @(posedge clk) begin
        if (rst || key_clear) begin
            pv_q <= 1'b0;
            ptag_q <= 128'd0;
            pkeep_q <= 16'd0;
            pdiff_q <= 16'd0;
            perr_q <= 1'b0;
            pstat_q <= 1'b0;
            pchk_q <= 1'b0;
        end else if (emit) begin
            pv_q <= 1'b0;
        end else if (q_valid && head_ready) begin
            pv_q <= 1'b1;
            ptag_q <= tag;
            pkeep_q <= tp_keep;
            pdiff_q <= diff_bytes;
            perr_q <= tp_err;
            pstat_q <= tp_dec || tp_mode == M_CTR;
            pchk_q <= tp_dec && tp_mode != M_CTR;
        end
    end
    assign f_err = perr_q;
    assign f_stat = pstat_q;
    assign f_fail = pchk_q && |pdiff_q;
    assign f_tag = ptag_q;
    assign f_keep = pkeep_q;
    assign erased = ERASE_CHECK == 1 && s_zero && ptag_q == 128'd0;
endmodule
`default_nettype wire
