`default_nettype none
// keep_reg: a register that synthesis keeps apart, for copies of one register that each drive a
// part of a wide fanout (a copy per group of loads, placed near them). Yosys merges flip-flops
// with the same inputs even when they carry the keep attribute (opt_merge); it does not merge two
// instances of a kept hierarchy, so each instance of this module stays a register of its own.
// clr clears it (synchronous, before en); en loads d.
(* keep_hierarchy *)
module keep_reg #(
    parameter WIDTH = 1
) (
    input  wire             clk,
    input  wire             clr,
    input  wire             en,
    input  wire [WIDTH-1:0] d,
    output reg  [WIDTH-1:0] q
);
    generate
        if (WIDTH < 1) begin : g_bad_width
            keep_reg_WIDTH_must_be_1_or_more u_err ();
        end
    endgenerate
    always @(posedge clk) begin
        if (clr) q <= {WIDTH{1'b0}};
        else if (en) q <= d;
    end
endmodule
`default_nettype wire
