`default_nettype none
// aes_sbox_rom: two AES S-box lookups from one registered table, which Yosys maps to one block RAM
// used as a dual-port ROM (Lemsitzer et al. use the dual port the same way: a pair of lookups per
// block RAM). Latency 1: y0/y1 hold the entries addressed in the previous cycle with en high;
// en low holds them (a stalled pipeline keeps its data).
// XT = 1: each entry is {2 * S(a), S(a)} (16 bits; 2 * S the GF(2^8) doubling MixColumns needs), so
// the round's MixColumns is XORs of table outputs alone: T-table style, within the RAM's width.
// OREG = 1: latency 2, a second register after the table that rst zeroes. On ECP5 (the flow's
// AUTHCORE_ECP5 define) it is the block RAM's own output register (DP16KD REGMODE "OUTREG",
// instantiated: Yosys does not infer it), whose clock-to-out is under a nanosecond against 5.8 ns
// for the RAM read itself; elsewhere it is a register beside the RAM.
module aes_sbox_rom #(
    parameter XT = 0,
    parameter OREG = 0
) (
    input  wire                clk,
    input  wire                en,
    input  wire                rst,     // OREG = 1: zeroes the output register
    input  wire [7:0]          a0,
    input  wire [7:0]          a1,
    output wire [8+8*XT-1:0]   y0,
    output wire [8+8*XT-1:0]   y1
);
    generate
        if (XT != 0 && XT != 1) begin : g_bad_xt
            aes_sbox_rom_XT_must_be_0_or_1 u_error ();
        end
        if (OREG != 0 && OREG != 1) begin : g_bad_oreg
            aes_sbox_rom_OREG_must_be_0_or_1 u_error ();
        end
    endgenerate
    localparam integer W = 8 + 8 * XT;

    // The S-box, entry a in [2047 - 8 * a -: 8] (FIPS 197, Figure 7, row by row).
    localparam [2047:0] SBOX_T = {
        256'h637c777bf26b6fc53001672bfed7ab76ca82c97dfa5947f0add4a2af9ca472c0,
        256'hb7fd9326363ff7cc34a5e5f171d8311504c723c31896059a071280e2eb27b275,
        256'h09832c1a1b6e5aa0523bd6b329e32f8453d100ed20fcb15b6acbbe394a4c58cf,
        256'hd0efaafb434d338545f9027f503c9fa851a3408f929d38f5bcb6da2110fff3d2,
        256'hcd0c13ec5f974417c4a77e3d645d197360814fdc222a908846eeb814de5e0bdb,
        256'he0323a0a4906245cc2d3ac629195e479e7c8376d8dd54ea96c56f4ea657aae08,
        256'hba78252e1ca6b4c6e8dd741f4bbd8b8a703eb5664803f60e613557b986c11d9e,
        256'he1f8981169d98e949b1e87e9ce5528df8ca1890dbfe6426841992d0fb054bb16
    };

    function [W-1:0] entry;  // the table word for address a
        input integer a;
        reg [7:0]  s;
        /* verilator lint_off UNUSEDSIGNAL */
        reg [15:0] e;  // XT = 0 uses its low byte
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            s = SBOX_T[2047 - 8 * a -: 8];
            e = {{s[6:0], 1'b0} ^ (s[7] ? 8'h1b : 8'h00), s};  // {2 S, S}
            entry = e[W-1:0];
        end
    endfunction

`ifdef AUTHCORE_ECP5
    // 18-bit ports: word i of the RAM at address bits [13:4], INITVAL_xx bits [20*j +: 18] holding
    // word 16 * xx + j (the layout of Yosys's own DP16KD mapping, techlibs/lattice/brams_map_16kd.v).
    function [319:0] init_slice;
        input integer idx;
        integer j;
        begin
            init_slice = 320'd0;
            for (j = 0; j < 16; j = j + 1)
                if (idx * 16 + j < 256) init_slice[20 * j +: W] = entry(idx * 16 + j);
        end
    endfunction
    if (OREG == 1) begin : g_dp16kd
        wire [17:0] doa, dob;
        assign y0 = doa[W-1:0];
        assign y1 = dob[W-1:0];
        wire unused_do = ^{doa[17:W], dob[17:W]};
        DP16KD #(
            .DATA_WIDTH_A(18), .DATA_WIDTH_B(18), .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
            .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"), .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
            .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"), .GSR("DISABLED"),
            .INITVAL_00(init_slice(0)), .INITVAL_01(init_slice(1)), .INITVAL_02(init_slice(2)),
            .INITVAL_03(init_slice(3)), .INITVAL_04(init_slice(4)), .INITVAL_05(init_slice(5)),
            .INITVAL_06(init_slice(6)), .INITVAL_07(init_slice(7)), .INITVAL_08(init_slice(8)),
            .INITVAL_09(init_slice(9)), .INITVAL_0A(init_slice(10)), .INITVAL_0B(init_slice(11)),
            .INITVAL_0C(init_slice(12)), .INITVAL_0D(init_slice(13)), .INITVAL_0E(init_slice(14)),
            .INITVAL_0F(init_slice(15))
        ) u_ram (
            .CLKA(clk), .CEA(en), .OCEA(en), .WEA(1'b0), .RSTA(rst), .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),
            .ADA13(1'b0), .ADA12(1'b0), .ADA11(a0[7]), .ADA10(a0[6]), .ADA9(a0[5]), .ADA8(a0[4]),
            .ADA7(a0[3]), .ADA6(a0[2]), .ADA5(a0[1]), .ADA4(a0[0]), .ADA3(1'b0), .ADA2(1'b0),
            .ADA1(1'b0), .ADA0(1'b0),
            .DIA17(1'b0), .DIA16(1'b0), .DIA15(1'b0), .DIA14(1'b0), .DIA13(1'b0), .DIA12(1'b0),
            .DIA11(1'b0), .DIA10(1'b0), .DIA9(1'b0), .DIA8(1'b0), .DIA7(1'b0), .DIA6(1'b0),
            .DIA5(1'b0), .DIA4(1'b0), .DIA3(1'b0), .DIA2(1'b0), .DIA1(1'b0), .DIA0(1'b0),
            .DOA17(doa[17]), .DOA16(doa[16]), .DOA15(doa[15]), .DOA14(doa[14]), .DOA13(doa[13]),
            .DOA12(doa[12]), .DOA11(doa[11]), .DOA10(doa[10]), .DOA9(doa[9]), .DOA8(doa[8]),
            .DOA7(doa[7]), .DOA6(doa[6]), .DOA5(doa[5]), .DOA4(doa[4]), .DOA3(doa[3]), .DOA2(doa[2]),
            .DOA1(doa[1]), .DOA0(doa[0]),
            .CLKB(clk), .CEB(en), .OCEB(en), .WEB(1'b0), .RSTB(rst), .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),
            .ADB13(1'b0), .ADB12(1'b0), .ADB11(a1[7]), .ADB10(a1[6]), .ADB9(a1[5]), .ADB8(a1[4]),
            .ADB7(a1[3]), .ADB6(a1[2]), .ADB5(a1[1]), .ADB4(a1[0]), .ADB3(1'b0), .ADB2(1'b0),
            .ADB1(1'b0), .ADB0(1'b0),
            .DIB17(1'b0), .DIB16(1'b0), .DIB15(1'b0), .DIB14(1'b0), .DIB13(1'b0), .DIB12(1'b0),
            .DIB11(1'b0), .DIB10(1'b0), .DIB9(1'b0), .DIB8(1'b0), .DIB7(1'b0), .DIB6(1'b0),
            .DIB5(1'b0), .DIB4(1'b0), .DIB3(1'b0), .DIB2(1'b0), .DIB1(1'b0), .DIB0(1'b0),
            .DOB17(dob[17]), .DOB16(dob[16]), .DOB15(dob[15]), .DOB14(dob[14]), .DOB13(dob[13]),
            .DOB12(dob[12]), .DOB11(dob[11]), .DOB10(dob[10]), .DOB9(dob[9]), .DOB8(dob[8]),
            .DOB7(dob[7]), .DOB6(dob[6]), .DOB5(dob[5]), .DOB4(dob[4]), .DOB3(dob[3]), .DOB2(dob[2]),
            .DOB1(dob[1]), .DOB0(dob[0])
        );
    end else begin : g_infer
`else
    if (1) begin : g_infer
`endif
        (* rom_style = "block", ram_style = "block" *)
        reg [W-1:0] rom [0:255];
        integer i;
        initial for (i = 0; i < 256; i = i + 1) rom[i] = entry(i);
        reg [W-1:0] r0_q, r1_q;
        always @(posedge clk) begin
            if (en) begin
                r0_q <= rom[a0];
                r1_q <= rom[a1];
            end
        end
        if (OREG == 1) begin : g_oreg
            reg [W-1:0] o0_q, o1_q;
            always @(posedge clk) begin
                if (rst) begin
                    o0_q <= {W{1'b0}};
                    o1_q <= {W{1'b0}};
                end else if (en) begin
                    o0_q <= r0_q;
                    o1_q <= r1_q;
                end
            end
            assign y0 = o0_q;
            assign y1 = o1_q;
        end else begin : g_one
            wire unused_rst = rst;
            assign y0 = r0_q;
            assign y1 = r1_q;
        end
    end
endmodule
`default_nettype wire
