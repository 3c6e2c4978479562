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
// DATA_W, SBOX: the AES core (aes_enc_pipe). GHASH: 0 bit-parallel, 1 Karatsuba, 2 digit-serial
// (DIGIT bits per cycle), 3 key-specialized (generated gf128_mul_h), 4 the hybrid multiplier
// (composite field, 8 + 1 cycles a block; FIELD 0 the paper's R, 1 the sparse R; MAP_LUT 6 or 4,
// the LUT size of its maps: ghash_core).
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
    parameter LANES = 1
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
    output wire         error
);
    generate
        if (GHASH < 0 || GHASH > 4) begin : g_bad_ghash
            gcm_core_GHASH_must_be_0_parallel_1_karatsuba_2_digit_3_keyspec_or_4_hybrid u_error ();
        end
        if (LEN_W < 8 || LEN_W > 36) begin : g_bad_len_w
            gcm_core_LEN_W_must_be_8_to_36 u_error ();
        end
        if (LANES != 1 && !(LANES == 2 && GHASH == 3 && DATA_W == 128)) begin : g_bad_lanes
            gcm_core_LANES_2_needs_DATA_W_128_and_GHASH_3_keyspec u_error ();
        end
    endgenerate

    localparam integer BW = 16 * LANES;        // bytes per beat
    localparam integer DW = 128 * LANES;       // bits per beat
    localparam integer SH = (LANES == 1) ? 4 : 5;  // log2(BW)
    localparam integer NB_W = SH + 1;          // bits of a beat's byte count
    localparam [BW-1:0] KEEP12 = {BW{1'b1}} >> (BW - 12);  // a beat of 12 bytes (the fast-path IV)
    localparam [BW-1:0] KEEP16 = {BW{1'b1}} >> (BW - 16);  // a beat of 16 bytes (a CTR counter block)
    localparam [LANES-1:0] ONE_BLOCK = {LANES{1'b1}} >> (LANES - 1);  // GHASH: a beat of one block

    wire clr = rst || key_clear;

    localparam [2:0] PH_HDR = 3'd0, PH_IV = 3'd1, PH_AAD = 3'd2, PH_TXT = 3'd3, PH_TAG = 3'd4;
    localparam [1:0] M_GCM = 2'd0, M_GMAC = 2'd1, M_CTR = 2'd2;
    localparam [1:0] K_GEN = 2'd0, K_J0 = 2'd1, K_H = 2'd2;  // AES tuser: what the block is

    function [127:0] bswap;  // stream byte order <-> block order
        input [127:0] v;
        integer i;
        begin
            for (i = 0; i < 16; i = i + 1) bswap[8 * i +: 8] = v[8 * (15 - i) +: 8];
        end
    endfunction

    function [127:0] keep_mask;  // tkeep as a block-order byte mask
        input [15:0] k;
        integer i;
        begin
            for (i = 0; i < 16; i = i + 1) keep_mask[127 - 8 * i -: 8] = {8{k[i]}};
        end
    endfunction

    function [127:0] inc32;  // the spec's inc32, by n
        input [127:0] v;
        input [31:0]  n;
        begin
            inc32 = {v[127:32], v[31:0] + n};
        end
    endfunction

    function [BW-1:0] zext16;  // a lane's tkeep as the beat's (lane 0; the others zero)
        input [15:0] v;
        begin
            zext16 = {BW{1'b0}};
            zext16[15:0] = v;
        end
    endfunction

    function [DW-1:0] zext128;  // a block as the beat's lane 0 (the others zero)
        input [127:0] v;
        begin
            zext128 = {DW{1'b0}};
            zext128[127:0] = v;
        end
    endfunction

    function [DW-1:0] bswap_w;  // bswap of each 16-byte lane
        input [DW-1:0] v;
        integer l;
        begin
            for (l = 0; l < LANES; l = l + 1) bswap_w[128 * l +: 128] = bswap(v[128 * l +: 128]);
        end
    endfunction

    function [DW-1:0] keep_mask_w;  // keep_mask of each lane's 16 tkeep bits
        input [BW-1:0] k;
        integer l;
        begin
            for (l = 0; l < LANES; l = l + 1) keep_mask_w[128 * l +: 128] = keep_mask(k[16 * l +: 16]);
        end
    endfunction

    // ---- AES ------------------------------------------------------------------------------------
    reg  [127:0] cg_blk;
    reg  [1:0]   cg_kind;
    reg          cg_valid;
    wire         aes_in_ready;
    wire [DW-1:0] aes_q;       // the AES core's output (lane 0 in [127:0])
    wire [1:0]   aes_q_kind;
    wire         aes_q_valid;
    wire         aes_q_ready;
    wire [DW-1:0] aes_out;     // the head of the two-entry FIFO behind it
    wire [1:0]   aes_out_kind;
    wire         aes_out_valid;
    reg          aes_pop;
    wire         aes_key_ready, aes_key_loaded, aes_error;
    wire         core_idle;

    aes_enc_pipe #(.DATA_W(DATA_W), .SBOX(SBOX), .USER_W(2), .FIXED_KEY(FIXED_KEY), .FIXED_LEN(FIXED_LEN),
                   .RK(RK)) u_aes (
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
            wire       unused_key_ready, unused_ready, unused_loaded, unused_error, unused_valid;
            wire [1:0] unused_kind;
            aes_enc_pipe #(.DATA_W(DATA_W), .SBOX(SBOX), .USER_W(2), .FIXED_KEY(FIXED_KEY),
                           .FIXED_LEN(FIXED_LEN), .RK(RK)) u_aes1 (
                .clk(clk), .rst(rst), .key_clear(key_clear),
                .key(key), .key_len(key_len), .key_valid(key_valid && core_idle),
                .key_ready(unused_key_ready),
                .s_axis_tdata(inc32(cg_blk, 32'd1)), .s_axis_tuser(cg_kind), .s_axis_tvalid(cg_valid),
                .s_axis_tready(unused_ready),
                .m_axis_tdata(aes_q[255:128]), .m_axis_tuser(unused_kind), .m_axis_tvalid(unused_valid),
                .m_axis_tready(aes_q_ready), .key_loaded(unused_loaded), .error(unused_error)
            );
        end
    endgenerate

    // A two-entry FIFO with a registered ready: the AES pipeline's stall (which fans out to every
    // round unit) depends on flops only, not on the packet logic that consumes the keystream.
    reg  [DW-1:0] af_d_q [0:1];
    reg  [1:0]   af_k_q [0:1];
    reg          af_wr_q, af_rd_q;
    reg  [1:0]   af_n_q;
    assign aes_q_ready = af_n_q != 2'd2;
    // E_K(0^128) for H is taken straight off the AES output (nothing else is in flight at key load):
    // it is never pushed into the FIFO (it may be written to a free entry), which saves the key
    // change a cycle.
    wire   h_arrives = aes_q_valid && aes_q_ready && aes_q_kind == K_H;
    wire   af_push = aes_q_valid && aes_q_ready && !h_arrives;
    assign aes_out = af_d_q[af_rd_q];
    assign aes_out_kind = af_k_q[af_rd_q];
    assign aes_out_valid = af_n_q != 2'd0;
    // The FIFO, the E_K(J0) FIFO and the S values hold key-derived data, so rst and key_clear erase
    // them like the key.
    always @(posedge clk) begin
        if (clr) begin
            af_d_q[0] <= {DW{1'b0}};
            af_d_q[1] <= {DW{1'b0}};
        end else if (aes_q_ready) begin
            // The entry at af_wr_q is free whenever the FIFO is not full, so it takes the AES
            // output every such cycle and af_push only moves the pointer: the kind compare
            // (h_arrives) after the LUT-RAM read does not reach the 130 enables (11.7 ns, the
            // key-specialized core's critical path after its registered H check).
            af_d_q[af_wr_q] <= aes_q;
            af_k_q[af_wr_q] <= aes_q_kind;
        end
        if (clr) begin
            af_wr_q <= 1'b0;
            af_rd_q <= 1'b0;
            af_n_q <= 2'd0;
        end else begin
            if (af_push) af_wr_q <= !af_wr_q;
            if (aes_pop) af_rd_q <= !af_rd_q;
            af_n_q <= af_n_q + {1'b0, af_push} - {1'b0, aes_pop};
        end
    end
    wire key_take = key_valid && key_ready;

    // ---- GHASH ----------------------------------------------------------------------------------
    reg  [DW-1:0] gh_blk;
    reg  [LANES-1:0] gh_keep;  // blocks of the beat (a length block is one)
    reg          gh_last;
    reg          gh_valid;
    wire         gh_ready;
    wire [127:0] gh_out;
    wire         gh_out_valid;
    reg          gh_pop;
    reg  [127:0] h_q;
    reg          h_load_q;
    wire         gh_error;
    // What each pending GHASH result is: 1 J0 (IV hash), 0 S (tag hash), oldest in bit 0. Two can
    // be pending: the digit-serial unit takes the next message's block while its last product
    // moves to the output register.
    reg  [1:0]   kq_q;
    reg  [1:0]   kq_n_q;
    wire         gh_kind = kq_q[0];

    ghash_core #(.MULT(GHASH), .DIGIT(DIGIT), .LANES(LANES), .FIELD(FIELD), .MAP_LUT(MAP_LUT)) u_ghash (
        .clk(clk), .rst(rst), .h(h_q), .h_load(h_load_q), .key_clear(key_clear),
        .s_axis_tdata(gh_blk), .s_axis_tkeep(gh_keep), .s_axis_tlast(gh_last), .s_axis_tvalid(gh_valid),
        .s_axis_tready(gh_ready),
        .m_axis_tdata(gh_out), .m_axis_tvalid(gh_out_valid), .m_axis_tready(gh_pop),
        .error(gh_error)
    );
    wire gh_take = gh_valid && gh_ready;

    // ---- key state --------------------------------------------------------------------------------
    localparam [1:0] KS_NONE = 2'd0, KS_LOAD = 2'd1, KS_H = 2'd2, KS_READY = 2'd3;
    reg  [1:0] ks_q;
    reg        mismatch_q;

    // The check of the built-in H. With 128-bit block-RAM S-boxes the AES output is a LUT-RAM
    // read (aes_enc_pipe's output FIFO), and a 128-bit compare behind it into the key state was the
    // critical path of the key-specialized cores (12.2 ns on ECP5). There the compare is split: a
    // flag per 4 bits is registered when H arrives (chk_q), and their OR decides the key state the
    // cycle after, so the key change takes one cycle more (25/29/33). Elsewhere aes_q comes from a
    // register and the whole compare fits in the cycle H arrives.
    localparam integer CHECK_REG = (GHASH == 3 && DATA_W == 128 && SBOX == 2) ? 1 : 0;
    wire       builtin_mismatch;  // decides the key state: the cycle H arrives, or chk_q after
    wire       h_checked;         // that cycle
    reg        chk_q;
    generate
        if (CHECK_REG == 1) begin : g_check_reg  // implies GHASH == 3
            // H_BUILTIN is the H of gf128_mul_h, written beside it by the generator (see g_check).
            reg [31:0] hm_q;  // the compare, a flag per 4 bits
            genvar n;
            for (n = 0; n < 32; n = n + 1) begin : g_nib
                always @(posedge clk)
                    if (clr) hm_q[n] <= 1'b0;
                    else if (ks_q == KS_H && h_arrives) hm_q[n] <= aes_q[4 * n +: 4] != H_BUILTIN[4 * n +: 4];
            end
            assign builtin_mismatch = |hm_q;
        end else if (GHASH == 3) begin : g_check
            // H_BUILTIN is the H of gf128_mul_h, written beside it by the generator. (A second
            // gf128_mul_h on the constant 1 would fold to it only if flattened; the generated
            // multiplier keeps one module per LUT, so that copy would stay, a whole network.)
            assign builtin_mismatch = aes_q[127:0] != H_BUILTIN;
        end else begin : g_nocheck
            assign builtin_mismatch = 1'b0;
        end
    endgenerate
    assign h_checked = (CHECK_REG == 1) ? chk_q : ks_q == KS_H && h_arrives;

    always @(posedge clk) begin
        if (clr) begin
            ks_q <= (FIXED_KEY == 1) ? KS_LOAD : KS_NONE;
            mismatch_q <= 1'b0;
            h_q <= 128'd0;
            h_load_q <= 1'b0;
            chk_q <= 1'b0;
        end else begin
            h_load_q <= 1'b0;
            chk_q <= 1'b0;
            if (key_take) begin
                // The zero block for H is offered at once: aes_enc_pipe takes it as soon as the
                // schedule is ahead of it (one cycle after the key), not when it has finished.
                ks_q <= KS_H;
                mismatch_q <= 1'b0;
            end else if (ks_q == KS_H && aes_error && FIXED_KEY == 0) begin
                ks_q <= KS_NONE;  // key_len = 3: refused, no key
            end else if (ks_q == KS_LOAD && aes_key_loaded) begin  // FIXED_KEY: after reset
                ks_q <= KS_H;
            end else begin
                if (ks_q == KS_H && h_arrives) begin
                    h_q <= aes_q[127:0];
                    h_load_q <= 1'b1;
                    chk_q <= CHECK_REG == 1;  // KS_H (no key taken) until the check is done
                end
                if (h_checked) begin
                    mismatch_q <= builtin_mismatch;
                    ks_q <= builtin_mismatch ? KS_NONE : KS_READY;
                end
            end
        end
    end
    assign key_loaded = ks_q == KS_READY;
    assign key_mismatch = mismatch_q;

    // ---- input stage: parse the packet, feed GHASH, XOR the keystream ----------------------------
    localparam [2:0] S_HDR = 3'd0, S_IV0 = 3'd1, S_IV = 3'd2, S_IVLEN = 3'd3, S_BODY = 3'd4,
                     S_DROP = 3'd5, S_FINAL = 3'd6;
    reg  [2:0]   st_q;
    reg  [2:0]   phase_q;     // phase of the last beat taken
    reg          part_q;      // that beat was partial: its phase has ended
    reg          last_q;      // tlast already taken (IV length block still to feed)
    reg  [1:0]   mode_q;
    reg          dec_q;
    reg  [15:0]  tag_keep_q;  // the tag length as a byte mask: the tkeep of the expected-tag beat and
                              // of the tag (no popcount or compare in the checks or the tag stage)
    reg          err_q;
    localparam integer IVL_W = LEN_W < 32 ? LEN_W : 32;
    reg  [IVL_W-1:0] ivlen_q; // bytes
    reg  [LEN_W-1:0] aadlen_q;
    reg  [LEN_W-1:0] txtlen_q;
    // A phase is full at 2^W - 32 bytes. Before any beat it takes, a phase's count is a multiple of
    // 16 (a partial beat ends its phase), so a full beat that brings the count to the limit sets
    // the phase's flag, and the flag alone refuses the next beat: no compare of a 32-bit count
    // sits between the input and the decision to take a beat (it was gcm_core's critical path).
    reg          ivfull_q, aadfull_q, txtfull_q;
    reg  [127:0] exp_tag_q;
    reg          j0_q;        // a J0 was started for this packet (its E_K(J0) comes to the FIFO)
    reg          gh_open_q;   // a GHASH message is open (blocks fed, no tlast yet)

    // the beat
    wire [2:0]   ph = s_axis_tuser;
    wire [BW-1:0] kp = s_axis_tkeep;
    // tkeep contiguous from bit 0: bit 0 set and no kept byte above a dropped one (two levels of
    // LUTs, where kp & (kp + 1) was a carry chain on the path into the protocol checks)
    wire         keep_ok = kp[0] && ((kp[BW-1:1] & ~kp[BW-2:0]) == {(BW - 1){1'b0}});
    wire         full = &kp;
    reg  [NB_W-1:0] nbytes;
    integer      ib;
    always @* begin
        nbytes = {NB_W{1'b0}};
        for (ib = 0; ib < BW; ib = ib + 1) nbytes = nbytes + {{(NB_W - 1){1'b0}}, kp[ib]};
    end
    wire [DW-1:0] in_blk = bswap_w(s_axis_tdata) & keep_mask_w(kp);
    wire [127:0] in_blk0 = in_blk[127:0];  // the beat's first 16 bytes (IV counter, expected tag)
    // GHASH blocks of the beat: lane l when its first byte is kept
    wire [LANES-1:0] in_keep;
    genvar gl;
    generate
        for (gl = 0; gl < LANES; gl = gl + 1) begin : g_in_keep
            assign in_keep[gl] = kp[16 * gl];
        end
    endgenerate

    // keystream at the head of the AES output
    reg  [7:0]   drop_q;      // leftover keystream blocks of finished packets still to discard
    wire         ks_valid = aes_out_valid && aes_out_kind == K_GEN && drop_q == 8'd0;
    wire [DW-1:0] txt_out = in_blk ^ (aes_out & keep_mask_w(kp));

    // tag stage and output register
    // Short packets end faster than E_K(J0) crosses the AES pipeline (AES-256: 15 rounds' worth of
    // cycles plus the FIFO), so up to TQ packets wait in a queue for their final beat. Block-RAM
    // S-boxes add a cycle to each round unit: four 6-cycle packets (96-bit IV, 3 blocks) no longer
    // cover AES-256's latency there (6.7 cycles a packet measured), eight do (6.0).
    // E_K(J0) values wait in a FIFO of EJ = 8 entries. Queued packets wait because their E_K(J0) is
    // not out yet, so EJ fills only while the output is held; then a full EJ holds the AES output,
    // which that backpressure holds anyway. The oldest E_K(J0) is always in EJ when it is full, so the
    // queue's head can always finish: no deadlock, and no 16-entry FIFO (1,024 more FFs).
    localparam integer TQ_W = (SBOX == 2) ? 3 : 2, TQ = 1 << TQ_W;
    localparam integer EJ_W = 3, EJ = 1 << EJ_W;
    reg  [TQ_W:0] tq_n_q;     // packets whose final beat is queued
    wire         tp_busy = tq_n_q != {(TQ_W + 1){1'b0}};
    wire         tq_full = tq_n_q == TQ[TQ_W:0];
    reg          out_v_q;
    wire         out_free = !out_v_q || m_axis_tready;
    // a text beat has room: its keystream is at the head, no final beat waits, the output is free;
    // it goes when GHASH takes it too (CTR feeds no GHASH)
    wire         txt_room = ks_valid && !tp_busy && out_free;
    wire         txt_go = txt_room && (gh_ready || mode_q == M_CTR);

    // counter generator
    localparam [2:0] C_IDLE = 3'd0, C_WAIT = 3'd1, C_J0 = 3'd2, C_RUN = 3'd3, C_H = 3'd4;
    reg  [2:0]   cg_q;
    wire         cg_idle = cg_q == C_IDLE;

    // header fields
    wire [1:0]   hdr_mode = s_axis_tdata[1:0];
    wire         hdr_dec = s_axis_tdata[2];
    wire [4:0]   hdr_tag = s_axis_tdata[12:8];
    wire         hdr_tag_ok = hdr_tag == 5'd4 || hdr_tag == 5'd8 ||
                              (hdr_tag >= 5'd12 && hdr_tag <= 5'd16);
    wire         hdr_ok = hdr_mode != 2'd3 && (hdr_tag_ok || hdr_mode == M_CTR) && !s_axis_tlast &&
                          ks_q == KS_READY && ph == PH_HDR;

    // decisions for the beat at the input, per state
    reg          take;        // consume the beat
    reg          bad;         // it breaks the protocol
    reg          feed_data;   // feed in_blk (or the ciphertext) to GHASH
    reg          feed_len;    // feed a length block with tlast
    reg          txt;         // a text beat (keystream and output)
    reg          j0_direct;   // start the counter generator with a J0 (or CTR counter) from the beat
    reg          j0_hash;     // start the counter generator waiting for the IV hash
    reg          text_done;   // no more keystream is needed for this packet
    reg          to_final;
    wire         len_ovf = (ph == PH_AAD && aadfull_q) || (ph == PH_TXT && txtfull_q) ||
                           (ph == PH_IV && ivfull_q);
    // a full beat now brings the count to 2^W - 32: its BW-byte units are at (2^W - 32) / BW - 1,
    // all ones less 32 / BW (2^(W-4) - 3 for 16-byte beats, 2^(W-5) - 2 for 32-byte beats)
    localparam [LEN_W-SH-1:0] LAST_UNIT = {(LEN_W - SH){1'b1}} - (32 >> SH);
    localparam [IVL_W-SH-1:0] IV_LAST_UNIT = {(IVL_W - SH){1'b1}} - (32 >> SH);
    wire         aad_reach = full && aadlen_q[LEN_W-1:SH] == LAST_UNIT;
    wire         txt_reach = full && txtlen_q[LEN_W-1:SH] == LAST_UNIT;
    wire         iv_reach = full && ivlen_q[IVL_W-1:SH] == IV_LAST_UNIT;
    wire         final_need_s = (!err_q && mode_q != M_CTR) || gh_open_q;

    always @* begin
        take = 1'b0;
        bad = 1'b0;
        feed_data = 1'b0;
        feed_len = 1'b0;
        txt = 1'b0;
        j0_direct = 1'b0;
        j0_hash = 1'b0;
        text_done = 1'b0;
        to_final = 1'b0;
        case (st_q)
            S_HDR: begin
                // a key offered between packets goes first; while it loads, packets wait
                take = s_axis_tvalid && !key_valid && (ks_q == KS_READY || ks_q == KS_NONE);
                bad = !hdr_ok;
            end
            S_IV0: begin
                if (s_axis_tvalid) begin
                    if (ph != PH_IV || !keep_ok || (mode_q == M_CTR && kp != KEEP16) ||
                        (dec_q && mode_q != M_CTR && s_axis_tlast)) begin
                        take = 1'b1;
                        bad = 1'b1;
                    end else if (mode_q == M_CTR || kp == KEEP12) begin
                        take = cg_idle;
                        j0_direct = cg_idle;
                        to_final = s_axis_tlast;
                    end else begin
                        take = gh_ready;
                        feed_data = 1'b1;
                    end
                end
            end
            S_IV: begin
                if (s_axis_tvalid) begin
                    if (ph == PH_IV) begin
                        take = gh_ready || !keep_ok || len_ovf || (dec_q && s_axis_tlast);
                        bad = !keep_ok || len_ovf || (dec_q && s_axis_tlast);
                        feed_data = !bad;
                    end
                end
            end
            S_IVLEN: begin
                feed_len = cg_idle;
                j0_hash = cg_idle && gh_ready;
            end
            S_BODY: begin
                if (s_axis_tvalid) begin
                    if (ph == PH_HDR || ph == PH_IV || ph > PH_TAG || ph < phase_q ||
                        (ph == phase_q && part_q) || !keep_ok || len_ovf ||
                        (ph == PH_AAD && mode_q == M_CTR) ||
                        (ph == PH_TXT && mode_q == M_GMAC) ||
                        (ph == PH_TAG && (!dec_q || mode_q == M_CTR || kp != zext16(tag_keep_q) ||
                                          !s_axis_tlast)) ||
                        (ph != PH_TAG && s_axis_tlast && dec_q && mode_q != M_CTR)) begin
                        take = 1'b1;
                        bad = 1'b1;
                        text_done = 1'b1;
                    end else if (ph == PH_AAD) begin
                        take = gh_ready;
                        feed_data = 1'b1;
                        text_done = s_axis_tlast;
                    end else if (ph == PH_TXT) begin
                        take = txt_go;
                        txt = take;
                        feed_data = mode_q != M_CTR;
                        text_done = take && s_axis_tlast;
                    end else begin  // the expected tag
                        take = 1'b1;
                        text_done = 1'b1;
                    end
                    to_final = take && s_axis_tlast && !bad;
                end
            end
            S_DROP: begin
                take = s_axis_tvalid;
                to_final = s_axis_tvalid && s_axis_tlast;
            end
            default: begin  // S_FINAL
                feed_len = final_need_s && !tq_full;
                text_done = 1'b1;
            end
        endcase
    end

    wire acc = take && s_axis_tvalid;
    wire k_push = gh_take && gh_last;
    // The kind of a message is queued a cycle after its last block is taken (from registers, off
    // the path from the input beat through the GHASH handshake, which ended here at 13.6 ns): its
    // result leaves GHASH two cycles after that block at the earliest, so the entry is in time.
    reg        k_push_q, k_j0_q;
    wire       kq_pos = kq_n_q[0] ^ gh_pop;  // where a new entry goes: count after the pop (0 or 1)
    reg  [1:0] kq_next;
    always @* begin
        kq_next = gh_pop ? {1'b0, kq_q[1]} : kq_q;
        if (k_push_q) kq_next[kq_pos] = k_j0_q;
    end   // a beat is consumed this cycle
    assign s_axis_tready = take;
    wire err_now = acc && bad;
    wire body_txt = st_q == S_BODY && ph == PH_TXT;  // the beat on the input is text
    // a text beat that would go: `take` for it, less the protocol check
    wire txt_slot = body_txt && s_axis_tvalid && txt_go;
    wire final_go = st_q == S_FINAL && !tq_full && (!final_need_s || gh_ready);

    // With two lanes the 256-bit data registers behind the beat (GHASH's input register and the
    // output register) load whenever they are free, taken or not; the beat's protocol check
    // (`bad`, nine LUT levels from the input register) reaches only their valid bits. Through the
    // enables of the output register it was the two-lane core's critical path (13.6 ns, seed 2).
    // A register loaded with a beat it does not take holds it with its valid bit low, and is
    // overwritten before it is valid again. One lane keeps the handshake-gated loads: there these
    // paths are not critical, and its netlists stay the ones measured in docs/results.md.
    localparam       EARLY_LOAD = LANES == 2;
    wire [DW-1:0] gh_beat = (ph == PH_TXT && !dec_q) ? txt_out : in_blk;

    // GHASH input
    always @* begin
        gh_valid = 1'b0;
        gh_last = 1'b0;
        gh_blk = EARLY_LOAD ? gh_beat : in_blk;
        gh_keep = in_keep;
        if (st_q == S_IVLEN) begin
            gh_valid = cg_idle;
            gh_last = 1'b1;
            gh_keep = ONE_BLOCK;
            gh_blk = zext128({64'd0, {(61 - IVL_W){1'b0}}, ivlen_q, 3'd0});
        end else if (st_q == S_FINAL) begin
            gh_valid = feed_len;
            gh_last = 1'b1;
            gh_keep = ONE_BLOCK;
            gh_blk = zext128({{(61 - LEN_W){1'b0}}, aadlen_q, 3'd0, {(61 - LEN_W){1'b0}}, txtlen_q, 3'd0});
        end else if (feed_data && !bad && s_axis_tvalid) begin
            gh_valid = body_txt ? txt_room : 1'b1;
            gh_blk = gh_beat;
        end
    end

    always @(posedge clk) begin
        if (clr) begin
            st_q <= S_HDR;
            phase_q <= PH_HDR;
            part_q <= 1'b0;
            last_q <= 1'b0;
            mode_q <= M_GCM;
            dec_q <= 1'b0;
            tag_keep_q <= 16'hFFFF;
            err_q <= 1'b0;
            exp_tag_q <= 128'd0;
            j0_q <= 1'b0;
            gh_open_q <= 1'b0;
            kq_q <= 2'd0;
            kq_n_q <= 2'd0;
            k_push_q <= 1'b0;
            k_j0_q <= 1'b0;
        end else begin
            if (gh_take) gh_open_q <= !gh_last;
            kq_q <= kq_next;
            kq_n_q <= kq_n_q + {1'b0, k_push_q} - {1'b0, gh_pop};
            k_push_q <= k_push;
            k_j0_q <= st_q == S_IVLEN;
            if (acc) begin
                phase_q <= ph;
                part_q <= !full;
            end
            // In S_BODY a tag beat is always taken (bad or not), so its load does not wait for the
            // decision to take it: that decision's path into the 128 enables was the fixed-key
            // core's critical path (11.6 ns). A bad tag beat loads it too; the packet fails and
            // its final beat ignores the tag.
            if (st_q == S_BODY && s_axis_tvalid && ph == PH_TAG) exp_tag_q <= in_blk0;
            case (st_q)
                S_HDR: if (acc) begin
                    mode_q <= hdr_mode;
                    dec_q <= hdr_dec;
                    tag_keep_q <= ~(16'hFFFF << hdr_tag);
                    err_q <= bad;
                    j0_q <= 1'b0;
                    last_q <= 1'b0;
                    st_q <= bad ? (s_axis_tlast ? S_FINAL : S_DROP) : S_IV0;
                end
                S_IV0: if (acc) begin
                    if (bad) begin
                        err_q <= 1'b1;
                        st_q <= s_axis_tlast ? S_FINAL : S_DROP;
                    end else if (j0_direct) begin
                        j0_q <= mode_q != M_CTR;
                        st_q <= to_final ? S_FINAL : S_BODY;
                    end else begin
                        last_q <= s_axis_tlast;
                        st_q <= (!full || s_axis_tlast) ? S_IVLEN : S_IV;
                    end
                end
                S_IV: begin
                    if (acc) begin
                        if (bad) begin
                            err_q <= 1'b1;
                            st_q <= s_axis_tlast ? S_FINAL : S_DROP;
                        end else begin
                            last_q <= s_axis_tlast;
                            if (!full || s_axis_tlast) st_q <= S_IVLEN;
                        end
                    end else if (s_axis_tvalid && ph != PH_IV) begin
                        st_q <= S_IVLEN;   // the phase ended with a full beat; the beat waits
                    end
                end
                S_IVLEN: if (j0_hash) begin
                    j0_q <= 1'b1;
                    st_q <= last_q ? S_FINAL : S_BODY;
                end
                S_BODY: if (acc) begin
                    if (bad) begin
                        err_q <= 1'b1;
                        st_q <= s_axis_tlast ? S_FINAL : S_DROP;
                    end else if (to_final) begin
                        st_q <= S_FINAL;
                    end
                end
                S_DROP: if (to_final) st_q <= S_FINAL;
                default: if (final_go) st_q <= S_HDR;
            endcase
        end
    end

    // The phases' byte counts and limit flags: zero at reset and while the core waits for a
    // header. Nothing reads them there (the last packet's length block left in S_FINAL), so the
    // clear comes from a register, not from the decision to take the beat: on the two-lane core
    // that decision into the clear of ivlen_q was seed 1's critical path (12.5 ns). They count
    // every beat taken, bad or not: after a bad beat the packet fails and no count is read again
    // (its final beat is the error word, and a length block that closes GHASH goes nowhere).
    always @(posedge clk) begin
        if (clr || st_q == S_HDR) begin
            ivlen_q <= {IVL_W{1'b0}};
            aadlen_q <= {LEN_W{1'b0}};
            txtlen_q <= {LEN_W{1'b0}};
            ivfull_q <= 1'b0;
            aadfull_q <= 1'b0;
            txtfull_q <= 1'b0;
        end else if (acc) begin
            if (ph == PH_IV) begin
                ivlen_q <= ivlen_q + {{(IVL_W - NB_W){1'b0}}, nbytes};
                ivfull_q <= iv_reach;
            end
            if (ph == PH_AAD) begin
                aadlen_q <= aadlen_q + {{(LEN_W - NB_W){1'b0}}, nbytes};
                aadfull_q <= aad_reach;
            end
            if (ph == PH_TXT) begin
                txtlen_q <= txtlen_q + {{(LEN_W - NB_W){1'b0}}, nbytes};
                txtfull_q <= txt_reach;
            end
        end
    end

    // ---- counter generator: J0 (for the tag), then the keystream counters -----------------------
    reg  [127:0] ctr_q;
    reg          stop_q;      // the packet's text ended before its counters started
    reg          gmac_q;      // no keystream wanted
    reg  [7:0]   out_q;       // keystream blocks issued and not yet used
    wire         cg_take = cg_valid && aes_in_ready;

    always @* begin
        cg_valid = 1'b0;
        cg_blk = ctr_q;
        cg_kind = K_GEN;
        case (cg_q)
            C_H: begin
                cg_valid = 1'b1;
                cg_blk = 128'd0;
                cg_kind = K_H;
            end
            C_J0: begin
                cg_valid = 1'b1;
                cg_kind = K_J0;
            end
            C_RUN: cg_valid = 1'b1;  // a block issued as the text ends is counted as a leftover
            default: ;
        endcase
    end

    // the GHASH result: J0 to the counter generator, S to the tag stage
    reg  [TQ_W:0] sf_n_q;     // S values waiting for their packet's final beat
    always @* gh_pop = gh_out_valid && (gh_kind ? (cg_q == C_WAIT) : (sf_n_q != TQ[TQ_W:0]));

    always @(posedge clk) begin
        if (clr) begin
            cg_q <= C_IDLE;
            ctr_q <= 128'd0;
            stop_q <= 1'b0;
            gmac_q <= 1'b0;
        end else begin
            if ((ks_q == KS_LOAD && aes_key_loaded) || key_take) cg_q <= C_H;
            else if (ks_q == KS_H && aes_error && FIXED_KEY == 0) cg_q <= C_IDLE;
            case (cg_q)
                C_IDLE: begin
                    stop_q <= 1'b0;
                    gmac_q <= mode_q == M_GMAC;
                    // ctr_q is not read in C_IDLE, so it loads every IV beat that waits in S_IV0,
                    // and the one taken leaves its value: the take decision does not reach the
                    // 128 enables (it did, through the AES handshake: 12.6 ns, the key-specialized
                    // core's critical path).
                    if (st_q == S_IV0) ctr_q <= (mode_q == M_CTR) ? in_blk0 : {in_blk0[127:32], 32'd1};
                    if (j0_direct && acc) begin
                        cg_q <= (mode_q == M_CTR) ? C_RUN : C_J0;
                    end else if (j0_hash) begin
                        cg_q <= C_WAIT;
                    end
                end
                C_WAIT: begin
                    if (text_done) stop_q <= 1'b1;
                    if (gh_pop) begin
                        ctr_q <= gh_out;
                        cg_q <= C_J0;
                    end
                end
                C_J0: begin
                    if (text_done) stop_q <= 1'b1;
                    if (cg_take) begin
                        ctr_q <= inc32(ctr_q, 32'd1);
                        cg_q <= (stop_q || text_done || gmac_q) ? C_IDLE : C_RUN;
                    end
                end
                C_RUN: begin
                    // a keystream slot is LANES counters: c (lane 0) and c + 1 (lane 1)
                    if (cg_take) ctr_q <= inc32(ctr_q, LANES);
                    if (text_done) cg_q <= C_IDLE;
                end
                C_H: if (cg_take) cg_q <= C_IDLE;
                default: cg_q <= C_IDLE;
            endcase
        end
    end

    // ---- AES output: H, E_K(J0) into a FIFO, keystream, leftovers -------------------------------
    // E_K(J0) of queued packets and of the one at the input
    reg  [127:0] ej_q [0:EJ-1];
    reg  [EJ_W-1:0] ej_wr_q, ej_rd_q;
    reg  [EJ_W:0] ej_n_q;
    wire         ej_push = aes_out_valid && aes_out_kind == K_J0 && ej_n_q != EJ[EJ_W:0];
    wire         drop_pop = aes_out_valid && aes_out_kind == K_GEN && drop_q != 8'd0;
    wire         ks_use = txt && acc;
    wire         ej_pop;

    always @* aes_pop = ej_push || drop_pop || ks_use;

    wire         issue_gen = cg_take && cg_kind == K_GEN;
    integer      ie, is;
    // The counts with and without the keystream block a text beat uses, computed before it is
    // known whether one does: the input's decision (ks_use, text_done) only selects among them.
    // (Added after it, it ran through two adders into drop_q: the key-specialized core's critical
    // path, 14.5 ns.) ks_use implies drop_q == 0, so no leftover is popped in that cycle.
    wire [7:0]   out_gen = out_q + {7'd0, issue_gen};
    wire [7:0]   out_gen_used = out_gen - 8'd1;
    wire [7:0]   drop_left = drop_q - {7'd0, drop_pop};
    wire [7:0]   drop_all = drop_left + out_gen;
    wire [7:0]   drop_all_used = drop_all - 8'd1;

    always @(posedge clk) begin
        if (clr) begin
            out_q <= 8'd0;
            drop_q <= 8'd0;
            ej_wr_q <= {EJ_W{1'b0}};
            ej_rd_q <= {EJ_W{1'b0}};
            ej_n_q <= {(EJ_W + 1){1'b0}};
            for (ie = 0; ie < EJ; ie = ie + 1) ej_q[ie] <= 128'd0;
        end else begin
            // leftovers of a finished packet: they are ahead of every later block in the AES
            if (text_done && cg_q != C_WAIT && cg_q != C_J0) begin
                out_q <= 8'd0;
                drop_q <= ks_use ? drop_all_used : drop_all;
            end else begin
                out_q <= ks_use ? out_gen_used : out_gen;
                drop_q <= drop_left;
            end
            if (ej_push) begin
                ej_q[ej_wr_q] <= aes_out[127:0];
                ej_wr_q <= ej_wr_q + 1'b1;
            end
            if (ej_pop) ej_rd_q <= ej_rd_q + 1'b1;
            ej_n_q <= ej_n_q + {{EJ_W{1'b0}}, ej_push} - {{EJ_W{1'b0}}, ej_pop};
        end
    end

    // ---- tag stage and output ------------------------------------------------------------------
    reg  [1:0]   tq_mode_q [0:TQ-1];
    reg          tq_dec_q [0:TQ-1];
    reg          tq_err_q [0:TQ-1];
    reg          tq_need_s_q [0:TQ-1];
    reg          tq_j0_q [0:TQ-1];
    reg  [15:0]  tq_keep_q [0:TQ-1];
    reg  [127:0] tq_exp_q [0:TQ-1];
    reg  [TQ_W-1:0] tq_wr_q, tq_rd_q;
    reg  [127:0] sf_q [0:TQ-1];
    reg  [TQ_W-1:0] sf_wr_q, sf_rd_q;
    reg  [DW-1:0] out_data_q;
    reg  [BW-1:0] out_keep_q;
    reg  [2:0]   out_user_q;
    reg          out_last_q;
    reg          error_q;

    wire [1:0]   tp_mode = tq_mode_q[tq_rd_q];
    wire         tp_dec = tq_dec_q[tq_rd_q];
    wire         tp_err = tq_err_q[tq_rd_q];
    wire         tp_need_s = tq_need_s_q[tq_rd_q];
    wire         tp_j0 = tq_j0_q[tq_rd_q];
    wire [15:0]  tag_keep = tq_keep_q[tq_rd_q];
    wire [127:0] tag_full = sf_q[sf_rd_q] ^ ej_q[ej_rd_q];
    wire [127:0] tag_mask = keep_mask(tag_keep);
    wire [127:0] tag = tag_full & tag_mask;
    // every byte is compared: a difference flag per byte here, one OR over the 16 flags at the
    // output (constant time)
    wire [127:0] tag_diff = tag ^ (tq_exp_q[tq_rd_q] & tag_mask);
    reg  [15:0]  diff_bytes;
    integer      id;
    always @* for (id = 0; id < 16; id = id + 1) diff_bytes[id] = |tag_diff[8 * id +: 8];
    wire         tp_ready = (!tp_need_s || sf_n_q != {(TQ_W + 1){1'b0}}) &&
                            (!tp_j0 || ej_n_q != {(EJ_W + 1){1'b0}});
    // The head packet's final beat is prepared in registers the cycle its S and E_K(J0) are there
    // (the queue reads, the tag and its byte compare), and leaves from them: the path from the
    // queue heads to the output register was the key-specialized core's critical path (13.5 ns).
    // A head waiting for the output is re-prepared each cycle; its inputs do not change until it
    // leaves, since pops happen only then.
    reg          pv_q;        // the prepared beat is the current head's
    reg  [127:0] ptag_q;
    reg  [15:0]  pkeep_q, pdiff_q;
    reg          perr_q, pstat_q, pchk_q;
    wire         tp_emit = pv_q && out_free;   // pv_q implies tp_busy (and no text beat then)
    wire         s_push = gh_pop && !gh_kind;
    wire         s_pop = tp_emit && tp_need_s;
    assign ej_pop = tp_emit && tp_j0;
    wire         verdict_fail = pchk_q && |pdiff_q;

    always @(posedge clk) begin
        if (clr) begin
            pv_q <= 1'b0;
            ptag_q <= 128'd0;
            pkeep_q <= 16'd0;
            pdiff_q <= 16'd0;
            perr_q <= 1'b0;
            pstat_q <= 1'b0;
            pchk_q <= 1'b0;
        end else if (tp_emit) begin
            pv_q <= 1'b0;
        end else if (tp_busy && tp_ready) begin
            pv_q <= 1'b1;
            ptag_q <= tag;
            pkeep_q <= tag_keep;
            pdiff_q <= diff_bytes;
            perr_q <= tp_err;
            pstat_q <= tp_dec || tp_mode == M_CTR;
            pchk_q <= tp_dec && tp_mode != M_CTR;
        end
    end

    always @(posedge clk) begin
        if (final_go) begin
            tq_mode_q[tq_wr_q] <= mode_q;
            tq_dec_q[tq_wr_q] <= dec_q;
            tq_err_q[tq_wr_q] <= err_q;
            tq_need_s_q[tq_wr_q] <= final_need_s;
            tq_j0_q[tq_wr_q] <= j0_q;
            tq_keep_q[tq_wr_q] <= tag_keep_q;
            tq_exp_q[tq_wr_q] <= exp_tag_q;
        end
        if (clr) begin
            for (is = 0; is < TQ; is = is + 1) sf_q[is] <= 128'd0;
        end else if (s_push) begin
            sf_q[sf_wr_q] <= gh_out;
        end
    end

    always @(posedge clk) begin
        if (clr) begin
            tq_n_q <= {(TQ_W + 1){1'b0}};
            tq_wr_q <= {TQ_W{1'b0}};
            tq_rd_q <= {TQ_W{1'b0}};
            sf_n_q <= {(TQ_W + 1){1'b0}};
            sf_wr_q <= {TQ_W{1'b0}};
            sf_rd_q <= {TQ_W{1'b0}};
            out_data_q <= {DW{1'b0}};
            out_keep_q <= {BW{1'b0}};
            out_user_q <= 3'd0;
            out_last_q <= 1'b0;
            out_v_q <= 1'b0;
            error_q <= 1'b0;
        end else begin
            error_q <= err_now || aes_error || gh_error ||
                       (h_checked && builtin_mismatch);
            if (final_go) tq_wr_q <= tq_wr_q + 1'b1;
            if (tp_emit) tq_rd_q <= tq_rd_q + 1'b1;
            tq_n_q <= tq_n_q + {{TQ_W{1'b0}}, final_go} - {{TQ_W{1'b0}}, tp_emit};
            if (s_push) sf_wr_q <= sf_wr_q + 1'b1;
            if (s_pop) sf_rd_q <= sf_rd_q + 1'b1;
            sf_n_q <= sf_n_q + {{TQ_W{1'b0}}, s_push} - {{TQ_W{1'b0}}, s_pop};
            if (out_v_q && m_axis_tready) out_v_q <= 1'b0;
            if (EARLY_LOAD ? txt_slot : txt && acc) begin
                out_data_q <= bswap_w(txt_out);
                out_keep_q <= kp;
                out_user_q <= 3'd0;
                out_last_q <= 1'b0;
                if (txt && acc) out_v_q <= 1'b1;
            end else if (tp_emit) begin
                out_last_q <= 1'b1;
                out_v_q <= 1'b1;
                if (perr_q) begin
                    out_data_q <= {DW{1'b0}};
                    out_keep_q <= zext16(16'h0001);
                    out_user_q <= 3'b101;
                end else if (pstat_q) begin
                    out_data_q <= {{(DW - 1){1'b0}}, !verdict_fail};
                    out_keep_q <= zext16(16'h0001);
                    out_user_q <= {1'b0, verdict_fail, 1'b1};
                end else begin
                    out_data_q <= zext128(bswap(ptag_q));
                    out_keep_q <= zext16(pkeep_q);
                    out_user_q <= 3'b001;
                end
            end
        end
    end

    assign core_idle = st_q == S_HDR && !tp_busy && cg_idle && ej_n_q == {(EJ_W + 1){1'b0}} && ks_q != KS_LOAD &&
                       ks_q != KS_H;
    assign key_ready = aes_key_ready && core_idle;

    assign m_axis_tdata = out_data_q;
    assign m_axis_tkeep = out_keep_q;
    assign m_axis_tuser = out_user_q;
    assign m_axis_tlast = out_last_q;
    assign m_axis_tvalid = out_v_q;
    assign error = error_q;
endmodule
`default_nettype wire
