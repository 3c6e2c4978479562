`default_nettype none
// gf2_xor_net: a constant 128x128 GF(2) matrix as a network of XOR LUTs described by a table
// (the hybrid multiplier's maps, gf128_hybrid_map, are generated as such tables). Combinational.
// Signal i < 128 is x[i]; node k (0-based, topological order) is signal 128 + k, the XOR of its
// N <= W inputs, each one kept LUT (gf2_xor_net_lut), so synthesis maps the network exactly as the
// optimizer cut it instead of re-covering it (re-covered, the key-specialized multipliers came out
// 28% larger). Output i is signal OUT[11*i +: 11] (2047: the row is zero).
// Parameters:
//   NODES  nodes in the table.
//   W      the largest N (4 or 6: the LUT size the table was cut for).
//   NODE   node k in [E*k +: E], E = 3 + 11*W bits: N in its top 3 bits, input j's signal in
//          [11*j +: 11].
//   OUT    the 128 outputs' signals.
module gf2_xor_net #(
    parameter NODES = 1,
    parameter W = 6,
    // the defaults: y[0] = x[0] ^ x[1], every other output zero
    parameter [(3+11*W)*NODES-1:0] NODE = {3'd2, {(11*W-22){1'b0}}, 11'd1, 11'd0},
    parameter [128*11-1:0] OUT = {{127{11'd2047}}, 11'd128}
) (
    input  wire [127:0] x,
    output wire [127:0] y
);
    generate
        if (NODES < 1 || NODES > 2047 - 128 || W < 2 || W > 6) begin : g_bad
            gf2_xor_net_needs_1_to_1919_NODES_and_W_2_to_6 u_err ();
        end
    endgenerate

    // Each node's output is a scalar of its own generate block (g_node[k].o), read by name: with
    // one vector of all signals, Icarus wakes every reader of the vector whenever any bit of it
    // changes, and a map took minutes to simulate instead of a second. A node's inputs are six
    // expressions, not a generate block each: Yosys elaborates every nested block in time that
    // grows with the blocks before it, so a loop over the inputs made a map of 700-1,000 nodes
    // take 13-27 s to elaborate instead of 1-2. SIG(s) is signal s; the branch not taken indexes
    // x[0] or node 0 and is folded away with its constant condition.
`define GF2_XOR_NET_SIG(s) ((s) < 128 ? x[(s) < 128 ? (s) : 0] : g_node[(s) < 128 ? 0 : (s) - 128].o)
    genvar k, j;
    generate
        for (k = 0; k < NODES; k = k + 1) begin : g_node
            localparam [3+11*W-1:0] E = NODE[(3+11*W)*k +: 3+11*W];
            localparam integer N = {29'd0, E[3+11*W-1 -: 3]};
            localparam [65:0] F = E[11*W-1:0];  // the inputs' fields, zero past W
            // input j's signal; 0 (x[0]) past N, never read
            localparam integer S0 = N > 0 ? {21'd0, F[0 +: 11]} : 0;
            localparam integer S1 = N > 1 ? {21'd0, F[11 +: 11]} : 0;
            localparam integer S2 = N > 2 ? {21'd0, F[22 +: 11]} : 0;
            localparam integer S3 = N > 3 ? {21'd0, F[33 +: 11]} : 0;
            localparam integer S4 = N > 4 ? {21'd0, F[44 +: 11]} : 0;
            localparam integer S5 = N > 5 ? {21'd0, F[55 +: 11]} : 0;
            /* verilator lint_off UNUSEDSIGNAL */
            wire [5:0] in6;  // bits N and up read x[0] and are not used
            /* verilator lint_on UNUSEDSIGNAL */
            wire       o;
            assign in6 = {`GF2_XOR_NET_SIG(S5), `GF2_XOR_NET_SIG(S4), `GF2_XOR_NET_SIG(S3),
                          `GF2_XOR_NET_SIG(S2), `GF2_XOR_NET_SIG(S1), `GF2_XOR_NET_SIG(S0)};
            gf2_xor_net_lut #(.N(N)) u_lut (.i(in6[N-1:0]), .o(o));
        end
        for (j = 0; j < 128; j = j + 1) begin : g_out
            localparam integer O = {21'd0, OUT[11*j +: 11]};
            if (O == 2047) begin : g_zero
                assign y[j] = 1'b0;
            end else if (O < 128) begin : g_x
                assign y[j] = x[O];
            end else begin : g_t
                assign y[j] = g_node[O-128].o;
            end
        end
    endgenerate
`undef GF2_XOR_NET_SIG
endmodule
`default_nettype wire
