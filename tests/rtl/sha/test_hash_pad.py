from pathlib import Path

from authcore.flow.sim import simulate
from authcore.testbench import HERE as TB

RTL = Path(__file__).parents[3] / "rtl" / "sha"


def test_hash_pad(tmp_path, rng):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("hash_pad", [RTL / "hash_pad.v"], "tb_hash_pad", [TB], tmp_path, env=env)
    assert failed == 0 and passed == 4
