"""cocotb testbench of gf128_mul_parallel (combinational), gf128_mul_pipe (one register inside,
loaded on ce), gf128_mul_digit and gf128_mul_hybrid (start/done), gf128_hybrid_map (combinational,
against the model's maps), gf128_reduce (against powers of a from the model's multiplier), and the
multipliers' sums gf2_xor_tree and gf2_clmul (against Python)."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge, Timer

from authcore.model import gf128
from authcore.testbench import tbconfig

# What runs is the DUT itself and its parameters (tbconfig), nothing else.
KIND = {"gf128_mul_parallel": "parallel", "gf128_mul_digit": "digit", "gf128_mul_hybrid": "hybrid",
        "gf128_hybrid_map": "map", "gf128_mul_pipe": "pipe", "gf128_reduce": "reduce",
        "gf2_xor_tree": "tree", "gf2_clmul": "clmul"}[tbconfig.toplevel() or ""]
_P = tbconfig.parameters()
DIGIT = int(_P.get("DIGIT", 1))
DIGITS = int(_P.get("DIGITS", 4))  # gf128_mul_pipe: x and y come in one copy per digit
FIELD = int(_P.get("FIELD", 0))
INVERSE = bool(int(_P.get("INVERSE", 0)))
# cycles from start to done: 128/DIGIT digit steps, or the hybrid's eight word steps and its map back
CYCLES = 9 if KIND == "hybrid" else 128 // max(DIGIT, 1)
SPEC = [(0x0388DACE60B6A392F328C2B971B2FE78, 0x66E94BD4EF8A2C3B884CFA59CA342B2E, 0x5E2EC746917062882C85B0685353DEB7),
        (0x42831EC2217774244B7221B784D0D49C, 0xB83B533708BF535D0AA6E52980D53B78, 0x59ED3F2BB1A0AAA07C9F56C6A504647B)]


def operands(rng, n):
    edge = [(0, 0), (gf128.ONE, gf128.ONE), ((1 << 128) - 1, (1 << 128) - 1), (1, 1), (1, gf128.ONE)]
    return edge + [(a, b) for a, b, _ in SPEC] + [(rng.getrandbits(128), rng.getrandbits(128)) for _ in range(n)]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def products_match_the_model(dut):
    rng = axis.seeded()
    if KIND == "map":
        from authcore.model import composite

        f = composite.field(composite.FIELDS[FIELD])
        want = f.map_inv if INVERSE else f.map_fwd
        # zero and the unit vectors fix a linear map (an XOR-only netlist) completely; random too
        for a in [0, *(1 << j for j in range(128)), *(rng.getrandbits(128) for _ in range(100))]:
            dut.x.value = a
            await Timer(1, unit="ns")
            assert int(dut.y.value) == want(a), f"map of {a:032x}"
        return
    if KIND == "tree":
        n, m = int(_P["N"]), int(_P["M"])
        # each vector alone (every bit of every one must reach y once), then random sets of them
        for x in [0, *(1 << k for k in range(n * m)), *(rng.getrandbits(n * m) for _ in range(100))]:
            dut.x.value = x
            await Timer(1, unit="ns")
            want = 0
            for i in range(n):
                want ^= x >> (m * i) & ((1 << m) - 1)
            assert int(dut.y.value) == want, f"xor of {x:x}"
        return
    if KIND == "clmul":
        w = int(_P["W"])
        for a, b in [(0, 0), ((1 << w) - 1, (1 << w) - 1), *((1 << i, 1 << j) for i in range(w) for j in range(w)),
                     *((rng.getrandbits(w), rng.getrandbits(w)) for _ in range(100))]:
            dut.a.value, dut.b.value = a, b
            await Timer(1, unit="ns")
            want = 0
            for i in range(w):
                if a >> i & 1:
                    want ^= b << i
            assert int(dut.c.value) == want, f"clmul {a:x} {b:x}"
        return
    if KIND == "reduce":
        # a^k in GCM bit order, as the model's product a^i * a^(k-i) (both factors below a^128)
        power = [gf128.mul(1 << (127 - min(k, 127)), 1 << (127 - (k - min(k, 127)))) for k in range(255)]
        # zero and the unit vectors fix a linear map completely; random sums too
        for c in [0, *(1 << k for k in range(255)), *(rng.getrandbits(255) for _ in range(100))]:
            dut.c.value = c
            await Timer(1, unit="ns")
            want = 0
            for k in range(255):
                if c >> k & 1:
                    want ^= power[k]
            assert int(dut.z.value) == want, f"reduce {c:064x}"
        return
    if KIND == "parallel":
        for a, b in operands(rng, 300):
            dut.x.value = a
            dut.y.value = b
            await Timer(1, unit="ns")
            assert int(dut.z.value) == gf128.mul(a, b), f"{a:032x} * {b:032x}"
        return
    if KIND == "pipe":
        # z is the product of the operands taken at the last ce, whatever x and y do after it; zg is
        # z gated by gate, zgt is zg ^ t (both combinational, random every cycle)
        await axis.start_clock(dut)
        dut.ce.value = 0
        dut.gate.value = 0
        dut.t.value = 0
        await axis.reset(dut)
        await ReadOnly()
        assert dut.zero.value == 1 and int(dut.z.value) == 0, "rst clears the register"
        # Each operand's copies: the term x_i y_j reads x's copy j // D and y's copy i // D (spec bit
        # order), so with copies that differ the product is the sum of digit g of x's copy c times
        # digit c of y's copy g. Equal copies (the first half) give x * y.
        d = 128 // DIGITS
        digit = [((1 << d) - 1) << (128 - (g + 1) * d) for g in range(DIGITS)]
        want = 0
        for n, (a, b) in enumerate(operands(rng, 300)):
            xs = [a] * DIGITS if n < 150 else [rng.getrandbits(128) for _ in range(DIGITS)]
            ys = [b] * DIGITS if n < 150 else [rng.getrandbits(128) for _ in range(DIGITS)]
            await RisingEdge(dut.clk)
            dut.x.value = sum(v << (128 * g) for g, v in enumerate(xs))
            dut.y.value = sum(v << (128 * g) for g, v in enumerate(ys))
            ce = rng.random() < 0.7
            dut.ce.value = int(ce)
            await RisingEdge(dut.clk)
            dut.ce.value = 0
            dut.x.value = rng.getrandbits(128 * DIGITS)
            dut.y.value = rng.getrandbits(128 * DIGITS)
            gate, t = rng.random() < 0.5, rng.getrandbits(128)
            dut.gate.value = int(gate)
            dut.t.value = t
            if ce:
                want = 0
                for g in range(DIGITS):
                    for c in range(DIGITS):
                        want ^= gf128.mul(xs[c] & digit[g], ys[g] & digit[c])
            await ReadOnly()
            assert int(dut.z.value) == want, f"{xs[0]:032x} * {ys[0]:032x} (copies {n >= 150}, ce {ce})"
            assert int(dut.zg.value) == (want if gate else 0), f"zg, gate {gate}"
            assert int(dut.zgt.value) == (want if gate else 0) ^ t, f"zgt, gate {gate}"
        return
    await axis.start_clock(dut)
    dut.start.value = 0
    await axis.reset(dut)
    for a, b in operands(rng, 60):
        await RisingEdge(dut.clk)
        dut.x.value = a
        dut.y.value = b
        dut.start.value = 1
        await RisingEdge(dut.clk)
        dut.start.value = 0
        dut.x.value = rng.getrandbits(128)  # sampled only at start
        cycles = 0
        while True:
            await ReadOnly()
            if dut.done.value == 1:
                break
            await RisingEdge(dut.clk)
            cycles += 1
            assert cycles <= CYCLES + 2, "done did not come"
        assert cycles == CYCLES, f"{cycles} cycles, expected {CYCLES}"
        assert int(dut.z.value) == gf128.mul(a, b)
        assert dut.error.value == 0


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def start_while_busy_is_an_error(dut):
    if KIND in ("parallel", "map", "pipe", "reduce", "tree", "clmul") or DIGIT >= 64:
        return
    await axis.start_clock(dut)
    dut.start.value = 0
    await axis.reset(dut)
    a, b = 0x1234 << 100, 0xABCDEF << 90
    await RisingEdge(dut.clk)
    dut.x.value, dut.y.value, dut.start.value = a, b, 1
    await RisingEdge(dut.clk)
    await RisingEdge(dut.clk)  # start still high while busy
    await ReadOnly()
    assert dut.error.value == 1
    await RisingEdge(dut.clk)
    dut.start.value = 0
    while True:
        await ReadOnly()
        if dut.done.value == 1:
            break
        await RisingEdge(dut.clk)
    assert int(dut.z.value) == gf128.mul(a, b), "the running product is not disturbed"
