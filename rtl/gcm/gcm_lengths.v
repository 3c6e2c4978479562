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
// No adder between the beat and the counts: since only a phase's last beat can be partial, a count
// is its full beats (a counter of BW-byte units, stepped by one) followed by the partial beat's bytes
// (the low SH bits, loaded, not added). The beat's byte count into a 36-bit adder was the two-lane
// core's critical path at two placement seeds (12.3 and 13.0 ns, 5 ns of it logic).
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
    localparam integer IVL_W = LEN_W < 32 ? LEN_W : 32;
    // a full beat now brings the count to 2^W - 32: its BW-byte units are at (2^W - 32) / BW - 1,
    // all ones less 32 / BW (2^(W-4) - 3 for 16-byte beats, 2^(W-5) - 2 for 32-byte beats)
    localparam [LEN_W-SH-1:0] LAST_UNIT = {(LEN_W - SH){1'b1}} - (32 >> SH);
    localparam [IVL_W-SH-1:0] IV_LAST_UNIT = {(IVL_W - SH){1'b1}} - (32 >> SH);

    // units (full beats) and the partial beat's bytes of each phase; a count is {units, bytes}
    reg  [IVL_W-SH-1:0] ivu_q;
    reg  [LEN_W-SH-1:0] aadu_q, txtu_q;
    reg  [SH-1:0]    ivb_q, aadb_q, txtb_q;
    reg              ivfull_q, aadfull_q, txtfull_q;
    wire [IVL_W-1:0] ivlen = {ivu_q, ivb_q};
    wire [LEN_W-1:0] aadlen = {aadu_q, aadb_q};
    wire [LEN_W-1:0] txtlen = {txtu_q, txtb_q};
    wire aad_reach = full && aadu_q == LAST_UNIT;
    wire txt_reach = full && txtu_q == LAST_UNIT;
    wire iv_reach = full && ivu_q == IV_LAST_UNIT;
    wire [SH-1:0] part = nbytes[SH-1:0];   // a partial beat's bytes (fewer than BW)
    wire unused_full_count = nbytes[SH];   // set by full beats only: `full` says the same
    assign over = (phase == PH_AAD && aadfull_q) || (phase == PH_TXT && txtfull_q) ||
                  (phase == PH_IV && ivfull_q);

    always @(posedge clk) begin
        if (rst || key_clear || clear) begin
            ivu_q <= {(IVL_W - SH){1'b0}};
            aadu_q <= {(LEN_W - SH){1'b0}};
            txtu_q <= {(LEN_W - SH){1'b0}};
            ivb_q <= {SH{1'b0}};
            aadb_q <= {SH{1'b0}};
            txtb_q <= {SH{1'b0}};
            ivfull_q <= 1'b0;
            aadfull_q <= 1'b0;
            txtfull_q <= 1'b0;
        end else if (take) begin
            if (phase == PH_IV) begin
                if (full) ivu_q <= ivu_q + 1'b1;
                else ivb_q <= part;
                ivfull_q <= iv_reach;
            end
            if (phase == PH_AAD) begin
                if (full) aadu_q <= aadu_q + 1'b1;
                else aadb_q <= part;
                aadfull_q <= aad_reach;
            end
            if (phase == PH_TXT) begin
                if (full) txtu_q <= txtu_q + 1'b1;
                else txtb_q <= part;
                txtfull_q <= txt_reach;
            end
        end
    end

    assign iv_len_blk = {64'd0, {(61 - IVL_W){1'b0}}, ivlen, 3'd0};
    assign len_blk = {{(61 - LEN_W){1'b0}}, aadlen, 3'd0, {(61 - LEN_W){1'b0}}, txtlen, 3'd0};
endmodule
`default_nettype wire
