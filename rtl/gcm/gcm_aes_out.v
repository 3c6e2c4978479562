`default_nettype none
// gcm_aes_out: where gcm_core's AES output goes. Every block leaves the AES core into a two-entry
// FIFO (axis_fifo of flip-flops) whose ready is a flip-flop, so the AES pipeline's stall (which
// fans out to every round unit) depends on registers only, not on the packet logic that consumes
// the keystream. E_K(0^128) = H is taken straight off the AES output (h_arrives, gcm_key_ctl
// captures it; nothing else is in flight at key load) and never enters the FIFO, which saves the key
// change a cycle. The FIFO writes its free entry whenever it is not full (EAGER), so the kind compare
// after a LUT-RAM read does not reach its 130 enables (11.7 ns, the key-specialized core's critical
// path once its H check was registered).
// At the FIFO's head: E_K(J0) goes to a queue of EJ = 8 (the tag unit takes them in packet order);
// keystream blocks go to the text beats (ks_valid, keystream; ks_use when a text beat takes one);
// blocks issued for a packet whose text has ended are leftovers, dropped as they arrive.
// EJ: short packets end faster than E_K(J0) crosses the AES pipeline, so the tag unit queues up to
// 8 packets' final beats. E_K(J0) values wait here, in packet order; queued packets wait because
// their E_K(J0) is not out yet, so the queue fills only while the output is held, and then a full
// queue holds the AES output, which that backpressure holds anyway. The oldest E_K(J0) is always
// here when the queue is full, so the tag unit's head can always finish: no deadlock.
// HEAD_REG = 1 (gcm_core DEEP or IN_REG): the E_K(J0) queue shows its head from an output register (for the
// tag unit's preparation, gcm_tag_unit HEAD_REG); it then holds 9. ej_empty is the queue's own
// flag (axis_fifo nonempty), so it also counts a value pushed in the cycle before, still on its
// way to that register.
// Every register here holds key-derived data: rst and key_clear zero them (erased, ERASE_CHECK = 1).
module gcm_aes_out #(
    parameter LANES = 1,
    parameter ERASE_CHECK = 0,
    parameter HEAD_REG = 0
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 key_clear,
    input  wire [128*LANES-1:0] aes_q,        // the AES core's output (lane 0 in [127:0])
    input  wire [1:0]           aes_q_kind,
    input  wire                 aes_q_valid,
    output wire                 aes_q_ready,
    output wire                 h_arrives,    // E_K(0^128) taken off the AES output now
    input  wire                 issue_gen,    // a keystream counter entered the AES core
    input  wire                 text_done,    // the packet at the input needs no more keystream
    input  wire                 j0_busy,      // ... but its J0 is not issued yet (nothing to drop)
    output wire                 ks_valid,     // a keystream slot is at the head
    output wire [128*LANES-1:0] keystream,
    input  wire                 ks_use,       // a text beat takes it
    output wire [127:0]         ej,           // the oldest E_K(J0)
    output wire                 ej_valid,
    input  wire                 ej_pop,
    output wire                 ej_empty,
    output wire                 erased
);
    localparam integer DW = 128 * LANES;
    localparam [1:0] K_GEN = 2'd0, K_J0 = 2'd1, K_H = 2'd2;
    generate
        if (HEAD_REG != 0 && HEAD_REG != 1) begin : g_bad_head_reg
            gcm_aes_out_HEAD_REG_must_be_0_or_1 u_error ();
        end
    endgenerate

    wire [DW-1:0] head;
    wire [1:0]    head_kind;
    wire          head_valid;
    wire          pop;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2:0]    unused_n;
    wire          unused_busy, unused_nonempty;
    wire          fifo_zero, ej_zero;
    /* verilator lint_on UNUSEDSIGNAL */
    assign h_arrives = aes_q_valid && aes_q_ready && aes_q_kind == K_H;
    // HEAD_W 2: the kind is read at a copy of the read pointer, so the leftover decision below does
    // not start at the far end of the net that selects the DW keystream bits (the two-lane core's
    // critical path at all three seeds, 10.9-12.0 ns, 9.4 of it routing, at b979654).
    axis_fifo #(.WIDTH(DW + 2), .DEPTH(2), .STYLE("logic"), .WIPE(1), .OUT_REGS(0), .EAGER(1),
                .HEAD_W(2)) u_fifo (
        .clk(clk), .rst(rst), .clear(key_clear),
        .s_axis_tdata({aes_q_kind, aes_q}), .s_axis_tvalid(aes_q_valid && aes_q_kind != K_H),
        .s_axis_tready(aes_q_ready),
        .m_axis_tdata({head_kind, head}), .m_axis_tvalid(head_valid), .m_axis_tready(pop),
        .count(unused_n), .nonempty(unused_nonempty), .busy(unused_busy), .zero(fifo_zero)
    );

    // keystream at the head, unless leftovers of finished packets are still to be dropped
    reg  [7:0]   drop_q;      // leftover keystream slots of finished packets still to discard
    reg  [7:0]   out_q;       // keystream slots issued for the packet at the input and not yet used
    reg          drop_nz_q;   // drop_q != 0, a register of its own (no compare on the decision's path)
    assign ks_valid = head_valid && head_kind == K_GEN && !drop_nz_q;
    assign keystream = head;

    wire         ej_in_ready;
    wire         ej_push = head_valid && head_kind == K_J0 && ej_in_ready;
    wire         drop_pop = head_valid && head_kind == K_GEN && drop_nz_q;
    assign pop = ej_push || drop_pop || ks_use;

    // The counts for every outcome of this cycle's decisions, computed from registers before they
    // are known: a leftover popped (from the FIFO's head), the input's decision (ks_use,
    // text_done) and the counter unit's (issue_gen) only select among them. (Added after them,
    // ks_use ran through two adders into drop_q: the key-specialized core's critical path,
    // 14.5 ns; issue_gen through the same two, the key-agile core's at seed 2, 11.6 ns; the FIFO's
    // head through three with only ks_use and issue_gen selecting, 12.6 ns.) A slot issued and
    // one used cancel. ks_use implies drop_q == 0, so no leftover is popped in that cycle: a
    // finished packet's count is drop_q + out_q, one more, or one less (a slot used or a
    // leftover popped).
    wire         up = issue_gen && !ks_use;      // one slot more
    wire         down = ks_use && !issue_gen;    // one slot fewer
    wire         less = down || drop_pop;        // (never both: see above)
    wire [7:0]   drop_dec = drop_q - 8'd1;
    wire [7:0]   drop_left = drop_pop ? drop_dec : drop_q;
    wire [7:0]   sum = drop_q + out_q;
    wire [7:0]   sum_dec = sum - 8'd1;
    wire [7:0]   sum_inc = sum + 8'd1;
    wire [7:0]   out_dec = out_q - 8'd1;
    wire [7:0]   out_inc = out_q + 8'd1;
    wire [7:0]   out_next = down ? out_dec : up ? out_inc : out_q;
    wire [7:0]   drop_all = less && !up ? sum_dec : up && !less ? sum_inc : sum;
    // drop_nz_q's next value: the same choices among compares of values made from registers
    wire         left_nz = drop_pop ? drop_dec != 8'd0 : drop_nz_q;
    wire         all_nz = less && !up ? sum_dec != 8'd0 : up && !less ? sum_inc != 8'd0 : sum != 8'd0;
    always @(posedge clk) begin
        if (rst || key_clear) begin
            out_q <= 8'd0;
            drop_q <= 8'd0;
            drop_nz_q <= 1'b0;
        end else if (text_done && !j0_busy) begin
            // leftovers of a finished packet: they are ahead of every later block in the AES
            out_q <= 8'd0;
            drop_q <= drop_all;
            drop_nz_q <= all_nz;
        end else begin
            out_q <= out_next;
            drop_q <= drop_left;
            drop_nz_q <= left_nz;
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire [4:0] unused_ej_n;
    wire       unused_ej_busy;
    /* verilator lint_on UNUSEDSIGNAL */
    wire       ej_held;
    axis_fifo #(.WIDTH(128), .DEPTH(8), .STYLE("logic"), .WIPE(1), .OUT_REGS(HEAD_REG)) u_ej (
        .clk(clk), .rst(rst), .clear(key_clear),
        .s_axis_tdata(head[127:0]), .s_axis_tvalid(head_valid && head_kind == K_J0), .s_axis_tready(ej_in_ready),
        .m_axis_tdata(ej), .m_axis_tvalid(ej_valid), .m_axis_tready(ej_pop),
        .count(unused_ej_n), .nonempty(ej_held), .busy(unused_ej_busy), .zero(ej_zero)
    );
    assign ej_empty = !ej_held;

    assign erased = ERASE_CHECK == 1 && fifo_zero && ej_zero;   // every entry of both queues
`ifdef AUTHCORE_FORMAL_GCM
    // formal/jobs.toml gcm_core-stream*: drop_nz_q is drop_q != 0, at every cycle after a reset
    reg f_reset_seen = 1'b0;
    always @(posedge clk) if (rst || key_clear) f_reset_seen <= 1'b1;
    always @* if (f_reset_seen) assert (drop_nz_q == (drop_q != 8'd0));
`endif
endmodule
`default_nettype wire
