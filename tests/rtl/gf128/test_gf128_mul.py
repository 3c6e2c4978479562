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


def test_reduce(tmp_path, rng):
    """gf128_reduce: a 255-coefficient polynomial modulo the field polynomial, in GCM bit order."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gf128_reduce", rtl.files("gf128_reduce"), "tb_gf128_mul", [HERE, TB], tmp_path,
                              env=env)
    assert (passed, failed) == (2, 0)


# N 1 and odd N: the tree's single vector and its odd levels, which the multipliers' powers of two never reach
@pytest.mark.parametrize("n", [1, 2, 7, 13])
def test_xor_tree(tmp_path, rng, n):
    """gf2_xor_tree: the XOR of N vectors of M bits."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gf2_xor_tree", rtl.files("gf2_xor_tree"), "tb_gf128_mul", [HERE, TB], tmp_path,
                              parameters={"N": n, "M": 3}, env=env)
    assert (passed, failed) == (2, 0)


@pytest.mark.parametrize("w", [2, 5])
def test_clmul(tmp_path, rng, w):
    """gf2_clmul: the carry-less product of two W-bit polynomials (odd W: an odd tree)."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gf2_clmul", rtl.files("gf2_clmul"), "tb_gf128_mul", [HERE, TB], tmp_path,
                              parameters={"W": w}, env=env)
    assert (passed, failed) == (2, 0)


@pytest.mark.parametrize("digits", [4, *(pytest.param(d, marks=pytest.mark.full) for d in (2, 16))])
def test_pipe(tmp_path, rng, digits):
    """gf128_mul_pipe: the product of the operands taken at the last ce (random ce), rst clears; the
    gated product and the gated product plus t (random gate and t)."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gf128_mul_pipe", rtl.files("gf128_mul_pipe"), "tb_gf128_mul", [HERE, TB], tmp_path,
                              parameters={"DIGITS": digits}, env=env)
    assert (passed, failed) == (2, 0)


@pytest.mark.parametrize("digit", [1, 4, 8, 16, 32, 64])
def test_digit_serial(tmp_path, rng, digit):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    simulate("gf128_mul_digit", rtl.files("gf128_mul_digit"), "tb_gf128_mul", [HERE, TB], tmp_path,
             parameters={"DIGIT": digit}, env=env)


# the paper's field (FIELD 0) in make test-full, with every hybrid core test; make test keeps its
# 4-LUT maps (test_hybrid_maps) and the sparse field's whole multiplier
@pytest.mark.parametrize("field,lut_w", [pytest.param(0, 6, marks=pytest.mark.full), (1, 4)])
def test_hybrid(tmp_path, rng, field, lut_w):
    """Lemsitzer et al.'s hybrid multiplier (composite field GF((2^16)^8)) with its maps, 9 cycles."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gf128_mul_hybrid", rtl.files("gf128_mul_hybrid"), "tb_gf128_mul", [HERE, TB], tmp_path,
                              parameters={"FIELD": field, "LUT_W": lut_w}, env=env)
    assert (passed, failed) == (2, 0)


# make test: the maps test_hybrid's make-test run does not hold (it runs the sparse field's 4-LUT
# maps); all eight in make test-full
@pytest.mark.parametrize("field,inverse,lut_w", [
    (f, i, w) if (f, w) in ((0, 4), (0, 6), (1, 6)) else pytest.param(f, i, w, marks=pytest.mark.full)
    for f in (0, 1) for i in (0, 1) for w in (6, 4)])
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
