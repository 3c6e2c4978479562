"""hmac_selftest: the power-on known-answer test passes for every HASH, holds the ports until then,
erases its key, runs again after key_clear and reset; a wrong expected MAC fails and holds them."""

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import HmacSelftestTb

HASHES = {"sha1": 0, "md5": 1, "both": 2, "sha2": 3}


@pytest.mark.parametrize("hash_name", list(HASHES))
def test_selftest_passes(tmp_path, rng, hash_name):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("hmac_selftest", sources("hmac_selftest"), "tb_hmac_selftest", [TB], tmp_path,
                              parameters={"HASH": HASHES[hash_name]}, env=env, config=HmacSelftestTb(hash=hash_name))
    assert failed == 0 and passed == 2   # one runs, the other is skipped (and counted)


@pytest.mark.parametrize("hash_name,mac", [("sha2", "KAT_MAC1"), ("sha1", "KAT_MAC0")])
def test_wrong_kat_fails(tmp_path, rng, hash_name, mac):
    """One bit of one expected MAC wrong: the test must fail (for HASH 3, on its second algorithm)."""
    good = {"KAT_MAC0": "256'heffcdf6ae5eb2fa2d27416d5f184df9c259a7c79000000000000000000000000",
            "KAT_MAC1": "256'ha30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e4400000000"}[mac]
    bad = good[:-25] + ("1" if good[-25] == "0" else "0") + good[-24:]
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("hmac_selftest", sources("hmac_selftest"), "tb_hmac_selftest", [TB], tmp_path,
                              parameters={"HASH": HASHES[hash_name], mac: bad}, env=env,
                              config=HmacSelftestTb(hash=hash_name, expect="fail"))
    assert failed == 0 and passed == 2
