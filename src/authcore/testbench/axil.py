"""The AXI4-Lite wrappers' testbench helpers (tb_*_axil): the driver's bus on cocotbext-axi's
master, a register-map walk from the description, raw accesses at addresses cocotbext-axi never
sends. Their timing diagrams come from waves.Recorder."""

from __future__ import annotations

from cocotb.triggers import ReadOnly, RisingEdge
from cocotbext.axi import AxiLiteBus, AxiLiteMaster, AxiResp

from authcore.regs import RegMap
from authcore.regs.driver import BusError, Regs

AXIL_INPUTS = ("s_axil_awvalid", "s_axil_wvalid", "s_axil_bready", "s_axil_arvalid", "s_axil_rready",
               "s_axil_awaddr", "s_axil_araddr", "s_axil_wdata", "s_axil_wstrb")


class AxilBus:
    """The driver's bus on cocotbext-axi's AXI4-Lite master: SLVERR raises BusError."""

    def __init__(self, master: AxiLiteMaster) -> None:
        self.m = master

    async def read32(self, addr: int) -> int:
        r = await self.m.read(addr, 4)
        if r.resp != AxiResp.OKAY:
            assert r.data == bytes(4), "an access answered SLVERR returns zero data"
            raise BusError("read", addr)
        return int.from_bytes(r.data, "little")

    async def write32(self, addr: int, value: int) -> None:
        r = await self.m.write(addr, value.to_bytes(4, "little"))
        if r.resp != AxiResp.OKAY:
            raise BusError("write", addr)


def master(dut) -> AxiLiteMaster:
    return AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.clk, dut.rst)


async def refused(coro, what: str) -> None:
    try:
        await coro
    except BusError:
        return
    raise AssertionError(f"{what}: answered OKAY, SLVERR expected")


async def errors(regs: Regs) -> dict[str, int]:
    """ERRORS, then cleared (W1C, checked); IRQ_STATUS cleared too."""
    e = await regs.read("ERRORS")
    await regs.write("ERRORS", 0xFFFFFFFF)
    assert (await regs.read_raw("ERRORS")) == 0, "ERRORS is write-one-to-clear"
    await regs.write("IRQ_STATUS", 0xFFFFFFFF)
    return e


async def walk(regs: Regs, m: RegMap, config: dict[str, int], empty: str,
               reset: dict[str, dict[str, int]] | None = None) -> None:
    """The description against the RTL: reset values of every field it fixes, CONFIG as given,
    SLVERR (and ERRORS.BUS) for reads of WO, writes to RO and every unmapped word, SLVERR (SEQ)
    for a read of ``empty`` (the output buffer) with nothing in it, a partial write refused, RW
    fields read back and pulse fields read zero. ``reset`` overrides the description's reset
    values where a parameter decides them."""
    assert await regs.read_raw("ID") == m.consts["ID"]
    assert await regs.read("CONFIG") == config
    for reg in m.registers:
        if reg.access != "WO" and reg.name not in (empty, "CONFIG"):
            got = await regs.read(reg.name)
            want = {f.name: f.reset for f in reg.fields} | (reset or {}).get(reg.name, {})
            assert got == want, f"{reg.name} after reset: {got}"
    used = set()
    for reg in m.registers:
        for i in range(reg.count):
            addr = reg.offset + 4 * i
            used.add(addr)
            if reg.access == "WO":
                await refused(regs.bus.read32(addr), f"read of write-only {reg.name}")
                assert (await errors(regs))["BUS"] == 1
            if reg.access == "RO":
                await refused(regs.bus.write32(addr, 0), f"write to read-only {reg.name}")
                assert (await errors(regs))["BUS"] == 1
    await refused(regs.read_raw(empty, 0), f"{empty} read with nothing in it")
    assert (await errors(regs))["SEQ"] == 1
    for addr in range(0, 1 << m.addr_w, 4):
        if addr not in used:
            await refused(regs.bus.read32(addr), f"read of unmapped {addr:#x}")
            await refused(regs.bus.write32(addr, 0xFFFFFFFF), f"write to unmapped {addr:#x}")
            assert (await errors(regs))["BUS"] == 1
    resp = await regs.bus.m.write(regs.addr("IRQ_ENABLE") + 1, b"\x07")   # one byte: wstrb 0010
    assert resp.resp == AxiResp.SLVERR and await regs.read_raw("IRQ_ENABLE") == 0
    assert (await errors(regs))["BUS"] == 1
    for reg in m.registers:
        if reg.access == "RW":
            plain = {f.name: (1 << f.width) - 1 for f in reg.fields if not f.pulse and f.name != "DMA"}
            pulses = {f.name: 0 for f in reg.fields if f.pulse}
            await regs.write(reg.name, **plain)
            assert await regs.read(reg.name) == {**{f.name: 0 for f in reg.fields}, **plain}, reg.name
            await regs.write(reg.name, 0)
            assert all(v == 0 for v in (await regs.read(reg.name)).values()), (reg.name, pulses)


async def raw_access(dut, write: bool, addr: int) -> int:
    """One access driven by hand (no master may be running): its response code."""
    await RisingEdge(dut.clk)
    if write:
        dut.s_axil_awaddr.value = addr
        dut.s_axil_wdata.value = 0x7
        dut.s_axil_wstrb.value = 0xF
        dut.s_axil_awvalid.value = 1
        dut.s_axil_wvalid.value = 1
        dut.s_axil_bready.value = 1
    else:
        dut.s_axil_araddr.value = addr
        dut.s_axil_arvalid.value = 1
        dut.s_axil_rready.value = 1
    for _ in range(10):
        await ReadOnly()
        done = int((dut.s_axil_awready if write else dut.s_axil_arready).value)
        await RisingEdge(dut.clk)
        if done:
            break
    dut.s_axil_awvalid.value = 0
    dut.s_axil_wvalid.value = 0
    dut.s_axil_arvalid.value = 0
    for _ in range(10):
        await ReadOnly()
        if int((dut.s_axil_bvalid if write else dut.s_axil_rvalid).value):
            resp = int((dut.s_axil_bresp if write else dut.s_axil_rresp).value)
            await RisingEdge(dut.clk)
            return resp
        await RisingEdge(dut.clk)
    raise AssertionError("no response")
