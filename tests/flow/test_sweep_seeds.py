"""Sweep specs with several placement seeds (``seeds = [..]``): one job per seed, kept apart in
results.json, the median and range in the table; malformed lists refused."""

from __future__ import annotations

import pytest

from authcore.errors import InvalidParameter
from authcore.flow.sweep import _key, load_spec, markdown_table, summarize

SPEC = """
[sweep]
name = "seeds"
targets = ["ecp5"]

[[config]]
name = "three"
top = "t"
files = ["t.v"]
seeds = [1, 5, 9]

[[config]]
name = "one"
top = "t"
files = ["t.v"]
seed = 4
"""


def _spec(tmp_path, text):
    p = tmp_path / "s.toml"
    p.write_text(text)
    return p


def test_one_job_per_placement_seed(tmp_path):
    _, jobs = load_spec(_spec(tmp_path, SPEC))
    three = [j for j in jobs if j.config == "three"]
    assert [(j.seed, j.placement_seed) for j in three] == [(1, 1), (5, 5), (9, 9)]
    [one] = [j for j in jobs if j.config == "one"]
    assert (one.seed, one.placement_seed) == (4, None)
    # every run has its own key, so a re-run of one seed replaces that run only
    assert len({_key(j) for j in jobs}) == 4
    # a record of an earlier sweep (no placement_seed field) is the same run as a job without seeds
    assert _key({"config": "one", "target": "ecp5", "key_seed": None}) == _key(one)
    assert _key({"config": "three", "target": "ecp5", "key_seed": None, "placement_seed": 5}) == _key(three[1])


def test_median_and_range_over_seeds():
    base = {"target": "ecp5", "error": None, "luts": 100, "ffs": 50, "brams": 0, "dsps": 0, "seconds": 1.0,
            "bits_per_cycle": 128}
    runs = [base | {"config": "three", "placement_seed": s, "fmax_mhz": f, "gbps": f * 0.128}
            for s, f in ((1, 80.0), (5, 92.0), (9, 86.0))]
    [row] = summarize(runs)
    assert row["fmax_mhz"] == 86.0 and (row["fmax_mhz_min"], row["fmax_mhz_max"]) == (80.0, 92.0)
    assert row["runs"] == 3 and row["ok"] == 3
    assert "86.0 (80.0-92.0)" in markdown_table([row])


@pytest.mark.parametrize("bad,msg", [
    ("seeds = [1, 1]", "distinct integers"),
    ("seeds = []", "distinct integers"),
    ("seeds = 3", "distinct integers"),
    ('seeds = [1, "2"]', "distinct integers"),
    ("seeds = [true]", "distinct integers"),
    ("seeds = [1, 2]\nseed = 3", "both seed and seeds"),
])
def test_malformed_seed_lists_are_refused(tmp_path, bad, msg):
    text = f'[[config]]\nname = "c"\ntop = "t"\nfiles = ["t.v"]\n{bad}\n'
    with pytest.raises(InvalidParameter, match=msg):
        load_spec(_spec(tmp_path, text))


def test_keep_and_pnr_reach_the_jobs(tmp_path):
    text = SPEC.replace('seed = 4', 'seed = 4\nkeep = ["u", "v"]\npnr = false')
    _, jobs = load_spec(_spec(tmp_path, text))
    [one] = [j for j in jobs if j.config == "one"]
    assert one.keep == ["u", "v"] and one.pnr is False
    assert all(j.keep == [] and j.pnr is True for j in jobs if j.config == "three")


def test_placer_reaches_the_jobs(tmp_path):
    text = SPEC.replace('seed = 4', 'seed = 4\nplacer = "static"')
    _, jobs = load_spec(_spec(tmp_path, text))
    assert {j.placer for j in jobs if j.config == "one"} == {"static"}
    assert {j.placer for j in jobs if j.config != "one"} == {"heap"}
    _, jobs = load_spec(_spec(tmp_path, SPEC.replace('seed = 4', 'seed = 4\nfloorplan = "aes-deep"')))
    assert {j.floorplan for j in jobs if j.config == "one"} == {"aes-deep"}
    assert {j.floorplan for j in jobs if j.config != "one"} == {None}
    _, jobs = load_spec(_spec(tmp_path, SPEC.replace('seed = 4', 'seed = 4\ntiming_weight = 40')))
    assert {j.timing_weight for j in jobs if j.config == "one"} == {40}
    assert {j.timing_weight for j in jobs if j.config != "one"} == {None}
    _, jobs = load_spec(_spec(tmp_path, SPEC.replace('targets = ["ecp5"]', 'targets = ["ecp5"]\ntiming_weight = 30')))
    assert {j.timing_weight for j in jobs} == {30}


@pytest.mark.parametrize("line, msg", [
    ('keep = "u"', "keep must be a list of module names"),
    ('keep = [1]', "keep must be a list of module names"),
    ('pnr = "no"', "pnr must be true or false"),
    ('placer = "HeAP"', "placer must be one of heap, sa, static"),
    ('floorplan = "rows"', "floorplan must be one of aes-deep"),
    ('timing_weight = 0', "timing_weight must be an integer from 1 to 1000"),
    ('timing_weight = "40"', "timing_weight must be an integer from 1 to 1000"),
    ('timing_weight = 40\nplacer = "static"', "with the heap placer"),
])
def test_malformed_keep_and_pnr_are_refused(tmp_path, line, msg):
    with pytest.raises(InvalidParameter, match=msg):
        load_spec(_spec(tmp_path, SPEC.replace('seed = 4', f'seed = 4\n{line}')))
