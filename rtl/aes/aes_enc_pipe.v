`default_nettype none
// aes_enc_pipe: the unrolled AES encryption core of Lemsitzer et al.: one round unit per round
// (14 of them; 10, 12 or 14 used according to the key length), each DATA_W bits wide, so a block
// enters every P = 128/DATA_W cycles and 14 blocks' worth of rounds run concurrently.
//
// Each round unit holds its block in a 128-bit register and works through it in P chunks: chunk j
// feeds DATA_W/8 S-boxes with the bytes that ShiftRows brings to the chunk's output columns, then
// MixColumns (DATA_W >= 32: DATA_W/32 columns per cycle; DATA_W = 16: a column every second cycle
// from two halves) and AddRoundKey with the round key's words from the key bank. The last column
// of a block goes straight to the next unit with the others. Units move in lockstep; with the
// block-RAM S-box (one cycle of latency) each unit runs one cycle behind the one before it.
//
// Interfaces: blocks in block order (byte 0 in [127:120]) on s_axis/m_axis with backpressure;
// s_axis_tuser travels with each block. Key: key (block order from [255:248]) and key_len
// (0: 128, 1: 192, 2: 256) taken when key_valid and key_ready; key_ready waits for the blocks in
// flight to leave (they finish under the old key). Blocks wait while a key is offered and for the
// first cycle of its schedule; from the second on they may enter, since the schedule stays ahead of
// them (key_early, see aes_key_expand); key_loaded rises when every round key is in the bank.
// key_len = 3 is refused: error pulses and no key is loaded.
// Without a loaded key s_axis_tready stays low. key_clear (like rst) erases the keys and every
// block in flight.
//
// 128 bits with the block-RAM S-box (REBAL, the configuration of the fast GCM core): each unit's
// register stands after its S-box RAMs, the key schedule runs at half rate (aes_key_expand HALF:
// blocks still enter two cycles after the key, key_loaded rises after 2 Nr + 2 cycles instead of
// Nr + 2), and the pipeline never stalls: a block is taken only while a 32-entry output FIFO
// (axis_fifo in LUT RAM, erased by rst and key_clear in the 16 cycles after them) has room for
// every block owed. Otherwise the output is a register (axis_reg) and a full one stalls the units.
//
// DEEP = 1 (128 bits, block RAM): five cycles a round for the fastest clock (aes_round_deep), the
// key schedule three cycles a step behind a registered key port (aes_key_expand PACE 3, KEY_REG:
// blocks enter three cycles after the key), a 128-entry output FIFO with a read register a bank and
// two output registers (axis_fifo OUT_REGS 3); latency 5 Nr + 4 cycles. DEEP = 1 with SBOX = 0 (the
// S-box table in LUTs): two cycles a round
// (SubBytes into a register, then MixColumns and AddRoundKey), the schedule two cycles a step
// (PACE 2) behind the registered key port, a 64-entry output FIFO; latency 2 Nr + 4 cycles. DEEP = 1
// with SBOX = 1 (composite-field logic): five cycles a round (the S-box in four registered stages,
// then MixColumns and AddRoundKey), the schedule, FIFO and latency as with block RAM (the schedule's
// SubWord a table in LUTs). Same ports, erasure and credit as with block RAM; no RAM rows for a
// round to span.
//
// Latency: Nr * P + Nr * (SBOX == 2) + 1 cycles from acceptance to m_axis_tvalid (plus up to
// P - 1 cycles waiting for the input unit's boundary). Throughput: one block every P cycles.
// DATA_W: 128, 64, 32 or 16. SBOX: 0 table in LUTs, 1 composite-field logic, 2 block-RAM table.
// FIXED_KEY = 1: the round keys are the constants RK (round key r in [128*r +: 128]) for a key of
// length FIXED_LEN, written by `authcore generate gcm --specialize all`; there is no key schedule,
// AddRoundKey becomes inverters, key_ready stays low and offering a key raises error.
module aes_enc_pipe #(
    parameter DATA_W = 128,
    parameter SBOX = 0,
    parameter USER_W = 1,
    parameter FIXED_KEY = 0,
    parameter FIXED_LEN = 0,
    parameter [15*128-1:0] RK = {15*128{1'b0}},
    parameter DEEP = 0
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              key_clear,
    input  wire [255:0]      key,
    input  wire [1:0]        key_len,
    input  wire              key_valid,
    output wire              key_ready,
    input  wire [127:0]      s_axis_tdata,
    input  wire [USER_W-1:0] s_axis_tuser,
    input  wire              s_axis_tvalid,
    output wire              s_axis_tready,
    output wire [127:0]      m_axis_tdata,
    output wire [USER_W-1:0] m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready,
    output wire              key_loaded,
    output wire              error
);
    generate
        if (DATA_W != 128 && DATA_W != 64 && DATA_W != 32 && DATA_W != 16) begin : g_bad_width
            aes_enc_pipe_DATA_W_must_be_128_64_32_or_16 u_error ();
        end
        if (SBOX < 0 || SBOX > 2) begin : g_bad_sbox
            aes_enc_pipe_SBOX_must_be_0_lut_1_composite_or_2_rom u_error ();
        end
        if (USER_W < 1) begin : g_bad_user
            aes_enc_pipe_USER_W_must_be_at_least_1 u_error ();
        end
        if (FIXED_KEY != 0 && FIXED_KEY != 1) begin : g_bad_fixed
            aes_enc_pipe_FIXED_KEY_must_be_0_or_1 u_error ();
        end
        if (FIXED_LEN < 0 || FIXED_LEN > 2) begin : g_bad_len
            aes_enc_pipe_FIXED_LEN_must_be_0_1_or_2 u_error ();
        end
        if (DEEP != 0 && (DEEP != 1 || DATA_W != 128)) begin : g_bad_deep
            aes_enc_pipe_DEEP_must_be_0_or_1_and_needs_DATA_W_128 u_error ();
        end
    endgenerate

    localparam integer P = 128 / DATA_W;      // cycles per block per round unit
    localparam integer L = (SBOX == 2) ? 1 : 0;  // S-box latency
    localparam integer B = DATA_W / 8;        // S-boxes per round unit
    localparam integer NC = (DATA_W >= 32) ? DATA_W / 32 : 1;
    localparam integer JW = (P > 1) ? $clog2(P) : 1;
    localparam integer NS = 14;
    // Block RAM at 128 bits: the unit's register moves from before the S-box RAMs (whose address
    // register already stands there) to after them, so one cycle is the RAM's clock-to-output and
    // the other MixColumns and AddRoundKey, instead of one cycle holding both and the other none.
    localparam integer REBAL = (L == 1 && P == 1 && DEEP == 0) ? 1 : 0;
    // DEEP: five cycles a round (see the DEEP units below); like REBAL, the pipeline never stalls.
    localparam integer NOSTALL = (REBAL == 1 || DEEP == 1) ? 1 : 0;
    // The units that can run the last round (Nr = 10, 12, 14): the output takes its block from
    // one of these three, not from a 14-way select.
    localparam [13:0] LASTS = 14'b10_1010_0000_0000;

    wire clr = rst || key_clear;

    // ---- keys -----------------------------------------------------------------------------------
    wire [15*128-1:0] rk;
    wire [3:0]        nr;
    wire              keys_ok;
    wire              keys_early;
    wire              empty;
    wire              empty_d;   // empty's next value (the DEEP key schedule's registered key_ready)

    generate
        if (FIXED_KEY == 1) begin : g_fixed
            reg err_q;
            always @(posedge clk) err_q <= !clr && key_valid;
            assign rk = RK;
            assign nr = (FIXED_LEN == 0) ? 4'd10 : (FIXED_LEN == 1) ? 4'd12 : 4'd14;
            assign keys_ok = 1'b1;
            assign keys_early = 1'b1;
            assign key_ready = 1'b0;
            assign error = err_q;
            wire unused_fixed = ^{key, key_len, empty};
        end else begin : g_expand
            // DEEP: the schedule's SubWord is a table in LUTs whatever the rounds use (one cycle of a
            // step, the composite S-box's four stages would not fit it): aes_key_expand's SUB_SBOX
            aes_key_expand #(.SBOX(SBOX), .PACE(DEEP == 1 ? ((SBOX == 0) ? 2 : 3) : REBAL == 1 ? 2 : 1),
                             .KEY_REG(DEEP),
                             .RST_REG(DEEP), .READY_REG(DEEP)) u_keys (
                .clk(clk), .rst(clr), .idle(empty), .idle_next(empty_d), .key(key), .key_len(key_len),
                .key_valid(key_valid),
                .key_ready(key_ready), .key_loaded(keys_ok), .key_early(keys_early), .error(error),
                .rk(rk), .nr(nr)
            );
        end
    endgenerate

    // ---- lockstep control -----------------------------------------------------------------------
    reg  [JW-1:0]        cnt_q;
    wire [NS*128-1:0]    xfer_data;
    wire [NS-1:0]        xfer_v;
    wire [NS*USER_W-1:0] xfer_user;
    wire [NS-1:0]        xfer_now;
    wire [NS-1:0]        busy_v;
    wire [NS-1:0]        bnd;
    wire                 out_free;   // the output (register or FIFO) takes a finished block
    wire [NS:0]          clr_chain;  // DEEP: clr delayed by k cycles for unit k (aes_round_deep)
    assign clr_chain[0] = clr;

    // islast_q[k]: unit k runs the last round (k + 1 == Nr). Nr changes only at key load and a
    // block reaches unit 9 no earlier than 9 cycles after the key, so a registered decode is in
    // time, and the output select is one-hot from registers instead of a 14-way mux on Nr.
    reg  [NS-1:0]     islast_q;
    wire [NS-1:0]     fin = xfer_now & xfer_v & islast_q & LASTS;
    wire              out_xfer = |fin;
    reg  [127:0]      out_data;
    reg  [USER_W-1:0] out_user;
    always @* begin : p_out
        integer q;
        out_data = 128'd0;
        out_user = {USER_W{1'b0}};
        for (q = 0; q < NS; q = q + 1) if (LASTS[q]) begin
            out_data = out_data | ({128{islast_q[q]}} & xfer_data[128 * q +: 128]);
            out_user = out_user | ({USER_W{islast_q[q]}} & xfer_user[USER_W * q +: USER_W]);
        end
    end
    always @(posedge clk) begin : p_islast
        integer q;
        for (q = 0; q < NS; q = q + 1) islast_q[q] <= (q + 1) == {28'd0, nr};
    end
    // REBAL cores never stall: blocks owed (taken, not yet handed over) are counted, and a block
    // is taken only while the OD-entry output FIFO has room for every block owed, so whatever
    // leaves the pipeline always finds a free entry (the pipeline holds at most 2 Nr + 1 blocks).
    localparam integer OD = (DEEP == 0) ? 32 : (SBOX == 0) ? 64 : 128;
    wire              credit_q;
    wire              stall = (NOSTALL == 1) ? 1'b0 : out_xfer && !out_free;
    wire              advance = !stall;
    // empty from a register: no block was in a round unit last cycle, and none was taken then
    // (s_axis_tready is low while a key is offered, so a key never meets a block taken with it).
    reg               empty_q;
    assign empty = empty_q;
    assign s_axis_tready = bnd[0] && advance && keys_early && !key_valid && ((NOSTALL == 0) || credit_q);
    wire   take = s_axis_tvalid && s_axis_tready;
    // NOSTALL cores count the blocks in flight instead (idle_next from aes_pipe_out): a
    // block leaves their pipeline at its FIFO write, and the OR of every unit's valid bits spans
    // the device (the DEEP core's critical path on ECP5, 8.1 ns of routing).
    wire              idle_next;
    assign empty_d = clr || ((NOSTALL == 1) ? idle_next : (!(|busy_v) && !take));
    always @(posedge clk) empty_q <= empty_d;

    always @(posedge clk) begin
        if (clr) cnt_q <= {JW{1'b0}};
        else if (advance) cnt_q <= (P == 1) ? {JW{1'b0}} : cnt_q + 1'b1;
    end

    // ---- round units ----------------------------------------------------------------------------
    genvar k, n;
    generate
        for (k = 0; k < NS * (1 - DEEP); k = k + 1) begin : g_round
            localparam integer OFF = (k * L) % P;
            wire [JW-1:0] loc = cnt_q - OFF[JW-1:0];         // this unit's chunk counter
            wire [JW-1:0] jm = (P == 1) ? {JW{1'b0}} : loc - L[JW-1:0];  // the chunk leaving the S-boxes
            localparam integer TOP = P - 1;
            wire [31:0]   loc32 = {{(32 - JW){1'b0}}, loc};
            wire [31:0]   jm32 = {{(32 - JW){1'b0}}, jm};
            assign bnd[k] = loc == TOP[JW-1:0];
            assign xfer_now[k] = jm == TOP[JW-1:0];

            reg  [127:0]      in_q;
            reg               in_v_q;
            reg  [USER_W-1:0] in_user_q;
            reg               meta_v_q;     // S-box latency: the block whose last chunk is leaving
            reg  [USER_W-1:0] meta_user_q;
            reg  [127:0]      acc_q;        // output columns done so far
            wire [127:0]      rkk = rk[128 * (k + 1) +: 128];
            wire              last_round = islast_q[k];

            wire [127:0]      src_data;
            wire              src_v;
            wire [USER_W-1:0] src_user;
            if (k == 0) begin : g_input
                assign src_data = s_axis_tdata ^ rk[127:0];
                assign src_v = take;
                assign src_user = s_axis_tuser;
            end else begin : g_chain
                assign src_data = xfer_data[128 * (k - 1) +: 128];
                assign src_v = xfer_v[k - 1] && !islast_q[k - 1];   // a block leaves after its last round
                assign src_user = xfer_user[USER_W * (k - 1) +: USER_W];
            end

            wire [127:0] fsrc = (REBAL == 1) ? src_data : in_q;
            // ShiftRows: output column c, row r takes input byte r + 4 * ((c + r) mod 4).
            // (Built in a local variable and assigned once, here and below: a simulator passes
            // every assignment to a module-level reg on to its readers, here 16 S-boxes.)
            reg [DATA_W-1:0] feed;
            always @* begin : p_feed
                reg [DATA_W-1:0] f;
                integer b, c, r;
                f = {DATA_W{1'b0}};
                for (b = 0; b < B; b = b + 1) begin
                    if (DATA_W >= 32) begin
                        c = loc32 * NC + b / 4;
                        r = b % 4;
                    end else begin
                        c = loc32 / 2;
                        r = 2 * (loc32 % 2) + b;
                    end
                    f[DATA_W - 8 * b - 1 -: 8] = fsrc[127 - 8 * (r + 4 * ((c + r) % 4)) -: 8];
                end
                feed = f;
            end

            wire [DATA_W-1:0] sb_ram;
            wire [DATA_W-1:0] sb = (REBAL == 1) ? in_q[DATA_W-1:0] : sb_ram;
            aes_sub #(.SBOX(SBOX), .BYTES(B)) u_sub (.clk(clk), .en(advance), .x(feed), .y(sb_ram));
            wire [127:0]      rb_next;  // REBAL: the unit register takes the S-box RAMs' output
            if (REBAL == 1) begin : g_rebal
                assign rb_next = sb_ram;
            end else begin : g_plain
                assign rb_next = src_data;
            end

            reg [127:0] acc_next;
            if (DATA_W >= 32) begin : g_cols
                wire [32*NC-1:0] mixed;
                for (n = 0; n < NC; n = n + 1) begin : g_mix
                    aes_mix_col u_mix (.x(sb[DATA_W - 32 * n - 1 -: 32]), .bypass(last_round),
                                       .y(mixed[32 * NC - 32 * n - 1 -: 32]));
                end
                always @* begin : p_acc
                    reg [127:0] a;
                    integer m;
                    a = acc_q;
                    for (m = 0; m < NC; m = m + 1)
                        a[127 - 32 * (jm32 * NC + m) -: 32] = mixed[32 * NC - 32 * m - 1 -: 32]
                                                             ^ rkk[127 - 32 * (jm32 * NC + m) -: 32];
                    acc_next = a;
                end
            end else begin : g_halves
                reg  [15:0] half_q;   // rows 0 and 1 of the column being substituted
                wire [31:0] mixed;
                aes_mix_col u_mix (.x({half_q, sb}), .bypass(last_round), .y(mixed));
                always @* begin : p_acc
                    reg [127:0] a;
                    a = acc_q;
                    if (jm[0]) a[127 - 32 * (jm32 / 2) -: 32] = mixed ^ rkk[127 - 32 * (jm32 / 2) -: 32];
                    acc_next = a;
                end
                always @(posedge clk) begin
                    if (clr) half_q <= 16'd0;
                    else if (advance && !jm[0]) half_q <= sb;
                end
            end

            assign xfer_data[128 * k +: 128] = acc_next;
            assign xfer_v[k] = (L != 0) ? meta_v_q : in_v_q;
            assign xfer_user[USER_W * k +: USER_W] = (L != 0) ? meta_user_q : in_user_q;
            assign busy_v[k] = in_v_q || ((L != 0) && meta_v_q);

            always @(posedge clk) begin
                if (clr) begin
                    in_q <= 128'd0;
                    in_v_q <= 1'b0;
                    in_user_q <= {USER_W{1'b0}};
                    meta_v_q <= 1'b0;
                    meta_user_q <= {USER_W{1'b0}};
                    acc_q <= 128'd0;
                end else if (advance) begin
                    acc_q <= acc_next;
                    if (bnd[k]) begin
                        // an empty slot keeps the old data: no S-box input toggles for nothing
                        if (REBAL == 1) in_q <= rb_next;
                        else if (src_v) in_q <= src_data;
                        in_v_q <= src_v;
                        in_user_q <= src_user;
                        meta_v_q <= in_v_q;
                        meta_user_q <= in_user_q;
                    end
                end
            end
        end

        // DEEP = 1 (128 bits): five cycles a round with block RAM (aes_round_deep: the S-box RAMs'
        // address and output registers, the RAM words in flip-flops, then MixColumns and
        // AddRoundKey in two registered halves) or composite-field logic (four S-box stages, then
        // MixColumns and AddRoundKey), two with the table in LUTs.
        // The input block is XORed with round key 0 into a register first (loaded every cycle,
        // taken or not: take reaches no enable), and the finished block passes one more register
        // before the FIFO (and the FIFO's own output register after it). Nothing stalls: the credit below keeps room in the output FIFO for
        // every block owed (up to 5 Nr + 2 in flight, 2 Nr + 2 with the LUT table). Erasure: clr clears the valid bits at once
        // and unit k's data registers k + 1 cycles later (its copy of clr, a chain: one net from
        // clr to each unit instead of one to 7,000 flip-flops and 224 RAM ports across the
        // device, the ECP5 critical path once the datapath was not); all within 16 cycles, the
        // output FIFO's wipe. A block taken after clr (two cycles after it at the earliest)
        // reaches unit k after its clear: a block moves a unit in five cycles (or two), the clear in one.
        if (DEEP == 1) begin : g_input
            reg  [127:0]      x_q;
            reg               x_v_q;
            reg  [USER_W-1:0] x_u_q;
            always @(posedge clk) begin
                if (clr_chain[1]) begin
                    x_q <= 128'd0;
                    x_u_q <= {USER_W{1'b0}};
                end else begin
                    x_q <= s_axis_tdata ^ rk[127:0];
                    x_u_q <= s_axis_tuser;
                end
                x_v_q <= !clr && take;
            end
            for (k = 0; k < NS; k = k + 1) begin : g_deep
                wire          busy_u;
                aes_round_deep #(.USER_W(USER_W), .SBOX(SBOX)) u_round (
                    .clk(clk), .clr(clr), .clr_in(clr_chain[k]), .clr_out(clr_chain[k + 1]),
                    .src_data((k == 0) ? x_q : xfer_data[128 * (k == 0 ? 0 : k - 1) +: 128]),
                    .src_v((k == 0) ? x_v_q : xfer_v[k == 0 ? 0 : k - 1] && !islast_q[k == 0 ? 0 : k - 1]),
                    .src_user((k == 0) ? x_u_q : xfer_user[USER_W * (k == 0 ? 0 : k - 1) +: USER_W]),
                    .last(islast_q[k]), .rk(rk[128 * (k + 1) +: 128]),
                    .d(xfer_data[128 * k +: 128]), .d_v(xfer_v[k]), .d_user(xfer_user[USER_W * k +: USER_W]),
                    .busy(busy_u)
                );
                assign busy_v[k] = busy_u || ((k == 0) && x_v_q);
                assign xfer_now[k] = 1'b1;
                assign bnd[k] = 1'b1;
            end
        end
        if (DEEP == 1) begin : g_deep_unused
            wire unused_bnd = ^{bnd[NS-1:1], cnt_q, clr_chain[NS]};
        end else begin : g_no_chain
            assign clr_chain[NS:1] = {NS{1'b0}};
            wire unused_chain = ^clr_chain;
        end
    endgenerate

    // ---- output (aes_pipe_out: the FIFO and credit of NOSTALL cores, a register otherwise) ------------
    aes_pipe_out #(.USER_W(USER_W), .NOSTALL(NOSTALL), .OREG(DEEP), .OD(OD)) u_out (
        .clk(clk), .rst(rst), .key_clear(key_clear), .take(take),
        .out_data(out_data), .out_user(out_user), .out_xfer(out_xfer), .out_free(out_free),
        .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready), .credit(credit_q), .idle_next(idle_next)
    );
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_busy_v = (NOSTALL == 1) && (|busy_v);
    /* verilator lint_on UNUSEDSIGNAL */
    assign key_loaded = keys_ok;
endmodule
`default_nettype wire
