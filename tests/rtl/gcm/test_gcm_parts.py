"""gcm_core's parts on their own ports (the whole core's tests are test_gcm_core.py). Each part's
testbench (tb_gcm_parts) plays its neighbours at random and checks the part's contract."""

from __future__ import annotations

import random

import pytest

from authcore import rtl
from authcore.flow.sim import simulate
from authcore.testbench import HERE as TB

# (part, parameters, cocotb tests in its testbench)
PARTS = [("gcm_lengths", {"LEN_W": w, "BW": bw}, 2) for w, bw in ((8, 16), (10, 32), (36, 16))]
PARTS += [("gcm_ctr_gen", {"LANES": lanes, "ERASE_CHECK": 1}, 3) for lanes in (1, 2)]
PARTS += [("gcm_tag_unit", {"TQ_W": tq}, 1) for tq in (1, 3)]
PARTS += [("gcm_key_ctl", {"FIXED_KEY": f, "CHECK": c, "CHECK_REG": r, "ERASE_CHECK": 1}, 1)
          for f, c, r in ((0, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 0), (1, 0, 0))]
PARTS += [("gcm_out", {"LANES": lanes, "ERASE_CHECK": 1}, 1) for lanes in (1, 2)]
PARTS += [("gcm_aes_out", {"LANES": lanes, "ERASE_CHECK": 1}, 1) for lanes in (1, 2)]
PARTS += [("gcm_parser", {"LANES": lanes, "IN_REG": r}, 1) for lanes in (1, 2) for r in (0, 1)]


@pytest.mark.parametrize("part,params,tests", PARTS,
                         ids=[f"{p}-" + "-".join(f"{k}{v}" for k, v in q.items()) for p, q, _ in PARTS])
def test_gcm_part(tmp_path, rng: random.Random, part: str, params: dict[str, int], tests: int):
    params = dict(params)
    if part == "gcm_key_ctl":
        params["H_BUILTIN"] = rng.getrandbits(31) | 1   # a plain integer parameter (the simulators' -P)
    passed, failed = simulate(part, rtl.files(part), "tb_gcm_parts", [TB], tmp_path, parameters=params,
                              env={"AUTHCORE_SEED": str(rng.randrange(1 << 30))})
    assert (passed, failed) == (tests, 0)
