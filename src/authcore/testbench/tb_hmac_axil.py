"""cocotb testbench of hmac_axil: an AXI4-Lite master (cocotbext-axi) through the Python driver
(authcore.regs.driver): the register map as the description says (reset values, access, SLVERR for
every access it does not allow), RFC 2202/4231, random keys and messages against the model with
both data paths (registers and DMA streams), bad sequences, interrupts, KEY_CLEAR and reset in
the middle of a key or message. ``wave`` records the timing diagram of docs/axil.md.
Configuration: a ``tbconfig.HmacTb`` (hash), AUTHCORE_SEED; AUTHCORE_WAVE (a file) for ``wave``."""

from __future__ import annotations

import axil  # noqa: I001 - the testbench folder is on the path inside the simulator
import axis
import cocotb
import waves
from cocotb.triggers import RisingEdge

from authcore.model import hmac as hmac_model
from authcore.regs import MAPS
from authcore.regs.driver import HmacAxil
from authcore.testbench.tbconfig import HmacTb

CFG = HmacTb.load()
ALGS = {"both": ["sha1", "md5"], "sha2": ["sha256", "sha224"]}.get(CFG.hash, [CFG.hash])
HASH = {"sha1": 0, "md5": 1, "both": 2, "sha2": 3}[CFG.hash]
RFC = {"sha1": "rfc-2202-sha1", "md5": "rfc-2202-md5", "sha256": "rfc-4231-sha256", "sha224": "rfc-4231-sha224"}
MAP = MAPS["hmac_axil"]


def alg_bit(alg: str) -> int:
    return int(alg in ("md5", "sha224"))


async def init(dut, master: bool = True) -> HmacAxil | None:
    for s in ("s_axis_tvalid", "s_axis_tdata", "s_axis_tkeep", "s_axis_tlast", "s_axis_tuser", "s_axis_tid",
              "m_axis_tready", *axil.AXIL_INPUTS):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)
    if not master:
        return None
    return HmacAxil(axil.AxilBus(axil.master(dut)), polls=20_000)


async def errors(drv: HmacAxil) -> dict[str, int]:
    return await axil.errors(drv.regs)


refused = axil.refused


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def register_map(dut):
    """Every register of the description: reset values, access rules, SLVERR and ERRORS.BUS."""
    drv = await init(dut)
    await axil.walk(drv.regs, MAP, {"HASH": HASH, "PIPELINE4": 0, "PRECOMPUTE": 1, "TID_W": 2}, "MAC")


@cocotb.test(timeout_time=5, timeout_unit="ms")
async def unaligned_addresses(dut):
    """awaddr or araddr with low bits set (which cocotbext-axi never sends): SLVERR, no effect."""
    await init(dut, master=False)
    for addr in (0x15, 0x16, 0x17, 0x09, 0x41):
        assert await axil.raw_access(dut, True, addr) == 2, f"write at {addr:#x}"
        assert await axil.raw_access(dut, False, addr) == 2, f"read at {addr:#x}"
    assert await axil.raw_access(dut, False, 0x14) == 0
    assert int(dut.irq.value) == 0


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def rfc_vectors(dut):
    from authcore.vectors import cavp
    from authcore.vectors.run import package_vectors

    drv = await init(dut)
    await drv.identify()
    for alg in ALGS:
        for v in cavp.read_hmac(package_vectors() / "HMAC" / f"{RFC[alg]}.txt"):
            await drv.load_key(v.key, alg_bit(alg))
            mac = await drv.mac(v.msg, alg_bit(alg))
            assert mac[: len(v.mac)] == v.mac, f"{RFC[alg]} HMAC-{alg} line {v.line}"


