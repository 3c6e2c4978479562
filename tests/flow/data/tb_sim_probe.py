"""cocotb test for sim_probe.v (tests/flow/test_sim.py): the register follows its input, the
counter counts from reset, and the unreset register's starting value is reported."""

import json
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge


@cocotb.test()
async def probe(dut):
    w = int(os.environ["PROBE_W"])
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    dut.d.value = 0
    await RisingEdge(dut.clk)
    await ReadOnly()
    kept = dut.kept.value
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    for i in range(10):
        dut.d.value = (i * 37 + 5) % ((1 << w) - 1)
        await RisingEdge(dut.clk)
    await ReadOnly()
    assert int(dut.q.value) == (9 * 37 + 5) % ((1 << w) - 1)
    assert int(dut.count.value) == int(os.environ.get("PROBE_COUNT", "10"))
    with open(os.environ["PROBE_OUT"], "w") as f:
        json.dump({"kept": str(kept)}, f)
