`default_nettype none
// gf2_xor_net_lut: one LUT, the XOR of its N inputs, held apart through synthesis (keep_hierarchy),
// so that a network built of them is mapped as written: gf2_xor_net's nodes, gf128_mul_pipe's
// second stage. G = 1: the top input gates the XOR of the others.
(* keep_hierarchy *)
module gf2_xor_net_lut #(parameter N = 2, parameter G = 0) (
    input  wire [N-1:0] i,
    output wire         o
);
    generate
        if (G == 1) begin : g_gate
            assign o = i[N-1] & ^i[N-2:0];
        end else begin : g_xor
            assign o = ^i;
        end
    endgenerate
endmodule
`default_nettype wire