@cocotb.test(timeout_time=200, timeout_unit="ms")
async def random_against_model(dut):
    """Random keys (empty, short, longer than a block) and messages through the registers and
    through the DMA streams, with random stream gaps; the model gives every MAC."""
    rng = axis.seeded()
    drv = await init(dut)
    for _ in range(4):
        alg = rng.choice(ALGS)
        key = rng.randbytes(rng.choice([0, 1, 4, 20, 63, 64, 65, 100]))
        await drv.load_key(key, alg_bit(alg))
        for _ in range(3):
            msg = rng.randbytes(axis.edge_length(rng, 150))
            tid = rng.randrange(4)
            if rng.random() < 0.5:
                await drv.start(msg, alg_bit(alg), tid)
                mac, bad, got_tid = await drv.result()
                assert (bad, got_tid) == (False, tid)
            else:
                await drv.regs.write("CTRL", DMA=1)
                beats = axis.byte_beats(msg, rng, alg_bit(alg))
                for b in beats:
                    b["tid"] = tid
                sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.3))
                n = len(hmac_model.hmac(alg, key, b"")) // 4
                out = await axis.collect(dut, n, rng, 0.3, fields=("tdata", "tlast", "tuser", "tid"))
                await sender
                assert [o["tlast"] for o in out] == [0] * (n - 1) + [1]
                assert all(o["tuser"] == 0 and o["tid"] == tid for o in out)
                mac = b"".join(o["tdata"].to_bytes(4, "little") for o in out)
                await drv.regs.write("CTRL", DMA=0)
            assert mac == hmac_model.hmac(alg, key, msg), f"HMAC-{alg}, key {len(key)} bytes, msg {len(msg)}"
    assert (await drv.regs.read("STATUS"))["IDLE"] == 1
    assert await drv.regs.read_raw("ERRORS") == 0


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def bad_sequences(dut):
    """Each refused with SLVERR and its ERRORS bit, changing nothing; the next good sequence works."""
    rng = axis.seeded()
    drv = await init(dut)
    r = drv.regs
    alg = ALGS[0]
    b = alg_bit(alg)
    await refused(r.write("MSG_CTRL", LEN=3, ALG=b), "a message with no key loaded")
    assert (await errors(drv))["NO_KEY"] == 1
    await refused(r.write("KEY_DATA", 0x1234), "a key word with no KEY_CTRL")
    await refused(r.write("MSG_DATA", 0x1234), "a message word with no MSG_CTRL")
    assert (await errors(drv))["SEQ"] == 1
    if HASH < 2:   # a key for the algorithm the core does not serve
        await refused(r.write("KEY_CTRL", LEN=4, ALG=1 - b), "a key for an algorithm the core lacks")
        assert (await errors(drv))["SEQ"] == 1
    key = rng.randbytes(20)
    await r.write("KEY_CTRL", LEN=len(key), ALG=b)
    await refused(r.write("MSG_CTRL", LEN=3, ALG=b), "a message while a key loads")
    await refused(r.write("KEY_CTRL", LEN=3, ALG=b), "a key while a key loads")
    await refused(r.write("CTRL", DMA=1), "DMA while busy")
    assert (await errors(drv))["SEQ"] == 1
    for w in [int.from_bytes(key[i:i + 4], "little") for i in range(0, 20, 4)]:
        await r.write("KEY_DATA", w)
    await refused(r.write("KEY_DATA", 0), "a key word beyond the length")
    await drv.regs.until("the key", lambda s: not s["KEY_BUSY"])
    assert (await errors(drv))["SEQ"] == 1
    # a MAC left in the buffer: a new message is refused until it is acknowledged
    await drv.start(b"abc", b)
    await drv.regs.until("a MAC", lambda s: s["MAC_VALID"])
    await refused(r.write("MSG_CTRL", LEN=3, ALG=b), "a message with the MAC buffer full")
    await refused(r.write("KEY_CTRL", LEN=3, ALG=b), "a key with the MAC buffer full")
    assert (await errors(drv))["SEQ"] == 1
    mac, bad, _ = await drv.result()
    assert not bad and mac == hmac_model.hmac(alg, key, b"abc")
    await r.write("CTRL", DMA=1)
    await refused(r.write("MSG_CTRL", LEN=3, ALG=b), "MSG_CTRL in DMA mode")
    await r.write("CTRL", DMA=0)
    assert (await errors(drv))["SEQ"] == 1
    assert await drv.mac(b"abcd", b) == hmac_model.hmac(alg, key, b"abcd")
    # errors raise the interrupt when enabled
    await r.write("IRQ_STATUS", 0x7)
    await r.write("IRQ_ENABLE", ERROR=1)
    assert int(dut.irq.value) == 0
    await refused(r.read_raw("KEY_DATA"), "a read of the key register")
    await RisingEdge(dut.clk)
    assert int(dut.irq.value) == 1 and (await r.read("IRQ_STATUS"))["ERROR"] == 1
    await r.write("IRQ_STATUS", ERROR=1)
    await RisingEdge(dut.clk)
    assert int(dut.irq.value) == 0


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def interrupts(dut):
    """IRQ_STATUS.KEY when a key load ends, .MAC when a MAC arrives; irq follows the enables."""
    drv = await init(dut)
    r = drv.regs
    alg = ALGS[-1]
    await r.write("IRQ_ENABLE", MAC=1)
    await drv.load_key(b"k" * 30, alg_bit(alg))
    assert (await r.read("IRQ_STATUS"))["KEY"] == 1 and int(dut.irq.value) == 0
    await drv.start(b"hello", alg_bit(alg), 3)
    for _ in range(5000):
        await RisingEdge(dut.clk)
        if int(dut.irq.value):
            break
    assert int(dut.irq.value) == 1, "irq with IRQ_STATUS.MAC enabled"
    mac, bad, tid = await drv.result()
    assert (mac, bad, tid) == (hmac_model.hmac(alg, b"k" * 30, b"hello"), False, 3)
    await r.write("IRQ_STATUS", MAC=1, KEY=1)
    await RisingEdge(dut.clk)
    assert int(dut.irq.value) == 0 and await r.read_raw("IRQ_STATUS") == 0


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def clear_and_reset_midway(dut):
    """KEY_CLEAR and rst in the middle of a key load, a message and a MAC in the buffer: keys gone,
    the wrapper idle and empty, and the next key and message right."""
    rng = axis.seeded()
    drv = await init(dut)
    r = drv.regs
    alg = ALGS[0]
    b = alg_bit(alg)
    for how in ("key_clear", "rst"):
        for where in ("key", "message", "mac"):
            key = rng.randbytes(40)
            if where == "key":
                await r.write("KEY_CTRL", LEN=40, ALG=b)
                await r.write("KEY_DATA", 0x11223344)
            else:
                await drv.load_key(key, b)
                if where == "message":
                    await r.write("MSG_CTRL", LEN=100, ALG=b)
                    await r.write("MSG_DATA", 0x55667788)
                else:
                    await drv.start(rng.randbytes(70), b)
                    await drv.regs.until("a MAC", lambda s: s["MAC_VALID"])
            if how == "key_clear":
                await drv.key_clear()
            else:
                await axis.reset(dut)
            s = await r.read("STATUS")
            assert s["KEY_VALID"] == 0 and s["IDLE"] == 1 and s["MAC_VALID"] == 0, (how, where, s)
            assert int(dut.st_q.value) == 0 and int(dut.mac_q.value) == 0, "the word register and MAC buffer erased"
            await refused(r.read_raw("MAC", 0), "the MAC after a clear")
            await r.write("ERRORS", 0xF)
            key = rng.randbytes(rng.randrange(1, 90))
            msg = rng.randbytes(rng.randrange(0, 90))
            await drv.load_key(key, b)
            assert await drv.mac(msg, b) == hmac_model.hmac(alg, key, msg), (how, where)


