"""gcm_axil through its Python driver and an AXI4-Lite master (src/authcore/testbench/tb_gcm_axil.py);
the timing diagram in docs/axil.md is the one this simulation draws."""

import json

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.regs import emit
from authcore.testbench import HERE as TB

WAVE = emit.WAVES / "gcm_axil.json"


def test_gcm_axil(tmp_path, rng):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_WAVE": str(tmp_path / "wave.json")}
    passed, failed = simulate("gcm_axil", sources("gcm_axil"), "tb_gcm_axil", [TB], tmp_path, env=env)
    assert failed == 0 and passed == 8
    drawn = json.loads((tmp_path / "wave.json").read_text())
    assert drawn == json.loads(WAVE.read_text()), (
        f"docs/wave/gcm_axil.json is not what the RTL does now: copy {tmp_path / 'wave.json'} there, then "
        "python -m authcore.regs --write")
