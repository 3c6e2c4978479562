"""Crenne et al.'s n-stage pipelined GHASH (authcore generate ghash --arch crenne-pipe), simulated."""

from __future__ import annotations

import random

import pytest

from authcore.flow.sim import simulate
from authcore.keyspec.generate import generate_crenne
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import GhashCrenneTb

SPEC_H = bytes.fromhex("b83b533708bf535d0aa6e52980d53b78")  # H of the spec's test cases 3-6


@pytest.mark.parametrize("stages,regs,feedback,key_seed,opt", [
    (1, 0, False, 31, "lut6"), (2, 1, False, 32, "lut4"), (4, 1, False, 36, "lut4"), (8, 1, False, None, "lut4"),
    pytest.param(8, 0, False, 33, "lut6", marks=pytest.mark.full),   # eight stages run above
    (1, 1, True, 34, "lut4"), (2, 0, True, None, "lut6"), (4, 2, True, None, "cse"),
    pytest.param(8, 1, True, 35, "lut4", marks=pytest.mark.full),
])
def test_crenne_chain_against_model(tmp_path, rng, stages, regs, feedback, key_seed, opt):
    h = SPEC_H if key_seed is None else random.Random(key_seed).randbytes(16)
    g = generate_crenne(h, tmp_path / "gen", stages=stages, regs=regs, feedback=feedback, opt=opt)
    assert g.manifest["multipliers"][0]["proof"]["proven"]
    seed = rng.randrange(1 << 30)
    passed, failed = simulate("ghash_crenne_pipe", g.files, "tb_ghash_crenne", [TB], tmp_path / "sim",
                              env={"AUTHCORE_SEED": str(seed)},
                              config=GhashCrenneTb(h=h.hex(), manifest=str(g.out / "manifest.json")))
    # four tests, three more for the feedback path, and the spec's tags where its H is the key and
    # test cases 3-6 (5 to 7 blocks) fit
    spec_cases = key_seed is None and (feedback or stages >= 5)
    assert failed == 0 and passed == 4 + 3 * feedback + spec_cases
