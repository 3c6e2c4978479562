from pathlib import Path

import pytest

from authcore.flow.sim import simulate

HERE = Path(__file__).parent
TB = Path(__file__).parents[3] / "src" / "authcore" / "testbench"
RTL = Path(__file__).parents[3] / "rtl"
SOURCES = [RTL / "gf128" / "gf128_mul_parallel.v", RTL / "gf128" / "gf128_mul_digit.v", RTL / "ghash" / "ghash_core.v"]


@pytest.mark.parametrize("mult,digit", [(0, 8), (1, 8), (2, 8), (2, 32), (2, 64)])
def test_ghash_core(tmp_path, rng, mult, digit):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("ghash_core", SOURCES, "tb_ghash_core", [HERE, TB], tmp_path,
                              parameters={"MULT": mult, "DIGIT": digit}, env=env)
    assert passed == 4 and failed == 0
