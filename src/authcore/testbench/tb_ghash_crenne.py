"""cocotb testbench of the generated ghash_crenne_pipe (Crenne et al.'s n-stage chain) against the model.

Configuration: a ``tbconfig.GhashCrenneTb``: the generated folder's manifest.json gives the
configuration (stages, feedback, latency, FIFO depth); the test key's H (a random test key, not a
secret).
"""

from __future__ import annotations

import json

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from authcore.model import gf128
from authcore.testbench.tbconfig import GhashCrenneTb
from authcore.vectors import spec

_TB = GhashCrenneTb.load()
H = int(_TB.h, 16)
with open(_TB.manifest) as _f:
    CFG = json.load(_f)
N = int(CFG["stages"])
FEEDBACK = bool(CFG["feedback"])
LATENCY = int(CFG["latency"])
DEPTH = int(CFG["fifo_depth"])
FULL = (1 << N) - 1


def ghash(blocks: list[int]) -> int:
    chain = gf128.ghash_chain(H, blocks)
    return chain[-1] if chain else 0


def beats_for(blocks: list[int], pad: int) -> list[dict[str, int]]:
    """A message as beats of N blocks (block 0 of a beat in the low lane). Without the feedback
    path a message is exactly one full beat; with it, the last beat holds 0..N blocks."""
    if not FEEDBACK:
        assert len(blocks) == N
        return [{"tdata": sum(b << (128 * j) for j, b in enumerate(blocks)), "tuser": pad}]
    out = []
    for i in range(0, max(len(blocks), 1), N):
        chunk = blocks[i : i + N]
        out.append({"tdata": sum(b << (128 * j) for j, b in enumerate(chunk)), "tkeep": (1 << len(chunk)) - 1,
                    "tlast": 0, "tuser": 0})
    out[-1]["tlast"] = 1
    out[-1]["tuser"] = pad
    return out


async def init(dut) -> None:
    dut.s_axis_tvalid.value = 0
    dut.m_axis_tready.value = 0
    dut.s_axis_tdata.value = 0
    dut.s_axis_tuser.value = 0
    if FEEDBACK:
        dut.s_axis_tkeep.value = 0
        dut.s_axis_tlast.value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


def random_message(rng, length: int | None = None) -> tuple[list[int], int]:
    n = N if length is None else length
    pad = 0 if rng.random() < 0.3 else rng.getrandbits(128)
    return [rng.getrandbits(128) for _ in range(n)], pad


async def run(dut, rng, msgs, gap_in: float, gap_out: float) -> None:
    beats = [b for blocks, pad in msgs for b in beats_for(blocks, pad)]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, gap_in))
    fields = ("tdata", "tuser") if FEEDBACK else ("tdata",)
    got = await axis.collect(dut, len(msgs), rng, gap_out, fields=fields)
    await sender
    for i, ((blocks, pad), g) in enumerate(zip(msgs, got, strict=True)):
        if FEEDBACK:
            assert g["tuser"] == 0, f"message {i} marked as malformed"
        assert g["tdata"] == ghash(blocks) ^ pad, f"message {i} ({len(blocks)} blocks): got {g['tdata']:032x}"


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def random_messages_with_stalls(dut):
    """N-block messages with random PADs, random gaps on both sides."""
    rng = axis.seeded()
    await init(dut)
    for gap_in, gap_out in ((0.0, 0.5), (0.5, 0.0), (0.3, 0.3), (0.0, 0.9)):
        await run(dut, rng, [random_message(rng) for _ in range(30)], gap_in, gap_out)


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def a_message_every_cycle(dut):
    """No gaps anywhere: one message taken every cycle, its result LATENCY cycles later."""
    rng = axis.seeded()
    await init(dut)
    msgs = [random_message(rng) for _ in range(3 * DEPTH)]
    seen: list[int] = []
    watch = cocotb.start_soon(axis.sample_each_cycle(dut, "m_axis_tvalid", seen))
    start = cocotb.utils.get_sim_time("ns")
    await run(dut, rng, msgs, 0.0, 0.0)
    cycles = (cocotb.utils.get_sim_time("ns") - start) / 10
    watch.cancel()
    assert cycles <= len(msgs) + LATENCY + 4, f"{len(msgs)} messages took {cycles} cycles"
    first = seen.index(1)
    assert first == LATENCY, f"the first result came {first} cycles after its beat, expected {LATENCY}"
    assert all(seen[first : first + len(msgs)]), "results did not leave one a cycle"


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def stalled_output_takes_exactly_the_credit(dut):
    """With m_axis stalled the core takes exactly DEPTH messages (its credit), loses nothing, and
    hands every result over in order once m_axis moves."""
    rng = axis.seeded()
    await init(dut)
    msgs = [random_message(rng) for _ in range(DEPTH + 10)]
    beats = [b for m in msgs for b in beats_for(*m)]
    seen: dict[str, list[int]] = {"s_axis_tvalid": [], "s_axis_tready": []}
    if FEEDBACK:
        seen["s_axis_tlast"] = []
    watch = [cocotb.start_soon(axis.sample_each_cycle(dut, name, v)) for name, v in seen.items()]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.0))
    await ClockCycles(dut.clk, DEPTH + LATENCY + 20)
    await ReadOnly()
    assert dut.s_axis_tready.value == 0, "m_axis stalled, yet the core still takes input"
    taken = sum(all(v) for v in zip(*seen.values(), strict=False))
    assert taken == DEPTH, f"took {taken} messages against a credit of {DEPTH}"
    await RisingEdge(dut.clk)
    got = await axis.collect(dut, len(msgs), rng, 0.3)
    await sender
    for w in watch:
        w.cancel()
    assert [g["tdata"] for g in got] == [ghash(b) ^ p for b, p in msgs]


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def reset_mid_stream(dut):
    """A reset with messages in the chain and the FIFO: none of them comes out, and the next ones
    are right."""
    rng = axis.seeded()
    await init(dut)
    msgs = [random_message(rng) for _ in range(LATENCY + 6)]
    beats = [b for m in msgs for b in beats_for(*m)]
    dut.m_axis_tready.value = 0
    sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.0))
    await ClockCycles(dut.clk, rng.randrange(2, LATENCY + 4))
    sender.cancel()
    await axis.clear_mid_stream(dut, "rst")
    await RisingEdge(dut.clk)
    outs: list[int] = []
    watch = cocotb.start_soon(axis.sample_each_cycle(dut, "m_axis_tvalid", outs))
    dut.m_axis_tready.value = 1
    await ClockCycles(dut.clk, LATENCY + 8)
    watch.cancel()
    assert not any(outs), "a result from before the reset came out"
    await run(dut, rng, [random_message(rng) for _ in range(10)], 0.2, 0.2)


