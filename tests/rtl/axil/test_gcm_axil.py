"""gcm_axil through its Python driver and an AXI4-Lite master (src/authcore/testbench/tb_gcm_axil.py);
the timing diagram in docs/axil.md is the one the default core's simulation draws. GHASH 5 (the
pipelined multiplier, for the key-agile core's clock) runs in make test-full."""

import json

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.regs import emit
from authcore.testbench import HERE as TB

WAVE = emit.WAVES / "gcm_axil.json"


@pytest.mark.parametrize("ghash", [0, pytest.param(5, marks=pytest.mark.full)])
def test_gcm_axil(tmp_path, rng, ghash):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_WAVE": str(tmp_path / "wave.json")}
    passed, failed = simulate("gcm_axil", sources("gcm_axil"), "tb_gcm_axil", [TB], tmp_path, env=env,
                              parameters={"GHASH": ghash})
    assert failed == 0 and passed == 8
    if ghash == 0:
        drawn = json.loads((tmp_path / "wave.json").read_text())
        assert drawn == json.loads(WAVE.read_text()), (
            f"docs/wave/gcm_axil.json is not what the RTL does now: copy {tmp_path / 'wave.json'} there, then "
            "python -m authcore.regs --write")
