`default_nettype none
// Two round units of eight S-box RAMs each, named as in aes_enc_pipe's DEEP engine
// (g_deep[k].u_round.g_rom.g_ram[n]), chained through XORs: the smallest design the aes-deep floorplan
// (flow/floorplan.py) applies to.
module fp_unit (
    input  wire         clk,
    input  wire [127:0] x,
    output wire [127:0] y
);
    wire [255:0] s;
    genvar n;
    generate
        if (1) begin : g_rom
            for (n = 0; n < 8; n = n + 1) begin : g_ram
                aes_sbox_rom #(.XT(1), .OREG(1)) u_rom (
                    .clk(clk), .en(1'b1), .rst(1'b0), .a0(x[127 - 16 * n -: 8]), .a1(x[119 - 16 * n -: 8]),
                    .y0(s[255 - 32 * n -: 16]), .y1(s[239 - 32 * n -: 16]));
            end
        end
    endgenerate
    reg [127:0] y_q;
    always @(posedge clk) begin : p_y
        integer b;
        for (b = 0; b < 16; b = b + 1)
            y_q[127 - 8 * b -: 8] <= s[255 - 16 * b -: 8] ^ s[247 - 16 * ((b + 5) % 16) -: 8];
    end
    assign y = y_q;
endmodule

module floorplan_units (
    input  wire         clk,
    input  wire [127:0] x,
    output wire [127:0] y
);
    wire [127:0] c [0:2];
    assign c[0] = x;
    genvar k;
    generate
        for (k = 0; k < 2; k = k + 1) begin : g_deep
            fp_unit u_round (.clk(clk), .x(c[k]), .y(c[k + 1]));
        end
    endgenerate
    assign y = c[2];
endmodule
`default_nettype wire
