`default_nettype none
// gcm_key_ctl: gcm_core's key state: which key is loaded, the hash key H = E_K(0^128) captured off
// the AES output and loaded into GHASH, and the check of a built-in H (GHASH = 3).
//
// States: none (no key; FIXED_KEY cores start in load), load (FIXED_KEY: the fixed schedule is being
// set up after reset or key_clear), h (the zero block is in the AES pipeline), ready. A key taken
// (key_take) moves to h at once: gcm_core offers the zero block as soon as the key is taken, and
// aes_enc_pipe lets it in one cycle after the key. h_start tells the counter generator to offer it;
// h_abort that the AES core refused the key (key_len = 3), which leaves no key.
// H arrives on the AES output (h_arrives, aes_h): it is registered in h and loaded into GHASH with
// h_load one cycle later. With GHASH = 3 it is compared with H_BUILTIN (the generator writes the H of
// its gf128_mul_h there): a difference raises key_mismatch and leaves no key (checked, mismatch: the
// cycle the verdict is taken, for gcm_core's error flag).
// CHECK_REG: with 128-bit block-RAM S-boxes H comes from a LUT-RAM read (aes_enc_pipe's output
// FIFO), and a 128-bit compare behind it into the key state was the critical path of the
// key-specialized cores (12.2 ns on ECP5). There the compare is split: a flag per 4 bits is
// registered when H arrives, and their OR decides the key state the cycle after, so the key change
// takes one cycle more (25/29/33). Elsewhere the AES output comes from a register and the whole
// compare fits in the cycle H arrives.
// rst and key_clear erase H. erased (ERASE_CHECK = 1, for gcm_core's test) says H is zero; with
// ERASE_CHECK = 0 it is constant 0 and costs nothing.
module gcm_key_ctl #(
    parameter FIXED_KEY = 0,
    parameter CHECK = 0,             // 1: compare H with H_BUILTIN (GHASH = 3)
    parameter CHECK_REG = 0,         // 1: that compare registered per nibble (see above)
    parameter [127:0] H_BUILTIN = 128'd0,
    parameter ERASE_CHECK = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         key_clear,
    input  wire         key_take,        // a key is taken this cycle
    input  wire         aes_key_loaded,
    input  wire         aes_error,
    input  wire         h_arrives,       // E_K(0^128) on the AES output, taken this cycle
    input  wire [127:0] aes_h,           // the AES output's first block
    output wire         ready,           // a key is loaded: packets may come
    output wire         none,            // no key: packets are refused
    output wire         busy,            // loading: the core is not idle
    output wire         h_start,         // offer the zero block to the AES core
    output wire         h_abort,         // the AES core refused the key
    output wire [127:0] h,
    output wire         h_load,
    output wire         checked,         // the built-in H's verdict is taken this cycle
    output wire         mismatch,        // ... and it is a mismatch (with checked)
    output wire         key_mismatch,
    output wire         erased
);
    generate
        if (CHECK_REG != 0 && CHECK == 0) begin : g_bad_check
            gcm_key_ctl_CHECK_REG_needs_CHECK u_error ();
        end
    endgenerate

    localparam [1:0] KS_NONE = 2'd0, KS_LOAD = 2'd1, KS_H = 2'd2, KS_READY = 2'd3;
    wire clr = rst || key_clear;
    reg  [1:0]   ks_q;
    reg          mismatch_q;
    reg  [127:0] h_q;
    reg          h_load_q;
    reg          chk_q;

    wire capture = ks_q == KS_H && h_arrives;
    wire builtin_mismatch;
    generate
        if (CHECK_REG == 1) begin : g_check_reg
            reg [31:0] hm_q;  // the compare, a flag per 4 bits
            genvar n;
            for (n = 0; n < 32; n = n + 1) begin : g_nib
                always @(posedge clk)
                    if (clr) hm_q[n] <= 1'b0;
                    else if (capture) hm_q[n] <= aes_h[4 * n +: 4] != H_BUILTIN[4 * n +: 4];
            end
            assign builtin_mismatch = |hm_q;
        end else if (CHECK == 1) begin : g_check
            // (A second gf128_mul_h on the constant 1 would fold to H only if flattened; the
            // generated multiplier keeps one module per LUT, so that copy would stay, a whole network.)
            assign builtin_mismatch = aes_h != H_BUILTIN;
        end else begin : g_nocheck
            assign builtin_mismatch = 1'b0;
        end
    endgenerate
    assign checked = (CHECK_REG == 1) ? chk_q : capture;
    assign mismatch = builtin_mismatch;

    always @(posedge clk) begin
        if (clr) begin
            ks_q <= (FIXED_KEY == 1) ? KS_LOAD : KS_NONE;
            mismatch_q <= 1'b0;
            h_load_q <= 1'b0;
            chk_q <= 1'b0;
        end else begin
            h_load_q <= 1'b0;
            chk_q <= 1'b0;
            if (key_take) begin
                ks_q <= KS_H;
                mismatch_q <= 1'b0;
            end else if (h_abort) begin
                ks_q <= KS_NONE;  // key_len = 3: refused, no key
            end else if (ks_q == KS_LOAD && aes_key_loaded) begin  // FIXED_KEY: after reset
                ks_q <= KS_H;
            end else begin
                if (capture) begin
                    h_load_q <= 1'b1;
                    chk_q <= CHECK_REG == 1;  // KS_H (no key taken) until the check is done
                end
                if (checked) begin
                    mismatch_q <= builtin_mismatch;
                    ks_q <= builtin_mismatch ? KS_NONE : KS_READY;
                end
            end
        end
    end

    // H's 128 flip-flops load at every capture, whatever else happens in that cycle (a key taken,
    // which also cancels h_load): the H of a key replaced in that cycle then waits in h_q, unused,
    // until the new key's H overwrites it, as it would had it come a cycle earlier. So the
    // enable is the AES output's handshake and the key state, not the key port's handshake behind
    // them (on ECP5 the AES key schedule's ready through key_take into this enable was the
    // key-agile DEEP core's critical path at seed 2, 9.7 ns, 8.3 of it routing).
    always @(posedge clk)
        if (clr) h_q <= 128'd0;
        else if (capture) h_q <= aes_h;

    assign ready = ks_q == KS_READY;
    assign none = ks_q == KS_NONE;
    assign busy = ks_q == KS_LOAD || ks_q == KS_H;
    assign h_start = (ks_q == KS_LOAD && aes_key_loaded) || key_take;
    assign h_abort = ks_q == KS_H && aes_error && FIXED_KEY == 0;
    assign h = h_q;
    assign h_load = h_load_q;
    assign key_mismatch = mismatch_q;
    assign erased = ERASE_CHECK == 1 && h_q == 128'd0;
endmodule
`default_nettype wire
