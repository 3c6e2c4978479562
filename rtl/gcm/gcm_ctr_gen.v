`default_nettype none
// gcm_ctr_gen: gcm_core's counter generator, the blocks it offers the AES core: the zero block for
// H at key load, then per packet E_K(J0) (for the tag) and the keystream counters inc32(J0), ...
// (CTR: the counter block as given, no J0).
// A packet's J0 comes from its 12-byte IV beat (start_direct: J0 = IV || 0^31 1; CTR: the counter
// block) or from the IV's GHASH (start_hash: wait for the GHASH result, j0_pop when it is taken).
// A start_hash that comes while the previous packet's J0 is still awaited or issued (the parser has
// gone on to the next packet's IV) is kept as the pending packet, with its mode and whether its
// text has already ended, and starts as soon as the previous one is done: the next IV's hash then
// runs while the generator waits for this one's (room: no packet is pending).
// Keystream counters are issued until the packet's text ends (text_done), LANES at a time (a
// keystream slot of two blocks, c and c + 1, on two lanes); a counter issued as the text ends is a
// leftover that the AES output router drops. GMAC packets issue none.
// kind: 0 a keystream block, 1 E_K(J0), 2 H (gcm_core's K_GEN, K_J0, K_H).
// idle: no packet's counters are running and none is pending (the parser may start the next
// directly); room: none is pending (it may start a hash); waiting: a J0 from GHASH is awaited;
// j0_busy: the J0 is awaited or not yet issued (the router keeps leftovers), or a packet pending.
// The counters are key-derived when J0 is an IV's hash (GHASH under H): rst and key_clear zero them
// (erased, ERASE_CHECK = 1).
module gcm_ctr_gen #(
    parameter LANES = 1,
    parameter ERASE_CHECK = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_clear,
    input  wire         h_start,       // gcm_key_ctl: offer the zero block
    input  wire         h_abort,       // gcm_key_ctl: the key was refused
    input  wire [1:0]   mode,          // the packet's mode (0 GCM, 1 GMAC, 2 CTR)
    input  wire         iv_wait,       // the parser waits for the packet's first IV beat
    input  wire [127:0] iv_blk,        // that beat's first 16 bytes in block order
    input  wire         start_direct,  // that beat is taken: J0 (or the CTR counter) from it
    input  wire         start_hash,    // the IV's length block is fed: J0 comes from GHASH
    input  wire [127:0] ghash_j0,      // the GHASH result (the IV's hash)
    input  wire         j0_pop,        // ... taken now (valid only while waiting)
    input  wire         text_done,     // no more keystream is needed for the packet
    output reg  [127:0] blk,
    output wire [127:0] blk1,          // LANES 2: the second lane's block, inc32(blk, 1) (not for H)
    output reg  [1:0]   kind,
    output reg          valid,
    input  wire         ready,
    output wire         idle,
    output wire         room,
    output wire         waiting,
    output wire         j0_busy,
    output wire         issue_gen,     // a keystream counter is taken by the AES core now
    output wire         erased         // ERASE_CHECK = 1: both counters are zero
);
    localparam [1:0] M_GMAC = 2'd1, M_CTR = 2'd2;
    localparam [1:0] K_GEN = 2'd0, K_J0 = 2'd1, K_H = 2'd2;
    localparam [2:0] C_IDLE = 3'd0, C_WAIT = 3'd1, C_J0 = 3'd2, C_RUN = 3'd3, C_H = 3'd4;
    reg  [2:0]   cg_q, cg_d;   // the state and its next value
    // waiting as a register of its own, loaded with cg_d == C_WAIT: gcm_core's GHASH output ready
    // (gh_pop) selects between it and the tag unit's room, and through the state's decode that
    // ready reached GHASH's output register enables across the device (the key-agile DEEP core's
    // critical path at seed 1, 10.3 ns, 8.8 of it routing).
    reg          wait_q;
    reg  [127:0] ctr_q;
    // inc32(ctr_q, 1), kept beside it for the second lane, so no adder sits between the state and
    // that lane's first S-box (cg_q through the adder into an S-box RAM's address was a placement's
    // critical path, 12.0 ns)
    reg  [127:0] ctr1_q;
    reg          stop_q;      // the packet's text ended before its counters started
    reg          gmac_q;      // no keystream wanted
    reg          pend_q;      // a packet whose J0 is hashed waits for this one to finish
    reg          pend_stop_q; // ... its text has ended
    reg          pend_gmac_q; // ... it is GMAC
    wire         take = valid && ready;

    function [127:0] inc32;  // the spec's inc32, by n
        input [127:0] v;
        input [31:0]  n;
        begin
            inc32 = {v[127:32], v[31:0] + n};
        end
    endfunction

    always @* begin
        valid = 1'b0;
        blk = ctr_q;
        kind = K_GEN;
        case (cg_q)
            C_H: begin
                valid = 1'b1;
                blk = 128'd0;
                kind = K_H;
            end
            C_J0: begin
                valid = 1'b1;
                kind = K_J0;
            end
            C_RUN: valid = 1'b1;  // a block issued as the text ends is counted as a leftover
            default: ;
        endcase
    end

    always @* begin
        cg_d = cg_q;
        if (h_start) cg_d = C_H;
        else if (h_abort) cg_d = C_IDLE;
        case (cg_q)
            C_IDLE: if (pend_q) cg_d = C_WAIT;
                    else if (start_direct) cg_d = (mode == M_CTR) ? C_RUN : C_J0;
                    else if (start_hash) cg_d = C_WAIT;
            C_WAIT: if (j0_pop) cg_d = C_J0;
            C_J0: if (take) cg_d = (stop_q || text_done || gmac_q) ? C_IDLE : C_RUN;
            C_RUN: if (text_done) cg_d = C_IDLE;
            C_H: if (take) cg_d = C_IDLE;
            default: cg_d = C_IDLE;
        endcase
    end

    always @(posedge clk) begin
        if (rst || key_clear) begin
            cg_q <= C_IDLE;
            wait_q <= 1'b0;
            ctr_q <= 128'd0;
            ctr1_q <= 128'd0;
            stop_q <= 1'b0;
            gmac_q <= 1'b0;
            pend_q <= 1'b0;
            pend_stop_q <= 1'b0;
            pend_gmac_q <= 1'b0;
        end else begin
            // the parser is past the pending packet's IV, so every text_done is that packet's
            if (pend_q && text_done) pend_stop_q <= 1'b1;
            if (start_hash && (cg_q != C_IDLE || pend_q)) begin
                pend_q <= 1'b1;
                pend_stop_q <= 1'b0;
                pend_gmac_q <= mode == M_GMAC;
            end
            cg_q <= cg_d;
            wait_q <= cg_d == C_WAIT;
            case (cg_q)
                C_IDLE: if (pend_q) begin
                    pend_q <= 1'b0;
                    stop_q <= pend_stop_q || text_done;
                    gmac_q <= pend_gmac_q;
                end else begin
                    stop_q <= 1'b0;
                    gmac_q <= mode == M_GMAC;
                    // ctr_q is not read in C_IDLE, so it loads every IV beat that waits, and the
                    // one taken leaves its value: the take decision does not reach the 128
                    // enables (it did, through the AES handshake: 12.6 ns, the key-specialized
                    // core's critical path).
                    if (iv_wait) begin
                        ctr_q <= (mode == M_CTR) ? iv_blk : {iv_blk[127:32], 32'd1};
                        ctr1_q <= (mode == M_CTR) ? inc32(iv_blk, 32'd1) : {iv_blk[127:32], 32'd2};
                    end
                end
                C_WAIT: begin
                    if (text_done) stop_q <= 1'b1;
                    if (j0_pop) begin
                        ctr_q <= ghash_j0;
                        ctr1_q <= inc32(ghash_j0, 32'd1);
                    end
                end
                C_J0: begin
                    if (text_done) stop_q <= 1'b1;
                    if (take) begin
                        ctr_q <= inc32(ctr_q, 32'd1);
                        ctr1_q <= inc32(ctr1_q, 32'd1);
                    end
                end
                C_RUN: begin
                    // a keystream slot is LANES counters: c (lane 0) and c + 1 (lane 1)
                    if (take) begin
                        ctr_q <= inc32(ctr_q, LANES);
                        ctr1_q <= inc32(ctr1_q, LANES);
                    end
                end
                default: ;
            endcase
        end
    end

    assign blk1 = ctr1_q;
    assign idle = cg_q == C_IDLE && !pend_q;
    assign room = !pend_q;
    assign waiting = wait_q;
    assign j0_busy = wait_q || cg_q == C_J0 || pend_q;
    assign issue_gen = take && kind == K_GEN;
    assign erased = ERASE_CHECK == 1 && ctr_q == 128'd0 && ctr1_q == 128'd0;
`ifdef AUTHCORE_FORMAL_GCM
    // formal/jobs.toml gcm_core-stream*: wait_q is the state's decode, at every cycle after a reset
    reg f_reset_seen = 1'b0;
    always @(posedge clk) if (rst || key_clear) f_reset_seen <= 1'b1;
    always @* if (f_reset_seen) assert (wait_q == (cg_q == C_WAIT));
`endif
endmodule
`default_nettype wire
