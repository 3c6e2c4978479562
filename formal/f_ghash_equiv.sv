// Equivalence: the key-specialized GHASH core as `authcore generate ghash --hash-key H` writes it
// (ghash_keyspec, H built into gf128_mul_h) computes exactly what ghash_core with the generic
// bit-parallel multiplier computes with H loaded: the same hashes, in the same order, one per
// message, for every input stream (any data, any message lengths, any backpressure, resets at any
// time). A full proof by k-induction over this miter, for every message length.
//
// The two cores take each beat in the same cycle (a beat is offered to both when both are ready)
// and hand over each hash in the same cycle (when both have one and the sink is ready); their
// latencies differ (1 and 2 cycles), and the invariants below say how the two states correspond.
//
// The multipliers are cut (free outputs): the proof is about everything around them, for any
// multiplier, with one assumption, congruence: when ghash_core multiplies the value the keyspec
// core multiplied for the same block (asserted, not assumed) with h_q = H (asserted), it gets the
// product the keyspec core got. That the two multipliers compute the same map is proven apart, for
// every generated H (authcore.keyspec.proof: gf128_mul_h is x -> x*H, exactly; and
// tests/formal/test_formal.py proves gf128_mul_parallel with that H constant is the same map).
//
// KS = 1: the same for ghash_core with the generated multiplier (MULT = 3, as gcm_core instantiates
// it with GHASH = 3) against MULT = 0: one shell around either multiplier, so the two run in step
// and every register is equal, cycle by cycle (with the congruence above, same cycle).
//
// The probes are the cores' internal nets; the job's `probes` table connects them to the wires of
// the same name here after flattening (Yosys reads no hierarchical references).
module f_ghash_equiv #(parameter [127:0] H = 128'd0, parameter KS = 0) (
    input wire clk, input wire rst,
    input wire [127:0] in_data, input wire in_last, input wire in_valid, input wire out_ready
);
    // probes (driven by the job's connects)
    wire         ks_fresh;   // ghash_keyspec: the state holds a finished hash (the next message starts at 0)
    wire [127:0] ks_mx, ks_mp;  // its multiplier's input and (cut) output
    wire [127:0] gc_x, gc_b, gc_h, gc_p;  // ghash_core: running value, block register, H, product (cut)
    wire         gc_bv, gc_blast, gc_go;  // its block register holds a beat / a tlast beat; it multiplies
    wire         ks_merr;    // ghash_keyspec: the message so far broke the protocol
    wire [127:0] ks_x, ks_b;      // KS = 1 (ghash_core with the generated multiplier): its registers
    wire         ks_bv, ks_blast;

    wire ks_s_ready, ks_m_valid, ks_m_user, ks_error, gc_s_ready, gc_m_valid, gc_error;
    wire [127:0] ks_m_data, gc_m_data;
    wire take = in_valid && ks_s_ready && gc_s_ready;     // both take the beat
    wire give = out_ready && ks_m_valid && gc_m_valid;    // both hand over a hash

    reg f_past = 0, rst_q = 0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        rst_q <= rst;
    end
    always @* if (!f_past) assume (rst);
    // H is loaded the cycle after every reset (no beat then: a load during a message is an error)
    always @* if (rst_q) assume (!in_valid);

    generate
        if (KS == 0) begin : g_keyspec_top
            ghash_keyspec ks (
                .clk(clk), .rst(rst), .s_axis_tdata(in_data), .s_axis_tkeep(1'b1), .s_axis_tlast(in_last),
                .s_axis_tvalid(take), .s_axis_tready(ks_s_ready), .m_axis_tdata(ks_m_data),
                .m_axis_tuser(ks_m_user), .m_axis_tvalid(ks_m_valid), .m_axis_tready(give), .error(ks_error));
        end else begin : g_keyspec_mult
            /* verilator lint_off PINCONNECTEMPTY */
            ghash_core #(.MULT(3)) ks (
                .clk(clk), .rst(rst), .h(H), .h_load(rst_q), .key_clear(1'b0),
                .s_axis_tdata(in_data), .s_axis_tkeep(1'b1), .s_axis_tlast(in_last), .s_axis_tvalid(take),
                .s_axis_tready(ks_s_ready), .m_axis_tdata(ks_m_data), .m_axis_tvalid(ks_m_valid),
                .m_axis_tready(give), .error(ks_error), .erased());
            /* verilator lint_on PINCONNECTEMPTY */
            assign ks_m_user = 1'b0;
        end
    endgenerate
    /* verilator lint_off PINCONNECTEMPTY */
    ghash_core #(.MULT(0)) gc (
        .clk(clk), .rst(rst), .h(H), .h_load(rst_q), .key_clear(1'b0),
        .s_axis_tdata(in_data), .s_axis_tkeep(1'b1), .s_axis_tlast(in_last), .s_axis_tvalid(take),
        .s_axis_tready(gc_s_ready), .m_axis_tdata(gc_m_data), .m_axis_tvalid(gc_m_valid),
        .m_axis_tready(give), .error(gc_error), .erased());
    /* verilator lint_on PINCONNECTEMPTY */

    generate
        if (KS == 0) begin : g_top_props
            // The keyspec core's last product: the one ghash_core computes next (it multiplies a
            // beat one cycle after taking it, and takes the next beat only as it multiplies this one).
            reg [127:0] rec_x = 0, rec_p = 0;
            always @(posedge clk) if (take) begin
                rec_x <= ks_mx;
                rec_p <= ks_mp;
            end
            always @* if (gc_go && (gc_x ^ gc_b) == rec_x && gc_h == H) assume (gc_p == rec_p);
            always @* if (f_past && !rst) begin
                // whole blocks only (what ghash_core takes): neither core sees a protocol error
                assert (!ks_merr && !ks_m_user && !ks_error && !gc_error);
                // the congruence's premise holds whenever ghash_core multiplies
                if (gc_go) assert ((gc_x ^ gc_b) == rec_x && gc_h == H);
                // the invariants that make it inductive: how the two states correspond
                if (!rst_q) assert (gc_h == H);
                if (gc_bv) assert ((gc_x ^ gc_b) == rec_x && ks_m_data == rec_p && ks_fresh == gc_blast);
                else if (ks_fresh) assert (gc_x == 128'd0);
                else assert (gc_x == ks_m_data);
                if (gc_m_valid) assert (ks_m_valid && gc_m_data == ks_m_data);
                if (ks_m_valid && !gc_m_valid) assert (gc_bv && gc_blast);
                if (gc_bv && gc_blast) assert (ks_m_valid && !gc_m_valid);
            end
        end else begin : g_mult_props
            // The same shell around either multiplier, in step: the same product when the inputs
            // are the same and H is loaded (congruence), and the registers equal, cycle by cycle.
            always @* if (gc_go && ks_mx == (gc_x ^ gc_b) && gc_h == H) assume (gc_p == ks_mp);
            always @* if (f_past && !rst) begin
                assert (ks_error == gc_error);
                if (gc_go) assert (ks_mx == (gc_x ^ gc_b) && gc_h == H);
                if (!rst_q) assert (gc_h == H);
                assert (ks_x == gc_x && ks_b == gc_b && ks_bv == gc_bv && ks_blast == gc_blast &&
                        ks_s_ready == gc_s_ready && ks_m_valid == gc_m_valid);
                if (gc_m_valid) assert (ks_m_data == gc_m_data);
            end
        end
    endgenerate

    // the result: the same hashes, handed over together, in order
    always @* if (f_past && !rst && give) assert (ks_m_data == gc_m_data);

    reg [1:0] hashes = 0;
    always @(posedge clk) hashes <= rst ? 2'd0 : hashes + (give && hashes != 2'd3);
    always @* cover (f_past && !rst && give && hashes == 2'd2);
endmodule
