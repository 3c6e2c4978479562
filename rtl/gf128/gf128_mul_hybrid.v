`default_nettype none
// gf128_mul_hybrid: z = x * y in GF(2^128), GCM bit order, through the composite field
// GF((2^16)^8) (Lemsitzer et al.'s hybrid multiplier, gf128_hybrid_core): both operands are
// mapped in as they are sampled, the product is mapped back in a cycle of its own.
//
// Handshake as gf128_mul_digit: pulse start with x and y valid (sampled on that edge); done
// pulses for one cycle when z holds the product, 9 cycles after start (8 word-serial steps and
// the map back); busy is high in between. A start while busy is ignored and raises error for one
// cycle. z holds its value until the next start.
// In GHASH one operand is H, which changes only with the key: ghash_core (MULT = 4) keeps H and
// its running value in the composite field and uses gf128_hybrid_core directly, so only the
// map of each block sits on its data path.
// FIELD: the composite field (gf128_hybrid_core); LUT_W: 6 or 4, the maps' LUT size.
module gf128_mul_hybrid #(
    parameter FIELD = 0,
    parameter LUT_W = 6
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
    wire [127:0] xc, yc, zc, zg;
    wire         core_busy, core_done, core_error;
    gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(0), .LUT_W(LUT_W)) u_map_x (.x(x), .y(xc));
    gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(0), .LUT_W(LUT_W)) u_map_y (.x(y), .y(yc));
    gf128_hybrid_core #(.FIELD(FIELD)) u_core (
        .clk(clk), .rst(rst), .start(start && !busy), .x(xc), .y(yc), .z(zc),
        .busy(core_busy), .done(core_done), .error(core_error)
    );
    gf128_hybrid_map #(.FIELD(FIELD), .INVERSE(1), .LUT_W(LUT_W)) u_map_z (.x(zc), .y(zg));

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = core_busy ^ core_error;  // busy and error are kept here, over the extra cycle
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) begin
        if (rst) begin
            z <= 128'd0;
            busy <= 1'b0;
            done <= 1'b0;
            error <= 1'b0;
        end else begin
            done <= core_done;
            error <= start && busy;
            if (core_done) begin
                z <= zg;
                busy <= 1'b0;
            end else if (start && !busy) begin
                busy <= 1'b1;
            end
        end
    end
endmodule
`default_nettype wire
