"""cocotb testbench of ghash_axil: an AXI4-Lite master (cocotbext-axi) through the Python driver
(authcore.regs.driver.GhashAxil): the register map as the description says, the GCM spec's GHASH
values (H loaded by register), random messages against the model by register and by the DMA
streams, bad sequences answered SLVERR, KEY_CLEAR and reset in the middle. MULT = 3 (H built into
a generated multiplier: the config's h) runs the tests that keep one H. ``wave`` records the timing
diagram of docs/axil.md. Configuration: a ``tbconfig.GhashCoreTb``, AUTHCORE_SEED, AUTHCORE_WAVE."""

from __future__ import annotations

import axil  # noqa: I001 - the testbench folder is on the path inside the simulator
import axis
import cocotb
import waves
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.model import gf128
from authcore.regs import MAPS
from authcore.regs.driver import GhashAxil
from authcore.testbench import tbconfig
from authcore.testbench.tbconfig import GhashCoreTb
from authcore.vectors import spec

CFG = GhashCoreTb.load()
MAP = MAPS["ghash_axil"]
MULT = int(tbconfig.parameters().get("MULT", 0))
BUILTIN = MULT == 3
H_FIXED = bytes.fromhex(CFG.h) if CFG.h else None


def model(h: bytes, data: bytes) -> bytes:
    blocks = [gf128.block_to_int(data[i:i + 16]) for i in range(0, len(data), 16)]
    return gf128.int_to_block(gf128.ghash_chain(gf128.block_to_int(h), blocks)[-1])


async def init(dut, master: bool = True) -> GhashAxil | None:
    for s in ("s_axis_tvalid", "s_axis_tdata", "s_axis_tlast", "m_axis_tready", *axil.AXIL_INPUTS):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)
    if not master:
        return None
    return GhashAxil(axil.AxilBus(axil.master(dut)), polls=20_000)


async def key(drv: GhashAxil, rng) -> bytes:
    """The H in use: loaded by register, or the one built in."""
    if BUILTIN:
        return H_FIXED
    h = rng.randbytes(16)
    await drv.load_h(h)
    return h


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def register_map(dut):
    drv = await init(dut)
    await axil.walk(drv.regs, MAP, {"MULT": MULT, "H_BUILTIN": int(BUILTIN)}, "OUT",
                    reset={"STATUS": {"H_OK": int(BUILTIN)}})


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def unaligned_addresses(dut):
    await init(dut, master=False)
    for addr in (0x21, 0x52, 0x63, 0x71, 0x0B):
        assert await axil.raw_access(dut, True, addr) == 2, f"write at {addr:#x}"
        assert await axil.raw_access(dut, False, addr) == 2, f"read at {addr:#x}"
    assert await axil.raw_access(dut, False, 0x00) == 0


