"""The 128x128 GF(2) matrix of x -> x*H, in Verilog bit numbering.

Input bit j and output bit i are Verilog bits (spec bit 127 - j). Column j is (unit vector j)*H:
Verilog bit 127 is the field's 1, so column 127 is H and each lower column multiplies by a once
more (the spec's rightshift with reduction). Row i lists the input bits whose XOR is output bit i.
"""

from __future__ import annotations

from authcore.model.gf128 import mul_x


def columns(h: int) -> list[int]:
    """cols[j] = (1 << j) * H as an int."""
    cols = [0] * 128
    v = h
    for j in range(127, -1, -1):
        cols[j] = v
        v = mul_x(v)
    return cols


def rows(h: int) -> list[list[int]]:
    """rows[i] = sorted input bits j with M[i][j] = 1."""
    cols = columns(h)
    return [[j for j in range(128) if (cols[j] >> i) & 1] for i in range(128)]


def apply(row_sets: list[list[int]], x: int) -> int:
    """Evaluate the matrix on x (a check independent of Algorithm 1)."""
    y = 0
    for i, r in enumerate(row_sets):
        bit = 0
        for j in r:
            bit ^= (x >> j) & 1
        y |= bit << i
    return y


def density(h: int) -> float:
    """Fraction of ones in the matrix."""
    return sum(bin(c).count("1") for c in columns(h)) / (128 * 128)
