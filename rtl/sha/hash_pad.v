`default_nettype none
// hash_pad: the SHA-1/MD5 padding unit. A byte stream in (AXI4-Stream byte order: the first byte of
// a beat is tdata[7:0]; only the tlast beat may be partial, its tkeep one of 0000, 0001, 0011, 0111,
// 1111, so a message of any length, the empty one included, ends with one tlast beat), 512-bit
// blocks out in block order (byte 0 in [511:504]) with the padding: 0x80, zeros, and the 64-bit bit
// length, big-endian for SHA-1 and little-endian for MD5. m_axis_tlast marks a message's last block.
//
// s_axis_tuser (sampled on a message's first beat): [0] MD5 length order, [1] count one more 64-byte
// block in the length (HMAC's K0 ^ ipad block, compressed before the message).
// m_axis_tuser: [1:0] as given, [2] the message broke the protocol (a partial beat before tlast or a
// tkeep with holes); error pulses for one cycle when such a beat is taken, and the message's blocks
// still come out (with [2] set on its last block) so nothing downstream waits forever.
//
// Structure: the block is a 512-bit shift register that takes one 32-bit word per cycle, first the
// message words, then the 0x80 word, zero words and the two length words, so the padding costs no
// byte multiplexers; a full block moves to the output register while the next one fills.
// Throughput: one beat per cycle while a message streams; after its tlast beat the unit spends one
// cycle per padding word (at most 17, when the length spills into an extra block) with the input
// held, then takes the next message. A block leaves in the cycle after its last word.
module hash_pad (
    input  wire         clk,
    input  wire         rst,
    input  wire [31:0]  s_axis_tdata,
    input  wire [3:0]   s_axis_tkeep,
    input  wire         s_axis_tlast,
    input  wire [1:0]   s_axis_tuser,
    input  wire         s_axis_tvalid,
    output wire         s_axis_tready,
    output wire [511:0] m_axis_tdata,
    output wire         m_axis_tlast,
    output wire [2:0]   m_axis_tuser,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,
    output wire         error
);
    localparam [1:0] DATA = 2'd0, PAD = 2'd1, LEN = 2'd2;

    reg  [1:0]   state_q;
    reg  [511:0] blk_q;     // words of the current block, the newest in [31:0]
    reg  [3:0]   wcnt_q;    // words in blk_q
    reg  [60:0]  count_q;   // bytes of the message so far
    reg          first_q;   // the next beat starts a message
    reg  [1:0]   user_q;
    reg          bad_q;
    reg          pend80_q;  // the 0x80 byte is still due (the last beat was full)
    reg  [63:0]  len_q;     // the length field, in the algorithm's byte order
    reg          error_q;

    wire       out_free;                             // the output register (axis_reg) takes a block
    wire       full = wcnt_q == 4'd15;               // the next word completes the block
    wire       can_shift = !full || out_free;
    assign s_axis_tready = state_q == DATA && can_shift;
    wire       take = s_axis_tvalid && s_axis_tready;

    wire [1:0] user = first_q ? s_axis_tuser : user_q;
    wire [2:0] kept;
    wire       keep_contiguous, keep_full;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] unused_mask;
    /* verilator lint_on UNUSEDSIGNAL */
    axis_keep #(.BYTES(4)) u_keep (
        .keep(s_axis_tkeep), .count(kept), .contiguous(keep_contiguous), .full(keep_full), .mask(unused_mask)
    );
    // A partial beat only ends a message; a broken one counts no bytes (the message is marked bad).
    wire       keep_ok = s_axis_tlast ? keep_contiguous : keep_full;
    wire [2:0] nbytes = !s_axis_tlast ? 3'd4 : keep_contiguous ? kept : 3'd0;
    wire       bad = bad_q || !keep_ok;
    // The beat in block order, bytes past nbytes cleared and 0x80 right after the last one.
    wire [31:0] word_be = {s_axis_tdata[7:0], s_axis_tdata[15:8], s_axis_tdata[23:16], s_axis_tdata[31:24]};
    reg  [31:0] data_word;
    always @*
        case (nbytes)
            3'd0: data_word = 32'h80000000;
            3'd1: data_word = {word_be[31:24], 24'h800000};
            3'd2: data_word = {word_be[31:16], 16'h8000};
            3'd3: data_word = {word_be[31:8], 8'h80};
            default: data_word = word_be;
        endcase
    wire [60:0] total = count_q + {58'd0, nbytes};
    // The 64-byte K0 block counted in bytes before the shift: the same value mod 2^64 as
    // {total, 3'b000} + 512, a form Yosys 0.70's SMT-LIB back end (the formal proofs' model) gets
    // wrong: it reads bit 63 of that sum as 1 with every input zero (docs/formal.md).
    wire [60:0] total_k = total + (user[1] ? 61'd64 : 61'd0);
    wire [63:0] bits = {total_k, 3'b000};
    wire [63:0] len_field = user[0] ? {bits[7:0], bits[15:8], bits[23:16], bits[31:24],
                                       bits[39:32], bits[47:40], bits[55:48], bits[63:56]} : bits;

    // The word shifted in this cycle, if any.
    reg        shift;
    reg [31:0] word;
    always @* begin
        shift = 1'b0;
        word = 32'd0;
        case (state_q)
            DATA: begin shift = take; word = data_word; end
            PAD: begin
                shift = can_shift;
                word = pend80_q ? 32'h80000000 : (wcnt_q == 4'd14 && !pend80_q) ? len_q[63:32] : 32'd0;
            end
            LEN: begin shift = can_shift; word = len_q[31:0]; end
            default: ;
        endcase
    end
    wire done_block = shift && full;
    wire unused_oldest = &blk_q[511:480];  // shifted out as the block completes
    wire last_block = state_q == LEN;

    always @(posedge clk) begin
        if (rst) begin
            state_q <= DATA;
            blk_q <= 512'd0;
            wcnt_q <= 4'd0;
            count_q <= 61'd0;
            first_q <= 1'b1;
            user_q <= 2'd0;
            bad_q <= 1'b0;
            pend80_q <= 1'b0;
            len_q <= 64'd0;
            error_q <= 1'b0;
        end else begin
            error_q <= take && !keep_ok;
            if (shift) begin
                blk_q <= {blk_q[479:0], word};
                wcnt_q <= wcnt_q + 4'd1;
            end
            case (state_q)
                DATA: if (take) begin
                    count_q <= total;
                    first_q <= s_axis_tlast;
                    user_q <= user;
                    bad_q <= bad;
                    if (s_axis_tlast) begin
                        state_q <= PAD;
                        pend80_q <= nbytes == 3'd4;
                        len_q <= len_field;
                    end
                end
                PAD: if (shift) begin
                    pend80_q <= 1'b0;
                    if (wcnt_q == 4'd14 && !pend80_q) state_q <= LEN;
                end
                LEN: if (shift) begin
                    state_q <= DATA;
                    count_q <= 61'd0;
                    bad_q <= 1'b0;
                end
                default: state_q <= DATA;
            endcase
        end
    end

    axis_reg #(.WIDTH(512 + 1 + 3), .MODE(1), .WIPE(1)) u_out (
        .clk(clk), .rst(rst), .clear(1'b0),
        .s_axis_tdata({blk_q[479:0], word, last_block, state_q == DATA ? bad : bad_q, state_q == DATA ? user : user_q}),
        .s_axis_tvalid(done_block), .s_axis_tready(out_free),
        .m_axis_tdata({m_axis_tdata, m_axis_tlast, m_axis_tuser}), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready)
    );
    assign error = error_q;
endmodule
`default_nettype wire
