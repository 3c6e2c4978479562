`default_nettype none
// ghash_chain: Crenne et al.'s n-stage pipelined GHASH module as a systolic chain, with the hash
// key H built into the generated multiplier gf128_mulacc_h (y = x*H ^ a, proven, REGS cycles).
//
// Stage s (0-based) holds X_{s+1} = X_s * H ^ B_{s+1} in its register: the chain computes the
// spec's X_i = (X_{i-1} xor B_i) * H one block per stage, the XOR joined to the next stage's
// multiplier as its accumulate input. All STAGES blocks of a message arrive in one beat (block k
// in s_axis_tdata[128*k +: 128], block order) and reach stage k through skew registers
// (delay_line), so a new message enters every cycle and its GHASH leaves STAGES * (REGS + 1) + 3
// cycles later, MAC = GHASH xor PAD (s_axis_tuser; zero for a plain GHASH), through an output
// FIFO of DEPTH (LUT RAM by default: an ECP5 block RAM's unregistered output alone took 7.7 ns;
// two output registers in turn, so m_axis_tready reaches no wide enable). No length block is added: the caller sends LEN as a block.
// Throughput: 128 * STAGES bits a cycle (the paper's count), one result a cycle.
//
// The pipeline never stalls: its registers have no enable, so no control net reaches its
// thousands of flip-flops. Backpressure is a credit: owed_q counts the results owed (tlast beats
// taken, results not yet read from m_axis), and s_axis_tready is low while DEPTH are owed, which
// the FIFO (DEPTH + 2 words) always has room for. Nothing is lost; full rate needs DEPTH of at
// least the latency + 1.
//
// FEEDBACK = 1 adds the paper's feedback path: a message longer than STAGES blocks takes
// ceil(L / STAGES) beats (tlast on the last; tkeep one bit per block, contiguous from lane 0, all
// ones except on the tlast beat, which may have 0..STAGES blocks). A pass that is not the
// message's last goes from the chain's end into fb_q instead of the FIFO, and the message's next
// beat, held until then, enters with fb_q xored onto its first block. On a last beat of k < STAGES
// blocks, stages k .. STAGES-1 pass X on instead of multiplying (X ^ a: zero blocks, the PAD at
// the end). So one long message takes a pass every STAGES * (REGS + 1) + 2 cycles; messages of up
// to STAGES blocks still enter every cycle. A malformed beat (tkeep not contiguous, short before
// tlast) pulses error and marks its message's result (m_axis_tuser).
//
// Parameters:
//   STAGES    n, the blocks per beat and multipliers in the chain (1 or more).
//   REGS      pipeline registers inside each multiplier; must equal the generated module's.
//   FEEDBACK  0: every beat is one message of STAGES blocks (tkeep and tlast are not used);
//             1: the feedback path above.
//   DEPTH     output FIFO words, a power of two.
//   FIFO_STYLE  the FIFO's memory: "distributed" (default), "block" or "logic" (axis_fifo).
module ghash_chain #(
    parameter STAGES   = 8,
    parameter REGS     = 1,
    parameter FEEDBACK = 0,
    parameter DEPTH    = 32,
    parameter [8*11-1:0] FIFO_STYLE = "distributed"
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire [128*STAGES-1:0] s_axis_tdata,
    input  wire [STAGES-1:0]     s_axis_tkeep,
    input  wire                  s_axis_tlast,
    input  wire [127:0]          s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,
    output wire [127:0]          m_axis_tdata,
    output wire                  m_axis_tuser,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,
    output wire                  error
);
    localparam STEP = REGS + 1;              // cycles per stage
    localparam KW = $clog2(STAGES + 1);      // bits of a block count 0..STAGES
    localparam OW = $clog2(DEPTH) + 1;       // bits of the credit counter 0..DEPTH

    generate
        if (STAGES < 1) begin : g_bad_stages
            ghash_chain_STAGES_must_be_at_least_1 u_err ();
        end
        if (REGS < 0) begin : g_bad_regs
            ghash_chain_REGS_must_not_be_negative u_err ();
        end
        if (FEEDBACK != 0 && FEEDBACK != 1) begin : g_bad_feedback
            ghash_chain_FEEDBACK_must_be_0_or_1 u_err ();
        end
    endgenerate

    // ---- input: the beat's blocks, its block count and its checks ----
    wire [STAGES-1:0] keep = FEEDBACK == 1 ? s_axis_tkeep : {STAGES{1'b1}};
    wire              last = FEEDBACK == 1 ? s_axis_tlast : 1'b1;
    wire              keep_ok, keep_full;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [KW-1:0]     k;                     // blocks in the beat (kept lanes, contiguous from lane 0;
                                             // read only by the feedback path)
    wire [8*STAGES-1:0] unused_mask;
    /* verilator lint_on UNUSEDSIGNAL */
    axis_keep #(.BYTES(STAGES)) u_keep (.keep(keep), .count(k), .contiguous(keep_ok), .full(keep_full),
                                        .mask(unused_mask));
    wire bad = FEEDBACK == 1 && (!keep_ok || (!last && !keep_full));

    reg            first_q;      // the next beat starts a message
    reg            fb_valid_q;   // fb_q holds the pass the waiting beat continues
    reg  [127:0]   fb_q;
    reg            msg_err_q, error_q;
    reg            ready_q;
    reg  [OW-1:0]  owed_q;

    assign s_axis_tready = ready_q && (FEEDBACK == 0 || first_q || fb_valid_q);
    wire take = s_axis_tvalid && s_axis_tready;

    wire [128*STAGES-1:0] blocks;            // lanes without a kept block are zero
    genvar s;
    generate
        for (s = 0; s < STAGES; s = s + 1) begin : g_mask
            assign blocks[128*s +: 128] = keep[s] ? s_axis_tdata[128*s +: 128] : 128'd0;
        end
    endgenerate
    wire [127:0] fb_in = FEEDBACK == 1 && !first_q ? fb_q : 128'd0;
    wire [127:0] pad = last ? s_axis_tuser : 128'd0;   // only a message's last pass adds the PAD

    // ---- the chain ----
    // xs[128*s +: 128] is X_{s+1}, the register of stage s - 1 (X_1: the first block's register)
    wire [128*(STAGES+1)-1:0] xs;
    reg  [127:0] x0_q;
    always @(posedge clk) x0_q <= blocks[127:0] ^ fb_in;
    assign xs[127:0] = x0_q;

    generate
        for (s = 0; s < STAGES; s = s + 1) begin : g_stage
            // the accumulate input: the next block, or the PAD after the last stage, delayed to
            // meet X_{s+1} at this stage's input (1 + s*STEP cycles after the beat)
            wire [127:0] add_in, add;
            if (s < STAGES - 1) begin : g_block
                assign add_in = blocks[128*(s+1) +: 128];
            end else begin : g_pad
                assign add_in = pad;
            end
            delay_line #(.WIDTH(128), .DELAY(1 + s * STEP)) u_skew (.clk(clk), .rst(rst), .in(add_in), .out(add));
            wire [127:0] y;
            gf128_mulacc_h #(.LATENCY(REGS)) u_mul (.clk(clk), .x(xs[128*s +: 128]), .a(add), .y(y));
            reg  [127:0] x_q;
            if (FEEDBACK == 1) begin : g_bypass
                // this stage passes X on (X ^ a) on a last beat of k <= s blocks: its block is absent
                wire [127:0] x_d, add_d;
                wire         bp;
                wire         bp_in = last && k <= s;
                delay_line #(.WIDTH(128), .DELAY(REGS)) u_xd (.clk(clk), .rst(rst), .in(xs[128*s +: 128]), .out(x_d));
                delay_line #(.WIDTH(128), .DELAY(REGS)) u_ad (.clk(clk), .rst(rst), .in(add), .out(add_d));
                delay_line #(.WIDTH(1), .DELAY(1 + s * STEP + REGS)) u_bp (.clk(clk), .rst(rst), .in(bp_in), .out(bp));
                always @(posedge clk) x_q <= bp ? x_d ^ add_d : y;
            end else begin : g_plain
                always @(posedge clk) x_q <= y;
            end
            assign xs[128*(s+1) +: 128] = x_q;
        end
    endgenerate

    // the beat's valid, last and error bits, to the chain's end
    wire end_valid, end_last, end_err;
    delay_line #(.WIDTH(3), .DELAY(1 + STAGES * STEP), .RESET(1)) u_tags (
        .clk(clk), .rst(rst), .in({take, last, msg_err_q || bad}), .out({end_valid, end_last, end_err}));
    wire [127:0] result = xs[128*STAGES +: 128];

    // ---- output FIFO and the credit ----
    // The credit moves by one at most: ready_q's next value is a compare of owed_q with a constant,
    // chosen by the direction, not a compare behind the counter's adder.
    wire pop = m_axis_tvalid && m_axis_tready;
    wire owe_more = take && last && !pop;
    wire owe_less = pop && !(take && last);
    /* verilator lint_off UNUSEDSIGNAL */
    wire          fifo_ready;                // always high when written: the credit guarantees room
    wire [$clog2(DEPTH)+1:0] fifo_count;
    wire          fifo_nonempty, fifo_busy, fifo_zero;
    /* verilator lint_on UNUSEDSIGNAL */
    axis_fifo #(.WIDTH(129), .DEPTH(DEPTH), .STYLE(FIFO_STYLE), .OUT_REGS(FIFO_STYLE == "block" ? 1 : 2)) u_fifo (
        .clk(clk), .rst(rst), .clear(1'b0),
        .s_axis_tdata({end_err, result}), .s_axis_tvalid(end_valid && end_last), .s_axis_tready(fifo_ready),
        .m_axis_tdata({m_axis_tuser, m_axis_tdata}), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
        .count(fifo_count), .nonempty(fifo_nonempty), .busy(fifo_busy), .zero(fifo_zero));

    always @(posedge clk) begin
        if (rst) begin
            first_q <= 1'b1;
            fb_valid_q <= 1'b0;
            msg_err_q <= 1'b0;
            error_q <= 1'b0;
            owed_q <= {OW{1'b0}};
            ready_q <= 1'b1;
        end else begin
            error_q <= take && bad;
            if (owe_more) begin
                owed_q <= owed_q + 1'b1;
                ready_q <= owed_q != DEPTH[OW-1:0] - 1'b1;
            end else if (owe_less) begin
                owed_q <= owed_q - 1'b1;
                ready_q <= 1'b1;
            end
            if (take) begin
                first_q <= last;
                msg_err_q <= last ? 1'b0 : (msg_err_q || bad);
            end
            if (FEEDBACK == 1 && end_valid && !end_last) fb_valid_q <= 1'b1;
            else if (take && !first_q) fb_valid_q <= 1'b0;
        end
    end
    always @(posedge clk) if (end_valid && !end_last) fb_q <= result;

    assign error = error_q;
endmodule
`default_nettype wire
