"""cocotb testbench of ghash_core (H through a port: parallel, Karatsuba, digit-serial, hybrid or
pipelined parallel multiplier; or built in: the key-specialized multiplier, with the fixed_h tests only), for 128-bit
blocks or (WIDTH = 64) GHASH64 over 64-bit blocks (the spec_chains test is 128-bit). LANES = 2: beats
of one or two blocks (tkeep 2'b01 or 2'b11), H built in through the power-basis maps. Configuration:
the DUT's parameters and a ``tbconfig.GhashCoreTb`` (the H of a built-in multiplier)."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.model import gcm64, gf128
from authcore.testbench import tbconfig
from authcore.vectors import spec

W = int(tbconfig.parameters().get("WIDTH", 128))
LANES = int(tbconfig.parameters().get("LANES", 1))
# cycles from taking a message's tlast beat to its hash on m_axis (one-beat-a-cycle multipliers)
HASH_LATENCY = 7 if LANES == 2 else 3 if int(tbconfig.parameters().get("MULT", 0)) == 5 else 2
OWED_MAX = 4  # LANES = 2: messages whose hash has not left, at most
CFG = tbconfig.GhashCoreTb.load()


def ghash(h: int, m: list[int]) -> int:
    return (gf128.ghash_chain if W == 128 else gcm64.ghash64_chain)(h, m)[-1]


def beats(blocks, rng=None):
    """A message's beats. LANES = 2: two blocks a beat (the earlier in the low half), a beat of one
    wherever ``rng`` draws it (without ``rng`` only the last beat of an odd count)."""
    if LANES == 1:
        return [{"tdata": b, "tlast": int(i == len(blocks) - 1)} for i, b in enumerate(blocks)]
    out, i = [], 0
    while i < len(blocks):
        two = i + 1 < len(blocks) and (rng is None or rng.random() < 0.7)
        out.append({"tdata": blocks[i] | (blocks[i + 1] << 128 if two else 0), "tkeep": 3 if two else 1,
                    "tlast": int(i + 1 + two == len(blocks))})
        i += 1 + two
    return out


async def init(dut):
    for s in ("s_axis_tvalid", "m_axis_tready", "s_axis_tdata", "s_axis_tlast", "h_load", "key_clear"):
        getattr(dut, s).value = 0
    dut.s_axis_tkeep.value = (1 << LANES) - 1
    dut.h.value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


async def load_h(dut, h):
    await RisingEdge(dut.clk)
    dut.h.value = h
    dut.h_load.value = 1
    await RisingEdge(dut.clk)
    dut.h_load.value = 0
    dut.h.value = 0


async def run_msgs(dut, rng, msgs, gap_in=0.0, gap_out=0.0):
    sender = cocotb.start_soon(axis.send(dut, [b for m in msgs for b in beats(m, rng)], rng, gap_in))
    got = await axis.collect(dut, len(msgs), rng, gap_out)
    await sender
    return [g["tdata"] for g in got]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def spec_chains(dut):
    """Each prefix of each spec test case's GHASH input must give the published X_i."""
    rng = axis.seeded()
    await init(dut)
    for case in spec.load():
        h = int.from_bytes(case["H"], "big")
        await load_h(dut, h)
        blocks = gf128.pad_blocks(case["A"]) + gf128.pad_blocks(case["C"])
        blocks.append(int.from_bytes(case["LEN"], "big"))
        prefixes = [blocks[: i + 1] for i in range(len(blocks))]
        got = await run_msgs(dut, rng, prefixes, 0.2, 0.2)
        want = [int.from_bytes(x, "big") for x in case.indexed("X")] + [int.from_bytes(case["GHASH"], "big")]
        assert got == want, f"test case {case.number}"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def random_messages_keys_and_backpressure(dut):
    rng = axis.seeded()
    await init(dut)
    for _ in range(6):
        h = rng.getrandbits(W)
        await load_h(dut, h)
        msgs = [[rng.getrandbits(W) for _ in range(rng.randrange(1, 41))] for _ in range(5)]
        got = await run_msgs(dut, rng, msgs, rng.choice([0.0, 0.4]), rng.choice([0.0, 0.4]))
        assert got == [ghash(h, m) for m in msgs]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def reset_and_key_clear_mid_message(dut):
    rng = axis.seeded()
    await init(dut)
    h = rng.getrandbits(W)
    await load_h(dut, h)
    dut.m_axis_tready.value = 1
    for clear in ("rst", "key_clear"):
        for _ in range(3):
            await RisingEdge(dut.clk)
            dut.s_axis_tdata.value = rng.getrandbits(W)
            dut.s_axis_tlast.value = 0
            dut.s_axis_tvalid.value = 1
        await ReadOnly()
        assert dut.erased.value == 0, "erased must read 0 while H is loaded (else the check below is vacuous)"
        await axis.clear_mid_stream(dut, clear)
        assert dut.erased.value == 1, f"{clear} must erase H, the state and the output (ERASE_CHECK port)"
        await load_h(dut, h)
        m = [rng.getrandbits(W) for _ in range(5)]
        assert await run_msgs(dut, rng, [m], 0.1, 0.1) == [ghash(h, m)]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def h_load_mid_message_raises_error(dut):
    rng = axis.seeded()
    await init(dut)
    await load_h(dut, rng.getrandbits(W))
    seen: list[int] = []
    w = cocotb.start_soon(axis.sample_each_cycle(dut, "error", seen))
    sender = cocotb.start_soon(axis.send(dut, beats([1, 2, 3, 4, 5, 6]), rng, 0.0))
    for _ in range(3):
        await RisingEdge(dut.clk)
    await load_h(dut, 5)
    await sender
    await axis.collect(dut, 1, rng, 0.0)
    w.cancel()
    assert sum(seen) >= 1


