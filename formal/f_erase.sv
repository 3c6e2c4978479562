// Key erasure: rst and key_clear leave no key-derived state. The cores with ERASE_CHECK = 1 drive
// `erased` high when every register that holds key-derived data (keys, H, round keys, running
// GHASH values, E_K(J0), keystream, tags, queued blocks; each core's header lists them) reads zero;
// this harness proves that it is high the cycle after every rst or key_clear, from any state the
// core can be in (k-induction), whatever the inputs were before and are then.
module f_erase #(parameter CORE = 0, parameter LANES = 1) (
    input wire clk, input wire rst, input wire key_clear,
    input wire [255:0] key, input wire [1:0] key_len, input wire key_valid,
    input wire [255:0] s_axis_tdata, input wire [31:0] s_axis_tkeep, input wire [2:0] s_axis_tuser,
    input wire s_axis_tlast, input wire s_axis_tvalid, input wire m_axis_tready,
    input wire [127:0] h, input wire h_load
);
    wire erased;
    generate
        if (CORE == 0) begin : g_gcm
            /* verilator lint_off PINCONNECTEMPTY */
            gcm_core #(.ERASE_CHECK(1), .LANES(LANES)) dut (
                .clk(clk), .rst(rst), .key_clear(key_clear), .key(key), .key_len(key_len),
                .key_valid(key_valid), .key_ready(), .key_loaded(), .key_mismatch(),
                .s_axis_tdata(s_axis_tdata[128*LANES-1:0]), .s_axis_tkeep(s_axis_tkeep[16*LANES-1:0]),
                .s_axis_tuser(s_axis_tuser), .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid),
                .s_axis_tready(), .m_axis_tdata(), .m_axis_tkeep(), .m_axis_tuser(), .m_axis_tlast(),
                .m_axis_tvalid(), .m_axis_tready(m_axis_tready), .error(), .erased(erased));
        end else begin : g_ghash
            ghash_core #(.ERASE_CHECK(1), .LANES(LANES)) dut (
                .clk(clk), .rst(rst), .h(h), .h_load(h_load), .key_clear(key_clear),
                .s_axis_tdata(s_axis_tdata[128*LANES-1:0]), .s_axis_tkeep(s_axis_tkeep[LANES-1:0]),
                .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(),
                .m_axis_tdata(), .m_axis_tvalid(), .m_axis_tready(m_axis_tready), .error(), .erased(erased));
        end
    endgenerate
    reg f_past = 0, clr_q = 0;
    always @(posedge clk) begin
        f_past <= 1'b1;
        clr_q <= rst || key_clear;
    end
    always @* if (f_past && clr_q) assert (erased);
    always @* cover (f_past && clr_q && erased);
endmodule
