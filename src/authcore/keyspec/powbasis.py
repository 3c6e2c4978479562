"""The two-lane GHASH loop in a basis where multiplying by H is sparse (issue #38, goal 2).

gcm_core's two-lane GHASH steps X <- (X ^ B0)*H^2 ^ B1*H for a beat of two blocks and
X <- (X ^ B0)*H for a beat of one. With H built in, X can be kept in coordinates z over a basis
p_0..p_127 of GF(2^128) (X = sum z_k p_k) made of chains v, v*H, v*H^2, ...: in such a basis
multiplying by H is the matrix C (block-companion: z_k <- z_(k-1) ^ m_k z_(end of its chain)),
at most two coordinates per bit, and by H^2 at most three. The loop becomes

    z <- (two ? C^2 z : C z) ^ u,   u = coords(B0*H^2 ^ B1*H)  (a beat of one: B0 = 0, B1 = its block)

one LUT level behind registers, and the dense maps move off the loop: u from the beat's blocks
(``gf128_pow_in``, 256 inputs) and the hash X = P z as a message ends (``gf128_pow_out``), each cut
by a register level and proven like the multipliers. The loop's two maps are ``gf128_pow_c1``
(C) and ``gf128_pow_c2`` (C^2), proven too; ghash_core (LANES = 2) adds the select and the XOR.

The basis takes the unit vectors in turn from the field's 1 and adds a vector's whole chain when
the vector is not yet in the span. When H's minimal polynomial has degree 128 (H in no subfield)
that is the single chain 1, H, .., H^127; otherwise the chains are as long as that degree (the
span of v over GF(2)[H] is v times a subfield), so every H, 0 and 1 included, has such a basis.

Every map is a list of columns: ``cols[j]`` is the image of unit vector j as an int, bit i the
output bit i, as :func:`authcore.keyspec.matrix.columns` gives for x*H.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from authcore.keyspec import emitter, matrix, optimizer, proof
from authcore.model import gf128

IN, OUT, C1, C2 = "gf128_pow_in", "gf128_pow_out", "gf128_pow_c1", "gf128_pow_c2"


class _Span:
    """An incrementally built GF(2) basis with coordinates: reduce a vector to (residue, coords)."""

    def __init__(self) -> None:
        self.piv: dict[int, tuple[int, int]] = {}   # pivot bit -> (reduced vector, its coordinates)
        self.n = 0

    def reduce(self, v: int) -> tuple[int, int]:
        c = 0
        while v:
            b = v.bit_length() - 1
            if b not in self.piv:
                return v, c
            r, rc = self.piv[b]
            v ^= r
            c ^= rc
        return 0, c

    def add(self, v: int) -> bool:
        """Add v as basis vector self.n; False (and nothing added) if v is in the span."""
        r, c = self.reduce(v)
        if not r:
            return False
        self.piv[r.bit_length() - 1] = (r, c ^ (1 << self.n))
        self.n += 1
        return True


@dataclass
class PowerBasis:
    """The basis for H and the four maps of the two-lane loop (as columns)."""
    h: int
    out: list[int]          # P: column k is p_k, the basis as field elements (ints in GCM order)
    chains: list[int]       # the chain lengths, in order
    c1: list[int]           # C: coords(p_k * H)
    c2: list[int]           # C^2: coords(p_k * H^2)
    into: list[int]         # 256 columns: x = B0 (times H^2), then a = B1 (times H), into coordinates


def basis(h: int) -> PowerBasis:
    """The chain basis for H (module docstring) and the loop's maps."""
    span = _Span()
    p: list[int] = []
    chains: list[int] = []
    for j in range(127, -1, -1):            # the field's 1 (bit 127) first
        v = 1 << j
        start = len(p)
        while span.add(v):
            p.append(v)
            v = gf128.mul(v, h)
        if len(p) > start:
            chains.append(len(p) - start)
        if len(p) == 128:
            break

    def coords(x: int) -> int:
        r, c = span.reduce(x)
        assert not r, "the chains span the field"
        return c

    h2 = gf128.mul(h, h)
    return PowerBasis(h, p, chains,
                      [coords(gf128.mul(v, h)) for v in p], [coords(gf128.mul(v, h2)) for v in p],
                      [coords(gf128.mul(1 << j, h2)) for j in range(128)] +
                      [coords(gf128.mul(1 << j, h)) for j in range(128)])


