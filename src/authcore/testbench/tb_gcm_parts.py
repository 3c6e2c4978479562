"""cocotb testbenches of gcm_core's parts on their own ports (the parts' contracts, beside the
whole core's tests in tb_gcm). The DUT's name and parameters come from tbconfig."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.testbench import tbconfig

TOP = tbconfig.toplevel()
P = tbconfig.parameters()

if TOP == "gcm_lengths":
    LEN_W = int(P.get("LEN_W", 36))
    BW = int(P.get("BW", 16))
    IVL_W = min(LEN_W, 32)
    PH_IV, PH_AAD, PH_TXT = 1, 2, 3

    async def lengths_init(dut) -> None:
        for s in ("key_clear", "clear", "take", "phase", "nbytes", "full"):
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)

    async def pulse(dut, name: str) -> None:
        """One cycle of ``name`` high; returns settled (ReadOnly) in the cycle after."""
        await RisingEdge(dut.clk)
        getattr(dut, name).value = 1
        await RisingEdge(dut.clk)
        getattr(dut, name).value = 0
        await ReadOnly()

    async def beat(dut, phase: int, nbytes: int) -> int:
        """Take one beat; returns `over` as it was when the beat was offered."""
        await RisingEdge(dut.clk)
        dut.take.value, dut.phase.value, dut.nbytes.value, dut.full.value = 1, phase, nbytes, int(nbytes == BW)
        await ReadOnly()
        over = int(dut.over.value)
        await RisingEdge(dut.clk)
        dut.take.value = 0
        return over

    @cocotb.test(timeout_time=20, timeout_unit="ms")
    async def counts_and_length_blocks(dut):
        """Random packets: the length blocks are [len(A) || len(C)] and [0 || len(IV)] in bits, and
        the header's clear zeroes them for the next packet."""
        rng = axis.seeded()
        await lengths_init(dut)
        for _ in range(40):
            lens = {}
            for ph in (PH_IV, PH_AAD, PH_TXT):
                n = rng.randrange(0, 6 * BW)
                lens[ph] = n
                for i in range(0, n, BW):
                    assert await beat(dut, ph, min(BW, n - i)) == 0
            await ReadOnly()
            assert int(dut.len_blk.value) == ((8 * lens[PH_AAD]) << 64) | (8 * lens[PH_TXT])
            assert int(dut.iv_len_blk.value) == 8 * lens[PH_IV]
            await pulse(dut, "clear")
            assert int(dut.len_blk.value) == 0 and int(dut.iv_len_blk.value) == 0

    @cocotb.test(timeout_time=200, timeout_unit="ms")
    async def limit_sets_over_exactly_at_the_limit(dut):
        """Each phase holds up to 2^W - 32 bytes: the beat that reaches it is taken, the next one
        sees over (only with a narrow LEN_W can a simulation get there)."""
        await lengths_init(dut)
        for ph, w in ((PH_AAD, LEN_W), (PH_TXT, LEN_W), (PH_IV, IVL_W)):
            if w > 12:
                return
            beats = ((1 << w) - 32) // BW
            for i in range(beats):
                assert await beat(dut, ph, BW) == 0, f"phase {ph} over early, beat {i}"
            assert await beat(dut, ph, BW) == 1, f"phase {ph}: no over past {(1 << w) - 32} bytes"
            # key_clear empties every count and flag
            await pulse(dut, "key_clear")
            assert int(dut.over.value) == 0 and int(dut.len_blk.value) == 0
