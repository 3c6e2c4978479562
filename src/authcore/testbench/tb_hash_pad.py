"""cocotb testbench of hash_pad: every message's blocks must be the model's padded message, with the
length in each algorithm's byte order, an optional prefix block counted, and protocol errors flagged."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.model.md5 import MD5
from authcore.model.sha1 import SHA1


async def init(dut):
    for s in ("s_axis_tvalid", "m_axis_tready", "s_axis_tdata", "s_axis_tkeep", "s_axis_tlast", "s_axis_tuser"):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


def expected(msg: bytes, user: int) -> list[dict[str, int]]:
    cls = MD5 if user & 1 else SHA1
    padded = cls.padded(msg, 64 if user & 2 else 0)
    n = len(padded) // 64
    return [{"tdata": int.from_bytes(padded[64 * i : 64 * i + 64], "big"), "tlast": int(i == n - 1), "tuser": user}
            for i in range(n)]


async def run(dut, rng, msgs, gap_in, gap_out, empty_ends=True):
    """empty_ends: some messages whose length is a multiple of 4 end with an empty tlast beat."""
    beats = [b for m, u in msgs for b in axis.byte_beats(m, rng if empty_ends else None, u)]
    want = [b for m, u in msgs for b in expected(m, u)]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, gap_in))
    got = await axis.collect(dut, len(want), rng, gap_out, fields=("tdata", "tlast", "tuser"))
    await sender
    return got, want


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def every_length_both_orders(dut):
    """Lengths 0..200 (every boundary around 55, 56, 63, 64 and their multiples), random tuser."""
    rng = axis.seeded()
    await init(dut)
    lengths = list(range(0, 201))
    rng.shuffle(lengths)
    for i in range(0, len(lengths), 40):
        msgs = [(rng.randbytes(n), rng.randrange(4)) for n in lengths[i : i + 40]]
        got, want = await run(dut, rng, msgs, rng.choice([0.0, 0.3]), rng.choice([0.0, 0.5]))
        for k, (g, w) in enumerate(zip(got, want, strict=True)):
            assert g == w, f"block {k} of batch {i // 40}"


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def full_rate_input(dut):
    """With a ready consumer a message streams at one beat per cycle; after its tlast beat the input
    waits exactly one cycle per padding word (the 0x80 word, zeros, two length words)."""
    rng = axis.seeded()
    await init(dut)
    msgs = [(rng.randbytes(64 * 4), 0), (rng.randbytes(64 * 3 + 20), 1), (rng.randbytes(5), 0)]
    ready: list[int] = []
    valid: list[int] = []
    mons = [cocotb.start_soon(axis.sample_each_cycle(dut, "s_axis_tready", ready)),
            cocotb.start_soon(axis.sample_each_cycle(dut, "s_axis_tvalid", valid))]
    got, want = await run(dut, rng, msgs, 0.0, 0.0, empty_ends=False)
    for m in mons:
        m.cancel()
    assert got == want
    stalls = sum(1 for r, v in zip(ready, valid, strict=False) if v and not r)
    pad_words = [len(SHA1.padded(m)) // 4 - len(axis.byte_beats(m)) for m, _ in msgs[:-1]]
    runs = "".join("s" if v and not r else ("." if v else "_") for r, v in zip(ready, valid, strict=False))
    assert stalls == sum(pad_words), f"{stalls} stalled cycles, padding words {pad_words}: {runs}"


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def protocol_errors_flagged(dut):
    rng = axis.seeded()
    await init(dut)
    good = rng.randbytes(30)
    bad_beats = axis.byte_beats(rng.randbytes(40))
    bad_beats[2]["tkeep"] = 0b0111  # partial beat before tlast
    holey = axis.byte_beats(rng.randbytes(10))
    holey[-1]["tkeep"] = 0b0101  # a hole in the last beat
    errors: list[int] = []
    mon = cocotb.start_soon(axis.sample_each_cycle(dut, "error", errors))
    sender = cocotb.start_soon(axis.send(dut, bad_beats + holey + axis.byte_beats(good), rng, 0.0))
    got = await axis.collect(dut, 3, rng, 0.0, fields=("tlast", "tuser"))
    await sender
    mon.cancel()
    assert [g["tuser"] >> 2 for g in got] == [1, 1, 0], "each broken message is marked on its last block"
    assert sum(errors) == 2
    # The next message after the errors is padded correctly.
    got2, want2 = await run(dut, rng, [(good, 1)], 0.0, 0.0)
    assert got2 == want2


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def reset_mid_message(dut):
    rng = axis.seeded()
    await init(dut)
    sender = cocotb.start_soon(axis.send(dut, axis.byte_beats(rng.randbytes(100)), rng, 0.0))
    dut.m_axis_tready.value = 0
    for _ in range(rng.randrange(3, 20)):
        await RisingEdge(dut.clk)
    sender.cancel()
    dut.s_axis_tvalid.value = 0
    await axis.reset(dut)
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0
    msgs = [(rng.randbytes(rng.randrange(0, 150)), rng.randrange(4)) for _ in range(4)]
    got, want = await run(dut, rng, msgs, 0.2, 0.2)
    assert got == want
