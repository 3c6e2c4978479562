import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB

HASHES = {"sha1": 0, "md5": 1, "both": 2, "sha2": 3}


@pytest.mark.parametrize("hash_name,pre", [(h, p) for h in HASHES for p in (0, 1)])
def test_hmac_core(tmp_path, rng, hash_name, pre):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_TB_HASH": hash_name}
    passed, failed = simulate("hmac_core", sources("hmac_core"), "tb_hmac_core", [TB], tmp_path,
                              parameters={"HASH": HASHES[hash_name], "PRECOMPUTE": pre}, env=env)
    assert failed == 0 and passed == 5