# The tests below hold one H for the whole run, so they also run the key-specialized variant
# (MULT = 3, H built into a generated gf128_mul_h: the config's h names it); the others load H
# through the port and run with MULT 0-2, 4 and 5.
def fixed_h() -> int:
    assert CFG.h is not None, "the fixed_h tests need the H in GhashCoreTb"
    return int(CFG.h, 16)


@cocotb.test(timeout_time=4, timeout_unit="ms")
async def fixed_h_random_messages(dut):
    """Random messages (many of one block, back to back) with and without valid/ready gaps."""
    rng = axis.seeded()
    await init(dut)
    h = fixed_h()
    await load_h(dut, h)
    for gaps in ((0.0, 0.0), (0.3, 0.0), (0.0, 0.3), (0.4, 0.4)):
        msgs = [[rng.getrandbits(W) for _ in range(rng.choice([1, 1, 2, rng.randrange(1, 30)]))]
                for _ in range(30)]
        got = await run_msgs(dut, rng, msgs, *gaps)
        assert got == [ghash(h, m) for m in msgs], f"gaps {gaps}"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def fixed_h_throughput_and_latency(dut):
    """Without gaps: k blocks a message take k cycles (MULT 0, 1, 3 and 5), and the hash leaves 2
    cycles after the tlast block is taken (3 with MULT 5, the multiplier cut by a register).
    LANES = 2: a beat a cycle while fewer than OWED_MAX messages owe their hash, 7 cycles to the
    hash: messages of at least two beats never wait; then one-beat messages back to back, which
    the credit paces."""
    rng = axis.seeded()
    await init(dut)
    h = fixed_h()
    await load_h(dut, h)
    sizes = (1, 1, 3, 1, 5, 2, 1, 1) if LANES == 1 else (5, 6, 3, 5, 8, 6, 4, 7)
    await _throughput(dut, h, [[rng.getrandbits(W) for _ in range(k)] for k in sizes])
    if LANES == 2:
        await _throughput(dut, h, [[rng.getrandbits(W) for _ in range(rng.choice((1, 2)))] for _ in range(12)],
                          paced=True)


async def _throughput(dut, h, msgs, paced=False):
    dut.m_axis_tready.value = 1
    stream = [b for m in msgs for b in beats(m)]
    owed: list[int] = []
    took: list[int] = []
    out: list[tuple[int, int]] = []
    cycle = 0
    i = 0
    await RisingEdge(dut.clk)
    while len(out) < len(msgs):
        if i < len(stream):
            dut.s_axis_tdata.value = stream[i]["tdata"]
            dut.s_axis_tkeep.value = stream[i].get("tkeep", 1)
            dut.s_axis_tlast.value = stream[i]["tlast"]
            dut.s_axis_tvalid.value = 1
        else:
            dut.s_axis_tvalid.value = 0
        await ReadOnly()
        owed.append(len(took) - len(out))  # messages taken before this cycle and not yet out
        if i < len(stream) and int(dut.s_axis_tready.value):
            if stream[i]["tlast"]:
                took.append(cycle)
            i += 1
        elif i < len(stream):
            assert paced and owed[-1] == OWED_MAX, f"cycle {cycle}: a beat waited with {owed[-1]} messages owed"
        if int(dut.m_axis_tvalid.value):
            out.append((cycle, int(dut.m_axis_tdata.value)))
        await RisingEdge(dut.clk)
        cycle += 1
        assert cycle < 200, "the core stalled"
    dut.s_axis_tvalid.value = 0
    assert [v for _, v in out] == [ghash(h, m) for m in msgs]
    assert [c for c, _ in out] == [t + HASH_LATENCY for t in took]
    if LANES == 2:
        assert max(owed) <= OWED_MAX
    if paced:  # the credit was used up: without it the beats would not have waited
        assert max(owed) == OWED_MAX and took[-1] + 1 > len(stream)
    else:
        assert took[-1] + 1 == len(stream)
    for _ in range(2):
        await RisingEdge(dut.clk)


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def fixed_h_reset_and_key_clear_mid_message(dut):
    """A message cut by rst or key_clear leaves nothing behind: the next one hashes from zero."""
    rng = axis.seeded()
    await init(dut)
    h = fixed_h()
    dut.m_axis_tready.value = 0
    for clear in ("rst", "key_clear", "rst", "key_clear"):
        await load_h(dut, h)
        for _ in range(rng.randrange(1, 5)):
            await RisingEdge(dut.clk)
            dut.s_axis_tdata.value = rng.getrandbits(W * LANES)
            dut.s_axis_tkeep.value = rng.choice((1, 3)) if LANES == 2 else 1
            dut.s_axis_tlast.value = int(rng.random() < 0.3)
            dut.s_axis_tvalid.value = 1
        await axis.clear_mid_stream(dut, clear)
        assert not int(dut.m_axis_tvalid.value), f"{clear} must drop a waiting hash"
        await RisingEdge(dut.clk)
        await load_h(dut, h)
        m = [rng.getrandbits(W) for _ in range(rng.randrange(1, 4))]
        assert await run_msgs(dut, rng, [m], 0.1, 0.1) == [ghash(h, m)]
