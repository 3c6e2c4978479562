`default_nettype none
// gcm_in: gcm_parser's input stage. Everything the protocol checks need that depends on the beat
// alone is computed as the beat arrives: tkeep's shape (contiguous, full, its byte count, 12 and 16
// bytes, each legal tag length), the phase one-hot, the header's fields and check, and the
// beat-only parts of the IV and body checks; the beat's bytes beyond tkeep are cleared and put in
// block order. IN_REG = 1: the beat and these flags are held in a two-word FIFO (axis_fifo,
// flip-flops, no output register; the flags on top, read at a read pointer of their own: HEAD_W),
// so s_axis_tready is the FIFO's full flag and the parser's decision on the beat at the head starts
// at flip-flops (tkeep's contiguity and the phase compares were its first four or five LUT levels:
// the two-lane core's critical path at every placement seed). One cycle more of latency, a beat a
// cycle as before; rst and key_clear empty and zero it. IN_REG = 0: the same flags from the port,
// s_axis_tready = take.
module gcm_in #(
    parameter LANES = 1,
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
    input  wire                 take,          // the parser takes the beat at the head
    output wire                 valid,         // a beat is at the head; the rest describes it
    output wire [2:0]           ph,            // its phase (tuser)
    output wire                 ph_iv, ph_aad, ph_txt, ph_tag,  // ph decoded
    output wire                 last,          // tlast
    output wire                 keep_ok,       // tkeep: at least one byte, none after a gap
    output wire                 full,          // every byte kept
    output wire [$clog2(16*LANES)-1:0] part,   // the bytes of a partial beat (0 when full)
    output wire                 is_k12,        // exactly 12 bytes (lane 0)
    output wire                 is_k16,        // exactly 16 bytes
    output wire [6:0]           tag_fit,       // exactly 4, 8, 12, 13, 14, 15 or 16 bytes (one-hot)
    output wire                 hdr_ok,        // the header's check, but for the key
    output wire [1:0]           hdr_mode,      // header fields (the header beat's tkeep is not read)
    output wire                 hdr_dec,
    output wire [6:0]           hdr_tag,       // the tag length, one-hot as tag_fit (0: not legal)
    output wire [15:0]          hdr_tag_keep,  // the tag length as a byte mask
    output wire                 iv0_bad,       // not an IV beat, or a bad tkeep
    output wire                 body_bad,      // no phase of a packet's body, a bad tkeep, a tag without tlast
    output wire                 nontag_last,   // tlast on a beat that is not the expected tag
    output wire [LANES-1:0]     blk_keep,      // the GHASH blocks of the beat: lane l when its first byte is kept
    output wire [16*LANES-1:0]  keep,          // tkeep
    output wire [128*LANES-1:0] blk,           // the beat, bytes beyond tkeep zero, block order
    output wire [128*LANES-1:0] blk_mask       // tkeep as a bit mask in block order
);
    generate
        if (IN_REG != 0 && IN_REG != 1) begin : g_bad_in_reg
            gcm_in_IN_REG_must_be_0_or_1 u_error ();
        end
    endgenerate
    localparam integer BW = 16 * LANES, DW = 128 * LANES, SH = $clog2(BW);
    localparam integer NT = 7;   // the legal tag lengths: 4, 8, 12, 13, 14, 15, 16 bytes
    localparam [2:0] PH_HDR = 3'd0, PH_IV = 3'd1, PH_AAD = 3'd2, PH_TXT = 3'd3, PH_TAG = 3'd4;
    localparam [1:0] M_CTR = 2'd2;

    function [NT-1:0] tag_lens;  // which legal tag length n is (one-hot; 0 if none)
        input [4:0] n;
        begin
            tag_lens = {n == 5'd16, n == 5'd15, n == 5'd14, n == 5'd13, n == 5'd12, n == 5'd8, n == 5'd4};
        end
    endfunction

    wire [2:0]    p_ph = s_axis_tuser;
    wire [BW-1:0] p_kp = s_axis_tkeep;
    wire [$clog2(BW+1)-1:0] p_nbytes;
    wire          p_contig, p_full;
    wire [DW-1:0] p_mask;
    axis_keep #(.BYTES(BW)) u_keep (.keep(p_kp), .count(p_nbytes), .contiguous(p_contig), .full(p_full),
                                    .mask(p_mask));
    wire [DW-1:0] p_blk;          // the beat's kept bytes in block order, each 16-byte lane
    byte_rev #(.WIDTH(DW)) u_rev_blk (.d(s_axis_tdata & p_mask), .q(p_blk));
    wire          p_keep_ok = p_kp[0] && p_contig;   // at least one byte, none after a gap
    wire [NT-1:0] p_tagfit;       // tkeep is exactly 4, 8, 12, ... 16 bytes (12 and 16: IV and CTR checks)
    genvar gt;
    generate
        for (gt = 0; gt < NT; gt = gt + 1) begin : g_tagfit
            localparam integer N = gt == 0 ? 4 : gt == 1 ? 8 : 10 + gt;
            assign p_tagfit[gt] = p_kp == ({BW{1'b1}} >> (BW - N));
        end
    endgenerate
    wire [3:0]    p_ph1 = {p_ph == PH_TAG, p_ph == PH_TXT, p_ph == PH_AAD, p_ph == PH_IV};
    wire          unused_p_count = p_nbytes[SH];   // BW: set by full beats only, as p_full says
    // header fields (the header beat's tkeep is not read)
    wire [1:0]    p_hdr_mode = s_axis_tdata[1:0];
    wire          p_hdr_dec = s_axis_tdata[2];
    wire [4:0]    p_hdr_len = s_axis_tdata[12:8];   // the tag length in bytes (stored as is)
    wire [NT-1:0] p_hdr_tag = tag_lens(p_hdr_len);
    wire          p_hdr_ok = p_hdr_mode != 2'd3 && (|p_hdr_tag || p_hdr_mode == M_CTR) && !s_axis_tlast &&
                             p_ph == PH_HDR;   // all of the header's check but the key
    // the beat-only parts of the checks in S_IV0 and S_BODY
    wire          p_iv0_bad = p_ph != PH_IV || !p_keep_ok;
    wire          p_body_bad = p_ph == PH_HDR || p_ph == PH_IV || p_ph > PH_TAG || !p_keep_ok ||
                               (p_ph == PH_TAG && !s_axis_tlast);
    wire          p_nontag_last = p_ph != PH_TAG && s_axis_tlast;
    wire [LANES-1:0] p_in_keep;   // GHASH blocks of the beat: lane l when its first byte is kept
    genvar gl;
    generate
        for (gl = 0; gl < LANES; gl = gl + 1) begin : g_in_keep
            assign p_in_keep[gl] = p_kp[16 * gl];
        end
    endgenerate

    // the stored word: the flags the decisions read on top (HEAD_W, read at a read pointer of their
    // own), then what loads registers or goes to the datapath (the header's tag length as its five
    // bits: it only loads registers, so its one-hot and mask are decoded at the head)
    localparam integer HW = 3 + 4 + 1 + 1 + 1 + SH + NT + 1 + 1 + 1 + 1 + LANES;
    localparam integer FW = HW + 2 + 1 + 5 + BW + DW;
    wire [FW-1:0] p_word = {p_ph, p_ph1, s_axis_tlast, p_keep_ok, p_full, p_nbytes[SH-1:0],
                            p_tagfit, p_hdr_ok, p_iv0_bad, p_body_bad, p_nontag_last, p_in_keep,
                            p_hdr_mode, p_hdr_dec, p_hdr_len, p_kp, p_blk};
    wire [FW-1:0] h_word;
    generate
        if (IN_REG == 1) begin : g_in_fifo
            /* verilator lint_off UNUSEDSIGNAL */
            wire [2:0] unused_count;   // axis_fifo: $clog2(DEPTH) + 2 bits
            wire       unused_nonempty, unused_busy, unused_zero;
            /* verilator lint_on UNUSEDSIGNAL */
            // WIPE: the text held here is cleared by rst and key_clear with the rest of the packet
            axis_fifo #(.WIDTH(FW), .DEPTH(2), .STYLE("logic"), .WIPE(1), .OUT_REGS(0), .HEAD_W(HW)) u_in (
                .clk(clk), .rst(rst), .clear(key_clear),
                .s_axis_tdata(p_word), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
                .m_axis_tdata(h_word), .m_axis_tvalid(valid), .m_axis_tready(take),
                .count(unused_count), .nonempty(unused_nonempty), .busy(unused_busy), .zero(unused_zero)
            );
        end else begin : g_in_port
            assign h_word = p_word;
            assign valid = s_axis_tvalid;
            assign s_axis_tready = take;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused = &{1'b0, clk, rst, key_clear};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    wire [4:0]    hdr_len;
    assign {ph, ph_tag, ph_txt, ph_aad, ph_iv, last, keep_ok, full, part, tag_fit, hdr_ok,
            iv0_bad, body_bad, nontag_last, blk_keep, hdr_mode, hdr_dec, hdr_len, keep, blk} = h_word;
    assign is_k12 = tag_fit[2];   // tkeep == 12 bytes, as tag_fit's 12
    assign is_k16 = tag_fit[6];
    assign hdr_tag = tag_lens(hdr_len);
    assign hdr_tag_keep = ~(16'hFFFF << hdr_len);
    // the stored tkeep's mask (the port's, p_mask, is not stored: it would widen the word by DW)
    wire [DW-1:0] h_mask;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [$clog2(BW+1)-1:0] unused_h_count;
    wire          unused_h_contig, unused_h_full;
    /* verilator lint_on UNUSEDSIGNAL */
    axis_keep #(.BYTES(BW)) u_keep_h (.keep(keep), .count(unused_h_count), .contiguous(unused_h_contig),
                                      .full(unused_h_full), .mask(h_mask));
    byte_rev #(.WIDTH(DW)) u_rev_mask (.d(h_mask), .q(blk_mask));
endmodule
`default_nettype wire
