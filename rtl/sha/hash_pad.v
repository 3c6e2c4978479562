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
// Throughput: one beat per cycle; a block leaves in the cycle after its last beat. A message whose
// final beat leaves fewer than 9 free bytes takes one extra block, during which the input waits.
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
    reg  [511:0] buf_q;     // bytes of the current block so far
    reg  [3:0]   widx_q;    // words in buf_q
    reg  [60:0]  count_q;   // bytes of the message so far
    reg          first_q;   // the next beat starts a message
    reg  [1:0]   user_q;
    reg          bad_q;
    reg  [511:0] out_q;
    reg          out_last_q;
    reg  [2:0]   out_user_q;
    reg          out_v_q;
    reg          ext_q;     // an extra block (zeros and the length) is due
    reg          ext80_q;   // ... and starts with the 0x80 byte
    reg  [63:0]  ext_len_q;
    reg  [2:0]   ext_user_q;
    reg          error_q;

    wire       out_free = !out_v_q || m_axis_tready;
    wire       completes = (widx_q == 4'd15) || s_axis_tlast;
    assign s_axis_tready = !ext_q && (out_free || !completes);
    wire       take = s_axis_tvalid && s_axis_tready;

    wire [1:0] user = first_q ? s_axis_tuser : user_q;
    wire [2:0] nbytes = !s_axis_tlast ? 3'd4 :
                        s_axis_tkeep == 4'b1111 ? 3'd4 : s_axis_tkeep == 4'b0111 ? 3'd3 :
                        s_axis_tkeep == 4'b0011 ? 3'd2 : s_axis_tkeep == 4'b0001 ? 3'd1 : 3'd0;
    wire       keep_ok = s_axis_tlast ? (s_axis_tkeep == 4'b1111 || s_axis_tkeep == 4'b0111 ||
                                         s_axis_tkeep == 4'b0011 || s_axis_tkeep == 4'b0001 ||
                                         s_axis_tkeep == 4'b0000)
                                      : s_axis_tkeep == 4'b1111;
    wire       bad = bad_q || !keep_ok;
    wire [31:0] word_be = {s_axis_tdata[7:0], s_axis_tdata[15:8], s_axis_tdata[23:16], s_axis_tdata[31:24]};
    wire [60:0] total = count_q + {58'd0, nbytes};
    wire [63:0] bits = {total, 3'b000} + (user[1] ? 64'd512 : 64'd0);
    wire [63:0] len_field = user[0] ? {bits[7:0], bits[15:8], bits[23:16], bits[31:24],
                                       bits[39:32], bits[47:40], bits[55:48], bits[63:56]} : bits;
    wire [6:0] p = {1'b0, widx_q, 2'b00} + {4'd0, nbytes};  // where the 0x80 byte goes (64: next block)

    // The block this beat completes: the buffered bytes, this beat, and for tlast the padding.
    reg [511:0] blk;
    wire [31:0] pw = {25'd0, p};
    integer j;
    always @* begin
        blk = buf_q;
        blk[{~widx_q, 5'd0} +: 32] = word_be;
        for (j = 0; j < 64; j = j + 1) begin  // unconditional loop: no latch on j
            if (s_axis_tlast && j > pw)
                blk[8 * (63 - j) +: 8] = 8'h00;
            else if (s_axis_tlast && j == pw)
                blk[8 * (63 - j) +: 8] = 8'h80;
        end
        if (s_axis_tlast && p <= 7'd55) blk[63:0] = len_field;
    end

    always @(posedge clk) begin
        if (rst) begin
            buf_q <= 512'd0;
            widx_q <= 4'd0;
            count_q <= 61'd0;
            first_q <= 1'b1;
            user_q <= 2'd0;
            bad_q <= 1'b0;
            ext_q <= 1'b0;
            ext80_q <= 1'b0;
            ext_len_q <= 64'd0;
            ext_user_q <= 3'd0;
            error_q <= 1'b0;
        end else begin
            error_q <= take && !keep_ok;
            if (take) begin
                if (s_axis_tlast) begin
                    widx_q <= 4'd0;
                    count_q <= 61'd0;
                    first_q <= 1'b1;
                    bad_q <= 1'b0;
                    if (p > 7'd55) begin
                        ext_q <= 1'b1;
                        ext80_q <= p == 7'd64;
                        ext_len_q <= len_field;
                        ext_user_q <= {bad, user};
                    end
                end else begin
                    buf_q[{~widx_q, 5'd0} +: 32] <= word_be;
                    widx_q <= widx_q + 4'd1;
                    count_q <= total;
                    first_q <= 1'b0;
                    user_q <= user;
                    bad_q <= bad;
                end
            end else if (ext_q && out_free) begin
                ext_q <= 1'b0;
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            out_q <= 512'd0;
            out_last_q <= 1'b0;
            out_user_q <= 3'd0;
            out_v_q <= 1'b0;
        end else if (take && completes) begin
            out_q <= blk;
            out_last_q <= s_axis_tlast && p <= 7'd55;
            out_user_q <= {bad, user};
            out_v_q <= 1'b1;
        end else if (ext_q && out_free) begin
            out_q <= {ext80_q ? 8'h80 : 8'h00, 440'd0, ext_len_q};
            out_last_q <= 1'b1;
            out_user_q <= ext_user_q;
            out_v_q <= 1'b1;
        end else if (m_axis_tready) begin
            out_v_q <= 1'b0;
        end
    end

    assign m_axis_tdata = out_q;
    assign m_axis_tlast = out_last_q;
    assign m_axis_tuser = out_user_q;
    assign m_axis_tvalid = out_v_q;
    assign error = error_q;
endmodule
`default_nettype wire
