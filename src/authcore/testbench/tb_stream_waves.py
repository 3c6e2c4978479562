"""The streaming interfaces' timing diagrams (docs/gcm.md, docs/hash.md, docs/ghash.md), recorded
from simulation as WaveDrom JSON into AUTHCORE_WAVE; tests/rtl/test_stream_waves.py compares them
with the committed ones. One test per top; the others skip."""

from __future__ import annotations

import random

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
import waves
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.testbench import tbconfig

TOP = tbconfig.toplevel()
STEADY = random.Random(0)   # with gap 0.0 axis.send never draws a gap: the stimulus is fixed


async def start(dut, inputs: tuple[str, ...]) -> None:
    for s in inputs:
        getattr(dut, s).value = 0
    dut.m_axis_tready.value = 1
    await axis.start_clock(dut)
    await axis.reset(dut)


async def handshake(dut, prefix: str, last: bool = True) -> None:
    """Until a (last) beat is taken on ``prefix``."""
    while True:
        await RisingEdge(dut.clk)
        await ReadOnly()
        v, r = getattr(dut, f"{prefix}_tvalid").value, getattr(dut, f"{prefix}_tready").value
        if v == 1 and r == 1 and (not last or getattr(dut, f"{prefix}_tlast").value == 1):
            return


async def cycles(dut, n: int) -> None:
    for _ in range(n):
        await RisingEdge(dut.clk)


@cocotb.test(skip=TOP != "gcm_core")
async def gcm_core_wave(dut):
    """A GCM encryption: header, 96-bit IV, 20 bytes of text in (two beats, the second partial);
    the two text beats and the tag out."""
    await start(dut, ("key_clear", "key_valid", "s_axis_tvalid", "s_axis_tlast", "s_axis_tuser", "s_axis_tkeep",
                      "s_axis_tdata"))
    await axis.load_key(dut, bytes(range(16)))
    rec = waves.Recorder(dut, [("s_axis_tvalid", None), ("s_axis_tready", None), ("s_axis_tuser", "hex"),
                               ("s_axis_tkeep", "hex"), ("s_axis_tlast", None), ("m_axis_tvalid", None),
                               ("m_axis_tuser", "hex"), ("m_axis_tkeep", "hex"), ("m_axis_tlast", None)])
    beats = axis.phase_beats([(0, bytes([0, 16])), (1, bytes(12)), (3, bytes(range(20)))], 16)
    await axis.send(dut, beats, STEADY, 0.0)
    await rec.until_then(lambda: dut.m_axis_tvalid.value == 1, lambda: handshake(dut, "m_axis"),
                         "gcm_core: a GCM packet in (header, IV, 20 bytes of text), its text and tag out (simulated)")


@cocotb.test(skip=TOP != "hmac_core")
async def hmac_core_wave(dut):
    """HMAC-SHA1 of a 6-byte message (a key loaded before): its two beats in, the MAC's five out."""
    await start(dut, ("key_clear", "k_axis_tvalid", "k_axis_tuser", "s_axis_tvalid", "s_axis_tuser",
                      "s_axis_tid"))
    await axis.send(dut, axis.byte_beats(b"key", None, 0), STEADY, 0.0, prefix="k_axis")
    while not int(dut.key_valid.value) & 1:
        await RisingEdge(dut.clk)
    rec = waves.Recorder(dut, [("s_axis_tvalid", None), ("s_axis_tready", None), ("s_axis_tkeep", "hex"),
                               ("s_axis_tlast", None), ("m_axis_tvalid", None), ("m_axis_tdata", "hex"),
                               ("m_axis_tlast", None)])
    await axis.send(dut, axis.byte_beats(b"abcdef", None, 0), STEADY, 0.0)
    await rec.until_then(lambda: dut.m_axis_tvalid.value == 1, lambda: handshake(dut, "m_axis"),
                         "hmac_core: a 6-byte message in, its HMAC-SHA1 out (simulated; the compressions cut)")


@cocotb.test(skip=TOP != "ghash_keyspec")
async def ghash_keyspec_wave(dut):
    """The generated key-specialized GHASH (one lane): a message of three blocks back to back, then
    a one-block message, and their hashes."""
    await start(dut, ("s_axis_tvalid", "s_axis_tlast", "s_axis_tkeep", "s_axis_tdata"))
    rec = waves.Recorder(dut, [("s_axis_tvalid", None), ("s_axis_tready", None), ("s_axis_tlast", None),
                               ("m_axis_tvalid", None), ("m_axis_tuser", None)])
    blocks = [{"tdata": i + 1, "tkeep": 1, "tlast": int(i in (2, 3))} for i in range(4)]
    await axis.send(dut, blocks, STEADY, 0.0)
    await rec.until_then(lambda: True, lambda: cycles(dut, 4),
                         "ghash_keyspec: three blocks, then one, in; the two hashes out (simulated)")
