"""cocotb testbench of gcm_axil: an AXI4-Lite master (cocotbext-axi) through the Python driver
(authcore.regs.driver.GcmAxil): the register map as the description says, the GCM spec's test
cases 1-18, random packets against the model by register and by the DMA streams (GCM, GMAC,
decryption with good and bad tags, any IV length), bad sequences answered SLVERR, interrupts,
KEY_CLEAR and reset in the middle. ``wave`` records the timing diagram of docs/axil.md.
Configuration: AUTHCORE_SEED; AUTHCORE_WAVE (a file) for ``wave``; the core's GHASH parameter
(the CONFIG register must report it)."""

from __future__ import annotations

import axil  # noqa: I001 - the testbench folder is on the path inside the simulator
import axis
import cocotb
import waves
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.errors import AuthenticationError
from authcore.model import gcm as model
from authcore.regs import MAPS
from authcore.regs.driver import GcmAxil
from authcore.testbench import tbconfig
from authcore.vectors import spec

MAP = MAPS["gcm_axil"]
TAG_LENS = (4, 8, 12, 13, 14, 15, 16)
GHASH = int(tbconfig.parameters().get("GHASH", 0))


async def init(dut, master: bool = True) -> GcmAxil | None:
    for s in ("s_axis_tvalid", "s_axis_tdata", "s_axis_tkeep", "s_axis_tlast", "s_axis_tuser", "m_axis_tready",
              *axil.AXIL_INPUTS):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)
    if not master:
        return None
    return GcmAxil(axil.AxilBus(axil.master(dut)), polls=20_000)


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def register_map(dut):
    drv = await init(dut)
    await axil.walk(drv.regs, MAP, {"SBOX": 0, "GHASH": GHASH, "DATA_BYTES": 16, "LEN_W": 36}, "OUT")


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def unaligned_addresses(dut):
    await init(dut, master=False)
    for addr in (0x21, 0x42, 0x53, 0x61, 0x71, 0x0D):
        assert await axil.raw_access(dut, True, addr) == 2, f"write at {addr:#x}"
        assert await axil.raw_access(dut, False, addr) == 2, f"read at {addr:#x}"
    assert await axil.raw_access(dut, False, 0x00) == 0


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def spec_test_cases(dut):
    """The GCM specification's test cases 1-18: encrypted, then decrypted with the tag checked."""
    drv = await init(dut)
    await drv.identify()
    for case in spec.load():
        await drv.load_key(case["K"])
        c, t = await drv.encrypt(case["IV"], case["A"], case["P"])
        assert (c, t) == (case["C"], case["T"]), f"spec test case {case.number}: encryption"
        p = await drv.decrypt(case["IV"], case["A"], case["C"], case["T"])
        assert p == case["P"], f"spec test case {case.number}: decryption"


@cocotb.test(timeout_time=300, timeout_unit="ms")
async def random_against_model(dut):
    """Random keys and packets (IVs of 1-40 bytes, AAD and text 0-80 bytes, every tag length) by
    register and by the DMA streams with random gaps; decryptions with a flipped tag bit fail."""
    rng = axis.seeded()
    drv = await init(dut)
    for _ in range(3):
        key = rng.randbytes(rng.choice([16, 24, 32]))
        await drv.load_key(key)
        for _ in range(4):
            iv = rng.randbytes(12 if rng.random() < 0.5 else rng.randrange(1, 41))
            aad = rng.randbytes(rng.randrange(0, 81))
            text = rng.randbytes(rng.randrange(0, 81))
            tag_len = rng.choice(TAG_LENS)
            want_c, want_t = model.encrypt(key, iv, text, aad, tag_len)
            if rng.random() < 0.6:
                c, t = await drv.encrypt(iv, aad, text, tag_len)
                assert (c, t) == (want_c, want_t), f"encrypt: iv {len(iv)}, aad {len(aad)}, text {len(text)}"
                bad = bytearray(want_t)
                bad[rng.randrange(tag_len)] ^= 1 << rng.randrange(8)
                try:
                    await drv.decrypt(iv, aad, want_c, bytes(bad))
                except AuthenticationError:
                    pass
                else:
                    raise AssertionError("a flipped tag bit was accepted")
                assert await drv.decrypt(iv, aad, want_c, want_t) == text
                assert await drv.gmac(iv, aad, tag_len) == model.gmac(key, iv, aad, tag_len)
            else:
                await drv.regs.write("CTRL", DMA=1)
                hdr = bytes([0, tag_len])
                beats = axis.phase_beats([(0, hdr), (1, iv), (2, aad), (3, text)], 16)
                sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.3))
                n = (len(text) + 15) // 16 + 1
                out = await axis.collect(dut, n, rng, 0.3, fields=("tdata", "tkeep", "tuser", "tlast"))
                await sender
                got = b"".join(o["tdata"].to_bytes(16, "little")[: bin(o["tkeep"]).count("1")] for o in out[:-1])
                assert got == want_c and out[-1]["tuser"] == 1 and out[-1]["tlast"] == 1
                assert out[-1]["tdata"].to_bytes(16, "little")[:tag_len] == want_t
                await drv.regs.write("CTRL", DMA=0)
    s = await drv.regs.read("STATUS")
    assert s["IDLE"] == 1 and await drv.regs.read_raw("ERRORS") == 0, s


