"""cocotb testbenches of the stream primitives in rtl/common: axis_fifo, axis_reg, axis_keep,
byte_rev and delay_line.

The configuration is the DUT's name and the parameters it was elaborated with (tbconfig, over the
modules' defaults), never internal signals.
"""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge, Timer

from authcore.testbench import tbconfig

# The modules' parameter defaults, for what a test leaves at its default.
DEFAULTS = {"axis_fifo": {"WIDTH": 8, "DEPTH": 16, "STYLE": "block", "WIPE": 0, "OUT_REGS": 1, "EAGER": 0},
            "axis_reg": {"WIDTH": 8, "MODE": 1, "WIPE": 0, "EAGER": 0},
            "axis_keep": {"BYTES": 16},
            "byte_rev": {"WIDTH": 128, "GROUP": 16},
            "delay_line": {"WIDTH": 1, "DELAY": 1, "RESET": 0}}
_TOP = tbconfig.toplevel()
CFG = {"top": _TOP, **DEFAULTS.get(_TOP or "", {}), **tbconfig.parameters()}


async def own_driver_traffic(dut, init, width: int, count: int) -> None:
    """``count`` random words a round through authcore's driver, once for each pair of valid and
    ready gap rates below; every word once and in order (axis.collect checks the hold)."""
    rng = axis.seeded()
    await init(dut)
    for gap_in, gap_out in ((0.0, 0.0), (0.5, 0.0), (0.0, 0.7), (0.3, 0.3)):
        words = [rng.getrandbits(width) for _ in range(count)]
        sender = cocotb.start_soon(axis.send(dut, [{"tdata": w} for w in words], rng, gap_in))
        got = await axis.collect(dut, len(words), rng, gap_out)
        await sender
        assert [g["tdata"] for g in got] == words, f"gaps {gap_in}/{gap_out}"


