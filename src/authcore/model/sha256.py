"""SHA-256 and SHA-224 (FIPS 180-4), own implementation with an exposed compression function.

SHA-224 is SHA-256's compression with its own initial value, the digest truncated to 28 bytes.
The tests hold both equal to hashlib.
"""

from __future__ import annotations

from authcore.model._md import MerkleDamgard

M32 = 0xFFFFFFFF


def _primes(n: int) -> list[int]:
    out: list[int] = []
    k = 2
    while len(out) < n:
        if all(k % p for p in out if p * p <= k):
            out.append(k)
        k += 1
    return out


def _frac_root(p: int, root: int, bits: int = 32) -> int:
    """The first ``bits`` bits of the fractional part of p^(1/root), exactly (integer roots)."""
    scaled = p << (root * bits)
    lo, hi = 0, 1 << (bits + 8)
    while lo < hi:                       # the integer root of p * 2^(root*bits)
        mid = (lo + hi + 1) // 2
        if mid ** root <= scaled:
            lo = mid
        else:
            hi = mid - 1
    return lo & ((1 << bits) - 1)


# K: cube roots of the first 64 primes; H0: square roots of the first 8 (FIPS 180-4 4.2.2, 5.3.3),
# derived here rather than typed in (a test checks a few against the standard's table).
K = tuple(_frac_root(p, 3) for p in _primes(64))
IV256 = tuple(_frac_root(p, 2) for p in _primes(8))
# SHA-224's initial value: the second 32 bits of the fractional parts of the square roots of the
# 9th to 16th primes (FIPS 180-4 5.3.2).
IV224 = tuple(_frac_root(p, 2, 64) & M32 for p in _primes(16)[8:])


def _rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & M32


def big_sigma0(x: int) -> int:
    return _rotr(x, 2) ^ _rotr(x, 13) ^ _rotr(x, 22)


def big_sigma1(x: int) -> int:
    return _rotr(x, 6) ^ _rotr(x, 11) ^ _rotr(x, 25)


def small_sigma0(x: int) -> int:
    return _rotr(x, 7) ^ _rotr(x, 18) ^ (x >> 3)


def small_sigma1(x: int) -> int:
    return _rotr(x, 17) ^ _rotr(x, 19) ^ (x >> 10)


def schedule(block: bytes) -> list[int]:
    """W_0..W_63 of one 64-byte block."""
    w = [int.from_bytes(block[4 * i : 4 * i + 4], "big") for i in range(16)]
    for t in range(16, 64):
        w.append((small_sigma1(w[t - 2]) + w[t - 7] + small_sigma0(w[t - 15]) + w[t - 16]) & M32)
    return w


def compress(state: tuple[int, ...], block: bytes) -> tuple[int, ...]:
    """One SHA-256 compression: eight 32-bit chaining words in, eight out."""
    w = schedule(block)
    a, b, c, d, e, f, g, h = state
    for t in range(64):
        ch = (e & f) ^ (~e & g & M32)
        maj = (a & b) ^ (a & c) ^ (b & c)
        t1 = (h + big_sigma1(e) + ch + K[t] + w[t]) & M32
        t2 = (big_sigma0(a) + maj) & M32
        a, b, c, d, e, f, g, h = (t1 + t2) & M32, a, b, c, (d + t1) & M32, e, f, g
    return tuple((x + y) & M32 for x, y in zip(state, (a, b, c, d, e, f, g, h), strict=True))


class SHA256(MerkleDamgard):
    name = "sha256"
    digest_size = 32
    IV = IV256
    length_byteorder = "big"
    compress = staticmethod(compress)


class SHA224(SHA256):
    name = "sha224"
    digest_size = 28
    IV = IV224

    @classmethod
    def state_bytes(cls, state: tuple[int, ...]) -> bytes:
        return super().state_bytes(state)[:28]


def sha256(data: bytes) -> bytes:
    return SHA256(data).digest()


def sha224(data: bytes) -> bytes:
    return SHA224(data).digest()
