"""Shared Merkle-Damgard streaming for the 512-bit-block hashes (SHA-1 and MD5).

A subclass gives the initial chaining value, the compression function and the length's byte order.
The chaining value can be loaded (with the count of bytes it already covers), which is what the
HMAC hardware does with its precomputed inner and outer key states.
"""

from __future__ import annotations

from collections.abc import Callable

from authcore.errors import InvalidParameter

BLOCK = 64


class MerkleDamgard:
    name = ""
    digest_size = 0
    block_size = BLOCK
    IV: tuple[int, ...] = ()
    length_byteorder = "big"
    compress: Callable[[tuple[int, ...], bytes], tuple[int, ...]]

    def __init__(
        self, data: bytes = b"", *, state: tuple[int, ...] | None = None, length: int = 0
    ) -> None:
        if state is None:
            if length:
                raise InvalidParameter("a byte count needs the chaining value it belongs to")
            state = self.IV
        if len(state) != len(self.IV):
            raise InvalidParameter(f"{self.name} chaining value has {len(self.IV)} words")
        if length % BLOCK:
            raise InvalidParameter("a loaded chaining value must cover whole 64-byte blocks")
        self.state = tuple(state)
        self.length = length
        self.buffer = b""
        self.update(data)

    def update(self, data: bytes) -> None:
        buf = self.buffer + bytes(data)
        self.length += len(data)
        full = len(buf) - len(buf) % BLOCK
        state = self.state
        for i in range(0, full, BLOCK):
            state = type(self).compress(state, buf[i : i + BLOCK])
        self.state = state
        self.buffer = buf[full:]

    def padding(self) -> bytes:
        """The spec's padding for the current length: 0x80, zeros, 64-bit bit count."""
        pad = b"\x80" + bytes((55 - self.length) % 64)
        return pad + (self.length * 8 % (1 << 64)).to_bytes(8, self.length_byteorder)

    @classmethod
    def padded(cls, data: bytes, prefix: int = 0) -> bytes:
        """``data`` and the padding of a message of ``prefix + len(data)`` bytes: whole blocks, as the
        hardware padding unit emits them (``prefix``: bytes already compressed, e.g. HMAC's key block)."""
        h = cls()
        h.length = prefix + len(data)
        return bytes(data) + h.padding()

    def digest(self) -> bytes:
        state = self.state
        tail = self.buffer + self.padding()
        for i in range(0, len(tail), BLOCK):
            state = type(self).compress(state, tail[i : i + BLOCK])
        return self.state_bytes(state)

    def hexdigest(self) -> str:
        return self.digest().hex()

    def copy(self):  # noqa: ANN201 - returns the subclass
        other = type(self).__new__(type(self))
        other.state, other.length, other.buffer = self.state, self.length, self.buffer
        return other

    @classmethod
    def state_bytes(cls, state: tuple[int, ...]) -> bytes:
        return b"".join(w.to_bytes(4, cls.length_byteorder) for w in state)
