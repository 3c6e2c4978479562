`default_nettype none
// aes_round_deep: one round unit of aes_enc_pipe's DEEP variant (128 bits): a block a cycle.
// SBOX = 2 (block-RAM S-boxes): five cycles from src to d.
//   cycle 1: the S-box RAMs' address registers take ShiftRows of the block;
//   cycle 2: the RAMs' output registers (aes_sbox_rom OREG: on ECP5 the RAM's own);
//   cycle 3: the RAM words again, in flip-flops (s_q), no logic: the placer spreads a round's RAMs
//            over the device's RAM rows, and this register halves the hop from a RAM to the
//            MixColumns logic of its column (on ECP5 up to 50 rows, 7.3 ns of routing, without it);
//   cycle 4: MixColumns and AddRoundKey, first half (a_q, b_q), one LUT a bit;
//   cycle 5: a ^ b into d_q, which feeds the next unit.
// The RAMs hold {2 S, S} (aes_sbox_rom XT), so MixColumns is table bits XORed: output byte (c, r)
// = 2 s_r ^ 3 s_(r+1) ^ s_(r+2) ^ s_(r+3) ^ k (3 s = 2 s ^ s) is a = 2 s_r ^ 2 s_(r+1) ^ s_(r+1) ^
// s_(r+2) and b = s_(r+3) ^ k; in the last round (last) b = s_r ^ k and a is left out. A round's
// sixteen bytes come from eight RAMs that the placer cannot put side by side, and the two halves
// cut that wiring into short hops.
// SBOX = 0 (the S-box table in LUTs): two cycles from src to d, no RAM geometry to span:
//   cycle 1: SubBytes of ShiftRows of the block into s_q (each S-box an 8-input table: on ECP5 two
//            LUT7s of a slice group and a multiplexer, 4.5 ns register to register);
//   cycle 2: MixColumns (aes_mix_col, bypassed in the last round) and AddRoundKey into d_q.
// SBOX = 1 (composite-field logic, no RAM): five cycles from src to d, every cycle two or three LUT4
// levels:
//   cycles 1-4: SubBytes of ShiftRows through aes_sbox_composite PIPE 1 (the isomorphism, the
//               norm, the inverse's products, the map back with the affine map);
//   cycle 5: MixColumns and AddRoundKey into d_q, as with the table.
// Clearing: clr clears the valid bits at once; clr_in (this unit's copy of clr, from the unit
// before: a chain, one cycle a unit, which synthesis cannot merge into one high-fanout register)
// is registered into clr_out, which clears the data registers (and the RAMs' output registers).
// SBOX = 2: the RAMs' address registers (not resettable) take the cleared d of the unit before a
// cycle later.
// rk is this round's key (registered in the key bank beside the unit); last is a register.
module aes_round_deep #(
    parameter USER_W = 1,
    parameter SBOX = 2
) (
    input  wire              clk,
    input  wire              clr,
    input  wire              clr_in,
    output wire              clr_out,
    input  wire [127:0]      src_data,
    input  wire              src_v,
    input  wire [USER_W-1:0] src_user,
    input  wire              last,
    input  wire [127:0]      rk,
    output wire [127:0]      d,
    output wire              d_v,
    output wire [USER_W-1:0] d_user,
    output wire              busy
);
    generate
        if (USER_W < 1) begin : g_bad_user
            aes_round_deep_USER_W_must_be_at_least_1 u_error ();
        end
        if (SBOX < 0 || SBOX > 2) begin : g_bad_sbox
            aes_round_deep_SBOX_must_be_0_lut_1_composite_or_2_rom u_error ();
        end
    endgenerate
    localparam integer NV = (SBOX == 0) ? 2 : 5;   // cycles from src to d

    reg clr_u_q;
    always @(posedge clk) clr_u_q <= clr_in;
    assign clr_out = clr_u_q;

    // ShiftRows: byte b of the S-box input (column b / 4, row b % 4) is byte r + 4 * ((c + r) mod 4)
    // of the block.
    reg [127:0] feed;
    always @* begin : p_feed
        integer b;
        for (b = 0; b < 16; b = b + 1)
            feed[127 - 8 * b -: 8] = src_data[127 - 8 * ((b % 4) + 4 * ((b / 4 + b % 4) % 4)) -: 8];
    end
    reg  [127:0] d_q;
    generate
        if (SBOX == 2) begin : g_rom
            wire [255:0] st;   // byte b: {2 S, S} in [255 - 16 * b -: 16]
            genvar n;
            for (n = 0; n < 8; n = n + 1) begin : g_ram
                aes_sbox_rom #(.XT(1), .OREG(1)) u_rom (
                    .clk(clk), .en(1'b1), .rst(clr_u_q),
                    .a0(feed[127 - 16 * n -: 8]), .a1(feed[119 - 16 * n -: 8]),
                    .y0(st[255 - 32 * n -: 16]), .y1(st[239 - 32 * n -: 16]));
            end

            reg  [255:0] s_q;
            reg  [127:0] a_next, b_next, a_q, b_q;
            always @* begin : p_mix
                integer c, r;
                reg [31:0] sv, tv;   // the column's S and 2 S bytes, row 0 in [31:24]
                for (c = 0; c < 4; c = c + 1) begin
                    for (r = 0; r < 4; r = r + 1) begin
                        tv[31 - 8 * r -: 8] = s_q[255 - 16 * (4 * c + r) -: 8];
                        sv[31 - 8 * r -: 8] = s_q[247 - 16 * (4 * c + r) -: 8];
                    end
                    for (r = 0; r < 4; r = r + 1) begin
                        a_next[127 - 8 * (4 * c + r) -: 8] = tv[31 - 8 * r -: 8] ^ tv[31 - 8 * ((r + 1) % 4) -: 8]
                                                           ^ sv[31 - 8 * ((r + 1) % 4) -: 8] ^ sv[31 - 8 * ((r + 2) % 4) -: 8];
                        b_next[127 - 8 * (4 * c + r) -: 8] = (last ? sv[31 - 8 * r -: 8] : sv[31 - 8 * ((r + 3) % 4) -: 8])
                                                           ^ rk[127 - 8 * (4 * c + r) -: 8];
                    end
                end
            end
            wire [127:0] d_next = b_q ^ (last ? 128'd0 : a_q);
            always @(posedge clk) begin
                if (clr_u_q) begin
                    s_q <= 256'd0;
                    a_q <= 128'd0;
                    b_q <= 128'd0;
                    d_q <= 128'd0;
                end else begin
                    s_q <= st;
                    a_q <= a_next;
                    b_q <= b_next;
                    d_q <= d_next;
                end
            end
        end else begin : g_logic
            // SBOX 1 and 0 both end on a registered SubBytes (the composite S-boxes' last stage, or
            // s_q after the table), then one cycle of MixColumns and AddRoundKey.
            wire [127:0] sub_q;   // SubBytes of ShiftRows, registered (four cycles after feed for SBOX 1)
            wire [127:0] mixed;
            genvar q;
            if (SBOX == 1) begin : g_comp
                for (q = 0; q < 16; q = q + 1) begin : g_sbox
                    aes_sbox_composite #(.PIPE(1)) u_sbox (.clk(clk), .clr(clr_u_q), .x(feed[127 - 8 * q -: 8]),
                                                           .y(sub_q[127 - 8 * q -: 8]));
                end
            end else begin : g_lut
                wire [127:0] sb;
                reg  [127:0] s_q;
                aes_sub #(.SBOX(0), .BYTES(16)) u_sub (.clk(clk), .en(1'b1), .x(feed), .y(sb));
                always @(posedge clk) begin
                    if (clr_u_q) s_q <= 128'd0;
                    else s_q <= sb;
                end
                assign sub_q = s_q;
            end
            for (q = 0; q < 4; q = q + 1) begin : g_mix
                aes_mix_col u_mix (.x(sub_q[127 - 32 * q -: 32]), .bypass(last), .y(mixed[127 - 32 * q -: 32]));
            end
            always @(posedge clk) begin
                if (clr_u_q) d_q <= 128'd0;
                else d_q <= mixed ^ rk;
            end
        end
    endgenerate

    reg  [NV-1:0]        v_q;   // valid: (SBOX 2: address register, output register, s, a/b; SBOX 1:
                                // the four S-box stages;) d
    reg  [NV*USER_W-1:0] u_q;
    always @(posedge clk) begin
        if (clr_u_q) u_q <= {NV*USER_W{1'b0}};
        else u_q <= {u_q[(NV-1)*USER_W-1:0], src_user};
        if (clr) v_q <= {NV{1'b0}};
        else v_q <= {v_q[NV-2:0], src_v};
    end
    assign d = d_q;
    assign d_v = v_q[NV-1];
    assign d_user = u_q[NV*USER_W-1 -: USER_W];
    assign busy = |v_q;
endmodule
`default_nettype wire
