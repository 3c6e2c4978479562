from pathlib import Path

import pytest

from authcore import rtl
from authcore.flow.sim import simulate

HERE = Path(__file__).parent
TB = Path(__file__).parents[3] / "src" / "authcore" / "testbench"


@pytest.mark.parametrize("karatsuba", [0, 1])
def test_parallel(tmp_path, rng, karatsuba):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    simulate("gf128_mul_parallel", rtl.files("gf128_mul_parallel"), "tb_gf128_mul", [HERE, TB],
             tmp_path, parameters={"KARATSUBA": karatsuba}, env=env)


@pytest.mark.parametrize("digit", [1, 4, 8, 16, 32, 64])
def test_digit_serial(tmp_path, rng, digit):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    simulate("gf128_mul_digit", rtl.files("gf128_mul_digit"), "tb_gf128_mul", [HERE, TB], tmp_path,
             parameters={"DIGIT": digit}, env=env)


@pytest.mark.parametrize("field,lut_w", [(0, 6), (1, 4)])
def test_hybrid(tmp_path, rng, field, lut_w):
    """Lemsitzer et al.'s hybrid multiplier (composite field GF((2^16)^8)) with its maps, 9 cycles."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gf128_mul_hybrid", rtl.files("gf128_mul_hybrid"), "tb_gf128_mul", [HERE, TB], tmp_path,
                              parameters={"FIELD": field, "LUT_W": lut_w}, env=env)
    assert (passed, failed) == (2, 0)


@pytest.mark.parametrize("field,inverse,lut_w", [(f, i, w) for f in (0, 1) for i in (0, 1) for w in (6, 4)])
def test_hybrid_maps(tmp_path, rng, field, inverse, lut_w):
    """Every generated map network against the model's matrix: zero, the 128 unit vectors, random."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gf128_hybrid_map", rtl.files("gf128_hybrid_map"), "tb_gf128_mul", [HERE, TB], tmp_path,
                              parameters={"FIELD": field, "INVERSE": inverse, "LUT_W": lut_w}, env=env)
    assert (passed, failed) == (2, 0)


@pytest.mark.parametrize("digit", [3, 128, 0])
def test_illegal_digit_stops_elaboration(tmp_path, digit):
    from authcore.errors import ToolError

    with pytest.raises((ToolError, SystemExit, Exception)) as e:
        simulate("gf128_mul_digit", rtl.files("gf128_mul_digit"), "tb_gf128_mul", [HERE, TB], tmp_path,
                 parameters={"DIGIT": digit})
    log = (tmp_path / "build.log").read_text()
    assert "gf128_mul_digit_DIGIT_must_divide_128_and_be_1_to_64" in log, e.value
