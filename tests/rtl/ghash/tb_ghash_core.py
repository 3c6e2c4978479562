"""cocotb testbench of ghash_core (H through a port; parallel, Karatsuba or digit-serial multiplier)."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.model import gf128
from authcore.vectors import spec


def beats(blocks):
    return [{"tdata": b, "tlast": int(i == len(blocks) - 1)} for i, b in enumerate(blocks)]


async def init(dut):
    for s in ("s_axis_tvalid", "m_axis_tready", "s_axis_tdata", "s_axis_tlast", "h_load", "key_clear"):
        getattr(dut, s).value = 0
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
    sender = cocotb.start_soon(axis.send(dut, [b for m in msgs for b in beats(m)], rng, gap_in))
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
        h = rng.getrandbits(128)
        await load_h(dut, h)
        msgs = [[rng.getrandbits(128) for _ in range(rng.randrange(1, 41))] for _ in range(5)]
        got = await run_msgs(dut, rng, msgs, rng.choice([0.0, 0.4]), rng.choice([0.0, 0.4]))
        assert got == [gf128.ghash_chain(h, m)[-1] for m in msgs]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def reset_and_key_clear_mid_message(dut):
    rng = axis.seeded()
    await init(dut)
    h = rng.getrandbits(128)
    await load_h(dut, h)
    dut.m_axis_tready.value = 1
    for clear in ("rst", "key_clear"):
        for _ in range(3):
            await RisingEdge(dut.clk)
            dut.s_axis_tdata.value = rng.getrandbits(128)
            dut.s_axis_tlast.value = 0
            dut.s_axis_tvalid.value = 1
        await RisingEdge(dut.clk)
        dut.s_axis_tvalid.value = 0
        getattr(dut, clear).value = 1
        await RisingEdge(dut.clk)
        getattr(dut, clear).value = 0
        await ReadOnly()
        assert int(dut.h_q.value) == 0, f"{clear} must erase H"
        await load_h(dut, h)
        m = [rng.getrandbits(128) for _ in range(5)]
        assert await run_msgs(dut, rng, [m], 0.1, 0.1) == [gf128.ghash_chain(h, m)[-1]]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def h_load_mid_message_raises_error(dut):
    rng = axis.seeded()
    await init(dut)
    await load_h(dut, rng.getrandbits(128))
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
