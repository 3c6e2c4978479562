// Harness of hash_pad: under any environment that keeps the AXI4-Stream rules and sends legal
// beats (full before tlast; the tlast beat's tkeep 0000, 0001, 0011, 0111 or 1111), the output
// keeps the AXI4-Stream rules and every message comes out as exactly its padded blocks: as many
// blocks as its length needs (floor((bytes + 8) / 64) + 1), the last one marked with tlast and
// carrying the message's length field (8 x bytes, plus 512 with tuser[1], big-endian for SHA and
// little-endian for MD5) and its tuser, no block of a message before its bytes fill it, no protocol
// error; never more than two messages between input and output.
module f_hash_pad (
    input wire clk, input wire rst,
    input wire [31:0] s_axis_tdata, input wire [3:0] s_axis_tkeep, input wire s_axis_tlast,
    input wire [1:0] s_axis_tuser, input wire s_axis_tvalid, input wire m_axis_tready
);
    wire s_axis_tready, m_axis_tlast, m_axis_tvalid, error;
    wire [511:0] m_axis_tdata;
    wire [2:0] m_axis_tuser;
    hash_pad dut (
        .clk(clk), .rst(rst), .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep),
        .s_axis_tlast(s_axis_tlast), .s_axis_tuser(s_axis_tuser), .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready), .m_axis_tdata(m_axis_tdata), .m_axis_tlast(m_axis_tlast),
        .m_axis_tuser(m_axis_tuser), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
        .error(error));

    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);
    f_axis_rule #(.W(39), .ASSUME(1)) f_in (.clk(clk), .rst(rst),
        .data({s_axis_tdata, s_axis_tkeep, s_axis_tlast, s_axis_tuser}), .valid(s_axis_tvalid), .ready(s_axis_tready));
    f_axis_rule #(.W(516)) f_out (.clk(clk), .rst(rst), .data({m_axis_tdata, m_axis_tlast, m_axis_tuser}),
                                  .valid(m_axis_tvalid), .ready(m_axis_tready));
    always @* if (s_axis_tvalid) begin
        if (!s_axis_tlast) assume (s_axis_tkeep == 4'b1111);
        else assume (s_axis_tkeep == 4'b0000 || s_axis_tkeep == 4'b0001 || s_axis_tkeep == 4'b0011 ||
                     s_axis_tkeep == 4'b0111 || s_axis_tkeep == 4'b1111);
    end

    wire take = s_axis_tvalid && s_axis_tready;
    wire give = m_axis_tvalid && m_axis_tready;
    wire [2:0] nb = !s_axis_tlast ? 3'd4 : s_axis_tkeep[3] ? 3'd4 : s_axis_tkeep[2] ? 3'd3 :
                    s_axis_tkeep[1] ? 3'd2 : s_axis_tkeep[0] ? 3'd1 : 3'd0;
    // the message coming in: bytes so far and the tuser of its first beat
    reg  [7:0] bytes_q = 0;
    reg  [1:0] user_q = 0;
    reg        first_q = 1;
    wire [1:0] user_now = first_q ? s_axis_tuser : user_q;
    always @* if (take) assume (bytes_q < 8'd200);   // messages up to 200 bytes (counters stay small)
    // finished messages waiting for their blocks: their lengths and tuser, by message number mod 4
    reg  [7:0] q_bytes [0:3];
    reg  [1:0] q_user [0:3];
    reg  [2:0] in_msgs = 0, out_msgs = 0;
    reg  [3:0] blocks_q = 0;                          // blocks out so far of the message leaving
    integer i;
    initial for (i = 0; i < 4; i = i + 1) begin
        q_bytes[i] = 0;
        q_user[i] = 0;
    end
    always @(posedge clk) begin
        if (rst) begin
            bytes_q <= 0;
            first_q <= 1'b1;
            in_msgs <= 0;
            out_msgs <= 0;
            blocks_q <= 0;
        end else begin
            if (take) begin
                first_q <= s_axis_tlast;
                user_q <= user_now;
                bytes_q <= s_axis_tlast ? 8'd0 : bytes_q + nb;
                if (s_axis_tlast) begin
                    q_bytes[in_msgs[1:0]] <= bytes_q + nb;
                    q_user[in_msgs[1:0]] <= user_now;
                    in_msgs <= in_msgs + 1'b1;
                end
            end
            if (give) begin
                blocks_q <= m_axis_tlast ? 4'd0 : blocks_q + 1'b1;
                if (m_axis_tlast) out_msgs <= out_msgs + 1'b1;
            end
        end
    end

    wire [2:0]  waiting = in_msgs - out_msgs;
    wire [7:0]  eb = q_bytes[out_msgs[1:0]];
    wire [1:0]  eu = q_user[out_msgs[1:0]];
    wire [8:0]  eb8 = {1'b0, eb} + 9'd8;
    wire [3:0]  expect_blocks = {1'b0, eb8[8:6]} + 4'd1;
    wire [63:0] bits = {53'd0, eb, 3'd0} + (eu[1] ? 64'd512 : 64'd0);
    wire [63:0] len_field = eu[0] ? {bits[7:0], bits[15:8], bits[23:16], bits[31:24], bits[39:32], bits[47:40],
                                     bits[55:48], bits[63:56]} : bits;
    always @* if (f_past && !rst) begin
        assert (waiting <= 3'd2);
        assert (!error);
        if (m_axis_tvalid) begin
            assert (!m_axis_tuser[2]);
            if (waiting == 0) begin
                // a block of the message still coming in: a full block of its data
                assert (!m_axis_tlast && {blocks_q + 1'b1, 6'd0} <= {2'd0, bytes_q});
            end else begin
                assert (m_axis_tuser[1:0] == eu);
                if (m_axis_tlast) assert (blocks_q + 1'b1 == expect_blocks && m_axis_tdata[63:0] == len_field);
                else assert (blocks_q + 1'b1 < expect_blocks);
            end
        end
    end
    // covers: a block of a message still coming in leaves; a whole message's last block leaves
    // (LONG: a message of two blocks, and a second message, within the deeper bound)
    always @* cover (f_past && !rst && give && !m_axis_tlast);
    always @* cover (f_past && !rst && give && m_axis_tlast);
`ifdef LONG
    always @* cover (f_past && !rst && give && m_axis_tlast && blocks_q == 4'd1);
    always @* cover (f_past && !rst && give && m_axis_tlast && out_msgs == 3'd1);
`endif
endmodule
