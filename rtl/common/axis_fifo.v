`default_nettype none
// axis_fifo: synchronous first-word-fall-through FIFO between two AXI4-Stream handshakes, any
// payload (pack tdata, tkeep, tlast and tuser into s_axis_tdata).
// Storage: DEPTH words in a memory and OUT_REGS output registers (the memory's read register, which
// block RAM keeps inside the RAM, or two in turn, or none), so the FIFO holds DEPTH + OUT_REGS words
// (DEPTH + 2 with OUT_REGS = 3). Latency: a word taken in cycle t is on m_axis from cycle t + 1
// without an output register, t + 2 with one or two, t + 3 with 3. Throughput: a word per cycle in
// and out at once, with no bubble while the FIFO is neither empty nor full.
// The memory is never read and written at one address in the same cycle (a word is read only
// once it is stored, and a write into the slot being read needs a full FIFO, which takes nothing),
// so the memory needs no read-during-write logic: no_rw_check tells Yosys so.
// EAGER = 1: the slot at the write pointer is free whenever the FIFO is not full, so it is written
// every such cycle, offered or not, and a transfer only moves the pointer: s_axis_tvalid reaches no
// write enable (for a FIFO behind a pipeline whose valid is decoded late). A free slot then holds
// whatever s_axis_tdata held; with OUT_REGS = 0 an empty FIFO shows it on m_axis_tdata. EAGER = 0
// (default): only words taken are written.
// Parameters:
//   WIDTH  payload bits.
//   DEPTH  memory words, a power of two, at least 2.
//   STYLE  "block" (block RAM), "distributed" (LUT RAM) or "logic" (flip-flops). The output
//          register is the memory's read register, so with "block" the RAM's own output drives
//          m_axis_tdata: on ECP5 (LFE5U-85F-6) its clock-to-out is 5.8 ns, which limits the clock
//          to about 120 MHz wherever m_axis_tdata goes; "distributed" reads in about 1 ns.
//   WIPE   1: reset and clear also overwrite every word and the output registers with zeros (for
//          payloads derived from keys). With "logic" that happens in the reset cycle itself; with
//          RAM it takes a cycle a word (block RAM: DEPTH; LUT RAM: 16 at most, its banks of 16
//          words are zeroed side by side), during which s_axis_tready and m_axis_tvalid are low
//          and busy is high. 0: reset and clear only empty the FIFO.
//   OUT_REGS  0 (not with "block"): no output register; m_axis_tdata is the memory read at the
//          read pointer (a DEPTH:1 multiplexer from flip-flops with "logic"), m_axis_tvalid a
//          flip-flop. For small queues of wide words beside a datapath.
//          1: one output register, loaded when it is empty or m_axis takes it, so
//          m_axis_tready reaches its WIDTH enables. 2 (not with "block"): two output registers
//          filled and shown in turn; a register is filled only when it is empty, so the enables
//          and the memory's read come from flip-flops alone, and m_axis_tready reaches two valid
//          flags and a select (m_axis_tdata is a 2:1 multiplexer from registers). For wide FIFOs
//          whose consumer's ready comes from far away: in the 150 MHz Crenne chain, ready's path
//          to 129 enables was the critical path at every placement (5-8 ns of routing).
//          3 (not with "block"): the memory read into a read register every cycle (no enable;
//          with LUT-RAM banks one a bank, each bank read at a kept copy of the read pointer, and
//          the bank multiplexer after them), then the two output registers of 2, where a word
//          read moves the next cycle: a read starts only when an output register will be free
//          for it. On ECP5 the 8-bank read into an enabled register was the DEEP AES engine's
//          critical path (7.0-7.9 ns). The read register holds no word while m_axis stalls; with
//          WIPE the wipe's cycles zero the output registers (reset and clear with flip-flops).
//   HEAD_W  0 (default), or with STYLE "logic" and OUT_REGS 0: the top HEAD_W payload bits (a kind
//          or flag field that control decodes at the head) are read at a copy of the read pointer
//          of their own (a keep_reg), so that decision does not start on the net that also selects
//          every data bit: beside a wide word that net spans the datapath (in gcm_core's two-lane
//          keystream FIFO, 514 multiplexers; its far end began the core's critical path).
// clear empties the FIFO like reset (for key_clear). count: the words held. nonempty: count != 0
// from the flags alone (one LUT from flip-flops), high from the cycle after a word is taken, before
// m_axis_tvalid when there are output registers: for a user that must know a word is on its way
// (gcm_tag_unit's busy, gcm_aes_out's ej_empty). zero ("logic" only, 0 otherwise): every word and
// output register holds zero, for tests of key erasure through ports (unconnected, it costs nothing).
module axis_fifo #(
    parameter WIDTH = 8,
    parameter DEPTH = 16,
    parameter [8*11-1:0] STYLE = "block",
    parameter WIPE  = 0,
    parameter OUT_REGS = 1,
    parameter EAGER = 0,
    parameter HEAD_W = 0
) (
    input  wire                     clk,
    input  wire                     rst,
    input  wire                     clear,
    input  wire [WIDTH-1:0]         s_axis_tdata,
    input  wire                     s_axis_tvalid,
    output wire                     s_axis_tready,
    output wire [WIDTH-1:0]         m_axis_tdata,
    output wire                     m_axis_tvalid,
    input  wire                     m_axis_tready,
    output wire [$clog2(DEPTH)+1:0] count,
    output wire                     nonempty,
    output wire                     busy,
    output wire                     zero
);
    localparam AW = $clog2(DEPTH);

    generate
        if (DEPTH < 2 || (1 << AW) != DEPTH) begin : g_bad_depth
            axis_fifo_DEPTH_must_be_a_power_of_two_of_at_least_2 u_err ();
        end
        if (STYLE != "block" && STYLE != "distributed" && STYLE != "logic") begin : g_bad_style
            axis_fifo_STYLE_must_be_block_distributed_or_logic u_err ();
        end
        if (WIPE != 0 && WIPE != 1) begin : g_bad_wipe
            axis_fifo_WIPE_must_be_0_or_1 u_err ();
        end
        if (EAGER != 0 && EAGER != 1) begin : g_bad_eager
            axis_fifo_EAGER_must_be_0_or_1 u_err ();
        end
        if (OUT_REGS != 1 && !(OUT_REGS >= 0 && OUT_REGS <= 3 && STYLE != "block")) begin : g_bad_out
            axis_fifo_OUT_REGS_must_be_0_to_3_and_1_with_block_RAM u_err ();
        end
        if (HEAD_W < 0 || HEAD_W > WIDTH || (HEAD_W != 0 && (STYLE != "logic" || OUT_REGS != 0))) begin : g_bad_head
            axis_fifo_HEAD_W_must_be_0_or_up_to_WIDTH_with_logic_and_OUT_REGS_0 u_err ();
        end
    endgenerate

    // The flags are registers of their own (full_q, some_q), so the handshakes and the memory's
    // write enable are one LUT from flip-flops: derived from the pointers each cycle, a full check
    // (a subtraction and a compare) in front of the write enable of 66 LUT-RAM cells set the clock
    // of a 150 MHz design (7.8 ns on ECP5). The flags' next values do not wait for the count's
    // adder either: the count moves by one at most, so each flag's next value is a compare of the
    // count register with a constant, chosen by whether it goes up or down (8.8 ns through the
    // adder's carry chain, on the same design).
    reg  [AW-1:0]     wp_q, rp_q;
    reg  [AW:0]       stored_q;        // words in the memory (the output register not counted)
    reg               full_q, some_q;  // stored_q == DEPTH, stored_q != 0
    reg  [1:0]        ov_q;            // output register 0 / 1 holds a word
    reg  [WIDTH-1:0]  out_q;
    wire [WIDTH-1:0]  out1;            // the second output register (OUT_REGS = 2, 3)
    reg               wsel_q, rsel_q;  // OUT_REGS = 2, 3: the register filled next, the one shown
    reg               r1v_q;           // OUT_REGS = 3: the read register holds a word read last cycle
    /* verilator lint_off UNUSEDSIGNAL */ wire [WIDTH-1:0] r1w; /* verilator lint_on UNUSEDSIGNAL */ // the output registers load it (3: the read register's word, else head)
    reg               wiping_q;
    reg  [AW-1:0]     wipe_q;          // the word (the row of every bank) being zeroed
    // RAM with WIPE is zeroed a word a cycle; flip-flops in the reset cycle (a constant 0 otherwise)
    localparam        WIPE_RAM = WIPE == 1 && STYLE != "logic";
    wire              wiping = WIPE_RAM && wiping_q;

    assign s_axis_tready = !full_q && !wiping;
    wire wr   = s_axis_tvalid && s_axis_tready;
    wire out_valid = OUT_REGS == 0 ? some_q : OUT_REGS >= 2 ? ov_q[rsel_q] : ov_q[0];
    wire pop  = out_valid && m_axis_tready;
    // OUT_REGS = 3: with two words in the read and output registers (never three), a word read now
    // finds an output register free next cycle only if one is popped now
    wire two_held = (ov_q[0] && ov_q[1]) || (r1v_q && (ov_q[0] || ov_q[1]));
    // a word leaves the memory: into an output register (3: the read register), or (0) to m_axis
    wire load = OUT_REGS == 0 ? pop : some_q && (OUT_REGS == 3 ? !two_held || pop :
                                                 OUT_REGS == 2 ? !ov_q[wsel_q] : (!ov_q[0] || m_axis_tready));
    wire fill = OUT_REGS == 3 ? r1v_q : load;   // a word goes into an output register
    wire up   = wr && !load;
    wire down = load && !wr;
    // While wiping, every word is written with zeros; the last wipe cycle reads word 0 (zeroed in
    // the first) into the output register. LUT RAM deeper than 16 words is banks of 16 (ECP5's LUT
    // RAM depth), word i in bank i mod the number of banks: the wipe zeroes a row of every bank at
    // once, in 16 cycles (aes_enc_pipe relies on it: after key_clear its first block reaches the
    // FIFO later than that).
    localparam integer BANK = (STYLE == "distributed" && DEPTH > 16) ? 16 : DEPTH;  // words per bank
    localparam integer NBA  = $clog2(DEPTH / BANK);                                  // bank select bits
    localparam integer RA   = AW - NBA;                                              // row bits
    wire              mem_we   = (EAGER == 1 ? s_axis_tready : wr) || wiping;
    wire [AW-1:0]     mem_wa   = wiping ? wipe_q << NBA : wp_q;   // LUT RAM banks: the row on top
    wire [WIDTH-1:0]  mem_wd   = wiping ? {WIDTH{1'b0}} : s_axis_tdata;
    wire              wipe_end = wiping && wipe_q[RA-1:0] == {RA{1'b1}};
    // the register a word goes to: with two, the one filled next (a wipe's last read, both; with
    // OUT_REGS = 3 the wipe's cycles zero them instead)
    wire              wend     = OUT_REGS != 3 && wipe_end;
    wire              re0      = OUT_REGS >= 2 ? (fill && !wsel_q) || wend : load || wend;
    wire              re1      = OUT_REGS >= 2 && ((fill && wsel_q) || wend);
    // The read address is the read pointer alone: a wipe starts with rp_q zero (rst and clear zero
    // both) and nothing is read while it runs, so its last cycle reads word 0 without a multiplexer
    // here (one LUT and a wire less in front of every LUT-RAM read, once the ECP5 critical path).
    wire [AW-1:0]     mem_ra   = rp_q;
    wire [WIDTH-1:0]  head;            // the memory at the read pointer (OUT_REGS = 0)
    // OUT_REGS = 3: every LUT-RAM bank's word at its read pointer (otherwise head)
    localparam integer NB = 1 << NBA, SW = NBA > 0 ? NBA : 1;   // banks, bank select bits
    /* verilator lint_off UNUSEDSIGNAL */ wire [WIDTH*NB-1:0] heads_all; /* verilator lint_on UNUSEDSIGNAL */
`ifdef AUTHCORE_FORMAL_PRIMS
    wire [NB-1:0]     f_rpc_ok;        // each copy equals the read pointer
