"""The streaming interfaces' timing diagrams in docs/ (gcm_core, hmac_core, ghash_keyspec) are the
ones the RTL draws now (src/authcore/testbench/tb_stream_waves.py)."""

import json

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.keyspec.generate import generate_ghash
from authcore.regs import emit
from authcore.testbench import HERE as TB

SPEC_H = bytes.fromhex("b83b533708bf535d0aa6e52980d53b78")


@pytest.mark.parametrize("top", ["gcm_core", "hmac_core", "ghash_keyspec"])
def test_stream_wave_is_current(tmp_path, top):
    files = generate_ghash(SPEC_H, tmp_path / "gen", lanes=1).files if top == "ghash_keyspec" else sources(top)
    env = {"AUTHCORE_WAVE": str(tmp_path / "wave.json")}
    passed, failed = simulate(top, files, "tb_stream_waves", [TB], tmp_path / "sim", env=env)
    assert failed == 0 and passed == 3   # its own test runs, the other two skip
    want = emit.WAVES / f"{top}.json"
    drawn = json.loads((tmp_path / "wave.json").read_text())
    assert want.exists() and drawn == json.loads(want.read_text()), (
        f"docs/wave/{top}.json is not what the RTL does now: copy {tmp_path / 'wave.json'} there, then "
        "python -m authcore.regs --write")
