`default_nettype none
// aes_sub: BYTES parallel AES S-boxes of the chosen style.
// SBOX = 0: table (aes_sbox_lut), 1: composite-field logic (aes_sbox_composite), both combinational;
// SBOX = 2: block-RAM table (aes_sbox_rom), one ROM per pair of bytes, latency 1 (en holds).
module aes_sub #(
    parameter SBOX = 0,
    parameter BYTES = 4
) (
    input  wire               clk,
    input  wire               en,
    input  wire [8*BYTES-1:0] x,
    output wire [8*BYTES-1:0] y
);
    generate
        if (SBOX < 0 || SBOX > 2) begin : g_bad_sbox
            aes_sub_SBOX_must_be_0_lut_1_composite_or_2_rom u_error ();
        end
        if (SBOX == 2 && BYTES % 2 != 0) begin : g_bad_pairs
            aes_sub_ROM_sboxes_come_in_pairs_BYTES_must_be_even u_error ();
        end
    endgenerate

    genvar b;
    generate
        if (SBOX == 2) begin : g_rom
            for (b = 0; b < BYTES; b = b + 2) begin : g_pair
                aes_sbox_rom u_rom (.clk(clk), .en(en), .rst(1'b0), .a0(x[8*b +: 8]), .a1(x[8*(b+1) +: 8]),
                                    .y0(y[8*b +: 8]), .y1(y[8*(b+1) +: 8]));
            end
        end else begin : g_comb
            wire unused_clk_en = clk & en;
            for (b = 0; b < BYTES; b = b + 1) begin : g_byte
                if (SBOX == 0) begin : g_lut
                    aes_sbox_lut u_sbox (.x(x[8*b +: 8]), .y(y[8*b +: 8]));
                end else begin : g_composite
                    aes_sbox_composite u_sbox (.clk(clk), .clr(1'b0), .x(x[8*b +: 8]), .y(y[8*b +: 8]));
                end
            end
        end
    endgenerate
endmodule
`default_nettype wire
