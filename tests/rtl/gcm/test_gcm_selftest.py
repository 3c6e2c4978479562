"""gcm_selftest: the known-answer test runs after reset and key_clear, holds the ports until it passes,
erases its key, and on a failure holds the ports for good."""

from __future__ import annotations

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.keyspec.gcm import GcmConfig, generate_gcm
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import GcmSelftestTb


@pytest.mark.parametrize("params", [{}, pytest.param({"DATA_W": 32, "SBOX": 2, "GHASH": 2, "DIGIT": 8},
                                                    marks=pytest.mark.full)])
def test_self_test_passes(tmp_path, rng, params):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gcm_selftest", sources("gcm_selftest"), "tb_gcm_selftest", [TB], tmp_path,
                              parameters=params, env=env, config=GcmSelftestTb(expect="pass"))
    assert failed == 0 and passed == 2


# A KAT that cannot pass: the right vectors under the wrong key length; and no answer in time.
@pytest.mark.parametrize("params", [{"KAT_KEY_LEN": 1}, {"TIMEOUT": 20}])
def test_self_test_fails_and_holds(tmp_path, rng, params):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gcm_selftest", sources("gcm_selftest"), "tb_gcm_selftest", [TB], tmp_path,
                              parameters=params, env=env, config=GcmSelftestTb(expect="fail"))
    assert failed == 0 and passed == 2


# `authcore generate gcm --selftest`: gcm_top wraps the core in gcm_selftest. A generic core runs the
# spec's test case 4; a whole-key core runs the same packet under its own (random) key, with the
# expected ciphertext and tag computed by the generator; one lane and two.
@pytest.mark.parametrize("cfg", [GcmConfig(64, "composite", "karatsuba", selftest=True),
                                 GcmConfig(128, "rom", "keyspec", "all", 1, True),
                                 pytest.param(GcmConfig(128, "lut", "keyspec", "all", 2, True),
                                              marks=pytest.mark.full)],
                         ids=["generic", "fixed-key", "fixed-key-two-lanes"])
def test_generated_self_test_passes(tmp_path, rng, cfg):
    key = rng.randbytes(rng.choice([16, 24, 32])) if cfg.specialize else None
    g = generate_gcm(tmp_path / "gen", cfg, key=key)
    assert g.manifest["selftest"] is True and (tmp_path / "gen" / "rtl" / "gcm" / "gcm_selftest.v").exists()
    tb = GcmSelftestTb(expect="pass", lanes=cfg.lanes, key=key.hex() if key else None, fixed=key is not None)
    passed, failed = simulate("gcm_top", g.files, "tb_gcm_selftest", [TB], tmp_path / "sim",
                              env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))}, config=tb)
    assert failed == 0 and passed == 2


def test_generated_self_test_catches_a_wrong_tag(tmp_path, rng):
    """The two-lane whole-key top with one bit of its expected tag flipped must fail and hold the
    ports: the 32-byte beats are compared, tag included."""
    key = rng.randbytes(16)
    g = generate_gcm(tmp_path / "gen", GcmConfig(128, "lut", "keyspec", "all", 2, True), key=key)
    top = tmp_path / "gen" / "gcm_top.v"
    text = top.read_text()
    i = text.index(".KAT_TAG(128'h") + len(".KAT_TAG(128'h") + 31  # the tag's last hex digit
    top.write_text(text[:i] + format(int(text[i], 16) ^ 1, "x") + text[i + 1:])
    tb = GcmSelftestTb(expect="fail", lanes=2, key=key.hex(), fixed=True)
    passed, failed = simulate("gcm_top", g.files, "tb_gcm_selftest", [TB], tmp_path / "sim",
                              env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))}, config=tb)
    assert failed == 0 and passed == 2


def test_self_test_lanes_other_than_1_or_2_stop_elaboration(tmp_path):
    with pytest.raises(Exception):  # noqa: B017 - the simulator's build error; the log is checked below
        simulate("gcm_selftest", sources("gcm_selftest"), "tb_gcm_selftest", [TB], tmp_path,
                 parameters={"GHASH": 3, "LANES": 3})
    assert "gcm_selftest_LANES_must_be_1_or_2" in (tmp_path / "build.log").read_text()
