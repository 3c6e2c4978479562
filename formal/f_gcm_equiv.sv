// Equivalence: gcm_core with H built in (GHASH = 3: the generated gf128_mul_h for H, as
// `authcore generate gcm` writes it) behaves exactly as the generic gcm_core (GHASH = 0, H loaded
// from E_K(0)) when the key loaded is one whose E_K(0^128) is H: every output port equal at every
// cycle, for every input sequence (keys, packets of any shape, backpressure, key_clear and resets at
// any time). Bounded from reset to the job's depth (the states are too large to relate by hand for
// an induction; the depth is stated in docs/formal.md with the longest packet it reaches).
//
// Abstractions, each sound for this claim:
// - The AES engines are cut, and the keyspec core's is tied to the generic core's (the job's
//   `ties`): both see the same AES outputs, arbitrary at every cycle. The AES engine is a
//   deterministic function of its inputs, so this is exact when both engines get the same inputs,
//   which is asserted here at every cycle (the premise, not assumed).
// - The multipliers are cut and the keyspec core's product is tied to the generic core's; asserted:
//   whenever GHASH takes a product the two multipliers' inputs are equal and the generic core's H
//   register holds H. That the two multipliers compute the same map for H is proven apart
//   (authcore.keyspec.proof: prove_file at generation, prove_generic for gf128_mul_parallel).
// - Assumed: when the zero block's encryption comes out as H (the key state captures it), it is H:
//   the key is one the generator's H belongs to (with another key the keyspec core refuses it and
//   raises key_mismatch, which the generic core has no way to know; that refusal is gcm_core's test).
module f_gcm_equiv #(parameter [127:0] H = 128'd0) (
    input wire clk, input wire rst, input wire key_clear,
    input wire [255:0] key, input wire [1:0] key_len, input wire key_valid,
    input wire [127:0] s_axis_tdata, input wire [15:0] s_axis_tkeep, input wire [2:0] s_axis_tuser,
    input wire s_axis_tlast, input wire s_axis_tvalid, input wire m_axis_tready
);
    // probes (the job's connects): the AES engines' inputs, the key state's capture of H, GHASH's
    // multiplier inputs and H register and the cycle it takes a product
    wire [127:0] ks_blk, gc_blk, ks_h, gc_mx_x, gc_mx_b, ks_mx_x, ks_mx_b, gc_hq;
    wire [1:0]   ks_kind, gc_kind;
    wire         ks_cvalid, gc_cvalid, ks_qready, gc_qready, ks_idle, gc_idle, ks_capture, gc_go;

    wire         k_key_ready, k_key_loaded, k_key_mismatch, k_s_ready, k_m_last, k_m_valid, k_error;
    wire         g_key_ready, g_key_loaded, g_key_mismatch, g_s_ready, g_m_last, g_m_valid, g_error;
    wire [127:0] k_m_data, g_m_data;
    wire [15:0]  k_m_keep, g_m_keep;
    wire [2:0]   k_m_user, g_m_user;

    reg f_past = 0;
    always @(posedge clk) f_past <= 1'b1;
    always @* if (!f_past) assume (rst);

    /* verilator lint_off PINCONNECTEMPTY */
    gcm_core #(.GHASH(3), .H_BUILTIN(H), .LEN_W(8)) ks (
        .clk(clk), .rst(rst), .key_clear(key_clear), .key(key), .key_len(key_len), .key_valid(key_valid),
        .key_ready(k_key_ready), .key_loaded(k_key_loaded), .key_mismatch(k_key_mismatch),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tuser(s_axis_tuser),
        .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(k_s_ready),
        .m_axis_tdata(k_m_data), .m_axis_tkeep(k_m_keep), .m_axis_tuser(k_m_user), .m_axis_tlast(k_m_last),
        .m_axis_tvalid(k_m_valid), .m_axis_tready(m_axis_tready), .error(k_error), .erased());
    gcm_core #(.GHASH(0), .LEN_W(8)) gc (
        .clk(clk), .rst(rst), .key_clear(key_clear), .key(key), .key_len(key_len), .key_valid(key_valid),
        .key_ready(g_key_ready), .key_loaded(g_key_loaded), .key_mismatch(g_key_mismatch),
        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tuser(s_axis_tuser),
        .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(g_s_ready),
        .m_axis_tdata(g_m_data), .m_axis_tkeep(g_m_keep), .m_axis_tuser(g_m_user), .m_axis_tlast(g_m_last),
        .m_axis_tvalid(g_m_valid), .m_axis_tready(m_axis_tready), .error(g_error), .erased());
    /* verilator lint_on PINCONNECTEMPTY */

    always @* if (ks_capture) assume (ks_h == H);

    always @* if (f_past && !rst) begin
        // the claim: every output equal
        assert (k_key_ready == g_key_ready && k_key_loaded == g_key_loaded && !k_key_mismatch &&
                !g_key_mismatch && k_s_ready == g_s_ready && k_m_valid == g_m_valid && k_error == g_error);
        if (k_m_valid) assert (k_m_data == g_m_data && k_m_keep == g_m_keep && k_m_user == g_m_user &&
                               k_m_last == g_m_last);
        // the ties' premises: the AES engines get the same inputs ...
        assert (ks_blk == gc_blk && ks_kind == gc_kind && ks_cvalid == gc_cvalid &&
                ks_qready == gc_qready && ks_idle == gc_idle);
        // ... and the multipliers the same input, with H in the generic one, whenever a product is taken
        if (gc_go) assert ((ks_mx_x ^ ks_mx_b) == (gc_mx_x ^ gc_mx_b) && gc_hq == H);
    end

    // a whole packet's final beat (tag or status) leaves both
    always @* cover (f_past && !rst && k_m_valid && m_axis_tready && k_m_last && k_m_user == 3'b001);
endmodule
