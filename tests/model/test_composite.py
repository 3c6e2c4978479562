"""The composite field GF((2^16)^8) of the hybrid multiplier, its maps, and the RTL files made from it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from authcore.keyspec import hybrid
from authcore.model import composite, gf128

RTL = Path(__file__).parents[2] / "rtl" / "gf128"


def _factors_by_trial(m: int) -> bool:
    """Irreducible over GF(2) by trial division (independent of Rabin's test)."""
    n = m.bit_length() - 1
    return all(composite.pmod(m, d) for d in range(2, 1 << (n // 2 + 1)) if d.bit_length() - 1 <= n // 2)


def test_rabin_agrees_with_trial_division():
    for m in range(1 << 8, 1 << 11):
        assert composite.is_irreducible_gf2(m) == _factors_by_trial(m), bin(m)


def test_the_papers_r_and_the_sparse_r():
    assert composite.is_irreducible_gf2(composite.R_PAPER)
    assert bin(composite.R_PAPER).count("1") == 11
    r = composite.sparsest_r()
    assert composite.is_irreducible_gf2(r) and bin(r).count("1") == 5
    # no irreducible trinomial of degree 16: five terms is the fewest
    assert not any(composite.is_irreducible_gf2((1 << 16) | (1 << k) | 1) for k in range(1, 16))


@pytest.mark.parametrize("name", composite.FIELDS)
def test_q_is_irreducible_and_cheap(name):
    f = composite.field(name)
    assert composite.is_irreducible_ext(list(f.q), f.r)
    nonzero = [i for i in range(8) if f.q[i]]
    assert len(nonzero) == 3 and sum(f.q[i] == 1 for i in nonzero) == 2  # y^8 + y^a + y^b + x^e
    assert bin(f.q[0]).count("1") == 1
    # y^8 + y^a + x^e for the same x^e is reducible, and so is a Q with a root: Rabin rejects both
    tri = list(f.q)
    tri[nonzero[1]] = 0
    assert not composite.is_irreducible_ext(tri, f.r)
    assert not composite.is_irreducible_ext([0, *f.q[1:8], 1], f.r)   # q_0 = 0: y divides it


@pytest.mark.parametrize("name", composite.FIELDS)
def test_roots_and_maps_are_an_isomorphism(name, rng):
    f = composite.field(name)
    # omega is a root of R and theta of Q (read through omega), in the GCM field
    acc = 0
    for i in range(16, -1, -1):
        acc = gf128.mul(acc, f.omega) ^ (gf128.ONE if (f.r >> i) & 1 else 0)
    assert acc == 0
    # the maps are inverse to each other: the unit vectors and random elements
    for a in [1 << j for j in range(128)] + [rng.getrandbits(128) for _ in range(20)]:
        assert f.map_inv(f.map_fwd(a)) == a and f.map_fwd(f.map_inv(a)) == a
    # products agree: map_inv(map(a) * map(b)) = a * b, and the word-serial algorithm is the product
    for _ in range(20):
        a, b = rng.getrandbits(128), rng.getrandbits(128)
        assert f.map_inv(f.mul(f.map_fwd(a), f.map_fwd(b))) == gf128.mul(a, b)
    assert f.map_fwd(gf128.ONE) == 1  # the field's 1 is the composite 1


def test_the_generated_map_file_is_current():
    """rtl/gf128/gf128_hybrid_map.v is exactly what the model and optimizers give now."""
    assert (RTL / "gf128_hybrid_map.v").read_text() == hybrid.verilog_maps(), \
        "regenerate with: python -m authcore.keyspec.hybrid --write"


@pytest.mark.parametrize("idx,name", list(enumerate(composite.FIELDS)))
def test_core_constants_match_the_model(idx, name):
    text = (RTL / "gf128_hybrid_core.v").read_text()
    tag = name.upper()
    r = int(re.search(rf"localparam \[15:0\]\s+R_{tag} = 16'h([0-9a-f]+);", text).group(1), 16)
    q = int(re.search(rf"localparam \[127:0\] Q_{tag} = 128'h([0-9a-f]+);", text).group(1), 16)
    assert (r, q) == hybrid.core_constants(name)
