`default_nettype none
// gcm_core: AES-GCM / GMAC / AES-CTR engine (McGrew & Viega; the architecture of Lemsitzer et al.:
// AES counter mode and GHASH side by side). The core derives H = E_K(0^128) and the round keys
// itself; IVs of any length (96 bits on the fast path), AAD and text as byte strings, tags of 4, 8,
// 12..16 bytes generated and, when decrypting, checked in hardware.
//
// Key port: key (block order from [255:248]), key_len (0: 128, 1: 192, 2: 256) taken when
// key_valid and key_ready. key_ready is high only between packets with nothing in flight. The core
// expands the key and encrypts the zero block behind the schedule (it enters one cycle after the
// key), loads H, then raises key_loaded: the key-change latency is measured by the testbench
// (docs/gcm.md). key_len = 3 is refused (error pulses). key_clear and
// rst erase the key, the round keys, H and every packet in flight.
// GHASH = 3 (key-specialized): H is built into gf128_mul_h; at key load the core compares
// E_K(0^128) with it (H_BUILTIN, the same H, set by the generator in the key-material top) and on
// a difference raises key_mismatch and refuses packets.
//
// Input: one AXI4-Stream packet per message, 16 bytes per beat in stream byte order (first byte
// in tdata[7:0], tkeep[0]). tuser[2:0] is the phase of the beat: 0 header, 1 IV, 2 AAD, 3 text,
// 4 expected tag. Phases come in that order, each on one or more beats; a phase ends where the
// next one (or tlast) begins, and its last beat may be partial (tkeep contiguous from bit 0).
// AAD and text may be empty (left out).
//   header (one beat, required): byte 0 = mode (bits 1:0: 0 GCM, 1 GMAC, 2 CTR) | decrypt << 2;
//     byte 1 = tag length in bytes (4, 8, 12, 13, 14, 15, 16; ignored for CTR).
//   IV: at least 1 byte. GCM/GMAC: 12 bytes take the fast path J0 = IV || 0^31 1; any other
//     length is hashed to J0 by the same GHASH unit. CTR: exactly 16 bytes, the first counter
//     block (the low 32 bits increment, as in GCM).
//   tag (decryption only, GCM/GMAC): one beat with exactly the tag-length bytes, with tlast.
//
// Output: the text phase comes back beat for beat (same tkeep, bytes beyond it zero), then one
// final beat with tlast: the tag (tag-length bytes) when encrypting; when decrypting (and for CTR)
// a status byte, 1 for success. m_axis_tuser: [0] final beat, [1] tag mismatch (decryption),
// [2] protocol error. Decrypted text is released before the tag is checked, as line-rate
// hardware must: a consumer buffers a packet until its final beat and drops it when
// m_axis_tuser[2:1] is not zero.
// Protocol errors (a missing header or IV, a phase out of order or repeated, a partial beat that
// is not its phase's last, a text phase in GMAC or AAD in CTR, a missing or wrong-length tag, no
// key loaded, a bad header, an IV, AAD or text beyond its length limit) pulse error; the rest of
// the packet is consumed up to tlast without output and its final beat carries tuser[2]. The next
// packet works.
// Length limits: LEN_W bits count the AAD and text bytes, min(LEN_W, 32) the IV bytes; each phase
// may hold up to 2^W - 32 bytes (W its counter's width). LEN_W = 36 (the default) is the spec's
// text limit, 2^39 - 256 bits; the spec's AAD and IV limits (2^64 bits) are beyond any counter here.
// A smaller LEN_W saves flops when packets are short (and lets a testbench reach the limits).
//
// Throughput: one beat per cycle for AAD and text when DATA_W = 128 and the GHASH multiplier
// takes a block per cycle; otherwise the slower of AES (a block per 128/DATA_W cycles) and GHASH
// (digit-serial: 128/DIGIT + 1 cycles per block; hybrid: 9). Per packet: header, IV (96-bit) and the length
// block take a cycle each, the AAD one per beat; the first keystream block arrives the AES latency
// after the IV.
// Parts (each in its own file; docs/design.md maps them): gcm_key_ctl (key state, H and its check),
// gcm_in (the input beat pre-decoded; IN_REG), gcm_parser (phases, protocol checks, GHASH feed;
// gcm_lengths counts and limits the lengths),
// gcm_ctr_gen (J0 and the counters), gcm_aes_out (the AES output: H, E_K(J0) queue, keystream,
// leftovers), gcm_tag_unit (packet ends: tag and verdict) and gcm_out (the output register), around
// aes_enc_pipe and ghash_core.
// ERASE_CHECK = 1 (tests): erased is high when every register that holds key-derived data (H, the
// counters (a J0 hashed from the IV), the AES output FIFO, the E_K(J0) and S queues, the prepared
// tag, GHASH's H, state, input and output, the GHASH feed's skid buffer, the output register) is
// zero, so a testbench checks rst and key_clear through a port; 0 (default): it is constant 0 and
// costs nothing.
// DATA_W, SBOX, DEEP: the AES core (aes_enc_pipe; DEEP = 1 with DATA_W 128: five cycles a round with
// SBOX 2 or 1, two with 0, for the fastest clock; the tag unit's queues then show their heads from
// registers, gcm_tag_unit HEAD_REG, as with IN_REG: about 400 flip-flops, a cycle more from S to
// the tag).
// GHASH: 0 bit-parallel, 1 Karatsuba, 2 digit-serial (DIGIT bits per cycle), 3 key-specialized
// (generated gf128_mul_h), 4 the hybrid multiplier (composite field, 8 + 1 cycles a block; FIELD 0
// the paper's R, 1 the sparse R; MAP_LUT 6 or 4, the LUT size of its maps: ghash_core), 5
// bit-parallel cut by a register (gf128_mul_pipe: a block a cycle, two in the loop multiplied by
// H^2, for the key-agile core's clock; H^2 is squared as H loads, so the key-change latency is
// MULT 0's).
// IN_REG = 1 (`authcore generate gcm --in-reg`): the input beat is pre-decoded (tkeep's shape, the
// phase, the header's fields, the beat-only parts of the checks) into a two-word FIFO in front of the
// parser (gcm_in), so s_axis_tready is a flip-flop and the parser decides from registers: one
// cycle more of latency, about 2 x (33 + 145 x LANES) flip-flops (the stored word), for the fastest clock.
// With GHASH 5 it also puts a skid buffer (axis_reg MODE 2, 260 flip-flops) between the parser and
// GHASH, so the parser's late decision to feed a block reaches a valid bit, not the multiplier's
// advance register (the key-agile core's critical path at one of three seeds, 10.35 ns), and the
// parser's view of GHASH's ready is a flip-flop, not the advance register through a LUT (with a
// simple slice, the path from it through the text take into the output register, 10.77 ns): a
// cycle more from a block to its hash.
// FIXED_KEY = 1 (with FIXED_LEN, RK; written by `authcore generate gcm --specialize all`): the round
// keys are constants, the key port is unused (key_ready low; a key offered raises error), and
// after reset or key_clear the core derives H from the fixed key by itself.
// LANES = 2 (with DATA_W = 128 and GHASH = 3; `authcore generate gcm --lanes 2`): two blocks of one
// message per beat and per cycle. The streams are 256 bits wide: 32 bytes a beat in stream byte
// order (first byte in tdata[7:0]), tkeep 32 bits, and everything above holds per beat (a phase's
// last beat may hold 1..32 bytes). Two AES pipelines take counters c and c+1 each cycle (a
// keystream slot of two blocks per text beat; E_K(J0) and H use the first), and GHASH multiplies
// by H^2 and H (ghash_core LANES = 2, the generated gf128_mul_h2 beside gf128_mul_h). The header,
// the expected tag and the final beat use the first 16 bytes of their beat.
module gcm_core #(
    parameter DATA_W = 128,
    parameter SBOX = 0,
    parameter GHASH = 0,
    parameter DIGIT = 8,
    parameter FIELD = 0,
    parameter MAP_LUT = 6,
    parameter LEN_W = 36,
    parameter FIXED_KEY = 0,
    parameter FIXED_LEN = 0,
    parameter [15*128-1:0] RK = {15*128{1'b0}},
    parameter [127:0] H_BUILTIN = 128'd0,
    parameter LANES = 1,
    parameter ERASE_CHECK = 0,
    parameter DEEP = 0,
    parameter IN_REG = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_clear,
    input  wire [255:0] key,
    input  wire [1:0]   key_len,
    input  wire         key_valid,
    output wire         key_ready,
    output wire         key_loaded,
    output wire         key_mismatch,
    input  wire [128*LANES-1:0] s_axis_tdata,
    input  wire [16*LANES-1:0]  s_axis_tkeep,
    input  wire [2:0]   s_axis_tuser,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire [128*LANES-1:0] m_axis_tdata,
    output wire [16*LANES-1:0]  m_axis_tkeep,
    output wire [2:0]   m_axis_tuser,
    output wire         m_axis_tlast,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,
    output wire         error,
    output wire         erased
);
    generate
        if (GHASH < 0 || GHASH > 5) begin : g_bad_ghash
            gcm_core_GHASH_must_be_0_parallel_1_karatsuba_2_digit_3_keyspec_4_hybrid_or_5_pipelined u_error ();
        end
        if (LEN_W < 8 || LEN_W > 36) begin : g_bad_len_w
            gcm_core_LEN_W_must_be_8_to_36 u_error ();
        end
        if (LANES != 1 && !(LANES == 2 && GHASH == 3 && DATA_W == 128)) begin : g_bad_lanes
            gcm_core_LANES_2_needs_DATA_W_128_and_GHASH_3_keyspec u_error ();
        end
        if (ERASE_CHECK != 0 && ERASE_CHECK != 1) begin : g_bad_erase
            gcm_core_ERASE_CHECK_must_be_0_or_1 u_error ();
        end
    endgenerate

    localparam integer DW = 128 * LANES;        // bits per beat
    // Short packets end faster than E_K(J0) crosses the AES pipeline, so up to 1 << TQ_W packets
    // wait for their final beat (gcm_tag_unit); block-RAM S-boxes make the pipeline longer, and
    // DEEP longer still (AES-256: 2 Nr + 4 cycles with the S-box table in LUTs, 5 Nr + 4 with block
    // RAM or composite logic, against Nr + 1 and 2 Nr + 1): the queue covers it for six-cycle packets.
    localparam integer TQ_W = (DEEP == 1) ? ((SBOX == 0) ? 3 : 4) : (SBOX == 2) ? 3 : 2;
    // The built-in H's check (gcm_key_ctl), registered with 128-bit block-RAM S-boxes.
    localparam integer CHECK_REG = (GHASH == 3 && DATA_W == 128 && SBOX == 2) ? 1 : 0;
    // the tag unit's queue heads from registers (the cores built for the fastest clock)
    localparam integer HEAD_REG = (DEEP == 1 || IN_REG == 1) ? 1 : 0;
    // the parser's GHASH feed through a skid buffer (IN_REG with the pipelined GHASH)
    localparam integer GH_REG = (IN_REG == 1 && GHASH == 5) ? 2 : 0;

    // ---- key state ----------------------------------------------------------------------------------
    wire         core_idle;
    wire         key_take = key_valid && key_ready;
    wire         aes_key_ready, aes_key_loaded, aes_error;
    wire         h_arrives;
    wire [DW-1:0] aes_q;       // the AES core's output (lane 0 in [127:0])
    wire         ks_ready, ks_none, ks_busy, h_start, h_abort, h_load, h_checked, h_mismatch;
    wire [127:0] h;
    wire         erased_key, erased_aes, erased_tag, erased_out, erased_ghash, erased_ctr;
    gcm_key_ctl #(.FIXED_KEY(FIXED_KEY), .CHECK(GHASH == 3 ? 1 : 0), .CHECK_REG(CHECK_REG),
                  .H_BUILTIN(H_BUILTIN), .ERASE_CHECK(ERASE_CHECK)) u_key (
        .clk(clk), .rst(rst), .key_clear(key_clear), .key_take(key_take), .aes_key_loaded(aes_key_loaded),
        .aes_error(aes_error), .h_arrives(h_arrives), .aes_h(aes_q[127:0]),
        .ready(ks_ready), .none(ks_none), .busy(ks_busy), .h_start(h_start), .h_abort(h_abort),
        .h(h), .h_load(h_load), .checked(h_checked), .mismatch(h_mismatch), .key_mismatch(key_mismatch),
        .erased(erased_key)
    );
    assign key_loaded = ks_ready;

    // ---- AES ----------------------------------------------------------------------------------------
    wire [127:0] cg_blk, cg_blk1;
    wire [1:0]   cg_kind;
    wire         cg_valid, aes_in_ready;
    wire [1:0]   aes_q_kind;
    wire         aes_q_valid, aes_q_ready;
    aes_enc_pipe #(.DATA_W(DATA_W), .SBOX(SBOX), .USER_W(2), .FIXED_KEY(FIXED_KEY), .FIXED_LEN(FIXED_LEN),
                   .RK(RK), .DEEP(DEEP)) u_aes (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .key(key), .key_len(key_len), .key_valid(key_valid && core_idle), .key_ready(aes_key_ready),
        .s_axis_tdata(cg_blk), .s_axis_tuser(cg_kind), .s_axis_tvalid(cg_valid),
        .s_axis_tready(aes_in_ready),
        .m_axis_tdata(aes_q[127:0]), .m_axis_tuser(aes_q_kind), .m_axis_tvalid(aes_q_valid),
        .m_axis_tready(aes_q_ready), .key_loaded(aes_key_loaded), .error(aes_error)
    );
    generate
        if (LANES == 2) begin : g_aes1
            // The second lane encrypts the next counter. Its pipeline is the first one's twin: the
            // same key, the same handshakes every cycle, the same latency and credit, so it is in
            // step with it and its own handshake and status outputs are not needed.
            /* verilator lint_off UNUSEDSIGNAL */
            wire       unused_key_ready, unused_ready, unused_loaded, unused_error, unused_valid;
            wire [1:0] unused_kind;
            /* verilator lint_on UNUSEDSIGNAL */
            aes_enc_pipe #(.DATA_W(DATA_W), .SBOX(SBOX), .USER_W(2), .FIXED_KEY(FIXED_KEY),
                           .FIXED_LEN(FIXED_LEN), .RK(RK), .DEEP(DEEP)) u_aes1 (
                .clk(clk), .rst(rst), .key_clear(key_clear),
                .key(key), .key_len(key_len), .key_valid(key_valid && core_idle),
                .key_ready(unused_key_ready),
                .s_axis_tdata(cg_blk1), .s_axis_tuser(cg_kind),
                .s_axis_tvalid(cg_valid), .s_axis_tready(unused_ready),
                .m_axis_tdata(aes_q[255:128]), .m_axis_tuser(unused_kind), .m_axis_tvalid(unused_valid),
                .m_axis_tready(aes_q_ready), .key_loaded(unused_loaded), .error(unused_error)
            );
        end else begin : g_one_lane
            wire unused_blk1 = ^cg_blk1;   // the second lane's counter
        end
    endgenerate

    // ---- the AES output: H, E_K(J0), keystream, leftovers ---------------------------------------------
    wire         issue_gen, text_done, cg_j0_busy, ks_valid, ks_use, ej_valid, ej_pop, ej_empty;
    wire [DW-1:0] keystream;
    wire [127:0] ej;
    gcm_aes_out #(.LANES(LANES), .ERASE_CHECK(ERASE_CHECK), .HEAD_REG(HEAD_REG)) u_aes_out (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .aes_q(aes_q), .aes_q_kind(aes_q_kind), .aes_q_valid(aes_q_valid), .aes_q_ready(aes_q_ready),
        .h_arrives(h_arrives), .issue_gen(issue_gen), .text_done(text_done), .j0_busy(cg_j0_busy),
        .ks_valid(ks_valid), .keystream(keystream), .ks_use(ks_use),
        .ej(ej), .ej_valid(ej_valid), .ej_pop(ej_pop), .ej_empty(ej_empty), .erased(erased_aes)
    );

    // ---- GHASH --------------------------------------------------------------------------------------
    wire [DW-1:0]    gh_blk;
    wire [LANES-1:0] gh_keep;
    wire             gh_last, gh_valid, gh_ready, gh_error, gh_out_valid, gh_kind;
    wire [127:0]     gh_out;
    wire             cg_waiting, s_room;
    wire [DW-1:0]    pg_blk;     // the parser's feed, before the skid buffer
    wire [LANES-1:0] pg_keep;
    wire             pg_last, pg_valid, pg_ready;
    // WIPE: the blocks are text and lengths (the buffer is cleared with the packets in flight)
    axis_reg #(.WIDTH(DW + LANES + 1), .MODE(GH_REG), .WIPE(1), .EAGER(1)) u_gh_reg (
        .clk(clk), .rst(rst), .clear(key_clear),
        .s_axis_tdata({pg_last, pg_keep, pg_blk}), .s_axis_tvalid(pg_valid), .s_axis_tready(pg_ready),
        .m_axis_tdata({gh_last, gh_keep, gh_blk}), .m_axis_tvalid(gh_valid), .m_axis_tready(gh_ready)
    );
    // a result goes where its kind says: a J0 to the waiting counter generator, an S to the tag unit
    // (the generator takes only a J0: with the two-lane GHASH's longer latency, the previous
    // packet's S can still be on its way while the generator waits for the next packet's J0)
    wire             gh_pop = gh_out_valid && (gh_kind ? cg_waiting : s_room);
    ghash_core #(.MULT(GHASH), .DIGIT(DIGIT), .LANES(LANES), .FIELD(FIELD), .MAP_LUT(MAP_LUT),
                 .ERASE_CHECK(ERASE_CHECK)) u_ghash (
        .clk(clk), .rst(rst), .h(h), .h_load(h_load), .key_clear(key_clear),
        .s_axis_tdata(gh_blk), .s_axis_tkeep(gh_keep), .s_axis_tlast(gh_last), .s_axis_tvalid(gh_valid),
        .s_axis_tready(gh_ready),
        .m_axis_tdata(gh_out), .m_axis_tvalid(gh_out_valid), .m_axis_tready(gh_pop),
        .error(gh_error), .erased(erased_ghash)
    );

    // ---- the packet: parser, counters ---------------------------------------------------------------
    wire         cg_idle, cg_room, iv_wait, start_direct, start_hash, out_free, tag_busy, tag_full, txt_take, txt_load;
    wire [127:0] iv_blk;
    wire [DW-1:0] txt_data;
    wire [16*LANES-1:0] txt_keep;
    wire         end_push, end_dec, end_err, end_need_s, end_need_j0, parser_idle, parser_error;
    wire [1:0]   end_mode;
    wire [15:0]  end_tag_keep;
    wire [127:0] end_exp_tag;
    gcm_parser #(.LANES(LANES), .LEN_W(LEN_W), .IN_REG(IN_REG)) u_parser (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tuser(s_axis_tuser),
        .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .key_valid(key_valid), .key_ready(ks_ready), .key_none(ks_none),
        .cg_idle(cg_idle), .cg_room(cg_room), .iv_wait(iv_wait), .iv_blk(iv_blk), .start_direct(start_direct),
        .start_hash(start_hash), .text_done(text_done),
        .ks_valid(ks_valid), .keystream(keystream), .out_free(out_free), .tag_busy(tag_busy),
        .tag_full(tag_full), .txt_take(txt_take), .txt_load(txt_load), .txt_data(txt_data),
        .txt_keep(txt_keep),
        .end_push(end_push), .end_mode(end_mode), .end_dec(end_dec), .end_err(end_err),
        .end_need_s(end_need_s), .end_need_j0(end_need_j0), .end_tag_keep(end_tag_keep),
        .end_exp_tag(end_exp_tag),
        .gh_blk(pg_blk), .gh_keep(pg_keep), .gh_last(pg_last), .gh_valid(pg_valid), .gh_ready(pg_ready),
        .gh_pop(gh_pop), .gh_kind(gh_kind), .idle(parser_idle), .error(parser_error)
    );
    assign ks_use = txt_take;

    gcm_ctr_gen #(.LANES(LANES), .ERASE_CHECK(ERASE_CHECK)) u_ctr (
        .clk(clk), .rst(rst), .key_clear(key_clear), .h_start(h_start), .h_abort(h_abort),
        .mode(end_mode), .iv_wait(iv_wait), .iv_blk(iv_blk), .start_direct(start_direct),
        .start_hash(start_hash), .ghash_j0(gh_out), .j0_pop(gh_pop && gh_kind), .text_done(text_done),
        .blk(cg_blk), .blk1(cg_blk1), .kind(cg_kind), .valid(cg_valid), .ready(aes_in_ready),
        .idle(cg_idle), .room(cg_room), .waiting(cg_waiting), .j0_busy(cg_j0_busy), .issue_gen(issue_gen),
        .erased(erased_ctr)
    );

    // ---- packet ends and the output ----------------------------------------------------------------
    wire         emit, f_err, f_stat, f_fail;
    wire [127:0] f_tag;
    wire [15:0]  f_keep;
    gcm_tag_unit #(.TQ_W(TQ_W), .ERASE_CHECK(ERASE_CHECK), .HEAD_REG(HEAD_REG)) u_tag (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .push(end_push), .mode(end_mode), .dec(end_dec), .err(end_err), .need_s(end_need_s),
        .need_j0(end_need_j0), .tag_keep(end_tag_keep), .exp_tag(end_exp_tag), .full(tag_full),
        .busy(tag_busy), .s(gh_out), .s_push(gh_pop && !gh_kind), .s_room(s_room),
        .ej(ej), .ej_valid(ej_valid), .ej_pop(ej_pop),
        .out_free(out_free), .emit(emit), .f_err(f_err), .f_stat(f_stat), .f_fail(f_fail), .f_tag(f_tag),
        .f_keep(f_keep), .erased(erased_tag)
    );
    gcm_out #(.LANES(LANES), .ERASE_CHECK(ERASE_CHECK)) u_out (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .txt_data(txt_data), .txt_keep(txt_keep), .txt_load(txt_load), .txt_take(txt_take),
        .emit(emit), .f_err(f_err), .f_stat(f_stat), .f_fail(f_fail), .f_tag(f_tag), .f_keep(f_keep),
        .free(out_free),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tuser(m_axis_tuser),
        .m_axis_tlast(m_axis_tlast), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
        .erased(erased_out)
    );

    reg error_q;
    always @(posedge clk) begin
        if (rst || key_clear) error_q <= 1'b0;
        else error_q <= parser_error || aes_error || gh_error || (h_checked && h_mismatch);
    end
    assign error = error_q;
    assign core_idle = parser_idle && !tag_busy && cg_idle && ej_empty && !ks_busy;
    assign key_ready = aes_key_ready && core_idle;
    // the skid buffer's output register (its skid register is not visible through axis_reg's ports;
    // it is wiped with it: axis_reg WIPE, proven by the axis_reg jobs)
    wire erased_skid = ERASE_CHECK == 1 && (GH_REG == 0 || gh_blk == {DW{1'b0}});
    assign erased = erased_key && erased_aes && erased_tag && erased_out && erased_ghash && erased_skid &&
                    erased_ctr;
endmodule
`default_nettype wire