`endif
    // HEAD_W: the read pointer's copy for the top HEAD_W bits. It counts on its own (from its own
    // value, not rp_q's), loaded and cleared as rp_q is, so the two are always equal (asserted
    // below); a keep_reg, since synthesis would merge two equal registers into one.
    localparam [WIDTH-1:0] HMASK = ~({WIDTH{1'b1}} >> HEAD_W);
    /* verilator lint_off UNUSEDSIGNAL */
    wire [AW-1:0]     hrp;             // read by the flip-flop memory and the formal contract only
    /* verilator lint_on UNUSEDSIGNAL */
    generate
        if (HEAD_W != 0) begin : g_hrp
            keep_reg #(.WIDTH(AW)) u_hrp (
                .clk(clk), .clr(rst || clear), .en(load), .d(hrp + 1'b1), .q(hrp)
            );
        end else begin : g_no_hrp
            assign hrp = rp_q;
        end
    endgenerate
`ifdef AUTHCORE_FORMAL_PRIMS
    wire [DEPTH*WIDTH-1:0] f_mem;      // the memory by word address, for the formal contract below
`endif

    generate
        if (STYLE == "block") begin : g_block
            (* ram_style = "block", no_rw_check *) reg [WIDTH-1:0] mem [0:DEPTH-1];
            always @(posedge clk) if (mem_we) mem[mem_wa] <= mem_wd;
            always @(posedge clk) if (re0) out_q <= mem[mem_ra];
`ifdef AUTHCORE_FORMAL_PRIMS
            genvar fj;
            for (fj = 0; fj < DEPTH; fj = fj + 1) begin : g_f_mem
                assign f_mem[fj*WIDTH +: WIDTH] = mem[fj];
            end