async def push(r, phase: int, chunk: bytes, last: bool) -> None:
    """One input beat by register (IN words, then IN_CTRL)."""
    for i in range(0, len(chunk), 4):
        await r.write("IN", int.from_bytes(chunk[i:i + 4].ljust(4, b"\0"), "little"), index=i // 4)
    await r.write("IN_CTRL", BYTES=len(chunk), PHASE=phase, LAST=int(last))


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def bad_sequences(dut):
    """Each refused with SLVERR and its ERRORS bit, changing nothing; a packet with no key comes
    back marked (tuser[2], ERRORS.CORE); the next good sequence works."""
    rng = axis.seeded()
    drv = await init(dut)
    r = drv.regs
    iv = rng.randbytes(12)
    out = await drv.packet([(0, bytes([0, 16])), (1, iv), (3, b"abc")])
    assert out[-1][1] & 4 and out[-1][2], "a packet with no key: its final beat marked"
    assert (await axil.errors(r))["CORE"] == 1
    await axil.refused(r.write("KEY_CTRL", LEN=3), "key length code 3")
    await axil.refused(r.write("IN_CTRL", BYTES=17), "a beat of 17 bytes")
    assert (await axil.errors(r))["SEQ"] == 1
    key = rng.randbytes(16)
    await drv.load_key(key)
    # fill the core without reading its output: the input beat then waits (IN_FULL)
    text = rng.randbytes(16 * 40)
    beats = [(0, bytes([0, 16])), (1, iv)] + [(3, text[i:i + 16]) for i in range(0, len(text), 16)]
    sent = full = 0
    while full < 8:
        if (await r.read("STATUS"))["IN_FULL"]:
            full += 1
            continue
        full = 0
        assert sent < len(beats), "the input never filled"
        await push(r, *beats[sent], sent == len(beats) - 1)
        sent += 1
    await axil.refused(r.write("IN", 1, index=0), "an IN word while IN_FULL")
    await axil.refused(r.write("IN_CTRL", BYTES=16, PHASE=3), "a beat while IN_FULL")
    await axil.refused(r.write("CTRL", DMA=1), "DMA while busy")
    await r.write("KEY_CTRL", LEN=0)            # the core is busy: the key waits for it
    await axil.refused(r.write("KEY", 5, index=1), "a KEY word while the key is offered")
    await axil.refused(r.write("KEY_CTRL", LEN=0), "KEY_CTRL while the key is offered")
    assert (await axil.errors(r))["SEQ"] == 1
    # drain: the rest of the packet, reading every output beat
    got = []
    while not (got and got[-1][2]):
        st = await r.read("STATUS")
        if st["OUT_VALID"]:
            got.append(await drv._pop(st))
        elif not st["IN_FULL"] and sent < len(beats):
            await push(r, *beats[sent], sent == len(beats) - 1)
            sent += 1
    c, t = model.encrypt(key, iv, text, b"", 16)
    assert b"".join(b for b, _, _ in got[:-1]) == c and got[-1][0] == t and got[-1][1] == 1
    # the key offered while the core was busy was the bank as the first load left it, wiped:
    # it loads now that the packet has left
    for _ in range(200):
        if not (await r.read("STATUS"))["KEY_BUSY"]:
            break
    zero_key = bytes(16)
    assert await drv.encrypt(iv, b"", b"xyz") == model.encrypt(zero_key, iv, b"xyz", b"", 16)
    await drv.load_key(key)
    assert await drv.encrypt(iv, b"a", b"xyz") == model.encrypt(key, iv, b"xyz", b"a", 16)


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def interrupts(dut):
    drv = await init(dut)
    r = drv.regs
    await r.write("IRQ_ENABLE", KEY=1)
    await drv.load_key(bytes(range(16)))
    await RisingEdge(dut.clk)
    assert int(dut.irq.value) == 1 and (await r.read("IRQ_STATUS"))["KEY"] == 1
    await r.write("IRQ_STATUS", KEY=1)
    await r.write("IRQ_ENABLE", OUT=1)
    assert int(dut.irq.value) == 0
    await r.write("IN", 0x1000, index=0)       # header: GCM, 16-byte tag
    await r.write("IN_CTRL", BYTES=2, PHASE=0)
    for i in range(3):
        await r.write("IN", 0x01020304 + i, index=i)
    await r.write("IN_CTRL", BYTES=12, PHASE=1, LAST=1)
    for _ in range(200):
        await RisingEdge(dut.clk)
        if int(dut.irq.value):
            break
    assert int(dut.irq.value) == 1 and (await r.read("STATUS"))["OUT_LAST"] == 1
    await r.write("CTRL", OUT_POP=1)
    await r.write("IRQ_STATUS", OUT=1)
    await RisingEdge(dut.clk)
    assert int(dut.irq.value) == 0 and await r.read_raw("IRQ_STATUS") == 0


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def clear_and_reset_midway(dut):
    """KEY_CLEAR and rst in the middle of a key load and of a packet (input beat waiting, output
    beat held): the key gone, the wrapper idle with its registers zero; the next key and packet
    right."""
    rng = axis.seeded()
    drv = await init(dut)
    r = drv.regs
    for how in ("key_clear", "rst"):
        for where in ("key", "packet"):
            key = rng.randbytes(32)
            if where == "key":
                for i in range(8):
                    await r.write("KEY", 0x11111111 * (i + 1), index=i)
                await r.write("KEY_CTRL", LEN=2)
            else:
                await drv.load_key(key)
                await r.write("IN", 0x1000, index=0)
                await r.write("IN_CTRL", BYTES=2, PHASE=0)
                for i in range(3):
                    await r.write("IN", 0xA5A5A5A5, index=i)
                await r.write("IN_CTRL", BYTES=12, PHASE=1)
                for _ in range(3):
                    for i in range(4):
                        await r.write("IN", 0x5A5A5A5A, index=i)
                    while (await r.read("STATUS"))["IN_FULL"]:
                        pass
                    await r.write("IN_CTRL", BYTES=16, PHASE=3)
            if how == "key_clear":
                await drv.key_clear()
            else:
                await axis.reset(dut)
            await ReadOnly()
            assert int(dut.key_q.value) == 0 and int(dut.in_q.value) == 0 and int(dut.out_q.value) == 0
            await RisingEdge(dut.clk)
            s = await r.read("STATUS")
            assert s["KEY_LOADED"] == 0 and s["IDLE"] == 1 and s["OUT_VALID"] == 0, (how, where, s)
            await r.write("ERRORS", 0xF)
            key = rng.randbytes(16)
            iv = rng.randbytes(12)
            await drv.load_key(key)
            assert await drv.encrypt(iv, b"", b"hello") == model.encrypt(key, iv, b"hello", b"", 16), (how, where)


WAVE_SIGNALS = [("s_axil_awvalid", None), ("s_axil_awaddr", "hex"), ("s_axil_wdata", "hex"),
                ("s_axil_bvalid", None), ("s_axil_bresp", "hex"), ("in_v_q", None), ("c_s_ready", None),
                ("s_axil_arvalid", None), ("s_axil_araddr", "hex"), ("s_axil_rvalid", None),
                ("s_axil_rdata", "hex"), ("out_v_q", None), ("irq", None)]


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def wave(dut):
    """The timing diagram of docs/axil.md: the last beat of a GMAC packet (a 12-byte IV) written
    (IN0..IN2, IN_CTRL with LAST), then the tag's first word read once it is there."""
    drv = await init(dut)
    r = drv.regs
    await drv.load_key(bytes(16))
    await r.write("IRQ_ENABLE", OUT=1)
    await r.write("IN", 0x1001, index=0)       # header: GMAC, 16-byte tag
    await r.write("IN_CTRL", BYTES=2, PHASE=0)
    rec = waves.Recorder(dut, WAVE_SIGNALS)
    for i in range(3):
        await r.write("IN", 0x03020100 + 0x04040404 * i, index=i)
    await r.write("IN_CTRL", BYTES=12, PHASE=1, LAST=1)
    await rec.until_irq_then(lambda: r.read_raw("OUT", 0),
                             "gcm_axil: a GMAC packet's IV beat (IN0..IN2, IN_CTRL), then OUT0 read (simulated)")
    await drv.key_clear()
