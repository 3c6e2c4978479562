"""Each S-box style equals the AES S-box on all 256 inputs; the composite-field matrices in the
Verilog are the ones the model derives."""

import re
from pathlib import Path

import pytest

from authcore.flow.sim import simulate
from authcore.model import aes_composite
from authcore.testbench import HERE as TB

RTL = Path(__file__).parents[3] / "rtl" / "aes"


@pytest.mark.parametrize("module", ["aes_sbox_lut", "aes_sbox_composite", "aes_sbox_rom"])
def test_sbox_all_inputs(tmp_path, module):
    passed, failed = simulate(module, [RTL / f"{module}.v"], "tb_aes_sbox", [TB], tmp_path)
    assert passed == 1 and failed == 0


def test_sbox_composite_pipelined(tmp_path):
    """PIPE = 1 (the DEEP engine's round): a byte a cycle, four cycles of latency, clr erases."""
    passed, failed = simulate("aes_sbox_composite", [RTL / "aes_sbox_composite.v"], "tb_aes_sbox", [TB], tmp_path,
                              parameters={"PIPE": 1})
    assert passed == 1 and failed == 0


def test_composite_construction_in_model():
    assert aes_composite.check()


def test_composite_verilog_matrices_match_model():
    text = (RTL / "aes_sbox_composite.v").read_text()

    def const(name):
        return int(re.search(rf"{name} = 64'h([0-9a-f]+);", text).group(1), 16)

    def pack(rows):
        return sum(r << (8 * i) for i, r in enumerate(rows))

    fwd, _ = aes_composite.isomorphism()
    assert const("TO_COMPOSITE") == pack(aes_composite.rows(fwd))
    assert const("FROM_COMPOSITE_AFFINE") == pack(aes_composite.rows(aes_composite.output_cols()))
    assert f"y^2 + y + {aes_composite.lam()}" in text
