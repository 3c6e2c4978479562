`default_nettype none
// gcm_selftest: gcm_core behind a power-on known-answer test, as a FIPS 140-3 module needs (and as
// the HMAC seed's BIST did on its board). After reset (and after key_clear) the wrapper loads the
// KAT key, encrypts the KAT packet (96-bit IV, 20 bytes of AAD, 60 bytes of text: the shape of the
// GCM spec's test case 4, whose values are the defaults) and compares every output beat with the
// expected ciphertext and tag. Until it passes, the user's ports are held: s_axis_tready,
// m_axis_tvalid and key_ready stay low. On success selftest_pass rises, the KAT key is erased
// (key_clear to the core) and the ports connect to the core; on a wrong beat, a key_mismatch or no
// answer within TIMEOUT cycles, selftest_fail rises and the ports stay held until reset. A
// fixed-key core (FIXED_KEY = 1) runs the KAT under its own key and keeps it: nothing is erased.
//
// Ports: as gcm_core (docs/gcm.md), plus selftest_pass and selftest_fail.
// Parameters: as gcm_core; KAT_* hold the test (block order, byte 0 in the top bits). With
// LANES = 2 the packet goes in 32-byte beats (5 in, 3 out; 8 and 5 with one lane). A core with H
// or the whole key built in needs a KAT under its own key: `authcore generate gcm --selftest
// --specialize all` computes one (in gcm_top.v, mode 0600); with H alone built in, the KAT would
// have to hold the AES key itself, so the generator refuses that combination.
module gcm_selftest #(
    parameter DATA_W = 128,
    parameter SBOX = 0,
    parameter GHASH = 0,
    parameter DIGIT = 8,
    parameter FIXED_KEY = 0,
    parameter FIXED_LEN = 0,
    parameter [15*128-1:0] RK = {15*128{1'b0}},
    parameter [127:0] H_BUILTIN = 128'd0,
    parameter LANES = 1,
    parameter [255:0] KAT_KEY = {128'hfeffe9928665731c6d6a8f9467308308, 128'd0},
    parameter [1:0]   KAT_KEY_LEN = 2'd0,
    parameter [95:0]  KAT_IV = 96'hcafebabefacedbaddecaf888,
    parameter [159:0] KAT_AAD = 160'hfeedfacedeadbeeffeedfacedeadbeefabaddad2,
    parameter [479:0] KAT_PT = {128'hd9313225f88406e5a55909c5aff5269a, 128'h86a7a9531534f7da2e4c303d8a318a72,
                                128'h1c3c0c95956809532fcf0e2449a6b525, 96'hb16aedf5aa0de657ba637b39},
    parameter [479:0] KAT_CT = {128'h42831ec2217774244b7221b784d0d49c, 128'he3aa212f2c02a4e035c17e2329aca12e,
                                128'h21d514b25466931c7d8f6a5aac84aa05, 96'h1ba30b396a0aac973d58e091},
    parameter [127:0] KAT_TAG = 128'h5bc94fbc3221a5db94fae95ae7121a47,
    parameter integer TIMEOUT = 4096,
    parameter ERASE_CHECK = 0          // gcm_core's: erased (tests)
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
    output wire         erased,
    output wire         selftest_pass,
    output wire         selftest_fail
);
    localparam integer BB = 16 * LANES;              // bytes per beat
    localparam integer N_AAD = (20 + BB - 1) / BB;   // beats of each phase
    localparam integer N_TXT = (60 + BB - 1) / BB;
    localparam integer N_IN = 2 + N_AAD + N_TXT;     // header, IV, AAD, text
    localparam integer N_OUT = N_TXT + 1;            // text, tag

    // The beat at byte offset first of a field of len bytes held in block order (byte 0 in the top
    // bits): {tkeep, tdata}, in stream byte order (first byte in [7:0], tkeep contiguous from bit
    // 0), zeros past the field's end.
    function [144*LANES-1:0] beat;
        input [479:0] f;
        input integer len;
        input integer first;
        integer j;
        begin
            beat = {144*LANES{1'b0}};
            for (j = 0; j < BB; j = j + 1)
                if (first + j < len) begin
                    beat[8 * j +: 8] = f[8 * (len - 1 - first - j) +: 8];
                    beat[128 * LANES + j] = 1'b1;
                end
        end
    endfunction

    localparam [2:0] T_KEY = 3'd0, T_WAIT = 3'd1, T_RUN = 3'd2, T_CLEAR = 3'd3, T_PASS = 3'd4, T_FAIL = 3'd5;
    reg  [2:0]  t_q;
    reg  [3:0]  in_i_q;     // next KAT beat to send (N_IN of them)
    reg  [2:0]  out_i_q;    // next expected output beat (N_OUT of them)
    reg  [12:0] timer_q;
    wire        testing = t_q != T_PASS;
    wire [31:0] in_i = {28'd0, in_i_q};   // the beat counters as 32-bit values, for the arithmetic
    wire [31:0] out_i = {29'd0, out_i_q};  // with the integer beat counts below

    // the KAT packet, beat by beat: header (GCM encryption, 16-byte tag), IV, AAD, text
    reg  [128*LANES-1:0] kat_data;
    reg  [16*LANES-1:0]  kat_keep;
    reg  [2:0]           kat_user;
    always @* begin
        if (in_i == 0) begin
            {kat_keep, kat_data} = beat({464'd0, 8'd0, 8'd16}, 2, 0);  // byte 0: mode 0; byte 1: tag length
            kat_user = 3'd0;
        end else if (in_i == 1) begin
            {kat_keep, kat_data} = beat({384'd0, KAT_IV}, 12, 0);
            kat_user = 3'd1;
        end else if (in_i < 2 + N_AAD) begin
            {kat_keep, kat_data} = beat({320'd0, KAT_AAD}, 20, BB * (in_i - 2));
            kat_user = 3'd2;
        end else begin
            {kat_keep, kat_data} = beat(KAT_PT, 60, BB * (in_i - 2 - N_AAD));
            kat_user = 3'd3;
        end
    end
    wire kat_last = in_i == N_IN - 1;
    wire kat_sent = in_i == N_IN;

    // what must come back: the ciphertext, then the tag (tuser 001) with tlast
    reg  [128*LANES-1:0] exp_data;
    reg  [16*LANES-1:0]  exp_keep;
    reg  [2:0]           exp_user;
    always @* begin
        if (out_i == N_OUT - 1) begin
            {exp_keep, exp_data} = beat({352'd0, KAT_TAG}, 16, 0);
            exp_user = 3'd1;
        end else begin
            {exp_keep, exp_data} = beat(KAT_CT, 60, BB * out_i);
            exp_user = 3'd0;
        end
    end

    // illegal configurations stop elaboration, as gcm_core's do
    generate
        if (LANES != 1 && LANES != 2) begin : g_bad_lanes
            gcm_selftest_LANES_must_be_1_or_2 u_bad ();
        end
    endgenerate

    wire        c_key_ready, c_key_loaded, c_s_ready, c_m_valid, c_m_last, c_key_mismatch, c_error, c_erased;
    wire [128*LANES-1:0] c_m_data;
    wire [16*LANES-1:0]  c_m_keep;
    wire [2:0]   c_m_user;

    gcm_core #(.DATA_W(DATA_W), .SBOX(SBOX), .GHASH(GHASH), .DIGIT(DIGIT), .FIXED_KEY(FIXED_KEY),
               .FIXED_LEN(FIXED_LEN), .RK(RK), .H_BUILTIN(H_BUILTIN), .LANES(LANES),
               .ERASE_CHECK(ERASE_CHECK)) u_gcm (
        .clk(clk), .rst(rst), .key_clear(key_clear || t_q == T_CLEAR),
        .key(testing ? KAT_KEY : key), .key_len(testing ? KAT_KEY_LEN : key_len),
        .key_valid(testing ? (t_q == T_KEY) : key_valid), .key_ready(c_key_ready),
        .key_loaded(c_key_loaded), .key_mismatch(c_key_mismatch),
        .s_axis_tdata(testing ? kat_data : s_axis_tdata), .s_axis_tkeep(testing ? kat_keep : s_axis_tkeep),
        .s_axis_tuser(testing ? kat_user : s_axis_tuser), .s_axis_tlast(testing ? kat_last : s_axis_tlast),
        .s_axis_tvalid(testing ? (t_q == T_RUN && !kat_sent) : s_axis_tvalid), .s_axis_tready(c_s_ready),
        .m_axis_tdata(c_m_data), .m_axis_tkeep(c_m_keep), .m_axis_tuser(c_m_user), .m_axis_tlast(c_m_last),
        .m_axis_tvalid(c_m_valid), .m_axis_tready(testing ? 1'b1 : m_axis_tready), .error(c_error),
        .erased(c_erased)
    );

    wire beat_ok = c_m_data == exp_data && c_m_keep == exp_keep && c_m_user == exp_user &&
                   c_m_last == (out_i == N_OUT - 1);

    always @(posedge clk) begin
        if (rst || key_clear) begin
            t_q <= (FIXED_KEY == 1) ? T_WAIT : T_KEY;
            in_i_q <= 4'd0;
            out_i_q <= 3'd0;
            timer_q <= 13'd0;
        end else if (t_q != T_PASS && t_q != T_FAIL) begin
            timer_q <= timer_q + 13'd1;
            if (timer_q == TIMEOUT[12:0]) t_q <= T_FAIL;
            case (t_q)
                T_KEY: if (c_key_ready) t_q <= T_WAIT;
                T_WAIT: begin
                    if (c_key_mismatch) t_q <= T_FAIL;
                    else if (c_key_loaded) t_q <= T_RUN;
                end
                T_RUN: begin
                    if (c_s_ready && !kat_sent) in_i_q <= in_i_q + 4'd1;
                    if (c_error) t_q <= T_FAIL;
                    if (c_m_valid) begin
                        if (!beat_ok) t_q <= T_FAIL;
                        else if (out_i == N_OUT - 1) t_q <= (FIXED_KEY == 1) ? T_PASS : T_CLEAR;
                        out_i_q <= out_i_q + 3'd1;
                    end
                end
                T_CLEAR: t_q <= T_PASS;
                default: ;
            endcase
        end
    end

    assign key_ready = !testing && c_key_ready;
    assign key_loaded = !testing && c_key_loaded;
    assign key_mismatch = !testing && c_key_mismatch;
    assign s_axis_tready = !testing && c_s_ready;
    assign m_axis_tdata = c_m_data;
    assign m_axis_tkeep = c_m_keep;
    assign m_axis_tuser = c_m_user;
    assign m_axis_tlast = c_m_last;
    assign m_axis_tvalid = !testing && c_m_valid;
    assign error = !testing && c_error;
    assign erased = c_erased;
    assign selftest_pass = t_q == T_PASS;
    assign selftest_fail = t_q == T_FAIL;
endmodule
`default_nettype wire
