"""cocotb testbench of hmac_selftest: the power-on known-answer test in front of hmac_core.

Configuration: a ``tbconfig.HmacSelftestTb``: expect pass (default) or fail (the toplevel was built
with an expected MAC that cannot match), and tb_hmac_core's hash; AUTHCORE_SEED.
"""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
import tb_hmac_core
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from authcore.model import hmac as hmac_model
from authcore.testbench.tbconfig import HmacSelftestTb

EXPECT = HmacSelftestTb.load().expect


async def watch_self_test(dut, limit: int = 4000) -> int:
    """Cycles until a verdict; the user's ports must stay held meanwhile."""
    for cycles in range(limit):
        await RisingEdge(dut.clk)
        await ReadOnly()
        if dut.selftest_pass.value == 1 or dut.selftest_fail.value == 1:
            return cycles
        assert dut.k_axis_tready.value == 0 and dut.s_axis_tready.value == 0, "a port was released during the test"
        assert dut.m_axis_tvalid.value == 0 and int(dut.key_valid.value) == 0, "the KAT leaked to the user's ports"
    raise AssertionError(f"no self-test verdict within {limit} cycles")


async def start(dut) -> None:
    for s in ("k_axis_tvalid", "s_axis_tvalid", "m_axis_tready", "key_clear", "k_axis_tuser", "s_axis_tuser",
              "s_axis_tid"):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


@cocotb.test(timeout_time=20, timeout_unit="ms", skip=EXPECT != "pass")
async def passes_then_serves_the_user(dut):
    rng = axis.seeded()
    await start(dut)
    # a one-beat message waits from the start: it is not taken before the verdict (watch_self_test
    # checks s_axis_tready), then it comes back marked bad (no key loaded: the KAT key is gone)
    dut.s_axis_tdata.value = 0x64636261
    dut.s_axis_tkeep.value = 0b1111
    dut.s_axis_tlast.value = 1
    dut.s_axis_tuser.value = tb_hmac_core.alg_bit(tb_hmac_core.ALGS[0])
    dut.s_axis_tvalid.value = 1
    cycles = await watch_self_test(dut)
    cocotb.log.info(f"self-test passed after {cycles} cycles")
    assert dut.selftest_pass.value == 1 and dut.selftest_fail.value == 0
    assert int(dut.key_valid.value) == 0, "the KAT key was not erased"
    while True:
        await RisingEdge(dut.clk)
        await ReadOnly()
        if dut.s_axis_tready.value == 1:
            break
    await RisingEdge(dut.clk)
    dut.s_axis_tvalid.value = 0
    got = await axis.collect(dut, tb_hmac_core.SIZE[tb_hmac_core.ALGS[0]] // 4, rng, 0.0, fields=("tuser",))
    assert {g["tuser"] for g in got} == {1}, "the waiting message had no key: its MAC must be marked"
    for alg in tb_hmac_core.ALGS:
        key, msg = rng.randbytes(rng.randrange(1, 100)), rng.randbytes(rng.randrange(0, 150))
        await tb_hmac_core.load_key(dut, rng, alg, key)
        assert await tb_hmac_core.macs(dut, rng, [(alg, msg)], 0.2, 0.2) == [(hmac_model.hmac(alg, key, msg), 0)]
    # key_clear runs the test again (and erases the user's key)
    await RisingEdge(dut.clk)
    dut.key_clear.value = 1
    await RisingEdge(dut.clk)
    dut.key_clear.value = 0
    await ReadOnly()
    assert dut.selftest_pass.value == 0 and int(dut.key_valid.value) == 0
    await watch_self_test(dut)
    assert dut.selftest_pass.value == 1
    # a reset in the middle of the test starts it over, and it passes again
    await RisingEdge(dut.clk)
    await axis.reset(dut)
    await ClockCycles(dut.clk, rng.randrange(5, 200))
    await axis.reset(dut)
    await watch_self_test(dut)
    assert dut.selftest_pass.value == 1


@cocotb.test(timeout_time=20, timeout_unit="ms", skip=EXPECT != "fail")
async def a_wrong_answer_holds_the_ports(dut):
    rng = axis.seeded()
    await start(dut)
    await watch_self_test(dut)
    assert dut.selftest_fail.value == 1 and dut.selftest_pass.value == 0
    # the ports stay held: a key offered is not taken, nothing comes out
    sender = cocotb.start_soon(axis.send(dut, axis.byte_beats(rng.randbytes(8)), rng, 0.0, prefix="k_axis"))
    for _ in range(300):
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert dut.k_axis_tready.value == 0 and dut.m_axis_tvalid.value == 0 and int(dut.key_valid.value) == 0
    sender.cancel()
