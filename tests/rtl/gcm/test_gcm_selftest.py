"""gcm_selftest: the known-answer test runs after reset and key_clear, holds the ports until it passes,
erases its key, and on a failure holds the ports for good."""

from __future__ import annotations

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB


@pytest.mark.parametrize("params", [{}, {"DATA_W": 32, "SBOX": 2, "GHASH": 2, "DIGIT": 8}])
def test_self_test_passes(tmp_path, rng, params):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_TB_EXPECT": "pass"}
    passed, failed = simulate("gcm_selftest", sources("gcm_selftest"), "tb_gcm_selftest", [TB], tmp_path,
                              parameters=params, env=env)
    assert failed == 0 and passed == 2


# A KAT that cannot pass: the right vectors under the wrong key length; and no answer in time.
@pytest.mark.parametrize("params", [{"KAT_KEY_LEN": 1}, {"TIMEOUT": 20}])
def test_self_test_fails_and_holds(tmp_path, rng, params):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_TB_EXPECT": "fail"}
    passed, failed = simulate("gcm_selftest", sources("gcm_selftest"), "tb_gcm_selftest", [TB], tmp_path,
                              parameters=params, env=env)
    assert failed == 0 and passed == 2
