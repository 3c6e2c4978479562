`default_nettype none
// Combinational test design: the flow's harness must register its inputs and outputs.
module xor_comb (
    input  wire [127:0] d,
    output wire [127:0] y
);
    assign y = d ^ {d[0], d[127:1]} ^ {d[1:0], d[127:2]} ^ {d[63:0], d[127:64]};
endmodule
`default_nettype wire
