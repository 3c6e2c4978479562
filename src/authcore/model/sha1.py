"""SHA-1 (FIPS 180-4), own implementation with an exposed compression function."""

from __future__ import annotations

from authcore.model._md import MerkleDamgard

M32 = 0xFFFFFFFF
K = (0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xCA62C1D6)


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & M32


def schedule(block: bytes) -> list[int]:
    """W_0..W_79 of one 64-byte block."""
    w = [int.from_bytes(block[4 * i : 4 * i + 4], "big") for i in range(16)]
    for t in range(16, 80):
        w.append(_rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1))
    return w


def f(t: int, b: int, c: int, d: int) -> int:
    if t < 20:
        return (b & c) | (~b & d & M32)
    if t < 40 or t >= 60:
        return b ^ c ^ d
    return (b & c) | (b & d) | (c & d)


def compress(state: tuple[int, ...], block: bytes) -> tuple[int, ...]:
    """One SHA-1 compression: five 32-bit chaining words in, five out."""
    w = schedule(block)
    a, b, c, d, e = state
    for t in range(80):
        tmp = (_rotl(a, 5) + f(t, b, c, d) + e + K[t // 20] + w[t]) & M32
        a, b, c, d, e = tmp, a, _rotl(b, 30), c, d
    return tuple((x + y) & M32 for x, y in zip(state, (a, b, c, d, e), strict=True))


class SHA1(MerkleDamgard):
    name = "sha1"
    digest_size = 20
    IV = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0)
    length_byteorder = "big"
    compress = staticmethod(compress)


def sha1(data: bytes) -> bytes:
    return SHA1(data).digest()
