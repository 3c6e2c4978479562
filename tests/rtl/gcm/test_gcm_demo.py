"""The GCM half of `make demo`: the spec's test cases 3 and 4 through the generic gcm_core and the
key-specialized gcm_top, run from a relative build folder as `make demo` runs it."""

from __future__ import annotations

import io
import json

from authcore.demo import gcm_demo


def test_gcm_demo_from_a_relative_build_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert gcm_demo(out, build="demo")
    text = out.getvalue()
    assert "gcm_top with H built in" in text and "REJECTED" not in text and "MISMATCH" not in text
    # both cores wrote their results where the demo reads them: two encryptions and two decryptions
    for top in ("gcm_core", "gcm_top"):
        res = json.loads((tmp_path / "demo" / f"sim-{top}" / "results.json").read_text())["gcm"]
        assert len(res) == 4
