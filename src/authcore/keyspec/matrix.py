"""The 128x128 GF(2) matrix of x -> x*H, in Verilog bit numbering (``width=64``: the 64x64 matrix
of GHASH64's field, the GCM spec's Appendix A).

Input bit j and output bit i are Verilog bits (spec bit 127 - j). Column j is (unit vector j)*H:
Verilog bit 127 is the field's 1, so column 127 is H and each lower column multiplies by a once
more (the spec's rightshift with reduction). Row i lists the input bits whose XOR is output bit i.
"""

from __future__ import annotations

from authcore.model.gcm64 import mul_x64
from authcore.model.gf128 import mul_x


def columns(h: int, width: int = 128) -> list[int]:
    """cols[j] = (1 << j) * H as an int."""
    step = mul_x if width == 128 else mul_x64
    cols = [0] * width
    v = h
    for j in range(width - 1, -1, -1):
        cols[j] = v
        v = step(v)
    return cols


def rows(h: int, width: int = 128) -> list[list[int]]:
    """rows[i] = sorted input bits j with M[i][j] = 1."""
    return rows_of(columns(h, width), width)


def rows_of(cols: list[int], n_out: int = 128) -> list[list[int]]:
    """Any linear map's rows from its columns (cols[j]: the image of unit vector j): rows[i] =
    sorted inputs j whose column has bit i."""
    return [[j for j, c in enumerate(cols) if (c >> i) & 1] for i in range(n_out)]


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