`endif
            assign out1 = out_q;   // not used: block RAM has one read register
            assign head = out_q;   // not used: OUT_REGS = 0 is refused with block RAM
            assign zero = 1'b0;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_re1 = re1;
            /* verilator lint_on UNUSEDSIGNAL */
        end else if (STYLE == "distributed" && NBA == 0) begin : g_distributed
            (* ram_style = "distributed", no_rw_check *) reg [WIDTH-1:0] mem [0:DEPTH-1];
            always @(posedge clk) if (mem_we) mem[mem_wa] <= mem_wd;
            assign head = mem[mem_ra];
            assign zero = 1'b0;
`ifdef AUTHCORE_FORMAL_PRIMS
            genvar fj;
            for (fj = 0; fj < DEPTH; fj = fj + 1) begin : g_f_mem
                assign f_mem[fj*WIDTH +: WIDTH] = mem[fj];
            end
`endif
        end else if (STYLE == "distributed") begin : g_banks
            wire [WIDTH*(1<<NBA)-1:0] heads;
            genvar b;
            for (b = 0; b < (1 << NBA); b = b + 1) begin : g_bank
                (* ram_style = "distributed", no_rw_check *) reg [WIDTH-1:0] mem [0:BANK-1];
                always @(posedge clk)
                    if (wiping || (mem_we && mem_wa[NBA-1:0] == b))
                        mem[mem_wa[AW-1:NBA]] <= mem_wd;
                wire [AW-1:0] ra;   // the read address (OUT_REGS = 3: a kept copy, beside the bank)
                if (OUT_REGS == 3) begin : g_rpc
                    keep_reg #(.WIDTH(AW)) u_rpc (.clk(clk), .clr(rst || clear), .en(load), .d(ra + 1'b1), .q(ra));
                end else begin : g_rp assign ra = mem_ra; end
`ifdef AUTHCORE_FORMAL_PRIMS
                assign f_rpc_ok[b] = ra == rp_q;
