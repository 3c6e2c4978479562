"""Every sweep spec under benchmarks/ loads, names files that exist, and has no duplicate run, so
`make bench` and `authcore sweep --only` fail on a measurement, never on a typo."""

from __future__ import annotations

from pathlib import Path

import pytest

from authcore.flow.sweep import _key, load_spec

SPECS = sorted((Path(__file__).parents[2] / "benchmarks").glob("*.toml"))


def test_there_are_specs():
    assert {p.stem for p in SPECS} >= {"ghash", "hash", "aes", "gcm"}


@pytest.mark.parametrize("spec", SPECS, ids=[p.stem for p in SPECS])
def test_spec_loads(spec):
    head, jobs = load_spec(spec)
    assert head.get("name") and jobs
    keys = [_key(j) for j in jobs]   # the sweep's own run key (config, target, key, placement seed)
    assert len(keys) == len(set(keys)), "a configuration name repeats on one target"
    for j in jobs:
        assert j.target in ("xc7", "ecp5", "ice40")
        assert all(Path(f).is_file() for f in j.files), j.config
        if j.generate is None:
            assert j.top and j.files, j.config
        else:
            assert j.generate.get("kind", "ghash") in ("ghash", "gcm"), j.config
