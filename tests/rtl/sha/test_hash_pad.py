from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB


def test_hash_pad(tmp_path, rng):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("hash_pad", sources("hash_pad"), "tb_hash_pad", [TB], tmp_path, env=env)
    assert failed == 0 and passed == 4
