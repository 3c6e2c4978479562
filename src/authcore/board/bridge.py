"""The host's side of uart_axil (rtl/board/uart_axil.v): 32-bit register reads and writes as bytes
on a serial line. :class:`UartBus` is the drivers' bus (authcore.regs.driver); its transport is
anything with ``async send(bytes)`` and ``async recv(n) -> bytes``: the serial port on a board, the
simulated UART pins in the tests (tests/rtl/board), so the same code runs in both."""

from __future__ import annotations

from typing import Protocol

from authcore.errors import AuthcoreError
from authcore.regs.driver import BusError

CMD_W, CMD_R, ACK, NAK = 0x57, 0x52, 0x06, 0x15


class BridgeError(AuthcoreError):
    """The bridge answered something its protocol does not allow (a line error, or no board)."""


class Transport(Protocol):
    async def send(self, data: bytes) -> None: ...
    async def recv(self, n: int) -> bytes: ...


class UartBus:
    def __init__(self, transport: Transport) -> None:
        self.t = transport

    async def _answer(self, op: str, addr: int) -> None:
        [code] = await self._recv(1)
        if code == NAK:
            raise BusError(op, addr)
        if code != ACK:
            raise BridgeError(f"uart_axil answered {code:#04x} to a {op} at {addr:#04x}")

    async def _recv(self, n: int) -> bytes:
        data = await self.t.recv(n)
        if len(data) != n:
            raise BridgeError(f"uart_axil: {len(data)} of {n} bytes before the timeout (is the board there?)")
        return data

    async def write32(self, addr: int, value: int) -> None:
        await self.t.send(bytes([CMD_W, addr]) + value.to_bytes(4, "little"))
        await self._answer("write", addr)

    async def read32(self, addr: int) -> int:
        await self.t.send(bytes([CMD_R, addr]))
        await self._answer("read", addr)
        return int.from_bytes(await self._recv(4), "little")
