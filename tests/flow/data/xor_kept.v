// Eight kept-hierarchy 6-input XORs behind registers: the flow must count every instance.
module xor_kept (
    input  wire        clk,
    input  wire [47:0] a,
    output reg  [7:0]  y
);
    wire [7:0] p;
    genvar i;
    generate
        for (i = 0; i < 8; i = i + 1) begin : g
            xor_kept_lut u (.i(a[6*i +: 6]), .o(p[i]));
        end
    endgenerate
    always @(posedge clk) y <= p;
endmodule

(* keep_hierarchy *)
module xor_kept_lut (
    input  wire [5:0] i,
    output wire       o
);
    assign o = ^i;
endmodule
