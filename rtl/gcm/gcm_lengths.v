`default_nettype none
// gcm_lengths: gcm_core's byte counts of a packet's IV, AAD and text, their limits, and the GHASH
// length blocks made from them (the IV's [0^64 || len(IV)] and the packet's [len(A) || len(C)],
// lengths in bits).
// Limits: LEN_W bits count the AAD and text bytes, min(LEN_W, 32) the IV bytes; each phase may hold
// up to 2^W - 32 bytes (W its counter's width). A phase is full at that count. Before any beat it
// takes, a phase's count is a multiple of the beat size (a partial beat ends its phase), so a full
// beat that brings the count to the limit sets the phase's flag, and the flag alone refuses the next
// beat (over): no compare of a 32-bit count sits between the input and the decision to take a beat
// (it was gcm_core's critical path).
// The counts are zero at reset and while the core waits for a header (clear, a register: nothing
// reads them then, and the decision to take the header beat into the clear of the IV count was the
// two-lane core's critical path, 12.5 ns, seed 1). They count every beat taken, bad or not: after a
// bad beat the packet fails and no count is read again.
module gcm_lengths #(
    parameter LEN_W = 36,
    parameter BW = 16             // bytes per beat (16 or 32)
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_clear,
    input  wire         clear,        // the core waits for a header
    input  wire         take,         // a beat is taken
    input  wire [2:0]   phase,        // its phase (1 IV, 2 AAD, 3 text)
    input  wire [$clog2(BW+1)-1:0] nbytes,
    input  wire         full,         // it is a full beat
    output wire         over,         // the beat's phase is already full: refuse it
    output wire [127:0] iv_len_blk,
    output wire [127:0] len_blk
);
    localparam [2:0] PH_IV = 3'd1, PH_AAD = 3'd2, PH_TXT = 3'd3;
    localparam integer SH = $clog2(BW);
    localparam integer NB_W = SH + 1;
    localparam integer IVL_W = LEN_W < 32 ? LEN_W : 32;
    // a full beat now brings the count to 2^W - 32: its BW-byte units are at (2^W - 32) / BW - 1,
    // all ones less 32 / BW (2^(W-4) - 3 for 16-byte beats, 2^(W-5) - 2 for 32-byte beats)
    localparam [LEN_W-SH-1:0] LAST_UNIT = {(LEN_W - SH){1'b1}} - (32 >> SH);
    localparam [IVL_W-SH-1:0] IV_LAST_UNIT = {(IVL_W - SH){1'b1}} - (32 >> SH);

    reg  [IVL_W-1:0] ivlen_q;
    reg  [LEN_W-1:0] aadlen_q, txtlen_q;
    reg              ivfull_q, aadfull_q, txtfull_q;
    wire aad_reach = full && aadlen_q[LEN_W-1:SH] == LAST_UNIT;
    wire txt_reach = full && txtlen_q[LEN_W-1:SH] == LAST_UNIT;
    wire iv_reach = full && ivlen_q[IVL_W-1:SH] == IV_LAST_UNIT;
    assign over = (phase == PH_AAD && aadfull_q) || (phase == PH_TXT && txtfull_q) ||
                  (phase == PH_IV && ivfull_q);

    always @(posedge clk) begin
        if (rst || key_clear || clear) begin
            ivlen_q <= {IVL_W{1'b0}};
            aadlen_q <= {LEN_W{1'b0}};
            txtlen_q <= {LEN_W{1'b0}};
            ivfull_q <= 1'b0;
            aadfull_q <= 1'b0;
            txtfull_q <= 1'b0;
        end else if (take) begin
            if (phase == PH_IV) begin
                ivlen_q <= ivlen_q + {{(IVL_W - NB_W){1'b0}}, nbytes};
                ivfull_q <= iv_reach;
            end
            if (phase == PH_AAD) begin
                aadlen_q <= aadlen_q + {{(LEN_W - NB_W){1'b0}}, nbytes};
                aadfull_q <= aad_reach;
            end
            if (phase == PH_TXT) begin
                txtlen_q <= txtlen_q + {{(LEN_W - NB_W){1'b0}}, nbytes};
                txtfull_q <= txt_reach;
            end
        end
    end

    assign iv_len_blk = {64'd0, {(61 - IVL_W){1'b0}}, ivlen_q, 3'd0};
    assign len_blk = {{(61 - LEN_W){1'b0}}, aadlen_q, 3'd0, {(61 - LEN_W){1'b0}}, txtlen_q, 3'd0};
endmodule
`default_nettype wire
