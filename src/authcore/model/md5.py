"""MD5 (RFC 1321), own implementation with an exposed compression function. Words are little-endian."""

from __future__ import annotations

import math

from authcore.model._md import MerkleDamgard

M32 = 0xFFFFFFFF
# T[i] = floor(2^32 * |sin(i + 1)|), as RFC 1321 defines it.
T = [int(abs(math.sin(i + 1)) * (1 << 32)) & M32 for i in range(64)]
S = [7, 12, 17, 22] * 4 + [5, 9, 14, 20] * 4 + [4, 11, 16, 23] * 4 + [6, 10, 15, 21] * 4


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & M32


def message_index(i: int) -> int:
    """Which message word round step i reads."""
    if i < 16:
        return i
    if i < 32:
        return (5 * i + 1) % 16
    if i < 48:
        return (3 * i + 5) % 16
    return (7 * i) % 16


def fn(i: int, b: int, c: int, d: int) -> int:
    if i < 16:
        return (b & c) | (~b & M32 & d)
    if i < 32:
        return (b & d) | (c & ~d & M32)
    if i < 48:
        return b ^ c ^ d
    return c ^ (b | (~d & M32))


def compress(state: tuple[int, ...], block: bytes) -> tuple[int, ...]:
    """One MD5 compression: four 32-bit chaining words in, four out."""
    x = [int.from_bytes(block[4 * i : 4 * i + 4], "little") for i in range(16)]
    a, b, c, d = state
    for i in range(64):
        tmp = (a + fn(i, b, c, d) + x[message_index(i)] + T[i]) & M32
        a, b, c, d = d, (b + _rotl(tmp, S[i])) & M32, b, c
    return tuple((p + q) & M32 for p, q in zip(state, (a, b, c, d), strict=True))


class MD5(MerkleDamgard):
    name = "md5"
    digest_size = 16
    IV = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476)
    length_byteorder = "little"
    compress = staticmethod(compress)


def md5(data: bytes) -> bytes:
    return MD5(data).digest()
