"""cocotb testbench: an S-box module (aes_sbox_lut, aes_sbox_composite, or aes_sbox_rom) over all
256 inputs against the model's S-box (derived from the definition, not pasted)."""

from __future__ import annotations

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge, Timer

from authcore.model.aes import SBOX

PIPE_LATENCY = 4   # aes_sbox_composite PIPE = 1: four registered stages


@cocotb.test()
async def all_inputs(dut):
    if hasattr(dut, "PIPE") and int(dut.PIPE.value) == 1:
        await _pipelined(dut)
    elif hasattr(dut, "y0"):  # registered dual-port ROM: both ports, one cycle of latency, en holds
        cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
        dut.en.value = 1
        for x in range(256):
            await RisingEdge(dut.clk)
            dut.a0.value = x
            dut.a1.value = 255 - x
            await RisingEdge(dut.clk)
            await ReadOnly()
            assert (int(dut.y0.value), int(dut.y1.value)) == (SBOX[x], SBOX[255 - x]), f"input {x:#04x}"
        await RisingEdge(dut.clk)
        dut.en.value = 0
        dut.a0.value = 0x53
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert int(dut.y0.value) == SBOX[255], "en low must hold the output"
    else:
        for x in range(256):
            dut.x.value = x
            await Timer(1, unit="ns")
            assert int(dut.y.value) == SBOX[x], f"input {x:#04x}"


async def _pipelined(dut):
    """A new input every cycle, each S(x) PIPE_LATENCY edges later; a clr in the middle of the stream
    zeroes every stage (the cores erase with it) and the stream goes on after it."""
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    clr_at, edges = 300, 600
    xs = [(i * 167 + 13) % 256 for i in range(edges)]   # every byte, then again
    want: dict[int, int] = {i + PIPE_LATENCY - 1: SBOX[x] for i, x in enumerate(xs)}
    # the clear's edge zeroes the four stages: the last shows zero, and the three behind it hold
    # what a zero input gives there (the isomorphism, norm and products of zero are zero), so
    # S(0) follows three times; the inputs in flight and the one offered with clr are lost
    want[clr_at] = 0
    for k in range(1, PIPE_LATENCY):
        want[clr_at + k] = SBOX[0]
    for i, x in enumerate(xs):
        await FallingEdge(dut.clk)
        dut.x.value = x
        dut.clr.value = int(i == clr_at)
        await RisingEdge(dut.clk)
        await ReadOnly()
        if i in want:
            assert int(dut.y.value) == want[i], f"edge {i}: {int(dut.y.value):#04x}, want {want[i]:#04x}"
