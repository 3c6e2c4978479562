import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import HmacTb

HASHES = {"sha1": 0, "md5": 1, "both": 2, "sha2": 3}


# SHA-256's pipelined engine (28 s) in make test-full; make test runs it in tests/rtl/sha
@pytest.mark.parametrize("hash_name,pre,pipe", [(h, p, 1) for h in HASHES for p in (0, 1)]
                         + [("sha1", 1, 4), ("md5", 0, 4), pytest.param("sha2", 1, 4, marks=pytest.mark.full)])
def test_hmac_core(tmp_path, rng, hash_name, pre, pipe):
    """Every test for each HASH and PRECOMPUTE with the rolling loop, and the pipelined engine
    (PIPELINE 4: four contexts on four round-group stages) for each algorithm it takes."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("hmac_core", sources("hmac_core"), "tb_hmac_core", [TB], tmp_path,
                              parameters={"HASH": HASHES[hash_name], "PRECOMPUTE": pre, "PIPELINE": pipe},
                              env=env, config=HmacTb(hash=hash_name, pipeline=pipe))
    assert failed == 0 and passed == 7