`endif
                assign heads[b*WIDTH +: WIDTH] = mem[ra[AW-1:NBA]];
`ifdef AUTHCORE_FORMAL_PRIMS
                genvar fr;
                for (fr = 0; fr < BANK; fr = fr + 1) begin : g_f_mem   // word {row, bank}
                    assign f_mem[(fr * (1 << NBA) + b)*WIDTH +: WIDTH] = mem[fr];
                end
`endif
            end
            assign head = heads[mem_ra[NBA-1:0]*WIDTH +: WIDTH];
            assign heads_all = heads;
            assign zero = 1'b0;
        end else begin : g_logic
            // a register per word, so that WIPE clears them all at once
            wire [DEPTH*WIDTH-1:0] words;
            genvar i;
            for (i = 0; i < DEPTH; i = i + 1) begin : g_word
                reg [WIDTH-1:0] w_q;
                always @(posedge clk) begin
                    if (WIPE == 1 && (rst || clear)) w_q <= {WIDTH{1'b0}};
                    else if (mem_we && mem_wa == i) w_q <= mem_wd;
                end
                assign words[i*WIDTH +: WIDTH] = w_q;
            end
            // HEAD_W: the top bits from the read pointer's copy (HMASK 0 without one)
            assign head = (words[hrp*WIDTH +: WIDTH] & HMASK) | (words[mem_ra*WIDTH +: WIDTH] & ~HMASK);
`ifdef AUTHCORE_FORMAL_PRIMS
            assign f_mem = words;
