`default_nettype none
// hmac_selftest: hmac_core behind a power-on known-answer test (the HMAC seed's BIST; FIPS 140-3
// wants one per algorithm). After reset and after key_clear the wrapper runs, for each algorithm the
// core serves (HASH 0: SHA-1; 1: MD5; 2: SHA-1 then MD5; 3: SHA-256 then SHA-224): load the KAT key,
// MAC the KAT message, compare every MAC beat with the expected MAC, then erase the key (key_clear
// to the core). The defaults are RFC 2202's and RFC 4231's test case 2 ("Jefe", "what do ya want
// for nothing?"). Until every KAT passes the user's ports are held: k_axis_tready, s_axis_tready and
// m_axis_tvalid stay low and key_valid reads 0. On success selftest_pass rises and the ports connect
// to the core; on a wrong beat, an error or no answer within TIMEOUT cycles, selftest_fail rises and
// the ports stay held until reset.
//
// Ports: as hmac_core (docs/hash.md), plus selftest_pass and selftest_fail.
// Parameters: HASH, PRECOMPUTE, PIPELINE and TID_W as hmac_core; KAT_KEY (4 bytes) and KAT_MSG (28 bytes) in block
// order (byte 0 in the top bits); KAT_MAC0 and KAT_MAC1 the expected MACs of algorithms 0 and 1
// (SHA-1 or SHA-256, MD5 or SHA-224), left-aligned in 256 bits.
module hmac_selftest #(
    parameter HASH = 0,
    parameter PRECOMPUTE = 1,
    parameter PIPELINE = 1,
    parameter TID_W = 2,
    parameter [31:0]  KAT_KEY = 32'h4a656665,
    parameter [223:0] KAT_MSG = 224'h7768617420646f2079612077616e7420666f72206e6f7468696e673f,
    parameter [255:0] KAT_MAC0 = (HASH == 3) ? 256'h5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
                                             : {160'heffcdf6ae5eb2fa2d27416d5f184df9c259a7c79, 96'd0},
    parameter [255:0] KAT_MAC1 = (HASH == 3) ? {224'ha30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44, 32'd0}
                                             : {128'h750c783e6ab0b503eaa86e310a5db738, 128'd0},
    parameter integer TIMEOUT = 4096
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        key_clear,
    input  wire [31:0] k_axis_tdata,
    input  wire [3:0]  k_axis_tkeep,
    input  wire        k_axis_tlast,
    input  wire        k_axis_tuser,
    input  wire        k_axis_tvalid,
    output wire        k_axis_tready,
    input  wire [31:0] s_axis_tdata,
    input  wire [3:0]  s_axis_tkeep,
    input  wire        s_axis_tlast,
    input  wire        s_axis_tuser,
    input  wire [TID_W-1:0] s_axis_tid,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    output wire [31:0] m_axis_tdata,
    output wire [3:0]  m_axis_tkeep,
    output wire        m_axis_tlast,
    output wire        m_axis_tuser,
    output wire [TID_W-1:0] m_axis_tid,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire [1:0]  key_valid,
    output wire        error,
    output wire        selftest_pass,
    output wire        selftest_fail
);
    // The algorithms to test: algorithm 0 unless the core serves MD5 only, algorithm 1 when it
    // serves two (HASH 2 and 3) or MD5 alone.
    localparam FIRST = (HASH == 1) ? 1 : 0;
    localparam LAST = (HASH == 0) ? 0 : 1;
    // MAC words per algorithm
    localparam [3:0] WORDS0 = (HASH == 3) ? 4'd8 : 4'd5;
    localparam [3:0] WORDS1 = (HASH == 3) ? 4'd7 : 4'd4;

    function [31:0] stream_word;   // bytes 4j..4j+3 of a block-order field, first byte in [7:0]
        input [255:0] f;
        input [3:0] j;
        reg [31:0] w;
        begin
            w = f[255 - 32 * j -: 32];
            stream_word = {w[7:0], w[15:8], w[23:16], w[31:24]};
        end
    endfunction

    localparam [2:0] T_KEY = 3'd0, T_WAIT = 3'd1, T_MSG = 3'd2, T_MAC = 3'd3, T_CLEAR = 3'd4,
                     T_PASS = 3'd5, T_FAIL = 3'd6;
    reg  [2:0]  t_q;
    reg         alg_q;      // the algorithm under test
    reg  [2:0]  beat_q;     // message beat to send (7 of them)
    reg  [3:0]  word_q;     // MAC word expected next
    reg  [12:0] timer_q;
    wire        testing = t_q != T_PASS;

    wire [31:0] kat_beat = stream_word({KAT_MSG, 32'd0}, {1'b0, beat_q});
    wire [3:0]  words = alg_q ? WORDS1 : WORDS0;
    wire [31:0] exp_word = stream_word(alg_q ? KAT_MAC1 : KAT_MAC0, word_q);
    wire        exp_last = word_q == words - 4'd1;

    wire        c_k_ready, c_s_ready, c_m_last, c_m_user, c_m_valid, c_error;
    wire [31:0] c_m_data;
    wire [3:0]  c_m_keep;
    wire [1:0]  c_key_valid;

    hmac_core #(.HASH(HASH), .PRECOMPUTE(PRECOMPUTE), .PIPELINE(PIPELINE), .TID_W(TID_W)) u_hmac (
        .clk(clk), .rst(rst), .key_clear(key_clear || t_q == T_CLEAR),
        .k_axis_tdata(testing ? stream_word({KAT_KEY, 224'd0}, 4'd0) : k_axis_tdata),
        .k_axis_tkeep(testing ? 4'b1111 : k_axis_tkeep), .k_axis_tlast(testing ? 1'b1 : k_axis_tlast),
        .k_axis_tuser(testing ? alg_q : k_axis_tuser), .k_axis_tvalid(testing ? t_q == T_KEY : k_axis_tvalid),
        .k_axis_tready(c_k_ready),
        .s_axis_tdata(testing ? kat_beat : s_axis_tdata), .s_axis_tkeep(testing ? 4'b1111 : s_axis_tkeep),
        .s_axis_tlast(testing ? beat_q == 3'd6 : s_axis_tlast), .s_axis_tuser(testing ? alg_q : s_axis_tuser),
        .s_axis_tid(testing ? {TID_W{1'b0}} : s_axis_tid),
        .s_axis_tvalid(testing ? t_q == T_MSG : s_axis_tvalid), .s_axis_tready(c_s_ready),
        .m_axis_tdata(c_m_data), .m_axis_tkeep(c_m_keep), .m_axis_tlast(c_m_last), .m_axis_tuser(c_m_user),
        .m_axis_tid(m_axis_tid),
        .m_axis_tvalid(c_m_valid), .m_axis_tready(testing ? 1'b1 : m_axis_tready),
        .key_valid(c_key_valid), .error(c_error)
    );

    wire beat_ok = c_m_data == exp_word && c_m_keep == 4'b1111 && !c_m_user && c_m_last == exp_last;

    always @(posedge clk) begin
        if (rst || key_clear) begin
            t_q <= T_KEY;
            alg_q <= FIRST[0];
            beat_q <= 3'd0;
            word_q <= 4'd0;
            timer_q <= 13'd0;
        end else if (t_q != T_PASS && t_q != T_FAIL) begin
            timer_q <= timer_q + 13'd1;
            if (timer_q == TIMEOUT[12:0] || c_error) t_q <= T_FAIL;
            else case (t_q)
                T_KEY: if (c_k_ready) t_q <= T_WAIT;
                T_WAIT: if (c_key_valid[alg_q]) t_q <= T_MSG;
                T_MSG: if (c_s_ready) begin
                    beat_q <= beat_q + 3'd1;
                    if (beat_q == 3'd6) t_q <= T_MAC;
                end
                T_MAC: if (c_m_valid) begin
                    word_q <= word_q + 4'd1;
                    if (!beat_ok) t_q <= T_FAIL;
                    else if (exp_last) t_q <= T_CLEAR;
                end
                T_CLEAR: begin   // the KAT key is erased (key_clear to the core this cycle)
                    beat_q <= 3'd0;
                    word_q <= 4'd0;
                    if (alg_q == LAST[0]) begin
                        t_q <= T_PASS;
                    end else begin
                        alg_q <= 1'b1;
                        t_q <= T_KEY;
                    end
                end
                default: ;
            endcase
        end
    end

    assign k_axis_tready = !testing && c_k_ready;
    assign s_axis_tready = !testing && c_s_ready;
    assign m_axis_tdata = c_m_data;
    assign m_axis_tkeep = c_m_keep;
    assign m_axis_tlast = c_m_last;
    assign m_axis_tuser = c_m_user;
    assign m_axis_tvalid = !testing && c_m_valid;
    assign key_valid = testing ? 2'b00 : c_key_valid;
    assign error = !testing && c_error;
    assign selftest_pass = t_q == T_PASS;
    assign selftest_fail = t_q == T_FAIL;
endmodule
`default_nettype wire
