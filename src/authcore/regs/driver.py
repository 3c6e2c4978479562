"""Python drivers of the AXI4-Lite wrappers, written against their register maps.

A driver talks to a *bus*: any object with ``async read32(addr) -> int`` and ``async write32(addr,
value)`` that raises :class:`BusError` when the wrapper answers SLVERR. The cocotb testbenches
give it an AXI4-Lite master; the board's host code gives it the UART bridge (wrapped by
:class:`SyncBus` when its calls block). Every address and field comes from the map
(:mod:`authcore.regs.maps`); nothing here is a number of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from authcore.errors import AuthcoreError, AuthenticationError, InvalidParameter
from authcore.regs import MAPS, RegMap


class BusError(AuthcoreError):
    """The wrapper answered an access with SLVERR (the access changed nothing)."""

    def __init__(self, op: str, addr: int) -> None:
        super().__init__(f"{op} at {addr:#04x} answered SLVERR")
        self.op = op
        self.addr = addr


class DeviceError(AuthcoreError):
    """The core flagged a key or message (ERRORS), or did not answer in time."""


class Bus(Protocol):
    async def read32(self, addr: int) -> int: ...
    async def write32(self, addr: int, value: int) -> None: ...


class SyncBus:
    """A bus whose read and write block (a serial port), presented to the async drivers."""

    def __init__(self, read32: Callable[[int], int], write32: Callable[[int, int], None]) -> None:
        self._r = read32
        self._w = write32

    async def read32(self, addr: int) -> int:
        return self._r(addr)

    async def write32(self, addr: int, value: int) -> None:
        self._w(addr, value)


class Regs:
    """Named access to one wrapper's registers: ``await regs.write("CTRL", KEY_CLEAR=1)``,
    ``await regs.read("STATUS")`` (a dict of its fields)."""

    def __init__(self, bus: Bus, regmap: RegMap, polls: int = 100_000) -> None:
        self.bus = bus
        self.map = regmap
        self.polls = polls

    async def until(self, what: str, done: Callable[[dict[str, int]], bool]) -> dict[str, int]:
        """Poll STATUS until ``done(status)``, at most ``polls`` times; the status that ended it."""
        for _ in range(self.polls):
            status = await self.read("STATUS")
            if done(status):
                return status
        raise DeviceError(f"{self.map.name}: {what} did not happen within {self.polls} polls")

    def addr(self, reg: str, index: int = 0) -> int:
        r = self.map.reg(reg)
        if not 0 <= index < r.count:
            raise InvalidParameter(f"{reg}[{index}]: the register has {r.count} word(s)")
        return r.offset + 4 * index

    def pack(self, reg: str, **fields: int) -> int:
        value = 0
        for name, v in fields.items():
            f = self.map.field(reg, name)
            if not 0 <= v < 1 << f.width:
                raise InvalidParameter(f"{reg}.{name} = {v} does not fit its {f.width} bits")
            value |= v << f.lsb
        return value

    def unpack(self, reg: str, value: int) -> dict[str, int]:
        return {f.name: (value & f.mask) >> f.lsb for f in self.map.reg(reg).fields}

    async def write(self, reg: str, value: int | None = None, index: int = 0, **fields: int) -> None:
        await self.bus.write32(self.addr(reg, index), self.pack(reg, **fields) if value is None else value)

    async def read_raw(self, reg: str, index: int = 0) -> int:
        return await self.bus.read32(self.addr(reg, index))

    async def read(self, reg: str, index: int = 0) -> dict[str, int]:
        return self.unpack(reg, await self.read_raw(reg, index))


def _words(data: bytes) -> list[int]:
    """Four bytes a word, the first in bits [7:0] (AXI4-Stream byte order)."""
    return [int.from_bytes(data[i:i + 4].ljust(4, b"\0"), "little") for i in range(0, len(data), 4)]


class HmacAxil:
    """hmac_axil: load keys, MAC messages by register, clear keys. ``alg`` is the core's algorithm
    bit (0: SHA-1 or SHA-256, 1: MD5 or SHA-224); ``polls`` bounds every wait on STATUS."""

    MAX_LEN = 0xFFFF

    def __init__(self, bus: Bus, polls: int = 100_000) -> None:
        self.regs = Regs(bus, MAPS["hmac_axil"], polls)

    async def identify(self) -> dict[str, int]:
        ident = await self.regs.read_raw("ID")
        if ident != self.regs.map.consts["ID"]:
            raise DeviceError(f"ID reads {ident:#010x}: not an hmac_axil")
        return await self.regs.read("CONFIG")

    async def load_key(self, key: bytes, alg: int = 0) -> None:
        if len(key) > self.MAX_LEN:
            raise InvalidParameter(f"a key of {len(key)} bytes: the register path takes up to {self.MAX_LEN}")
        await self.regs.write("KEY_CTRL", LEN=len(key), ALG=alg)
        for w in _words(key):
            await self.regs.write("KEY_DATA", w)
        await self.regs.until("the key load", lambda s: not s["KEY_BUSY"])
        if not (await self.regs.read("STATUS"))["KEY_VALID"] >> alg & 1:
            raise DeviceError("hmac_axil: the key did not load")

    async def start(self, msg: bytes, alg: int = 0, tid: int = 0) -> None:
        """Write a message; its MAC arrives later (``result``)."""
        if len(msg) > self.MAX_LEN:
            raise InvalidParameter(f"a message of {len(msg)} bytes: the register path takes up to {self.MAX_LEN}")
        await self.regs.write("MSG_CTRL", LEN=len(msg), ALG=alg, TID=tid)
        for w in _words(msg):
            await self.regs.write("MSG_DATA", w)

    async def result(self) -> tuple[bytes, bool, int]:
        """The next MAC: (bytes, marked bad by the core, tid); releases the buffer."""
        s = await self.regs.until("a MAC", lambda s: s["MAC_VALID"])
        words = [await self.regs.read_raw("MAC", i) for i in range(s["MAC_WORDS"])]
        await self.regs.write("CTRL", MAC_ACK=1)
        return b"".join(w.to_bytes(4, "little") for w in words), bool(s["MAC_ERR"]), s["MAC_TID"]

    async def mac(self, msg: bytes, alg: int = 0, tid: int = 0) -> bytes:
        await self.start(msg, alg, tid)
        mac, bad, _ = await self.result()
        if bad:
            raise DeviceError("hmac_axil: the core marked the MAC (see ERRORS)")
        return mac

    async def key_clear(self) -> None:
        await self.regs.write("CTRL", KEY_CLEAR=1)


class GcmAxil:
    """gcm_axil: load a key, run GCM/GMAC/CTR packets by register, clear the key. Packets follow
    gcm_core's framing (docs/gcm.md); ``packet`` sends one and returns its output beats, and
    ``encrypt``/``decrypt``/``gmac`` build the packet and read the answer. ``polls`` bounds
    every wait on STATUS."""

    GCM, GMAC, CTR = 0, 1, 2

    def __init__(self, bus: Bus, polls: int = 100_000) -> None:
        self.regs = Regs(bus, MAPS["gcm_axil"], polls)
        self.polls = polls

    async def identify(self) -> dict[str, int]:
        ident = await self.regs.read_raw("ID")
        if ident != self.regs.map.consts["ID"]:
            raise DeviceError(f"ID reads {ident:#010x}: not a gcm_axil")
        return await self.regs.read("CONFIG")

    async def load_key(self, key: bytes) -> None:
        codes = {16: 0, 24: 1, 32: 2}
        if len(key) not in codes:
            raise InvalidParameter(f"an AES key is 16, 24 or 32 bytes, not {len(key)}")
        for i, w in enumerate(_words(key)):
            await self.regs.write("KEY", w, index=i)
        await self.regs.write("KEY_CTRL", LEN=codes[len(key)])
        if not (await self.regs.until("the key load", lambda s: not s["KEY_BUSY"]))["KEY_LOADED"]:
            raise DeviceError("gcm_axil: the key did not load")

    async def _pop(self, status: dict[str, int]) -> tuple[bytes, int, bool]:
        words = [await self.regs.read_raw("OUT", i) for i in range(4)]
        await self.regs.write("CTRL", OUT_POP=1)
        data = b"".join(w.to_bytes(4, "little") for w in words)[: status["OUT_BYTES"]]
        return data, status["OUT_USER"], bool(status["OUT_LAST"])

    async def packet(self, phases: list[tuple[int, bytes]]) -> list[tuple[bytes, int, bool]]:
        """Send (phase, bytes) pairs as beats of 16 bytes; the output beats (bytes, tuser, last)
        up to the packet's final beat, read as they come so the core never waits on the CPU."""
        beats = [(ph, data[i:i + 16]) for ph, data in phases for i in range(0, len(data), 16)]
        out: list[tuple[bytes, int, bool]] = []
        for n, (ph, chunk) in enumerate(beats):
            for _ in range(self.polls):
                s = await self.regs.read("STATUS")
                if s["OUT_VALID"]:
                    out.append(await self._pop(s))
                elif not s["IN_FULL"]:
                    break
            else:
                raise DeviceError(f"gcm_axil: the input stayed full for {self.polls} polls")
            for i, w in enumerate(_words(chunk)):
                await self.regs.write("IN", w, index=i)
            await self.regs.write("IN_CTRL", BYTES=len(chunk), PHASE=ph, LAST=int(n == len(beats) - 1))
        for _ in range(self.polls):
            if out and out[-1][2]:
                return out
            s = await self.regs.read("STATUS")
            if s["OUT_VALID"]:
                out.append(await self._pop(s))
        raise DeviceError(f"gcm_axil: no final beat within {self.polls} polls")

    @staticmethod
    def _header(mode: int, dec: bool, tag_len: int) -> bytes:
        return bytes([mode | int(dec) << 2, tag_len])

    @staticmethod
    def _final(out: list[tuple[bytes, int, bool]]) -> tuple[bytes, bytes, int]:
        """(text, final beat's bytes, its tuser); a refused packet raises DeviceError."""
        *body, (last, user, _) = out
        if user & 4:
            raise DeviceError(f"gcm_axil: the core refused the packet (tuser {user}; see ERRORS)")
        return b"".join(b for b, _, _ in body), last, user

    async def encrypt(self, iv: bytes, aad: bytes, text: bytes, tag_len: int = 16) -> tuple[bytes, bytes]:
        ctext, tag, _ = self._final(await self.packet(
            [(0, self._header(self.GCM, False, tag_len)), (1, iv), (2, aad), (3, text)]))
        return ctext, tag

    async def decrypt(self, iv: bytes, aad: bytes, ctext: bytes, tag: bytes) -> bytes:
        text, _, user = self._final(await self.packet(
            [(0, self._header(self.GCM, True, len(tag))), (1, iv), (2, aad), (3, ctext), (4, tag)]))
        if user & 2:
            raise AuthenticationError("gcm_axil: the tag does not match")
        return text

    async def gmac(self, iv: bytes, aad: bytes, tag_len: int = 16) -> bytes:
        return self._final(await self.packet([(0, self._header(self.GMAC, False, tag_len)), (1, iv), (2, aad)]))[1]

    async def key_clear(self) -> None:
        await self.regs.write("CTRL", KEY_CLEAR=1)


