from pathlib import Path

import pytest

from authcore.flow.sim import simulate

HERE = Path(__file__).parent
TB = Path(__file__).parents[3] / "src" / "authcore" / "testbench"
RTL = Path(__file__).parents[3] / "rtl" / "gf128"


@pytest.mark.parametrize("karatsuba", [0, 1])
def test_parallel(tmp_path, rng, karatsuba):
    env = {"AUTHCORE_TEST_KIND": "parallel", "AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    simulate("gf128_mul_parallel", [RTL / "gf128_mul_parallel.v"], "tb_gf128_mul", [HERE, TB],
             tmp_path, parameters={"KARATSUBA": karatsuba}, env=env)


@pytest.mark.parametrize("digit", [1, 4, 8, 16, 32, 64])
def test_digit_serial(tmp_path, rng, digit):
    env = {"AUTHCORE_TEST_KIND": "digit", "AUTHCORE_TEST_DIGIT": str(digit),
           "AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    simulate("gf128_mul_digit", [RTL / "gf128_mul_digit.v"], "tb_gf128_mul", [HERE, TB], tmp_path,
             parameters={"DIGIT": digit}, env=env)


@pytest.mark.parametrize("digit", [3, 128, 0])
def test_illegal_digit_stops_elaboration(tmp_path, digit):
    from authcore.errors import ToolError

    with pytest.raises((ToolError, SystemExit, Exception)) as e:
        simulate("gf128_mul_digit", [RTL / "gf128_mul_digit.v"], "tb_gf128_mul", [HERE, TB], tmp_path,
                 parameters={"DIGIT": digit}, env={"AUTHCORE_TEST_KIND": "digit"})
    log = (tmp_path / "build.log").read_text()
    assert "gf128_mul_digit_DIGIT_must_divide_128_and_be_1_to_64" in log, e.value
