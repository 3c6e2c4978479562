`default_nettype none
// aes_sbox_composite: the AES S-box as logic, by inversion in the composite field GF((2^4)^2).
// GF(2^4) = GF(2)[x]/(x^4 + x + 1), GF((2^4)^2) = GF(2^4)[y]/(y^2 + y + 8); a byte a1*y + a0
// is {a1, a0}. The input is mapped into the composite field by an 8x8 GF(2) matrix (the
// isomorphism), inverted there:
//     (a1 y + a0)^-1 = (a1 d) y + (a0 + a1) d,  d = (a1^2 * 8 + a1 a0 + a0^2)^-1  in GF(2^4),
// and mapped back; the map back and the S-box's affine matrix are one 8x8 matrix, then xor 0x63.
// The matrices come from authcore.model.aes_composite (which finds the isomorphism); a test checks
// that they agree with it and that the S-box is right on all 256 inputs.
// PIPE = 0: combinational (clk and clr unused). PIPE = 1: four registered stages, each two or three
// LUT4 levels, for the DEEP engine's clock (aes_round_deep): y is S(x) four cycles after x.
//   stage 1: m, the isomorphism (an XOR of up to six bits of x);
//   stage 2: a1, a0 ^ a1 and the norm e = a1^2 * 8 + a1 a0 + a0^2 (each bit a quadratic form of m);
//   stage 3: {a1 d, (a0 + a1) d}, d = e^-1: each bit a sum of products a_i g_i(e), g_i one LUT of e;
//   stage 4: the map back with the affine map (an XOR of up to eight bits), xor 0x63.
// clr (PIPE = 1) zeroes every stage's register (the cores erase key-derived data with it).
module aes_sbox_composite #(
    parameter PIPE = 0
) (
    input  wire       clk,
    input  wire       clr,
    input  wire [7:0] x,
    output wire [7:0] y
);
    generate
        if (PIPE != 0 && PIPE != 1) begin : g_bad_pipe
            aes_sbox_composite_PIPE_must_be_0_or_1 u_error ();
        end
    endgenerate
    // Row i of a matrix is byte i of the constant; bit j of a row multiplies input bit j.
    localparam [63:0] TO_COMPOSITE = 64'ha0acd27018fc04a1;
    localparam [63:0] FROM_COMPOSITE_AFFINE = 64'h06d0ee3b25693f45;

    function [7:0] mat8;
        input [63:0] m;
        input [7:0] v;
        integer i;
        for (i = 0; i < 8; i = i + 1) mat8[i] = ^(m[8 * i +: 8] & v);
    endfunction

    function [3:0] mul4;  // GF(2^4) product modulo x^4 + x + 1
        input [3:0] fa;
        input [3:0] fb;
        reg [6:0] p;
        begin
            p = ({3'b0, fa} & {7{fb[0]}}) ^ ({2'b0, fa, 1'b0} & {7{fb[1]}})
              ^ ({1'b0, fa, 2'b0} & {7{fb[2]}}) ^ ({fa, 3'b0} & {7{fb[3]}});
            if (p[6]) p = p ^ 7'b1001100;
            if (p[5]) p = p ^ 7'b0100110;
            if (p[4]) p = p ^ 7'b0010011;
            mul4 = p[3:0];
        end
    endfunction

    function [3:0] inv4;  // GF(2^4) inverse (0 -> 0): a 4-input function per output bit
        input [3:0] a;
        case (a)
            4'd0: inv4 = 4'd0; 4'd1: inv4 = 4'd1; 4'd2: inv4 = 4'd9; 4'd3: inv4 = 4'd14;
            4'd4: inv4 = 4'd13; 4'd5: inv4 = 4'd11; 4'd6: inv4 = 4'd7; 4'd7: inv4 = 4'd6;
            4'd8: inv4 = 4'd15; 4'd9: inv4 = 4'd2; 4'd10: inv4 = 4'd12; 4'd11: inv4 = 4'd5;
            4'd12: inv4 = 4'd10; 4'd13: inv4 = 4'd4; 4'd14: inv4 = 4'd3; 4'd15: inv4 = 4'd8;
            default: inv4 = 4'd0;
        endcase
    endfunction

    // Each stage's input is its register with PIPE = 1 and the stage before's value with PIPE = 0.
    wire [7:0]  m = mat8(TO_COMPOSITE, x);
    reg  [7:0]  m_q;
    wire [7:0]  m_s = (PIPE == 1) ? m_q : m;
    wire [3:0]  a1 = m_s[7:4], a0 = m_s[3:0];
    wire [11:0] n = {a1, a0 ^ a1, mul4(mul4(a1, a1), 4'd8) ^ mul4(a1, a0) ^ mul4(a0, a0)};
    reg  [11:0] n_q;
    wire [11:0] n_s = (PIPE == 1) ? n_q : n;
    wire [3:0]  d = inv4(n_s[3:0]);
    wire [7:0]  minv = {mul4(n_s[11:8], d), mul4(n_s[7:4], d)};
    reg  [7:0]  v_q;
    wire [7:0]  v_s = (PIPE == 1) ? v_q : minv;
    wire [7:0]  s = mat8(FROM_COMPOSITE_AFFINE, v_s) ^ 8'h63;
    reg  [7:0]  y_q;
    always @(posedge clk) begin
        if (clr || PIPE == 0) begin
            m_q <= 8'd0;
            n_q <= 12'd0;
            v_q <= 8'd0;
            y_q <= 8'd0;
        end else begin
            m_q <= m;
            n_q <= n;
            v_q <= minv;
            y_q <= s;
        end
    end
    assign y = (PIPE == 1) ? y_q : s;
endmodule
`default_nettype wire