class GhashAxil:
    """ghash_axil: load H (unless it is built in), hash messages of whole blocks by register,
    clear. Bytes in the registers' order (block byte 0 first), as GHASH's blocks are written."""

    def __init__(self, bus: Bus, polls: int = 100_000) -> None:
        self.regs = Regs(bus, MAPS["ghash_axil"], polls)

    async def identify(self) -> dict[str, int]:
        ident = await self.regs.read_raw("ID")
        if ident != self.regs.map.consts["ID"]:
            raise DeviceError(f"ID reads {ident:#010x}: not a ghash_axil")
        return await self.regs.read("CONFIG")

    async def load_h(self, h: bytes) -> None:
        if len(h) != 16:
            raise InvalidParameter(f"H is 16 bytes, not {len(h)}")
        for i, w in enumerate(_words(h)):
            await self.regs.write("H", w, index=i)
        await self.regs.write("CTRL", H_LOAD=1)

    async def ghash(self, data: bytes) -> bytes:
        if not data or len(data) % 16:
            raise InvalidParameter(f"GHASH takes whole 16-byte blocks, at least one: not {len(data)} bytes")
        blocks = [data[i:i + 16] for i in range(0, len(data), 16)]
        for n, block in enumerate(blocks):
            await self.regs.until("room for a block", lambda s: not s["IN_FULL"])
            for i, w in enumerate(_words(block)):
                await self.regs.write("IN", w, index=i)
            await self.regs.write("IN_CTRL", LAST=int(n == len(blocks) - 1))
        await self.regs.until("the hash", lambda s: s["OUT_VALID"])
        words = [await self.regs.read_raw("OUT", i) for i in range(4)]
        await self.regs.write("CTRL", OUT_POP=1)
        return b"".join(w.to_bytes(4, "little") for w in words)

    async def key_clear(self) -> None:
        await self.regs.write("CTRL", KEY_CLEAR=1)
