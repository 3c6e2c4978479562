`default_nettype none
// aes_pipe_out: the output stage of aes_enc_pipe. Both forms hold key-derived data (E_K(0) = H
// inside the GCM core, keystream), so rst and key_clear zero them.
// NOSTALL = 1 (the 128-bit block-RAM cores, which never stall): an OD-entry output FIFO in LUT RAM
// (axis_fifo, wiped in the 16 cycles after rst or key_clear), and the credit: credit is high while
// the FIFO has room for every block owed (taken by the core, not yet popped), so whatever leaves
// the pipeline finds a free entry; the core takes a block only with credit. idle_next: no block
// will be in the pipeline next cycle (taken and not yet written into the FIFO), counted instead of
// ORed from every unit's valid bits. OREG = 1 (DEEP): one more register before the FIFO, and the
// FIFO's read registers and two output registers (OUT_REGS 3: each LUT-RAM bank read into a register
// of its own at a kept copy of the read pointer, the bank multiplexer after them. With no output
// register that read drove m_axis_tdata, the DEEP core's critical path on ECP5, 8.2 ns; into one
// output register (OUT_REGS 1), 7.0-7.9 ns).
// NOSTALL = 0: an output register (axis_reg); out_free low stalls the pipeline; credit and
// idle_next are low (not used).
// out_xfer/out_data/out_user: a finished block (one-hot selected from the last round's unit).
module aes_pipe_out #(
    parameter USER_W = 1,
    parameter NOSTALL = 0,
    parameter OREG = 0,
    parameter OD = 32
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              key_clear,
    input  wire              take,
    input  wire [127:0]      out_data,
    input  wire [USER_W-1:0] out_user,
    input  wire              out_xfer,
    output wire              out_free,
    output wire [127:0]      m_axis_tdata,
    output wire [USER_W-1:0] m_axis_tuser,
    output wire              m_axis_tvalid,
    input  wire              m_axis_tready,
    output wire              credit,
    output wire              idle_next
);
    generate
        if (NOSTALL != 0 && NOSTALL != 1) begin : g_bad_nostall
            aes_pipe_out_NOSTALL_must_be_0_or_1 u_error ();
        end
        if (OREG != 0 && (OREG != 1 || NOSTALL != 1)) begin : g_bad_oreg
            aes_pipe_out_OREG_needs_NOSTALL u_error ();
        end
    endgenerate
    localparam integer OW = $clog2(OD) + 1;
    wire clr = rst || key_clear;
    reg  credit_q;
    assign credit = credit_q;
    generate
        if (NOSTALL == 1) begin : g_credit
            // The output FIFO (LUT RAM, axis_fifo): its wipe after clr takes 16 cycles, and nothing
            // arrives then: a key is taken one cycle after clr at the earliest, a block two cycles
            // after its key (or one after clr with a fixed key), and a block needs 2 Nr + 1 >= 21
            // cycles to reach the FIFO. After that the credit below keeps a free entry for every
            // block in the pipeline, so the FIFO's s_axis_tready is always high when a block comes.
            // OREG: the finished block goes through one more register before the FIFO.
            wire [127:0]      f_data;
            wire [USER_W-1:0] f_user;
            wire              f_valid;
            if (OREG == 1) begin : g_oreg
                reg [127:0]      o_q;
                reg [USER_W-1:0] o_u_q;
                reg              o_v_q;
                always @(posedge clk) begin
                    if (clr) begin
                        o_q <= 128'd0;
                        o_u_q <= {USER_W{1'b0}};
                        o_v_q <= 1'b0;
                    end else begin
                        o_q <= out_data;
                        o_u_q <= out_user;
                        o_v_q <= out_xfer;
                    end
                end
                assign f_data = o_q;
                assign f_user = o_u_q;
                assign f_valid = o_v_q;
            end else begin : g_direct
                assign f_data = out_data;
                assign f_user = out_user;
                assign f_valid = out_xfer;
            end
            reg  [OW-1:0] owed_q;
            wire          pop = m_axis_tvalid && m_axis_tready;
            wire [OW-1:0] owed_next = owed_q + {{(OW - 1){1'b0}}, take} - {{(OW - 1){1'b0}}, pop};
            // owed_next == OD without the adder on the path from take and pop: owed moves by at
            // most one a cycle and never exceeds OD (the pointer compare, the adder and this
            // compare in series were the GCM core's critical path, 12.1 ns)
            wire          owed_full_next = (owed_q == OD[OW-1:0] && take == pop) ||
                                           (owed_q == OD[OW-1:0] - 1'b1 && take && !pop);
            /* verilator lint_off UNUSEDSIGNAL */
            wire [OW:0] unused_count;
            wire       unused_nonempty, unused_busy, unused_zero;
            /* verilator lint_on UNUSEDSIGNAL */
            // EAGER with OREG: the credit keeps a free entry for every block in flight, so the FIFO
            // writes its free entry every cycle it is not full and a block only moves the write
            // pointer: the block's valid reaches no write enable of the LUT RAM (on ECP5, f_valid
            // through the FIFO's flags into a bank's write enable, 6.3 ns of routing, was the DEEP
            // engine's critical path at one of three placements). Not without OREG: with no output
            // register an empty FIFO shows its free entry on m_axis_tdata, and that entry would
            // hold whatever the last unit passes, not zero after key_clear.
            axis_fifo #(.WIDTH(128 + USER_W), .DEPTH(OD), .STYLE("distributed"), .WIPE(1), .OUT_REGS(OREG == 1 ? 3 : 0),
                        .EAGER(OREG)) u_fifo (
                .clk(clk), .rst(rst), .clear(key_clear),
                .s_axis_tdata({f_user, f_data}), .s_axis_tvalid(f_valid), .s_axis_tready(out_free),
                .m_axis_tdata({m_axis_tuser, m_axis_tdata}), .m_axis_tvalid(m_axis_tvalid),
                .m_axis_tready(m_axis_tready), .count(unused_count), .nonempty(unused_nonempty),
                .busy(unused_busy), .zero(unused_zero)
            );
            // blocks taken and not yet written into the FIFO (at most 5 Nr + 2 with DEEP): idle_next is
            // "none next cycle", without the adder on the path (it moves by one at most)
            reg  [OW-1:0] fly_q;
            assign idle_next = (fly_q == {OW{1'b0}} && take == f_valid) ||
                               (fly_q == {{(OW - 1){1'b0}}, 1'b1} && !take && f_valid);
            always @(posedge clk) begin
                if (clr) fly_q <= {OW{1'b0}};
                else fly_q <= fly_q + {{(OW - 1){1'b0}}, take} - {{(OW - 1){1'b0}}, f_valid};
            end
            always @(posedge clk) begin
                if (clr) begin
                    owed_q <= {OW{1'b0}};
                    credit_q <= 1'b0;
                end else begin
                    owed_q <= owed_next;
                    credit_q <= !owed_full_next;
                end
            end
        end else begin : g_hold
            assign idle_next = 1'b0;   // not used: these cores OR their units' valid bits
            wire unused_hold = take ^ clr;
            always @(posedge clk) credit_q <= 1'b0;
            axis_reg #(.WIDTH(128 + USER_W), .MODE(1), .WIPE(1)) u_out (
                .clk(clk), .rst(rst), .clear(key_clear),
                .s_axis_tdata({out_user, out_data}), .s_axis_tvalid(out_xfer), .s_axis_tready(out_free),
                .m_axis_tdata({m_axis_tuser, m_axis_tdata}), .m_axis_tvalid(m_axis_tvalid),
                .m_axis_tready(m_axis_tready)
            );
        end
    endgenerate
endmodule
`default_nettype wire
