"""gcm_core's parts on their own ports (the whole core's tests are test_gcm_core.py)."""

from __future__ import annotations

import pytest

from authcore import rtl
from authcore.flow.sim import simulate
from authcore.testbench import HERE as TB


@pytest.mark.parametrize("len_w,bw", [(8, 16), (10, 32), (36, 16)])
def test_gcm_lengths(tmp_path, rng, len_w, bw):
    passed, failed = simulate("gcm_lengths", rtl.files("gcm_lengths"), "tb_gcm_parts", [TB], tmp_path,
                              parameters={"LEN_W": len_w, "BW": bw}, env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))})
    assert (passed, failed) == (2, 0)


@pytest.mark.parametrize("lanes", [1, 2])
def test_gcm_ctr_gen(tmp_path, rng, lanes):
    passed, failed = simulate("gcm_ctr_gen", rtl.files("gcm_ctr_gen"), "tb_gcm_parts", [TB], tmp_path,
                              parameters={"LANES": lanes}, env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))})
    assert (passed, failed) == (2, 0)


@pytest.mark.parametrize("tq_w", [1, 3])
def test_gcm_tag_unit(tmp_path, rng, tq_w):
    passed, failed = simulate("gcm_tag_unit", rtl.files("gcm_tag_unit"), "tb_gcm_parts", [TB], tmp_path,
                              parameters={"TQ_W": tq_w}, env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))})
    assert (passed, failed) == (1, 0)


@pytest.mark.parametrize("fixed,check,check_reg", [(0, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 0, 0)])
def test_gcm_key_ctl(tmp_path, rng, fixed, check, check_reg):
    params = {"FIXED_KEY": fixed, "CHECK": check, "CHECK_REG": check_reg, "ERASE_CHECK": 1,
              "H_BUILTIN": rng.getrandbits(31) | 1}   # a plain integer parameter (the simulators' -P)
    passed, failed = simulate("gcm_key_ctl", rtl.files("gcm_key_ctl"), "tb_gcm_parts", [TB], tmp_path,
                              parameters=params, env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))})
    assert (passed, failed) == (1, 0)


@pytest.mark.parametrize("lanes", [1, 2])
def test_gcm_out(tmp_path, rng, lanes):
    passed, failed = simulate("gcm_out", rtl.files("gcm_out"), "tb_gcm_parts", [TB], tmp_path,
                              parameters={"LANES": lanes, "ERASE_CHECK": 1},
                              env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))})
    assert (passed, failed) == (1, 0)
