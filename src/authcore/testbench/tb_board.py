"""cocotb testbench of board_top: the host's own checks (authcore.board.run, the code `authcore board
run` runs) through the UART bridge, the serial line driven and read bit by bit, so a board adds only
the cable. Also the bridge's answers to a command it does not know and to a refused access.
Configuration: the DUT's CORE, CLK_HZ and BAUD parameters; AUTHCORE_SEED."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge

from authcore.board import run
from authcore.board.bridge import UartBus
from authcore.regs.driver import BusError, GcmAxil, HmacAxil
from authcore.testbench import tbconfig
from authcore.vectors import spec

P = tbconfig.parameters()
CORE = str(P.get("CORE", "gcm"))
CLKS = int(P["CLK_HZ"]) // int(P["BAUD"])


class SimUart:
    """The host's serial port, on the board top's pins: 8N1 at CLKS cycles a bit."""

    def __init__(self, dut) -> None:
        self.dut = dut
        self.buf = bytearray()
        dut.uart_rx.value = 1
        self.task = cocotb.start_soon(self._listen())

    async def send(self, data: bytes) -> None:
        for b in data:
            for bit in [0, *((b >> i) & 1 for i in range(8)), 1]:
                self.dut.uart_rx.value = bit
                await ClockCycles(self.dut.clk, CLKS)

    async def _listen(self) -> None:
        while True:
            await FallingEdge(self.dut.uart_tx)
            await ClockCycles(self.dut.clk, CLKS // 2)
            assert int(self.dut.uart_tx.value) == 0, "a start bit shorter than half a bit"
            b = 0
            for i in range(8):
                await ClockCycles(self.dut.clk, CLKS)
                b |= int(self.dut.uart_tx.value) << i
            await ClockCycles(self.dut.clk, CLKS)
            assert int(self.dut.uart_tx.value) == 1, "no stop bit"
            self.buf.append(b)

    async def recv(self, n: int) -> bytes:
        for _ in range((n + 4) * 10 * CLKS + 2000):
            if len(self.buf) >= n:
                break
            await RisingEdge(self.dut.clk)
        out = bytes(self.buf[:n])
        del self.buf[:n]
        return out


async def start(dut) -> SimUart:
    dut.uart_rx.value = 1
    await axis.start_clock(dut)
    await ClockCycles(dut.clk, 40)         # the power-on reset
    return SimUart(dut)


@cocotb.test(timeout_time=500, timeout_unit="ms")
async def host_checks(dut):
    """authcore board run's checks, as on the board (one spec case / one RFC vector per algorithm
    to keep the simulation short; the board runs them all)."""
    uart = await start(dut)
    bus = UartBus(uart)
    if CORE == "gcm":
        lines = await run.check_gcm(GcmAxil(bus, polls=200), cases=[spec.load()[1]])
    else:
        lines = await run.check_hmac(HmacAxil(bus, polls=200), count=1)
    cocotb.log.info("; ".join(lines))
    assert any("OK" in line for line in lines)


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def bridge_protocol(dut):
    """An unknown command byte is answered '?'; a read the wrapper refuses comes back as NAK
    (BusError), a good one with its data."""
    uart = await start(dut)
    await uart.send(b"\x00")
    assert await uart.recv(1) == b"?"
    bus = UartBus(uart)
    wo = 0x20 if CORE == "gcm" else 0x24          # KEY0 / KEY_DATA: write-only
    try:
        await bus.read32(wo)
    except BusError:
        pass
    else:
        raise AssertionError("a read of the key register answered")
    assert await bus.read32(0x00) == (0x47430100 if CORE == "gcm" else 0x484D0100)
