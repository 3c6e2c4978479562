"""cocotb testbench of gcm_selftest: the power-on known-answer test in front of gcm_core.

Configuration: a ``tbconfig.GcmSelftestTb``: expect pass (default) or fail (the toplevel was built
with a KAT that cannot pass), and tb_gcm's fields (key and fixed for a generated whole-key top: no
key port, the KAT runs under the built-in key, which stays loaded; lanes); AUTHCORE_SEED.
"""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
import tb_gcm
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.testbench.tbconfig import GcmSelftestTb

EXPECT = GcmSelftestTb.load().expect


async def watch_self_test(dut, limit: int = 3000) -> int:
    """Cycles until selftest_pass or selftest_fail; the user's ports must stay held meanwhile."""
    for cycles in range(limit):
        await RisingEdge(dut.clk)
        await ReadOnly()
        if dut.selftest_pass.value == 1 or dut.selftest_fail.value == 1:
            return cycles
        assert dut.s_axis_tready.value == 0 and dut.m_axis_tvalid.value == 0, "a port was released during the self-test"
        assert tb_gcm.FIXED or dut.key_ready.value == 0, "key_ready rose during the self-test"
    raise AssertionError(f"no self-test verdict within {limit} cycles")


@cocotb.test(timeout_time=20, timeout_unit="ms", skip=EXPECT != "pass")
async def passes_then_serves_the_user(dut):
    rng = axis.seeded()
    # A one-beat packet (a header with tlast: malformed) waits from the start; it must not be taken
    # before the test passes, and then it comes back as an error beat.
    dut.s_axis_tvalid.value = 1
    dut.s_axis_tlast.value = 1
    dut.s_axis_tkeep.value = 3
    for s in ("m_axis_tready", "key_clear", "s_axis_tuser", "s_axis_tdata") + (
            () if tb_gcm.FIXED else ("key_valid", "key", "key_len")):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)
    cycles = await watch_self_test(dut)
    cocotb.log.info(f"self-test passed after {cycles} cycles")
    assert dut.selftest_pass.value == 1 and dut.selftest_fail.value == 0
    # The KAT key is erased before the user gets the core; a fixed key is the core's own and stays.
    assert dut.key_loaded.value == int(tb_gcm.FIXED), "key_loaded after the self-test"
    await RisingEdge(dut.clk)
    dut.s_axis_tvalid.value = 0
    dut.s_axis_tlast.value = 0
    got = await tb_gcm.collect_packets(dut, 1, rng, 0.0)
    assert got[0] == [tb_gcm.ERROR_BEAT], "the waiting packet (no IV; and no key loaded yet unless fixed)"
    for _ in range(2):
        key = tb_gcm.pick_key(rng)
        await tb_gcm.load_key(dut, key)
        ps = [tb_gcm.random_packet(rng, key) for _ in range(6)]
        got = await tb_gcm.run(dut, rng, key, ps, 0.2, 0.2)
        for p, g in zip(ps, got, strict=True):
            assert g == tb_gcm.expect(key, p), tb_gcm.show(key, p)
    # key_clear erases the user's key and runs the test again.
    await RisingEdge(dut.clk)
    dut.key_clear.value = 1
    await RisingEdge(dut.clk)
    dut.key_clear.value = 0
    await ReadOnly()
    assert dut.selftest_pass.value == 0
    await watch_self_test(dut)
    assert dut.selftest_pass.value == 1 and dut.key_loaded.value == int(tb_gcm.FIXED)
    if tb_gcm.FIXED:  # and it serves again, under its key
        key = tb_gcm.KEY
        ps = [tb_gcm.random_packet(rng, key) for _ in range(3)]
        got = await tb_gcm.run(dut, rng, key, ps, 0.2, 0.2)
        for p, g in zip(ps, got, strict=True):
            assert g == tb_gcm.expect(key, p), tb_gcm.show(key, p)


@cocotb.test(timeout_time=20, timeout_unit="ms", skip=EXPECT != "fail")
async def fails_and_holds_the_ports(dut):
    rng = axis.seeded()
    await tb_gcm.init(dut)
    await watch_self_test(dut)
    assert dut.selftest_fail.value == 1 and dut.selftest_pass.value == 0
    # Nothing gets through: not a key, not a packet.
    await RisingEdge(dut.clk)
    if not tb_gcm.FIXED:
        dut.key.value = int.from_bytes(rng.randbytes(16).ljust(32, b"\0"), "big")
        dut.key_valid.value = 1
    dut.s_axis_tvalid.value = 1
    dut.m_axis_tready.value = 1
    for _ in range(200):
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert dut.s_axis_tready.value == 0 and dut.m_axis_tvalid.value == 0
        assert tb_gcm.FIXED or dut.key_ready.value == 0
        assert dut.selftest_fail.value == 1
