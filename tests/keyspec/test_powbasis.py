"""The power basis of the two-lane GHASH loop (authcore.keyspec.powbasis): its maps compute GHASH,
the loop's maps stay sparse, every H has a basis (subfields, 0 and 1 too), and the proofs catch a
wrong map."""

from __future__ import annotations

import os
import stat

import pytest

from authcore.errors import ProofError
from authcore.keyspec import matrix, powbasis
from authcore.model import gf128

ORDER = (1 << 128) - 1


def _subfield_element(rng, d: int) -> int:
    """A random element of GF(2^d) inside GF(2^128) (x^((2^128 - 1)/(2^d - 1)) has order dividing 2^d - 1)."""
    while True:
        v = gf128.power(rng.getrandbits(128) | 1, ORDER // ((1 << d) - 1))
        if v not in (0, gf128.ONE) or d == 1:
            return v


def _beats(rng, n):
    return [tuple(rng.getrandbits(128) for _ in range(rng.choice((1, 2)))) for _ in range(n)]


@pytest.mark.parametrize("kind", ["random", "zero", "one", "gf4", "gf256", "gf2^64"])
def test_loop_in_the_power_basis_is_ghash(rng, kind):
    """For random messages in beats of one or two blocks, the maps as ghash_core runs them give
    the model's GHASH, for H in no subfield and for H in the subfields (shorter chains)."""
    h = {"random": rng.getrandbits(128), "zero": 0, "one": gf128.ONE, "gf4": _subfield_element(rng, 2),
         "gf256": _subfield_element(rng, 8), "gf2^64": _subfield_element(rng, 64)}[kind]
    pb = powbasis.basis(h)
    want_chain = {"zero": 1, "one": 1, "gf4": 2, "gf256": 8, "gf2^64": 64}.get(kind, 128)
    assert set(pb.chains) == {want_chain} and sum(pb.chains) == 128
    # the loop's maps: at most two coordinates a bit through C, three through C^2
    assert max(len(r) for r in matrix.rows_of(pb.c1)) <= 2
    assert max(len(r) for r in matrix.rows_of(pb.c2)) <= 3
    for _ in range(20):
        beats = _beats(rng, rng.randrange(1, 7))
        blocks = [b for beat in beats for b in beat]
        assert powbasis.ghash2(pb, beats) == gf128.ghash_chain(h, blocks)[-1]


def test_written_maps_are_proven_and_secret(tmp_path, rng):
    h = rng.getrandbits(128)
    files, entries = powbasis.write(h, tmp_path, "lut4")
    assert [e["module"] for e in entries] == [powbasis.IN, powbasis.OUT, powbasis.C1, powbasis.C2]
    assert all(e["proof"]["proven"] for e in entries)
    assert [e["latency"] for e in entries] == [1, 1, 0, 0]
    for f in files:
        assert stat.S_IMODE(os.stat(f).st_mode) == 0o600 and "KEY MATERIAL" in f.read_text()[:300]
    assert f"{h:032x}" not in repr(entries)


@pytest.mark.parametrize("name", [powbasis.IN, powbasis.C2])
def test_proof_rejects_another_keys_map(tmp_path, rng, name):
    """A map written for one H does not pass as the map of another (the proof compares every
    column, the accumulate input's too)."""
    h = rng.getrandbits(128)
    powbasis.write(h, tmp_path, "lut4", prove=False)
    other = powbasis.basis(h ^ 1)
    with pytest.raises(ProofError, match="differs from its map"):
        powbasis.prove_map(tmp_path / f"{name}.v", name, other)
