"""The GCM specification's software methods for X * H (Section 4.1), each built once per H.

Every class exposes ``mul(x: int) -> int`` and ``table_bytes``: the per-key memory the spec quotes.
``Shoup8`` and ``Shoup4`` share one reduction table per digit size, built once at import.
All agree with Algorithm 1 (:func:`authcore.model.gf128.mul`); tests check it on random inputs.
"""

from __future__ import annotations

from authcore.model.gf128 import mul, mul_x


def _shift_reduce_table(bits: int) -> list[int]:
    """R[b] = b * a^bits where b sits in the lowest ``bits`` bits (the highest powers of a).

    Multiplying Z by a^bits is ``(Z >> bits) xor R[Z & (2^bits - 1)]``: the high part shifts with
    no reduction, the bits that fall off are reduced through this table.
    """
    table = []
    for b in range(1 << bits):
        v = b
        for _ in range(bits):
            v = mul_x(v)
        table.append(v)
    return table


R8 = _shift_reduce_table(8)
R4 = _shift_reduce_table(4)


def build_m0(h: int, bits: int) -> list[int]:
    """Algorithm 3 of the spec: M_0[i] = i * H for every ``bits``-bit digit i.

    The digit's most significant bit is spec bit 0 (the field's 1), so M_0[2^(bits-1)] = H, and
    halving the index multiplies by a. Sums fill in the rest by linearity.
    """
    size = 1 << bits
    m0 = [0] * size
    i = size >> 1
    m0[i] = h
    while i > 1:
        m0[i >> 1] = mul_x(m0[i])
        i >>= 1
    i = 2
    while i < size:
        for j in range(1, i):
            m0[i + j] = m0[i] ^ m0[j]
        i <<= 1
    return m0


class NoTables:
    """Algorithm 1 directly: nothing precomputed."""

    table_bytes = 0

    def __init__(self, h: int) -> None:
        self.h = h

    def mul(self, x: int) -> int:
        return mul(x, self.h)


class _SimpleTables:
    """128/bits tables M_i[d] = (d placed at digit i) * H: X * H is the xor of one entry per digit."""

    bits = 8

    def __init__(self, h: int) -> None:
        digits = 128 // self.bits
        m = [build_m0(h, self.bits)]
        for _ in range(1, digits):
            prev = m[-1]
            nxt = []
            for v in prev:
                for _ in range(self.bits):
                    v = mul_x(v)
                nxt.append(v)
            m.append(nxt)
        self.m = m
        self.table_bytes = digits * (1 << self.bits) * 16

    def mul(self, x: int) -> int:
        bits = self.bits
        mask = (1 << bits) - 1
        digits = 128 // bits
        z = 0
        for i in range(digits):
            z ^= self.m[i][(x >> (128 - bits * (i + 1))) & mask]
        return z


class Simple8(_SimpleTables):
    """16 tables of 256 entries: 64 KiB per key."""

    bits = 8


class Simple4(_SimpleTables):
    """32 tables of 16 entries: 8 KiB per key."""

    bits = 4


class _Shoup:
    """One table M_0 per key plus the shared reduction table (Shoup's method, Horner on digits)."""

    bits = 8
    reduce: list[int] = R8

    def __init__(self, h: int) -> None:
        self.m0 = build_m0(h, self.bits)
        self.table_bytes = (1 << self.bits) * 16

    def mul(self, x: int) -> int:
        bits = self.bits
        mask = (1 << bits) - 1
        red = self.reduce
        m0 = self.m0
        z = 0
        # The last digit carries the highest powers of a: start there, multiply by a^bits per step.
        for i in range(128 // bits - 1, -1, -1):
            z = (z >> bits) ^ red[z & mask]
            z ^= m0[(x >> (128 - bits * (i + 1))) & mask]
        return z


class Shoup8(_Shoup):
    """4 KiB per key plus the shared 256-entry R table."""

    bits = 8
    reduce = R8


class Shoup4(_Shoup):
    """256 B per key plus the shared 16-entry R table."""

    bits = 4
    reduce = R4


METHODS: dict[str, type] = {
    "none": NoTables,
    "simple8": Simple8,
    "simple4": Simple4,
    "shoup8": Shoup8,
    "shoup4": Shoup4,
}
