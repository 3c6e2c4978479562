"""Shared fixtures. Random tests are seeded: AUTHCORE_SEED overrides the per-test default, and
the seed is printed, so a failure report always shows how to reproduce it."""

from __future__ import annotations

import os
import random
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    env = os.environ.get("AUTHCORE_SEED")
    seed = int(env) if env else zlib.crc32(request.node.nodeid.encode())
    print(f"random seed {seed} (rerun with AUTHCORE_SEED={seed})")
    return random.Random(seed)


@pytest.fixture(scope="session")
def vectors_root() -> Path:
    from authcore.vectors.run import package_vectors

    return package_vectors()


def rand_bytes(r: random.Random, n: int) -> bytes:
    return r.randbytes(n)