`endif
            assign zero = words == {(DEPTH*WIDTH){1'b0}} && (OUT_REGS == 0 || out_q == {WIDTH{1'b0}}) &&
                          (OUT_REGS < 2 || out1 == {WIDTH{1'b0}}) && (OUT_REGS != 3 || r1w == {WIDTH{1'b0}});
        end
        if (NBA == 0) begin : g_one_bank
            assign heads_all = head;
        end
        if (OUT_REGS == 3) begin : g_read_reg
            // the read registers; with RAM not cleared (the wipe zeroes row 0 first: zero by its third cycle)
            reg [WIDTH*NB-1:0] r_q;      // every bank's word
            reg [SW-1:0]       r_at_q;   // the bank holding the word read
            always @(posedge clk)
                if (WIPE == 1 && STYLE == "logic" && (rst || clear)) {r_q, r_at_q} <= {(WIDTH*NB+SW){1'b0}};
                else {r_q, r_at_q} <= {heads_all, mem_ra[SW-1:0]};
            wire [31:0] r_at = (NBA > 0) ? {{(32 - SW){1'b0}}, r_at_q} : 32'd0;
            assign r1w = r_q[r_at * WIDTH +: WIDTH];
        end else begin : g_no_read_reg assign r1w = head; end
        if (STYLE != "block") begin : g_out_regs
            // the output registers behind a LUT-RAM or flip-flop memory (none with OUT_REGS = 0),
            // loaded with r1w: the memory's read (the read register's word with OUT_REGS = 3)
            reg [WIDTH-1:0] out1_q;
            always @(posedge clk) begin
                if (WIPE == 1 && (STYLE == "logic" ? rst || clear : OUT_REGS == 3 && wiping_q))
                    {out_q, out1_q} <= {(2*WIDTH){1'b0}};
                else begin
                    if (re0) out_q <= r1w;
                    if (re1) out1_q <= r1w;
                end
            end
            assign out1 = out1_q;
        end
    endgenerate

    always @(posedge clk) begin
        if (rst || clear) begin
            wp_q <= {AW{1'b0}};
            rp_q <= {AW{1'b0}};
            stored_q <= {(AW + 1){1'b0}};
            full_q <= 1'b0;
            some_q <= 1'b0;
            ov_q <= 2'b00;
            r1v_q <= 1'b0;
            wsel_q <= 1'b0;
            rsel_q <= 1'b0;
            wiping_q <= WIPE_RAM;
            wipe_q <= {AW{1'b0}};
        end else begin
            if (wr) wp_q <= wp_q + 1'b1;
            if (up) begin
                stored_q <= stored_q + 1'b1;
                full_q <= stored_q == DEPTH[AW:0] - 1'b1;
                some_q <= 1'b1;
            end else if (down) begin
                stored_q <= stored_q - 1'b1;
                full_q <= 1'b0;
                some_q <= stored_q != {{AW{1'b0}}, 1'b1};
            end
            r1v_q <= OUT_REGS == 3 && load;
            if (OUT_REGS >= 2) begin
                if (fill) begin
                    ov_q[wsel_q] <= 1'b1;
                    wsel_q <= !wsel_q;
                end
                if (pop) begin
                    ov_q[rsel_q] <= 1'b0;
                    rsel_q <= !rsel_q;
                end
            end else if (OUT_REGS == 1) begin
                // (with OUT_REGS = 0 no register holds a word: ov_q stays zero for count, a bug the
                // formal proof found: count read a word too many from a pop until a cycle with
                // m_axis_tready high and no pop)
                if (load) ov_q[0] <= 1'b1;
                else if (m_axis_tready) ov_q[0] <= 1'b0;
            end
            if (load) rp_q <= rp_q + 1'b1;
            if (wiping) begin
                wipe_q <= wipe_q + 1'b1;
                if (wipe_end) wiping_q <= 1'b0;
            end
        end
    end

    assign m_axis_tdata  = OUT_REGS == 0 ? head : OUT_REGS >= 2 && rsel_q ? out1 : out_q;
    assign m_axis_tvalid = out_valid;
    assign count = {1'b0, stored_q} + {{AW{1'b0}}, ov_q[0]} + {{AW{1'b0}}, ov_q[1]} + {{AW{1'b0}}, r1v_q};
    assign nonempty = some_q || ov_q != 2'b00 || r1v_q;
    assign busy = wiping;

`ifdef AUTHCORE_FORMAL_PRIMS
    // The formal contract (formal/f_axis.sv) against what the FIFO holds, head first: the
    // output register shown, the other one (OUT_REGS = 2, 3), the read register's word (3), then
    // the memory from the read pointer.
    // The invariants below tie the pointers and flags together (they make the proof inductive).
    localparam integer HOLD = OUT_REGS == 3 ? 2 : OUT_REGS;   // words held outside the memory at most
    reg  [(DEPTH+2)*WIDTH-1:0] f_words;
    reg  [1:0] f_nout;
    integer fk;
    always @* begin
        f_words = {((DEPTH+2)*WIDTH){1'b0}};
        f_nout = {1'b0, ov_q[0]} + {1'b0, ov_q[1]};
        if (OUT_REGS >= 2) begin
            f_words[0 +: WIDTH] = rsel_q ? out1 : out_q;
            f_words[WIDTH +: WIDTH] = rsel_q ? out_q : out1;
        end else begin
            f_words[0 +: WIDTH] = out_q;
        end
        if (r1v_q) f_words[f_nout*WIDTH +: WIDTH] = r1w;
        f_nout = f_nout + {1'b0, r1v_q};
        for (fk = 0; fk < DEPTH; fk = fk + 1)
            f_words[(f_nout + fk)*WIDTH +: WIDTH] = f_mem[((rp_q + fk) % DEPTH)*WIDTH +: WIDTH];
    end
    f_axis_track #(.W(WIDTH), .CAP(DEPTH + HOLD), .HW(AW + 2)) f_track (
        .clk(clk), .rst(rst || clear), .s_data(s_axis_tdata), .s_valid(s_axis_tvalid), .s_ready(s_axis_tready),
        .m_data(m_axis_tdata), .m_valid(m_axis_tvalid), .m_ready(m_axis_tready), .held(count),
        .words(f_words[(DEPTH+HOLD)*WIDTH-1:0])
    );
    reg f_past = 1'b0, f_wiped = 1'b0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        f_wiped <= WIPE == 1 && (rst || clear);
    end
    always @* if (f_past) begin
        assert (stored_q <= DEPTH);
        assert (full_q == (stored_q == DEPTH));
        assert (some_q == (stored_q != 0));
        assert (wp_q == rp_q + stored_q[AW-1:0]);
        assert (hrp == rp_q);
        if (NBA > 0) assert (&f_rpc_ok);
        assert (nonempty == (count != 0));
        if (OUT_REGS == 0) assert (ov_q == 2'b00);
        if (OUT_REGS == 1) assert (!ov_q[1]);
        if (OUT_REGS >= 2) begin
            assert (!ov_q[!rsel_q] || ov_q[rsel_q]);    // the register shown fills first
            assert (wsel_q == (rsel_q ^ (ov_q[0] ^ ov_q[1])));
        end
        // the word read last cycle finds its output register free
        if (OUT_REGS == 3) assert (!r1v_q || !ov_q[wsel_q]);
        else assert (!r1v_q);
        if (wiping) assert (stored_q == 0 && ov_q == 2'b00 && !r1v_q && !s_axis_tready && !m_axis_tvalid);
        // key erasure: with flip-flops, every word and output register is zero the cycle after
        if (f_wiped && STYLE == "logic") assert (zero);
    end
`endif
endmodule
`default_nettype wire
