"""cocotb testbench of the generated ghash_keyspec (any lane count) against the model.

Configuration: a ``tbconfig.GhashKeyspecTb`` (the test key's H, a random test key and not a secret;
lanes; architecture; random messages)."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from authcore.model import gf128
from authcore.testbench.tbconfig import GhashKeyspecTb
from authcore.vectors import spec

CFG = GhashKeyspecTb.load()
H = int(CFG.h, 16)
LANES = CFG.lanes
PIPELINED = CFG.arch == "pipelined"
# Cycles from a tlast beat to its hash: the pipelined core's three stages and one correction
# stage per bit of LANES - 1 (deep: six more and one more per correction stage, see
# emitter.pipelined_latency); the feedback core's state register.
E = (LANES - 1).bit_length()
LATENCY = 3 + E + (6 + E if CFG.deep else 0) if PIPELINED else 1


def beats_for(blocks: list[int], empty_tail: bool = False) -> list[dict[str, int]]:
    out = []
    for i in range(0, len(blocks), LANES):
        chunk = blocks[i : i + LANES]
        data = sum(b << (128 * j) for j, b in enumerate(chunk))
        out.append({"tdata": data, "tkeep": (1 << len(chunk)) - 1, "tlast": int(i + LANES >= len(blocks))})
    # An empty tlast beat may follow only a full beat (a short beat before tlast is an error).
    if (empty_tail and len(blocks) % LANES == 0) or not blocks:
        if out:
            out[-1]["tlast"] = 0
        out.append({"tdata": 0, "tkeep": 0, "tlast": 1})
    return out


def expect(blocks: list[int]) -> int:
    chain = gf128.ghash_chain(H, blocks)
    return chain[-1] if chain else 0


async def init(dut) -> None:
    dut.s_axis_tvalid.value = 0
    dut.m_axis_tready.value = 0
    dut.s_axis_tdata.value = 0
    dut.s_axis_tkeep.value = 0
    dut.s_axis_tlast.value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def random_messages_with_backpressure(dut):
    rng = axis.seeded()
    await init(dut)
    msgs = []
    for _ in range(CFG.msgs):
        n = rng.randrange(0, 41)
        msgs.append(([rng.getrandbits(128) for _ in range(n)], rng.random() < 0.2))
    beats = [b for blocks, tail in msgs for b in beats_for(blocks, tail)]
    # input gaps always (back_to_back_full_rate has none): a pipelined core's loop must hold across them
    gap_in, gap_out = rng.choice([0.1, 0.3, 0.6]), rng.choice([0.0, 0.3, 0.6])
    sender = cocotb.start_soon(axis.send(dut, beats, rng, gap_in))
    got = await axis.collect(dut, len(msgs), rng, gap_out, fields=("tdata", "tuser"))
    await sender
    for (blocks, _), g in zip(msgs, got, strict=True):
        assert g["tuser"] == 0
        assert g["tdata"] == expect(blocks), f"{len(blocks)} blocks: got {g['tdata']:032x}"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def back_to_back_full_rate(dut):
    """No gaps anywhere: one beat per cycle and one hash per message, nothing lost."""
    rng = axis.seeded()
    await init(dut)
    msgs = [[rng.getrandbits(128) for _ in range(rng.randrange(1, 3 * LANES + 1))] for _ in range(20)]
    beats = [b for m in msgs for b in beats_for(m)]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.0))
    start = cocotb.utils.get_sim_time("ns")
    got = await axis.collect(dut, len(msgs), rng, 0.0)
    await sender
    cycles = (cocotb.utils.get_sim_time("ns") - start) / 10
    assert [g["tdata"] for g in got] == [expect(m) for m in msgs]
    # Neither core ever waits: one beat per cycle.
    assert cycles <= len(beats) + LATENCY + 3, f"{len(beats)} beats took {cycles} cycles"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def stalled_output_bounds_what_is_taken(dut):
    """With m_axis stalled the core stops taking input once its buffer is spoken for, loses
    nothing, and hands every hash over in order when m_axis moves again. The pipelined core takes
    exactly as many messages as its output FIFO holds (its credit); it never stalls its pipeline."""
    rng = axis.seeded()
    await init(dut)
    msgs = [[rng.getrandbits(128) for _ in range(rng.randrange(1, LANES + 1))] for _ in range(40)]
    beats = [b for m in msgs for b in beats_for(m)]
    seen: dict[str, list[int]] = {"s_axis_tvalid": [], "s_axis_tready": [], "s_axis_tlast": []}
    watch = [cocotb.start_soon(axis.sample_each_cycle(dut, name, v)) for name, v in seen.items()]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.0))
    await ClockCycles(dut.clk, 80)
    await ReadOnly()
    assert dut.s_axis_tready.value == 0, "m_axis stalled for 80 cycles, yet the core still takes input"
    # tlast beats taken; a monitor may not have sampled this cycle yet (zip stops at the shortest),
    # and in this cycle s_axis_tready is low, so nothing is lost.
    held = sum(v & r & t for v, r, t in zip(*seen.values(), strict=False))
    if PIPELINED:
        depth = 1 << (LATENCY + 1).bit_length()
        assert held == depth, f"took {held} messages against a FIFO of {depth}"
    else:
        assert 1 <= held <= 3, f"took {held} messages with m_axis stalled"
    await RisingEdge(dut.clk)
    got = await axis.collect(dut, len(msgs), rng, 0.3)
    await sender
    for w in watch:
        w.cancel()
    assert [g["tdata"] for g in got] == [expect(m) for m in msgs]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def reset_mid_message(dut):
    rng = axis.seeded()
    await init(dut)
    blocks = [rng.getrandbits(128) for _ in range(4 * LANES)]
    beats = beats_for(blocks)
    dut.m_axis_tready.value = 1
    for b in beats[: max(1, len(beats) // 2)]:
        await RisingEdge(dut.clk)
        for k, v in b.items():
            getattr(dut, f"s_axis_{k}").value = v
        dut.s_axis_tvalid.value = 1
    await RisingEdge(dut.clk)
    dut.s_axis_tvalid.value = 0
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0
    await RisingEdge(dut.clk)
    fresh = [rng.getrandbits(128) for _ in range(2 * LANES + 1)]
    sender = cocotb.start_soon(axis.send(dut, beats_for(fresh), rng, 0.2))
    got = await axis.collect(dut, 1, rng, 0.2)
    await sender
    assert got[0]["tdata"] == expect(fresh)


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def protocol_errors_are_flagged(dut):
    rng = axis.seeded()
    await init(dut)
    if LANES == 1:
        bad = [{"tdata": 5, "tkeep": 0, "tlast": 0}, {"tdata": 7, "tkeep": 1, "tlast": 1}]
    else:
        bad = [{"tdata": 5, "tkeep": 1, "tlast": 0}, {"tdata": 7, "tkeep": (1 << LANES) - 1, "tlast": 1}]
    errors: list[int] = []
    w = cocotb.start_soon(axis.sample_each_cycle(dut, "error", errors))
    sender = cocotb.start_soon(axis.send(dut, bad, rng, 0.0))
    got = await axis.collect(dut, 1, rng, 0.0, fields=("tdata", "tuser"))
    await sender
    await ClockCycles(dut.clk, 2)
    w.cancel()
    assert got[0]["tuser"] == 1, "a malformed message must be marked"
    assert sum(errors) == 1, "error pulses once for the one malformed beat"
    good = [rng.getrandbits(128) for _ in range(LANES + 1)]
    sender = cocotb.start_soon(axis.send(dut, beats_for(good), rng, 0.0))
    got = await axis.collect(dut, 1, rng, 0.0, fields=("tdata", "tuser"))
    await sender
    assert got[0] == {"tdata": expect(good), "tuser": 0}, "the next message is clean"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def spec_test_cases_with_this_h(dut):
    """For each GCM spec test case whose H is this core's, every prefix gives the published X_i."""
    rng = axis.seeded()
    await init(dut)
    cases = [c for c in spec.load() if int.from_bytes(c["H"], "big") == H]
    cocotb.log.info(f"{len(cases)} spec test cases use this H")
    for case in cases:
        blocks = gf128.pad_blocks(case["A"]) + gf128.pad_blocks(case["C"]) + [int.from_bytes(case["LEN"], "big")]
        prefixes = [blocks[: i + 1] for i in range(len(blocks))]
        sender = cocotb.start_soon(axis.send(dut, [b for p in prefixes for b in beats_for(p)], rng, 0.2))
        got = await axis.collect(dut, len(prefixes), rng, 0.2)
        await sender
        want = [int.from_bytes(x, "big") for x in case.indexed("X")] + [int.from_bytes(case["GHASH"], "big")]
        assert [g["tdata"] for g in got] == want, f"spec test case {case.number}"
