"""The AES S-box in the composite field GF((2^4)^2), as the hardware computes it.

GF(2^4) = GF(2)[x]/(x^4 + x + 1); GF((2^4)^2) = GF(2^4)[y]/(y^2 + y + LAMBDA). An element
a1*y + a0 is the byte (a1 << 4) | a0. ``isomorphism()`` finds the GF(2)-linear map from the AES
field GF(2^8)/(x^8 + x^4 + x^3 + x + 1) into the composite field (sending the AES generator x to a
root of the AES polynomial); the hardware applies it, inverts with GF(2^4) arithmetic, maps back
and applies the affine map, the last two folded into one 8x8 matrix. ``rtl/aes/aes_sbox_composite.v``
holds the matrices this module derives; a test checks that they agree.
"""

from __future__ import annotations

from functools import cache

from authcore.model.aes import SBOX, gf256_mul


def mul4(a: int, b: int) -> int:
    p = 0
    for i in range(4):
        if (b >> i) & 1:
            p ^= a << i
    for i in (6, 5, 4):  # reduce by x^4 + x + 1
        if (p >> i) & 1:
            p ^= 0b10011 << (i - 4)
    return p


def inv4(a: int) -> int:
    return next((b for b in range(1, 16) if mul4(a, b) == 1), 0)


@cache
def lam() -> int:
    """The smallest LAMBDA that makes y^2 + y + LAMBDA irreducible over GF(2^4)."""
    for cand in range(1, 16):
        if all(mul4(y, y) ^ y ^ cand for y in range(16)):
            return cand
    raise AssertionError("no irreducible y^2 + y + lambda")


def mul8(a: int, b: int) -> int:
    """Product in the composite field."""
    a1, a0, b1, b0 = a >> 4, a & 15, b >> 4, b & 15
    hh = mul4(a1, b1)
    # (a1 y + a0)(b1 y + b0) = a1 b1 (y + LAMBDA) + (a1 b0 + a0 b1) y + a0 b0
    return ((hh ^ mul4(a1, b0) ^ mul4(a0, b1)) << 4) | (mul4(hh, lam()) ^ mul4(a0, b0))


def inv8(a: int) -> int:
    """(a1 y + a0)^-1 = (a1 y + a0 + a1) / (a1^2 LAMBDA + a1 a0 + a0^2)."""
    a1, a0 = a >> 4, a & 15
    d = inv4(mul4(mul4(a1, a1), lam()) ^ mul4(a1, a0) ^ mul4(a0, a0))
    return (mul4(a1, d) << 4) | mul4(a0 ^ a1, d)


def _apply(cols: list[int], x: int) -> int:
    y = 0
    for i in range(8):
        if (x >> i) & 1:
            y ^= cols[i]
    return y


def _invert(cols: list[int]) -> list[int]:
    """Columns of the inverse of the GF(2) matrix with the given columns (bit i = row i)."""
    table = {_apply(cols, x): x for x in range(256)}
    assert len(table) == 256, "the map is not invertible"
    return [table[1 << i] for i in range(8)]


@cache
def isomorphism() -> tuple[list[int], list[int]]:
    """Columns of the map AES field -> composite field, and of its inverse."""
    for beta in range(2, 256):
        # beta is a root of x^8 + x^4 + x^3 + x + 1 in the composite field
        powers = [1]
        for _ in range(8):
            powers.append(mul8(powers[-1], beta))
        if powers[8] ^ powers[4] ^ powers[3] ^ powers[1] ^ powers[0] == 0:
            fwd = powers[:8]
            try:
                return fwd, _invert(fwd)
            except AssertionError:
                continue
    raise AssertionError("no root of the AES polynomial in the composite field")


def affine_cols() -> list[int]:
    """Columns of the S-box's affine matrix (without the constant 0x63)."""
    cols = []
    for i in range(8):
        x = 1 << i
        y = x
        for k in range(1, 5):
            y ^= ((x << k) | (x >> (8 - k))) & 0xFF
        cols.append(y)
    return cols


def output_cols() -> list[int]:
    """Columns of affine o inverse isomorphism: composite inverse -> S-box output (xor 0x63)."""
    _, back = isomorphism()
    aff = affine_cols()
    return [_apply(aff, back[i]) for i in range(8)]


def rows(cols: list[int]) -> list[int]:
    """The same matrix as rows: bit j of row i is bit i of column j."""
    return [sum(((cols[j] >> i) & 1) << j for j in range(8)) for i in range(8)]


def sbox(x: int) -> int:
    fwd, _ = isomorphism()
    return _apply(output_cols(), inv8(_apply(fwd, x))) ^ 0x63


def check() -> bool:
    """The composite construction equals the AES S-box on all 256 inputs (and the field maps agree)."""
    fwd, _ = isomorphism()
    ok_mul = all(_apply(fwd, gf256_mul(a, b)) == mul8(_apply(fwd, a), _apply(fwd, b))
                 for a in range(0, 256, 7) for b in range(0, 256, 11))
    return ok_mul and all(sbox(x) == SBOX[x] for x in range(256))