def spec_messages() -> list[tuple[list[int], int, int]]:
    """(blocks, PAD, tag) of the spec's test cases whose H is this core's and whose GHASH input
    fits the chain: without the feedback path, zero blocks in front (they leave GHASH unchanged)
    fill the beat. The PAD E_K(Y0) makes the result the spec's tag T."""
    out = []
    for case in spec.load():
        if int.from_bytes(case["H"], "big") != H:
            continue
        blocks = gf128.pad_blocks(case["A"]) + gf128.pad_blocks(case["C"]) + [int.from_bytes(case["LEN"], "big")]
        if not FEEDBACK:
            if len(blocks) > N:
                continue
            blocks = [0] * (N - len(blocks)) + blocks
        out.append((blocks, int.from_bytes(case["EY0"], "big"), int.from_bytes(case["T"], "big")))
    return out


SPEC = spec_messages()

if SPEC:

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def spec_tags(dut):
        """The spec's tags T from GHASH xor E_K(Y0) (see spec_messages)."""
        rng = axis.seeded()
        await init(dut)
        cocotb.log.info(f"{len(SPEC)} spec test cases fit this core and use its H")
        beats = [b for blocks, pad, _ in SPEC for b in beats_for(blocks, pad)]
        sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.2))
        got = await axis.collect(dut, len(SPEC), rng, 0.2)
        await sender
        assert [g["tdata"] for g in got] == [t for _, _, t in SPEC]


if FEEDBACK:

    @cocotb.test(timeout_time=20, timeout_unit="ms")
    async def feedback_lengths_0_to_5n(dut):
        """Every length from 0 to 5N blocks, twice, in random order, with random gaps: the
        continuation beats wait for their pass, short messages in between enter at once."""
        rng = axis.seeded()
        await init(dut)
        lengths = list(range(0, 5 * N + 1)) * 2
        rng.shuffle(lengths)
        await run(dut, rng, [random_message(rng, n) for n in lengths], 0.2, 0.2)

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def feedback_pass_schedule(dut):
        """A message of 3N blocks with no gaps takes its three passes LATENCY - 1 cycles apart: the
        chain and fb_q are in the loop, the FIFO's two cycles are not."""
        rng = axis.seeded()
        await init(dut)
        msg = random_message(rng, 3 * N)
        seen: dict[str, list[int]] = {"s_axis_tvalid": [], "s_axis_tready": []}
        watch = [cocotb.start_soon(axis.sample_each_cycle(dut, name, v)) for name, v in seen.items()]
        await run(dut, rng, [msg], 0.0, 0.0)
        for w in watch:
            w.cancel()
        takes = [i for i, (v, r) in enumerate(zip(*seen.values(), strict=False)) if v and r]
        assert [b - a for a, b in zip(takes, takes[1:], strict=False)] == [LATENCY - 1] * 2, takes

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def feedback_protocol_errors(dut):
        """A short beat before tlast, a non-contiguous tkeep and an empty beat before tlast each
        mark their message and pulse error once; the next message is clean."""
        rng = axis.seeded()
        await init(dut)
        errors: list[int] = []
        w = cocotb.start_soon(axis.sample_each_cycle(dut, "error", errors))
        bad = []
        if N > 1:
            bad.append([{"tdata": 5, "tkeep": 1, "tlast": 0, "tuser": 0},
                        {"tdata": 7, "tkeep": FULL, "tlast": 1, "tuser": 0}])
            bad.append([{"tdata": 9, "tkeep": 2, "tlast": 1, "tuser": 0}])
        bad.append([{"tdata": 3, "tkeep": 0, "tlast": 0, "tuser": 0}, {"tdata": 1, "tkeep": 1, "tlast": 1, "tuser": 0}])
        sender = cocotb.start_soon(axis.send(dut, [b for m in bad for b in m], rng, 0.0))
        got = await axis.collect(dut, len(bad), rng, 0.0, fields=("tdata", "tuser"))
        await sender
        await ClockCycles(dut.clk, 2)
        w.cancel()
        assert [g["tuser"] for g in got] == [1] * len(bad), "every malformed message is marked"
        assert sum(errors) == len(bad), "error pulses once per malformed beat"
        await run(dut, rng, [random_message(rng, N + 1)], 0.0, 0.0)
