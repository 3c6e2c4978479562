"""ghash_axil through its Python driver and an AXI4-Lite master (src/authcore/testbench/tb_ghash_axil.py):
H by register (MULT 0; MULT 5, the pipelined multiplier, in make test-full), and built into a
generated key-specialized multiplier (MULT 3, a random H);
the timing diagram in docs/axil.md is the one the MULT 0 simulation draws."""

import json

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.keyspec.generate import generate_ghash
from authcore.regs import emit
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import GhashCoreTb

WAVE = emit.WAVES / "ghash_axil.json"


@pytest.mark.parametrize("mult", [0, 3, pytest.param(5, marks=pytest.mark.full)])
def test_ghash_axil(tmp_path, rng, mult):
    h = rng.getrandbits(128)
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_WAVE": str(tmp_path / "wave.json")}
    files = list(sources("ghash_axil"))
    if mult == 3:
        g = generate_ghash(h.to_bytes(16, "big"), tmp_path / "gen", lanes=1)
        files.insert(0, next(f for f in g.files if f.name == "gf128_mul_h.v"))
    passed, failed = simulate("ghash_axil", files, "tb_ghash_axil", [TB], tmp_path / "sim",
                              parameters={"MULT": mult}, env=env, config=GhashCoreTb(h=f"{h:032x}"))
    assert failed == 0 and passed == 7   # MULT 3 skips spec_ghash and wave (counted as passed)
    if mult == 0:
        drawn = json.loads((tmp_path / "wave.json").read_text())
        assert drawn == json.loads(WAVE.read_text()), (
            f"docs/wave/ghash_axil.json is not what the RTL does now: copy {tmp_path / 'wave.json'} there, "
            "then python -m authcore.regs --write")