WAVE_SIGNALS = [("s_axil_awvalid", None), ("s_axil_awready", None), ("s_axil_awaddr", "hex"),
                ("s_axil_wdata", "hex"), ("s_axil_bvalid", None), ("s_axil_bresp", "hex"),
                ("s_axil_arvalid", None), ("s_axil_araddr", "hex"), ("s_axil_rvalid", None),
                ("s_axil_rdata", "hex"), ("st_v_q", None), ("c_s_ready", None), ("irq", None)]


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def wave(dut):
    """The timing diagram of docs/axil.md: a four-byte message written (MSG_CTRL, one MSG_DATA),
    then its MAC's first word read once it is there. Recorded from this simulation as WaveDrom
    JSON into AUTHCORE_WAVE (the test of the docs compares it with the page's)."""
    drv = await init(dut)
    alg = ALGS[0]
    await drv.load_key(b"key", alg_bit(alg))
    await drv.regs.write("IRQ_ENABLE", MAC=1)
    rec = waves.Recorder(dut, WAVE_SIGNALS)
    await drv.regs.write("MSG_CTRL", LEN=4, ALG=alg_bit(alg), TID=1)
    await drv.regs.write("MSG_DATA", int.from_bytes(b"abcd", "little"))
    await rec.until_irq_then(lambda: drv.regs.read_raw("MAC", 0),
                             "hmac_axil: MSG_CTRL, MSG_DATA, then MAC0 read (simulated)")
