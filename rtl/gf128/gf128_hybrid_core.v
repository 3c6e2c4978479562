`default_nettype none
// gf128_hybrid_core: z = x * y in the composite field GF((2^16)^8), Lemsitzer et al.'s hybrid
// multiplier: bit-parallel in the subfield GF(2^16) = GF(2)[x]/R, word-serial in the extension
// GF(2^16)[y]/Q. Operands and product are composite elements (word j, bits [16*j +: 16], is the
// coefficient of y^j); gf128_hybrid_map converts to and from GCM bit order (gf128_mul_hybrid).
//
// Each cycle takes one word u_i of x, most significant first: W <- W*y + u_i * V with eight 16-bit
// multipliers u_i * v_j; the word leaving W*y (w7 times y^8) is folded back through
// Q: y^8 = q_7 y^7 + ... + q_0, so w7 * q_j joins word j. After eight cycles W = x * y.
// Q = y^8 + y^a + y^b + x^e (the model's choice, authcore/model/composite.py: no trinomial of
// degree 8 is irreducible over GF(2^16)), so two of the feedback multipliers are wires and one
// multiplies by x^e.
//
// Handshake (as gf128_mul_digit): pulse start with x and y valid (sampled on that edge); done
// pulses for one cycle when z holds the product, 8 cycles later; busy is high in between. A start
// while busy is ignored and raises error for one cycle. z holds its value until the next start.
// FIELD: 0 the paper's R (eleven non-zero coefficients), 1 the sparsest primitive pentanomial.
module gf128_hybrid_core #(
    parameter FIELD = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         start,
    input  wire [127:0] x,
    input  wire [127:0] y,
    output reg  [127:0] z,
    output reg          busy,
    output reg          done,
    output reg          error
);
    generate
        if (FIELD != 0 && FIELD != 1) begin : g_bad
            gf128_hybrid_core_FIELD_must_be_0_or_1 u_error ();
        end
    endgenerate

    // R without its x^16 term, and q_0..q_7 as the 16-bit words of Q_WORDS (q_8 = 1); the model's
    // composite.field(): tests/model/test_composite.py reads these lines and compares.
    localparam [15:0]  R_PAPER = 16'hbbb1;
    localparam [127:0] Q_PAPER = 128'h00000000000000000001000000010080;
    localparam [15:0]  R_SPARSE = 16'h002d;
    localparam [127:0] Q_SPARSE = 128'h00000000000100000001000000000200;
    localparam [15:0]  R = FIELD == 0 ? R_PAPER : R_SPARSE;
    localparam [127:0] Q_WORDS = FIELD == 0 ? Q_PAPER : Q_SPARSE;

    // A product mod R is linear in the carry-less product's 31 bits, so each word's two products
    // (top * q_j and u_i * v_j, gf2_clmul) are added first and reduced once: bit b of c mod R is
    // the parity of c's bits k whose residue x^k mod R has bit b set (RED_MASKS[31*b +: 31]).
    // The masks come from one walk over x^0 .. x^30 mod r, each step a multiply by x.
    function [16*31-1:0] red_masks;
        input [15:0] r;   // R without its x^16 term
        integer b, k;
        reg [15:0] p;
        begin
            red_masks = {16*31{1'b0}};
            p = 16'd1;
            for (k = 0; k < 31; k = k + 1) begin
                for (b = 0; b < 16; b = b + 1)
                    red_masks[31*b + k] = p[b];
                p = p[15] ? ({p[14:0], 1'b0} ^ r) : {p[14:0], 1'b0};
            end
        end
    endfunction

    localparam [16*31-1:0] RED_MASKS = red_masks(R);

    reg  [127:0] u_q;   // x's words still to take, the next at [127:112]
    reg  [127:0] v_q;
    reg  [2:0]   cnt_q;

    // one step: W*y + u_i * V, w7 folded back through Q (word j takes word j-1 of W, the y shift)
    wire [15:0]  ui = u_q[127:112];
    wire [15:0]  top = z[127:112];
    wire [127:0] z_shift = {z[111:0], 16'd0};
    wire [8*31-1:0] c;   // word j's product before reduction, top * q_j + u_i * v_j
    genvar g;
    generate
        for (g = 0; g < 8; g = g + 1) begin : g_word
            wire [30:0] c_fold, c_step;
            gf2_clmul #(.W(16)) u_fold (.a(top), .b(Q_WORDS[16*g +: 16]), .c(c_fold));
            gf2_clmul #(.W(16)) u_step (.a(ui), .b(v_q[16*g +: 16]), .c(c_step));
            assign c[31*g +: 31] = c_fold ^ c_step;
        end
    endgenerate
    reg [127:0] z_d;
    integer j, b;
    always @* begin
        for (j = 0; j < 8; j = j + 1)
            for (b = 0; b < 16; b = b + 1)
                z_d[16*j + b] = z_shift[16*j + b] ^ (^(c[31*j +: 31] & RED_MASKS[31*b +: 31]));
    end

    always @(posedge clk) begin
        if (rst) begin
            z <= 128'd0;
            u_q <= 128'd0;
            v_q <= 128'd0;
            cnt_q <= 3'd0;
            busy <= 1'b0;
            done <= 1'b0;
            error <= 1'b0;
        end else begin
            done <= 1'b0;
            error <= start && busy;
            if (busy) begin
                z <= z_d;
                u_q <= {u_q[111:0], 16'd0};
                cnt_q <= cnt_q + 1'b1;
                if (cnt_q == 3'd7) begin
                    busy <= 1'b0;
                    done <= 1'b1;
                end
            end else if (start) begin
                z <= 128'd0;
                u_q <= x;
                v_q <= y;
                cnt_q <= 3'd0;
                busy <= 1'b1;
            end
        end
    end
endmodule
`default_nettype wire
