"""The AES cores against the model for every (DATA_W, SBOX, architecture) combination."""

from pathlib import Path

import pytest

from authcore.flow.sim import simulate
from authcore.testbench import HERE as TB

RTL = Path(__file__).parents[3] / "rtl" / "aes"
COMMON = [RTL / f"{m}.v" for m in ("aes_key_expand", "aes_sub", "aes_mix_col", "aes_sbox_lut",
                                    "aes_sbox_composite", "aes_sbox_rom")]


@pytest.mark.parametrize("sbox", (0, 1, 2))
@pytest.mark.parametrize("width", (128, 64, 32, 16))
def test_aes_enc_pipe(tmp_path, rng, width, sbox):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_TB_PERIOD": str(128 // width)}
    passed, failed = simulate("aes_enc_pipe", [RTL / "aes_enc_pipe.v", *COMMON], "tb_aes", [TB], tmp_path,
                              parameters={"DATA_W": width, "SBOX": sbox, "USER_W": 2}, env=env)
    assert failed == 0 and passed == 5


@pytest.mark.parametrize("sbox", (0, 1, 2))
def test_aes_enc_iter(tmp_path, rng, sbox):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_TB_ITER": "1",
           "AUTHCORE_TB_PERIOD": str(10 * (2 if sbox == 2 else 1))}
    passed, failed = simulate("aes_enc_iter", [RTL / "aes_enc_iter.v", *COMMON], "tb_aes", [TB], tmp_path,
                              parameters={"SBOX": sbox, "USER_W": 2}, env=env)
    assert failed == 0 and passed == 5
