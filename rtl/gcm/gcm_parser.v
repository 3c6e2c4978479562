`default_nettype none
// gcm_parser: gcm_core's input stage. It walks a packet's phases (header, IV, AAD, text, expected
// tag; docs/gcm.md), checks the protocol, decides for each beat whether it is taken, and feeds
// GHASH: IV blocks and the IV's length block (an IV that is not 12 bytes), AAD, the ciphertext of
// the text, and the packet's length block at its end. Text beats take a keystream slot from
// gcm_aes_out and go to the output register (txt_take; txt_load for the register's data, see
// gcm_out). A packet's end is handed to gcm_tag_unit (end_push) with its description.
// The beat it decides on comes from gcm_in, pre-decoded (IN_REG = 1: through a two-word FIFO, so
// s_axis_tready is a flip-flop and the decision starts at flip-flops).
// States: HDR (wait for a header), IV0 (the first IV beat: 12 bytes take the fast path J0 = IV ||
// 0^31 1, and CTR's 16 bytes are the counter; any other length goes through GHASH), IV (more IV
// beats), IVLEN (the IV's length block), BODY (AAD, text, expected tag), DROP (a protocol error:
// the rest of the packet up to tlast is consumed without output), FINAL (the length block and the
// packet's end).
// GHASH results come back in the order their messages were fed; kind says whether the next is a J0
// (an IV's hash, for gcm_ctr_gen) or an S (a tag's hash, for gcm_tag_unit). Up to six can be
// pending (a queue of eight): a hash in GHASH's output register, a message's last block or product
// behind it (the digit-serial unit takes the next message's block while its last product moves to
// the output register), and with the pipelined multiplier (MULT 5) a second hash in its output's
// skid register, a one-block message's block in its input register while the product ahead of it
// waits for the output, and two in gcm_core's skid buffer in front of GHASH (IN_REG with
// GHASH 5). The kind of a message is queued a cycle after its last block is taken
// (from registers, off the path from the input beat through the GHASH handshake, which ended here
// at 13.6 ns): its result leaves GHASH two cycles after that block at the earliest, so the entry
// is in time.
module gcm_parser #(
    parameter LANES = 1,
    parameter LEN_W = 36,
    parameter IN_REG = 0
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 key_clear,
    input  wire [128*LANES-1:0] s_axis_tdata,
    input  wire [16*LANES-1:0]  s_axis_tkeep,
    input  wire [2:0]           s_axis_tuser,
    input  wire                 s_axis_tlast,
    input  wire                 s_axis_tvalid,
    output wire                 s_axis_tready,
    input  wire                 key_valid,     // a key is offered: it goes first, between packets
    input  wire                 key_ready,     // gcm_key_ctl: a key is loaded
    input  wire                 key_none,      // no key (packets are taken and refused)
    // the counter generator
    input  wire                 cg_idle,       // it may start a packet (direct J0)
    input  wire                 cg_room,       // it may take a hash start (J0 from GHASH)
    output wire                 iv_wait,       // the first IV beat is at the input
    output wire [127:0]         iv_blk,        // its first 16 bytes, block order
    output wire                 start_direct,
    output reg                  start_hash,
    output reg                  text_done,
    // the keystream, the output register, the tag unit
    input  wire                 ks_valid,
    input  wire [128*LANES-1:0] keystream,
    input  wire                 out_free,
    input  wire                 tag_busy,
    input  wire                 tag_full,
    output wire                 txt_take,      // a text beat is taken (and its keystream slot)
    output wire                 txt_load,      // the output register loads txt_data (see gcm_out)
    output wire [128*LANES-1:0] txt_data,      // the text beat XOR the keystream, stream byte order
    output wire [16*LANES-1:0]  txt_keep,
    output wire                 end_push,      // a packet ends: its description below
    output wire [1:0]           end_mode,
    output wire                 end_dec,
    output wire                 end_err,
    output wire                 end_need_s,
    output wire                 end_need_j0,
    output wire [15:0]          end_tag_keep,
    output wire [127:0]         end_exp_tag,
    // GHASH
    output reg  [128*LANES-1:0] gh_blk,
    output reg  [LANES-1:0]     gh_keep,
    output reg                  gh_last,
    output reg                  gh_valid,
    input  wire                 gh_ready,
    input  wire                 gh_pop,        // a GHASH result is taken
    output wire                 gh_kind,       // ... it is a J0 (1) or an S (0)
    output wire                 idle,          // waiting for a header
    output wire                 error          // a beat broke the protocol (taken now)
);
    localparam integer BW = 16 * LANES, DW = 128 * LANES;
    localparam [LANES-1:0] ONE_BLOCK = {LANES{1'b1}} >> (LANES - 1);  // GHASH: a beat of one block
    localparam [2:0] PH_HDR = 3'd0;
    localparam [1:0] M_GCM = 2'd0, M_GMAC = 2'd1, M_CTR = 2'd2;
    localparam [2:0] S_HDR = 3'd0, S_IV0 = 3'd1, S_IV = 3'd2, S_IVLEN = 3'd3, S_BODY = 3'd4,
                     S_DROP = 3'd5, S_FINAL = 3'd6;
    wire clr = rst || key_clear;

    function [DW-1:0] zext128;  // a block as the beat's lane 0 (the others zero)
        input [127:0] v;
        begin
            zext128 = {DW{1'b0}};
            zext128[127:0] = v;
        end
    endfunction

    reg  [2:0]   st_q;
    reg  [2:0]   phase_q;     // phase of the last beat taken
    reg          part_q;      // that beat was partial: its phase has ended
    reg          last_q;      // tlast already taken (IV length block still to feed)
    reg  [1:0]   mode_q;
    reg          dec_q;
    reg  [15:0]  tag_keep_q;  // the tag length as a byte mask: the tkeep of the tag (no popcount or
                              // compare in the tag stage)
    reg  [6:0]   tag_len_q;   // ... and one-hot among the legal lengths (as gcm_in's tag_fit), for the check of
                              // the expected-tag beat against its pre-decoded tkeep
    reg          err_q;
    reg  [127:0] exp_tag_q;
    reg          j0_q;        // a J0 was started for this packet (its E_K(J0) comes to the queue)
    reg          gh_open_q;   // a GHASH message is open (blocks fed, no tlast yet)

    // the beat at the head of gcm_in (pre-decoded at the port; IN_REG 1: held in a two-word FIFO)
    localparam integer SH = $clog2(BW);
    reg           take;          // the beat at the head is taken
    wire          h_valid;
    wire [2:0]    ph;
    wire          ph_iv, ph_aad, ph_txt, ph_tag;
    wire          tlast, keep_ok, full, is_k12, is_k16, hdr_ok_b, iv0_bad, body_bad, nontag_last;
    wire [SH-1:0] part;
    wire [6:0]    tagfit, hdr_tag;
    wire [LANES-1:0] in_keep;
    wire [1:0]    hdr_mode;
    wire          hdr_dec;
    wire [15:0]   hdr_keep;
    wire [BW-1:0] kp;
    wire [DW-1:0] in_blk, blk_mask;   // the beat's bytes beyond tkeep cleared, and tkeep, block order
    gcm_in #(.LANES(LANES), .IN_REG(IN_REG)) u_in (
        .clk(clk), .rst(rst), .key_clear(key_clear),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tuser(s_axis_tuser),
        .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
        .take(take), .valid(h_valid), .ph(ph), .ph_iv(ph_iv), .ph_aad(ph_aad), .ph_txt(ph_txt), .ph_tag(ph_tag),
        .last(tlast), .keep_ok(keep_ok), .full(full), .part(part), .is_k12(is_k12), .is_k16(is_k16),
        .tag_fit(tagfit), .hdr_ok(hdr_ok_b), .hdr_mode(hdr_mode), .hdr_dec(hdr_dec), .hdr_tag(hdr_tag),
        .hdr_tag_keep(hdr_keep), .iv0_bad(iv0_bad), .body_bad(body_bad), .nontag_last(nontag_last),
        .blk_keep(in_keep), .keep(kp), .blk(in_blk), .blk_mask(blk_mask)
    );
    wire [$clog2(BW+1)-1:0] nbytes = {full, part};   // a full beat's count is BW: a one on top
    wire [127:0]  in_blk0 = in_blk[127:0];  // the beat's first 16 bytes (IV counter, expected tag)
    wire [DW-1:0] txt_out = in_blk ^ (keystream & blk_mask);   // block order

    wire          len_ovf;       // gcm_lengths: the beat's phase is full
    wire [127:0]  iv_len_blk, len_blk;

    // a text beat has room: its keystream is at the head, no final beat waits, the output is free;
    // it goes when GHASH takes it too (CTR feeds no GHASH)
    wire txt_room = ks_valid && !tag_busy && out_free;
    wire txt_go = txt_room && (gh_ready || mode_q == M_CTR);

    // decisions for the beat at the head, per state
    reg  bad;        // it breaks the protocol
    reg  feed_data;  // feed in_blk (or the ciphertext) to GHASH
    reg  feed_len;   // feed a length block with tlast
    reg  txt;        // a text beat (keystream and output)
    reg  j0_direct;  // start the counter generator with a J0 (or CTR counter) from the beat
    reg  to_final;
    wire final_need_s = (!err_q && mode_q != M_CTR) || gh_open_q;
    wire acc = take && h_valid;
    wire tag_ok = |(tagfit & tag_len_q);   // the beat holds exactly the header's tag length

    always @* begin
        take = 1'b0;
        bad = 1'b0;
        feed_data = 1'b0;
        feed_len = 1'b0;
        txt = 1'b0;
        j0_direct = 1'b0;
        start_hash = 1'b0;
        text_done = 1'b0;
        to_final = 1'b0;
        case (st_q)
            S_HDR: begin
                // a key offered between packets goes first; while it loads, packets wait
                take = h_valid && !key_valid && (key_ready || key_none);
                bad = !(hdr_ok_b && key_ready);
            end
            S_IV0: begin
                if (h_valid) begin
                    if (iv0_bad || (mode_q == M_CTR && !is_k16) || (dec_q && mode_q != M_CTR && tlast)) begin
                        take = 1'b1;
                        bad = 1'b1;
                    end else if (mode_q == M_CTR || is_k12) begin
                        take = cg_idle;
                        j0_direct = cg_idle;
                        to_final = tlast;
                    end else begin
                        take = gh_ready;
                        feed_data = 1'b1;
                    end
                end
            end
            S_IV: begin
                if (h_valid && ph_iv) begin
                    take = gh_ready || !keep_ok || len_ovf || (dec_q && tlast);
                    bad = !keep_ok || len_ovf || (dec_q && tlast);
                    feed_data = !bad;
                end
            end
            S_IVLEN: begin
                feed_len = cg_room;
                start_hash = cg_room && gh_ready;
            end
            S_BODY: begin
                if (h_valid) begin
                    if (body_bad || ph < phase_q || (ph == phase_q && part_q) || len_ovf ||
                        (ph_aad && mode_q == M_CTR) ||
                        (ph_txt && mode_q == M_GMAC) ||
                        (ph_tag && (!dec_q || mode_q == M_CTR || !tag_ok)) ||
                        (nontag_last && dec_q && mode_q != M_CTR)) begin
                        take = 1'b1;
                        bad = 1'b1;
                        text_done = 1'b1;
                    end else if (ph_aad) begin
                        take = gh_ready;
                        feed_data = 1'b1;
                        text_done = tlast;
                    end else if (ph_txt) begin
                        take = txt_go;
                        txt = take;
                        feed_data = mode_q != M_CTR;
                        text_done = take && tlast;
                    end else begin  // the expected tag
                        take = 1'b1;
                        text_done = 1'b1;
                    end
                    to_final = take && tlast && !bad;
                end
            end
            S_DROP: begin
                take = h_valid;
                to_final = h_valid && tlast;
            end
            default: begin  // S_FINAL
                feed_len = final_need_s && !tag_full;
                text_done = 1'b1;
            end
        endcase
    end
    assign start_direct = j0_direct && acc;

    gcm_lengths #(.LEN_W(LEN_W), .BW(BW)) u_lengths (
        .clk(clk), .rst(rst), .key_clear(key_clear), .clear(st_q == S_HDR), .take(acc), .phase(ph),
        .nbytes(nbytes), .full(full), .over(len_ovf), .iv_len_blk(iv_len_blk), .len_blk(len_blk)
    );
    assign end_push = st_q == S_FINAL && !tag_full && (!final_need_s || gh_ready);

    // GHASH input. gh_blk is the beat's block whether it goes or not: the block-a-cycle GHASH units
    // with two lanes or the pipelined multiplier (MULT 5) load their input register whenever it is
    // free (as gcm_out does), so the beat's protocol check reaches only gh_valid, not their enables.
    wire [DW-1:0] gh_beat = (ph_txt && !dec_q) ? txt_out : in_blk;
    wire body_txt = st_q == S_BODY && ph_txt;  // the beat at the head is text
    always @* begin
        gh_valid = 1'b0;
        gh_last = 1'b0;
        gh_blk = gh_beat;
        gh_keep = in_keep;
        if (st_q == S_IVLEN) begin
            gh_valid = cg_room;
            gh_last = 1'b1;
            gh_keep = ONE_BLOCK;
            gh_blk = zext128(iv_len_blk);
        end else if (st_q == S_FINAL) begin
            gh_valid = feed_len;
            gh_last = 1'b1;
            gh_keep = ONE_BLOCK;
            gh_blk = zext128(len_blk);
        end else if (feed_data && !bad && h_valid) begin
            gh_valid = body_txt ? txt_room : 1'b1;
        end
    end
    wire gh_take = gh_valid && gh_ready;

    // the kinds of the pending GHASH results: 1 J0, 0 S, oldest in bit 0
    reg  [7:0] kq_q;
    reg  [3:0] kq_n_q;
    reg        k_push_q, k_j0_q;
    wire [2:0] kq_pos = kq_n_q[2:0] - {2'b0, gh_pop};  // where a new entry goes: the count after the pop
    reg  [7:0] kq_next;
    always @* begin
        kq_next = gh_pop ? {1'b0, kq_q[7:1]} : kq_q;
        if (k_push_q) kq_next[kq_pos] = k_j0_q;
    end
    assign gh_kind = kq_q[0];

    always @(posedge clk) begin
        if (clr) begin
            st_q <= S_HDR;
            phase_q <= PH_HDR;
            part_q <= 1'b0;
            last_q <= 1'b0;
            mode_q <= M_GCM;
            dec_q <= 1'b0;
            tag_keep_q <= 16'hFFFF;
            tag_len_q <= 7'b1000000;
            err_q <= 1'b0;
            exp_tag_q <= 128'd0;
            j0_q <= 1'b0;
            gh_open_q <= 1'b0;
            kq_q <= 8'd0;
            kq_n_q <= 4'd0;
            k_push_q <= 1'b0;
            k_j0_q <= 1'b0;
        end else begin
            if (gh_take) gh_open_q <= !gh_last;
            kq_q <= kq_next;
            kq_n_q <= kq_n_q + {3'b0, k_push_q} - {3'b0, gh_pop};
            k_push_q <= gh_take && gh_last;
            k_j0_q <= st_q == S_IVLEN;
            if (acc) begin
                phase_q <= ph;
                part_q <= !full;
            end
            // In BODY a tag beat is always taken (bad or not), so its load does not wait for the
            // decision to take it: that decision's path into the 128 enables was the fixed-key
            // core's critical path (11.6 ns). A bad tag beat loads it too; the packet fails and
            // its final beat ignores the tag.
            if (st_q == S_BODY && h_valid && ph_tag) exp_tag_q <= in_blk0;
            case (st_q)
                S_HDR: if (acc) begin
                    mode_q <= hdr_mode;
                    dec_q <= hdr_dec;
                    tag_keep_q <= hdr_keep;
                    tag_len_q <= hdr_tag;
                    err_q <= bad;
                    j0_q <= 1'b0;
                    last_q <= 1'b0;
                    st_q <= bad ? (tlast ? S_FINAL : S_DROP) : S_IV0;
                end
                S_IV0: if (acc) begin
                    if (bad) begin
                        err_q <= 1'b1;
                        st_q <= tlast ? S_FINAL : S_DROP;
                    end else if (j0_direct) begin
                        j0_q <= mode_q != M_CTR;
                        st_q <= to_final ? S_FINAL : S_BODY;
                    end else begin
                        last_q <= tlast;
                        st_q <= (!full || tlast) ? S_IVLEN : S_IV;
                    end
                end
                S_IV: begin
                    if (acc) begin
                        if (bad) begin
                            err_q <= 1'b1;
                            st_q <= tlast ? S_FINAL : S_DROP;
                        end else begin
                            last_q <= tlast;
                            if (!full || tlast) st_q <= S_IVLEN;
                        end
                    end else if (h_valid && !ph_iv) begin
                        st_q <= S_IVLEN;   // the phase ended with a full beat; the beat waits
                    end
                end
                S_IVLEN: if (start_hash) begin
                    j0_q <= 1'b1;
                    st_q <= last_q ? S_FINAL : S_BODY;
                end
                S_BODY: if (acc) begin
                    if (bad) begin
                        err_q <= 1'b1;
                        st_q <= tlast ? S_FINAL : S_DROP;
                    end else if (to_final) begin
                        st_q <= S_FINAL;
                    end
                end
                S_DROP: if (to_final) st_q <= S_FINAL;
                default: if (end_push) st_q <= S_HDR;
            endcase
        end
    end

    assign iv_wait = st_q == S_IV0;
    assign iv_blk = in_blk0;
    assign txt_take = txt && acc;
    // the output register's load: a text beat that would go, less the protocol check (gcm_out)
    assign txt_load = body_txt && h_valid && txt_go;
    byte_rev #(.WIDTH(DW)) u_rev (.d(txt_out), .q(txt_data));   // block order -> stream byte order
    assign txt_keep = kp;
    assign end_mode = mode_q;
    assign end_dec = dec_q;
    assign end_err = err_q;
    assign end_need_s = final_need_s;
    assign end_need_j0 = j0_q;
    assign end_tag_keep = tag_keep_q;
    assign end_exp_tag = exp_tag_q;
    assign idle = st_q == S_HDR;
    assign error = acc && bad;
`ifdef AUTHCORE_FORMAL_GCM
    always @* if (!clr) assert (kq_n_q <= 4'd6);   // the bound above (gcm_core-stream* jobs)
`endif
endmodule
`default_nettype wire