@cocotb.test(timeout_time=50, timeout_unit="ms", skip=BUILTIN)
async def spec_ghash(dut):
    """GHASH(H, A, C) of the GCM spec's test cases, H loaded by register."""
    drv = await init(dut)
    await drv.identify()
    for case in spec.load():
        blocks = b"".join(gf128.int_to_block(b) for b in gf128.pad_blocks(case["A"]) + gf128.pad_blocks(case["C"])
                          + [gf128.length_block(len(case["A"]), len(case["C"]))])
        await drv.load_h(case["H"])
        assert await drv.ghash(blocks) == case["GHASH"], f"spec test case {case.number}"


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def random_against_model(dut):
    """Random messages of 1-8 blocks by register and by the DMA streams with random gaps."""
    rng = axis.seeded()
    drv = await init(dut)
    for _ in range(3):
        h = await key(drv, rng)
        for _ in range(4):
            data = rng.randbytes(16 * rng.randrange(1, 9))
            if rng.random() < 0.5:
                assert await drv.ghash(data) == model(h, data), f"{len(data) // 16} blocks by register"
            else:
                await drv.regs.write("CTRL", DMA=1)
                beats = [{"tdata": gf128.block_to_int(data[i:i + 16]), "tlast": int(i + 16 == len(data))}
                         for i in range(0, len(data), 16)]
                sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.3))
                [got] = await axis.collect(dut, 1, rng, 0.3)
                await sender
                assert gf128.int_to_block(got["tdata"]) == model(h, data), f"{len(data) // 16} blocks by DMA"
                await drv.regs.write("CTRL", DMA=0)
    s = await drv.regs.read("STATUS")
    assert s["IDLE"] == 1 and await drv.regs.read_raw("ERRORS") == 0, s


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def bad_sequences(dut):
    rng = axis.seeded()
    drv = await init(dut)
    r = drv.regs
    if BUILTIN:
        await axil.refused(r.write("H", 1, index=0), "an H word with H built in")
        await axil.refused(r.write("CTRL", H_LOAD=1), "H_LOAD with H built in")
    else:
        await axil.refused(r.write("IN_CTRL", LAST=1), "a block with no H loaded")
    assert (await axil.errors(r))["SEQ"] == 1
    h = await key(drv, rng)
    for i in range(4):
        await r.write("IN", rng.getrandbits(32), index=i)
    await r.write("IN_CTRL", LAST=0)                # a message under way
    await axil.refused(r.write("CTRL", H_LOAD=1), "H_LOAD during a message")
    await axil.refused(r.write("CTRL", DMA=1), "DMA during a message")
    assert (await axil.errors(r))["SEQ"] == 1
    await r.write("IN_CTRL", LAST=1)                # ends it (IN still holds zero: taken and wiped)
    await drv.regs.until("the hash", lambda s: s["OUT_VALID"])
    await axil.refused(r.read_raw("H", 0) if not BUILTIN else r.read_raw("IN", 0), "a read of a write-only register")
    await r.write("CTRL", OUT_POP=1)
    data = rng.randbytes(48)
    assert await drv.ghash(data) == model(h, data)


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def clear_and_reset_midway(dut):
    rng = axis.seeded()
    drv = await init(dut)
    r = drv.regs
    for how in ("key_clear", "rst"):
        h = await key(drv, rng)
        for i in range(4):
            await r.write("IN", 0xA5A5A5A5, index=i)
        await r.write("IN_CTRL", LAST=0)
        if not BUILTIN:
            await r.write("H", 0x12345678, index=2)   # H words written, not loaded
        if how == "key_clear":
            await drv.key_clear()
        else:
            await axis.reset(dut)
        await ReadOnly()
        assert int(dut.h_q.value) == 0 and int(dut.in_q.value) == 0 and int(dut.out_q.value) == 0
        await RisingEdge(dut.clk)
        s = await r.read("STATUS")
        assert s["H_OK"] == int(BUILTIN) and s["IDLE"] == 1, (how, s)
        await r.write("ERRORS", 0x7)
        h = await key(drv, rng)
        data = rng.randbytes(32)
        assert await drv.ghash(data) == model(h, data), how


WAVE_SIGNALS = [("s_axil_awvalid", None), ("s_axil_awaddr", "hex"), ("s_axil_wdata", "hex"),
                ("s_axil_bvalid", None), ("in_v_q", None), ("c_s_ready", None), ("s_axil_arvalid", None),
                ("s_axil_araddr", "hex"), ("s_axil_rvalid", None), ("s_axil_rdata", "hex"), ("out_v_q", None),
                ("irq", None)]


@cocotb.test(timeout_time=20, timeout_unit="ms", skip=BUILTIN)
async def wave(dut):
    """The timing diagram of docs/axil.md: a one-block message (IN0..IN3, IN_CTRL with LAST), then
    the hash's first word read once it is there."""
    drv = await init(dut)
    r = drv.regs
    await drv.load_h(bytes(range(16)))
    await r.write("IRQ_ENABLE", OUT=1)
    await drv.identify()                     # (cocotbext-axi leaves araddr X until its first read)
    rec = waves.Recorder(dut, WAVE_SIGNALS)
    for i in range(4):
        await r.write("IN", 0x03020100 + 0x04040404 * i, index=i)
    await r.write("IN_CTRL", LAST=1)
    await rec.until_irq_then(lambda: r.read_raw("OUT", 0),
                             "ghash_axil: a one-block message (IN0..IN3, IN_CTRL), then OUT0 read (simulated)")
