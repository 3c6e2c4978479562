"""The compression cores against the model: every (algorithm, PRECOMPUTE, PIPELINE) combination
(sha2: sha256_compress with SHA-256 and SHA-224 messages)."""

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import HashTb

CORES = {"sha1": "sha1_core", "md5": "md5_core", "both": "md5sha1_core", "sha2": "sha256_compress"}
COMBOS = [(a, pre, pipe) for a in ("sha1", "md5", "sha2") for pre in (0, 1) for pipe in (1, 4)]
COMBOS += [("both", pre, 1) for pre in (0, 1)]


# SHA-256's pipelined engine with pre-computation in make test-full (it runs without in make test)
@pytest.mark.parametrize("alg,pre,pipe", [c if c != ("sha2", 1, 4) else pytest.param(*c, marks=pytest.mark.full)
                                          for c in COMBOS])
def test_compression_core(tmp_path, rng, alg, pre, pipe):
    top = CORES[alg]
    params = {"PRECOMPUTE": pre, "USER_W": 4} | ({} if alg == "both" else {"PIPELINE": pipe})
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate(top, sources(top), "tb_md_compress", [TB], tmp_path,
                              parameters=params, env=env, config=HashTb(alg=alg, pipeline=pipe))
    assert failed == 0 and passed == 5