def apply(cols: list[int], x: int) -> int:
    """The map of ``cols`` on x."""
    y = 0
    for j, c in enumerate(cols):
        if (x >> j) & 1:
            y ^= c
    return y


def ghash2(pb: PowerBasis, beats: list[tuple[int, ...]]) -> int:
    """The loop as the RTL runs it, over beats of one or two blocks (the model of ghash_core
    LANES = 2): z through C or C^2 and u, the hash P z. For tests against gf128.ghash_chain."""
    z = 0
    for beat in beats:
        b2, b1 = (beat[0], beat[1]) if len(beat) == 2 else (0, beat[0])
        u = apply(pb.into, b2 | (b1 << 128))
        z = apply(pb.c2 if len(beat) == 2 else pb.c1, z) ^ u
    return apply(pb.out, z)


def _modules(pb: PowerBasis, opt: str) -> list[tuple[str, str, list[int], bool, str]]:
    """(module, optimizer, columns, cut by a register, what) for the four files."""
    return [
        (IN, opt, pb.into, True, "y = coords(x * H^2 ^ a * H): two blocks into the power basis"),
        (OUT, opt, pb.out, True, "y = P x: power-basis coordinates x back to the field element"),
        (C1, "naive", pb.c1, False, "y = C x: the coordinates of X*H from those of X"),
        (C2, "naive", pb.c2, False, "y = C^2 x: the coordinates of X*H^2 from those of X"),
    ]


def write(h: int, out: Path, opt: str = "lut4", prove: bool = True) -> tuple[list[Path], list[dict[str, object]]]:
    """Write the four modules for H into ``out`` (mode 0600: they embed H) and prove each against
    its map; returns the files and their manifest entries (never H)."""
    pb = basis(h)
    files, entries = [], []
    for name, o, cols, cut, what in _modules(pb, opt):
        n_in = len(cols)
        t0 = time.monotonic()
        net = optimizer.OPTIMIZERS[o](matrix.rows_of(cols), n_in)
        opt_s = time.monotonic() - t0
        path = out / f"{name}.v"
        text = (emitter.map_cut(name, net, o, what) if cut else emitter.map_plain(name, net, o, what))
        emitter.write_secret(path, text)
        entry: dict[str, object] = {
            "module": name, "map": name.removeprefix("gf128_pow_"), "file": path.name, "xor2": net.xor2,
            "depth": net.depth, "optimizer": o, "optimizer_seconds": round(opt_s, 3),
            "luts": (len(optimizer.lut_cover(net, optimizer.LUT_WIDTH[o])) if o in optimizer.LUT_WIDTH else None),
            "latency": int(cut), "key_material": True, "mode": "0600",
        }
        if prove:
            t1 = time.monotonic()
            res = prove_map(path, name, pb)
            entry["proof"] = {"proven": True, "cells": res.cells, "seconds": round(time.monotonic() - t1, 3)}
        files.append(path)
        entries.append(entry)
    return files, entries


def prove_map(path: Path, name: str, pb: PowerBasis) -> proof.ProofResult:
    """Prove ``name`` in ``path`` is its map for the basis ``pb``."""
    cut = name in (IN, OUT)
    cols = {IN: pb.into[:128], OUT: pb.out, C1: pb.c1, C2: pb.c2}[name]
    return proof.prove_columns(path, name, cols, a_cols=pb.into[128:] if name == IN else None,
                               latency=int(cut), hold=cut)
