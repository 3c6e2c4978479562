`default_nettype none
// gf2_xor_tree: y = the XOR of N vectors of M bits, as a balanced tree (pairs, then pairs of
// pairs), combinational. The multipliers write their sums through it rather than as a loop of
// conditional XORs (acc = s ? acc ^ v : acc): that loop is a chain of N multiplexers a bit, which
// Yosys and ABC neither flatten nor balance (the 128-step multiplier mapped to 16% more LUT4s and
// placed 8% slower, and took four times as long to synthesize). Vector operations keep the
// elaboration short, where a loop over single bits made it slow.
// N >= 1, M >= 1; vector i in x[M*i +: M].
module gf2_xor_tree #(
    parameter N = 2,
    parameter M = 1
) (
    input  wire [N*M-1:0] x,
    output reg  [M-1:0]   y
);
    generate
        if (N < 1 || M < 1) begin : g_bad
            gf2_xor_tree_needs_N_and_M_at_least_1 u_error ();
        end
    endgenerate
    reg [N*M-1:0] t;  // level by level: the n vectors left in the first n places
    integer n, i;
    always @* begin
        t = x;
        for (n = N; n > 1; n = (n + 1) / 2) begin
            for (i = 0; i < n / 2; i = i + 1)
                t[M*i +: M] = t[M*(2*i) +: M] ^ t[M*(2*i+1) +: M];
            if (n % 2 == 1) t[M*(n/2) +: M] = t[M*(n-1) +: M];
        end
        y = t[M-1:0];
    end
endmodule
`default_nettype wire