async def cocotbext_axi_traffic(dut, init, width: int) -> None:
    """The same primitive driven by an independent driver: cocotbext-axi's AXI4-Stream source and
    sink, each with a random pause generator; every word comes out once, in order, and our own
    monitor checks that m_axis holds while it waits (cocotbext-axi's sink does not)."""
    import itertools

    from cocotbext.axi import AxiStreamBus, AxiStreamFrame, AxiStreamSink, AxiStreamSource

    rng = axis.seeded()
    await init(dut)
    await RisingEdge(dut.clk)   # out of the read-only phase the init may end in
    src = AxiStreamSource(AxiStreamBus.from_prefix(dut, "s_axis"), dut.clk, dut.rst)
    snk = AxiStreamSink(AxiStreamBus.from_prefix(dut, "m_axis"), dut.clk, dut.rst)
    src.set_pause_generator(itertools.cycle([rng.random() < 0.3 for _ in range(97)]))
    snk.set_pause_generator(itertools.cycle([rng.random() < 0.4 for _ in range(89)]))
    violations: list[str] = []

    async def monitor() -> None:
        held = None
        while True:
            await RisingEdge(dut.clk)
            await ReadOnly()
            v, r = int(dut.m_axis_tvalid.value), int(dut.m_axis_tready.value)
            cur = int(dut.m_axis_tdata.value) if v else None
            if held is not None and cur != held:
                violations.append(f"m_axis changed or dropped while waiting: {held:#x} -> {cur}")
            held = cur if v and not r else None

    mon = cocotb.start_soon(monitor())
    words = [rng.getrandbits(width) for _ in range(300)]
    for w in words:
        await src.send(AxiStreamFrame(w.to_bytes(width // 8, "little")))
    got = [int.from_bytes(bytes((await snk.recv()).tdata), "little") for _ in words]
    mon.cancel()
    assert got == words and not violations, violations[:3]


async def fifo_init(dut) -> None:
    dut.s_axis_tvalid.value = 0
    dut.s_axis_tdata.value = 0
    dut.m_axis_tready.value = 0
    dut.clear.value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)
    await ReadOnly()
    await wait_not_busy(dut)


async def wait_not_busy(dut) -> None:
    """From ReadOnly, until busy is low (returns in ReadOnly)."""
    for _ in range(4 * int(CFG["DEPTH"]) + 8):
        if dut.busy.value == 0:
            return
        await RisingEdge(dut.clk)
        await ReadOnly()
    raise AssertionError("busy did not fall")


if CFG.get("top") == "axis_fifo":
    DEPTH = int(CFG["DEPTH"])
    WIDTH = int(CFG["WIDTH"])
    OUT_REGS = int(CFG.get("OUT_REGS", 1))
    HOLDS = DEPTH + min(OUT_REGS, 2)   # the memory and the output registers (not the read register)
    LATENCY = {0: 1, 1: 2, 2: 2, 3: 3}[OUT_REGS]
    # WIPE zeroes block RAM a word a cycle, LUT RAM a row of its 16-word banks a cycle, flip-flops
    # in the reset cycle
    STYLE = CFG.get("STYLE", "block")
    WIPE_CYCLES = 0 if not CFG["WIPE"] or STYLE == "logic" else DEPTH if STYLE == "block" else min(DEPTH, 16)

    async def nonempty_is_count_nonzero(dut, seen: list[int]) -> None:
        """Every cycle after reset: nonempty == (count != 0); counts the cycles where it differs
        from m_axis_tvalid (a word on its way to an output register)."""
        while True:
            await ReadOnly()
            if dut.rst.value.is_resolvable and dut.rst.value == 0 and dut.count.value.is_resolvable:
                n = int(dut.count.value)
                assert int(dut.nonempty.value) == (n != 0), f"nonempty {dut.nonempty.value}, count {n}"
                seen.append(int(dut.nonempty.value) != int(dut.m_axis_tvalid.value))
            await RisingEdge(dut.clk)

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def random_traffic_in_order(dut):
        """Every word comes out once, in order, whatever the valid and ready gaps; data holds while
        m_axis waits (axis.collect checks it); nonempty follows count every cycle, and with an
        output register it rises before m_axis_tvalid."""
        early: list[int] = []
        mon = cocotb.start_soon(nonempty_is_count_nonzero(dut, early))
        await own_driver_traffic(dut, fifo_init, WIDTH, 5 * DEPTH)
        mon.cancel()
        assert any(early) == (OUT_REGS != 0), f"nonempty ahead of m_axis_tvalid in {sum(early)} cycles"

    @cocotb.test(timeout_time=5, timeout_unit="ms", skip=WIDTH % 8 != 0)
    async def cocotbext_axi_source_and_sink(dut):
        """An independent driver (whole bytes only: skipped for other widths)."""
        await cocotbext_axi_traffic(dut, fifo_init, WIDTH)

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def holds_depth_plus_out_regs_and_full_rate(dut):
        """With m_axis stalled it takes exactly DEPTH + OUT_REGS words (count says so) and then
        refuses; with both sides free one word a cycle goes through, 1 cycle of latency without an
        output register, 2 with."""
        rng = axis.seeded()
        await fifo_init(dut)
        words = [rng.getrandbits(WIDTH) for _ in range(DEPTH + 5)]
        sender = cocotb.start_soon(axis.send(dut, [{"tdata": w} for w in words], rng, 0.0))
        await ClockCycles(dut.clk, DEPTH + 10)
        await ReadOnly()
        assert dut.s_axis_tready.value == 0 and int(dut.count.value) == HOLDS
        await RisingEdge(dut.clk)
        got = await axis.collect(dut, len(words), rng, 0.0)
        await sender
        assert [g["tdata"] for g in got] == words
        # full rate
        words = [rng.getrandbits(WIDTH) for _ in range(3 * DEPTH)]
        seen: list[int] = []
        w = cocotb.start_soon(axis.sample_each_cycle(dut, "m_axis_tvalid", seen))
        sender = cocotb.start_soon(axis.send(dut, [{"tdata": x} for x in words], rng, 0.0))
        got = await axis.collect(dut, len(words), rng, 0.0)
        await sender
        w.cancel()
        assert [g["tdata"] for g in got] == words
        first = seen.index(1)
        assert first == LATENCY and all(seen[first : first + len(words)]), seen[:10]

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def clear_and_reset_empty_it(dut):
        """clear (and reset) mid-traffic: nothing from before comes out; with WIPE the memory and
        the output register read zero afterwards (seen through the ports: a word written after the
        wipe and read back, and m_axis_tdata while empty)."""
        rng = axis.seeded()
        await fifo_init(dut)
        for pulse in ("clear", "rst"):
            words = [rng.getrandbits(WIDTH) | 1 for _ in range(DEPTH)]
            sender = cocotb.start_soon(axis.send(dut, [{"tdata": w} for w in words], rng, 0.0))
            await ClockCycles(dut.clk, DEPTH // 2 + 2)
            sender.cancel()
            await axis.clear_mid_stream(dut, pulse)
            if WIPE_CYCLES:
                assert dut.busy.value == 1 and dut.s_axis_tready.value == 0
            await wait_not_busy(dut)
            assert dut.m_axis_tvalid.value == 0 and int(dut.count.value) == 0
            if CFG["WIPE"] and not CFG.get("EAGER"):
                # s_axis_tdata still holds a word (valid low): not taken, so not shown
                assert int(dut.m_axis_tdata.value) == 0, "the output still shows a word"
            await RisingEdge(dut.clk)
            fresh = [rng.getrandbits(WIDTH) for _ in range(3)]
            sender = cocotb.start_soon(axis.send(dut, [{"tdata": w} for w in fresh], rng, 0.0))
            got = await axis.collect(dut, 3, rng, 0.0)
            await sender
            assert [g["tdata"] for g in got] == fresh

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def wipe_takes_depth_cycles(dut):
        """WIPE: after clear a RAM FIFO is busy for exactly DEPTH cycles (one zero write per memory
        word), a flip-flop one for none, and its output reads zero; without WIPE clear takes no
        time."""
        rng = axis.seeded()
        await fifo_init(dut)
        ones = (1 << WIDTH) - 1
        sender = cocotb.start_soon(axis.send(dut, [{"tdata": ones}] * HOLDS, rng, 0.0))
        await axis.collect(dut, HOLDS, rng, 0.0)
        await sender
        assert int(dut.m_axis_tdata.value) == ones
        await axis.clear_mid_stream(dut, "clear")
        busy = 0
        while dut.busy.value == 1:
            busy += 1
            await RisingEdge(dut.clk)
            await ReadOnly()
        assert busy == WIPE_CYCLES, f"busy for {busy} cycles"
        if CFG["WIPE"]:
            assert int(dut.m_axis_tdata.value) == 0


elif CFG.get("top") == "axis_reg":
    MODE = int(CFG["MODE"])
    WIDTH = int(CFG["WIDTH"])

    async def reg_init(dut) -> None:
        dut.s_axis_tvalid.value = 0
        dut.s_axis_tdata.value = 0
        dut.m_axis_tready.value = 0
        dut.clear.value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def random_traffic_in_order(dut):
        """Every word comes out once, in order, with random gaps on both sides; data holds while
        m_axis waits."""
        await own_driver_traffic(dut, reg_init, WIDTH, 200)

    @cocotb.test(timeout_time=5, timeout_unit="ms", skip=WIDTH % 8 != 0)
    async def cocotbext_axi_source_and_sink(dut):
        """An independent driver (whole bytes only: skipped for other widths)."""
        await cocotbext_axi_traffic(dut, reg_init, WIDTH)

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def full_rate_and_latency(dut):
        """A word a cycle with both sides free; on m_axis MODE cycles after s_axis (0 or 1)."""
        rng = axis.seeded()
        await reg_init(dut)
        words = [rng.getrandbits(WIDTH) for _ in range(50)]
        seen: list[int] = []
        w = cocotb.start_soon(axis.sample_each_cycle(dut, "m_axis_tvalid", seen))
        sender = cocotb.start_soon(axis.send(dut, [{"tdata": x} for x in words], rng, 0.0))
        got = await axis.collect(dut, len(words), rng, 0.0)
        await sender
        w.cancel()
        assert [g["tdata"] for g in got] == words
        first = seen.index(1)
        assert first == min(MODE, 1) and all(seen[first : first + len(words)]), seen[:10]

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def ready_path(dut):
        """MODE 0 and 1: s_axis_tready follows m_axis_tready within the cycle while a word waits
        at the output. MODE 2 (skid): it never does, it is a flip-flop; the word offered in the
        cycle the output stalls waits in the skid register and follows in order."""
        rng = axis.seeded()
        await reg_init(dut)
        a, b = rng.getrandbits(WIDTH), rng.getrandbits(WIDTH)

        async def toggles() -> list[int]:
            seen = []
            for m in (1, 0, 1, 0):
                await Timer(1, "ns")
                dut.m_axis_tready.value = m
                await ReadOnly()
                seen.append(int(dut.s_axis_tready.value))
            return seen

        await RisingEdge(dut.clk)
        dut.s_axis_tdata.value = a
        dut.s_axis_tvalid.value = 1
        await RisingEdge(dut.clk)       # MODE 1, 2: a taken into the output register
        dut.s_axis_tdata.value = b
        seen = await toggles()          # ends with m_axis_tready low: the output stalls
        assert seen == ([1, 1, 1, 1] if MODE == 2 else [1, 0, 1, 0]), seen
        await RisingEdge(dut.clk)       # MODE 2: b into the skid register
        if MODE == 2:
            dut.s_axis_tvalid.value = 0
            seen = await toggles()
            assert seen == [0, 0, 0, 0], seen
        await RisingEdge(dut.clk)
        dut.s_axis_tvalid.value = 0
        got = await axis.collect(dut, {0: 0, 1: 1, 2: 2}[MODE], rng, 0.0)
        assert [g["tdata"] for g in got] == [a, b][:MODE], got

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def clear_empties_and_wipes(dut):
        """clear and rst empty the slice; with WIPE its data output reads zero afterwards."""
        rng = axis.seeded()
        await reg_init(dut)
        if MODE == 0:
            return
        for pulse in ("clear", "rst"):
            ones = (1 << WIDTH) - 1
            sender = cocotb.start_soon(axis.send(dut, [{"tdata": ones}] * 4, rng, 0.0))
            await ClockCycles(dut.clk, 4)
            sender.cancel()
            await axis.clear_mid_stream(dut, pulse)
            assert dut.m_axis_tvalid.value == 0 and dut.s_axis_tready.value == 1
            if CFG["WIPE"]:
                assert int(dut.m_axis_tdata.value) == 0
            # a word offered with valid low is not taken: without EAGER it is not loaded either
            await RisingEdge(dut.clk)
            dut.s_axis_tdata.value = ones
            await ClockCycles(dut.clk, 3)
            await ReadOnly()
            if CFG["WIPE"] and not CFG["EAGER"]:
                assert int(dut.m_axis_tdata.value) == 0, "a word not offered was loaded"
            if CFG["EAGER"]:
                assert int(dut.m_axis_tdata.value) == ones, "EAGER: the free register loads every cycle"
            await RisingEdge(dut.clk)
            fresh = [rng.getrandbits(WIDTH) for _ in range(3)]
            sender = cocotb.start_soon(axis.send(dut, [{"tdata": w} for w in fresh], rng, 0.0))
            got = await axis.collect(dut, 3, rng, 0.0)
            await sender
            assert [g["tdata"] for g in got] == fresh


elif CFG.get("top") == "axis_keep":

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def counts_contiguity_and_mask(dut):
        """Every tkeep (or 2000 random ones and every contiguous one for wide beats) against its
        definition."""
        rng = axis.seeded()
        n = int(CFG["BYTES"])
        keeps = list(range(1 << n)) if n <= 8 else \
            [rng.getrandbits(n) for _ in range(2000)] + [(1 << k) - 1 for k in range(n + 1)]
        for k in keeps:
            dut.keep.value = k
            await Timer(1, "ns")
            assert int(dut.count.value) == bin(k).count("1"), hex(k)
            assert int(dut.contiguous.value) == int(k & (k + 1) == 0), hex(k)
            assert int(dut.full.value) == int(k == (1 << n) - 1), hex(k)
            mask = sum(0xFF << (8 * i) for i in range(n) if k >> i & 1)
            assert int(dut.mask.value) == mask, hex(k)


elif CFG.get("top") == "byte_rev":

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def reverses_the_bytes_of_each_group(dut):
        """Each byte alone (it lands at its mirror within its group, nowhere else), then 200 random
        words against the byte reversal of each group."""
        rng = axis.seeded()
        width, group = int(CFG["WIDTH"]), int(CFG["GROUP"])
        nb = width // 8

        def rev(v: int) -> int:
            b = v.to_bytes(nb, "little")
            return int.from_bytes(b"".join(b[g:g + group][::-1] for g in range(0, nb, group)), "little")

        for i in range(nb):
            dut.d.value = 0xA5 << (8 * i)
            await Timer(1, "ns")
            mirror = i - i % group + group - 1 - i % group
            assert int(dut.q.value) == 0xA5 << (8 * mirror), f"byte {i}"
        for _ in range(200):
            v = rng.getrandbits(width)
            dut.d.value = v
            await Timer(1, "ns")
            assert int(dut.q.value) == rev(v), hex(v)


else:

    @cocotb.test(timeout_time=1, timeout_unit="ms")
    async def delays_by_exactly_delay_cycles(dut):
        """out(t) = in(t - DELAY) for random inputs every cycle; with RESET, rst clears the line."""
        rng = axis.seeded()
        delay, width = int(CFG["DELAY"]), int(CFG["WIDTH"])
        dut.rst.value = 0
        dut["in"].value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)
        sent: list[int] = []
        for _ in range(60):
            await RisingEdge(dut.clk)
            v = rng.getrandbits(width)
            dut["in"].value = v
            sent.append(v)
            await ReadOnly()
            want = v if delay == 0 else (sent[-1 - delay] if len(sent) > delay else None)
            if want is not None:
                assert int(dut.out.value) == want
        if CFG["RESET"] and delay:
            await RisingEdge(dut.clk)
            dut["in"].value = 0
            dut.rst.value = 1
            await RisingEdge(dut.clk)
            dut.rst.value = 0
            await ReadOnly()
            assert int(dut.out.value) == 0, "reset leaves the line holding data"
