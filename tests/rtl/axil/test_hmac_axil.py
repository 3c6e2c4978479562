"""hmac_axil through its Python driver and an AXI4-Lite master (src/authcore/testbench/tb_hmac_axil.py),
for every HASH; the timing diagram in docs/axil.md is the one this simulation draws."""

import json

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.regs import emit
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import HmacTb

HASHES = {"sha1": 0, "md5": 1, "both": 2, "sha2": 3}
WAVE = emit.ROOT / "docs" / "wave" / "hmac_axil.json"


# SHA-1 (the diagram's) and SHA-2 in make test; MD5 and the combined datapath in make test-full
@pytest.mark.parametrize("hash_name", ["sha1", "sha2", pytest.param("md5", marks=pytest.mark.full),
                                       pytest.param("both", marks=pytest.mark.full)])
def test_hmac_axil(tmp_path, rng, hash_name):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_WAVE": str(tmp_path / "wave.json")}
    passed, failed = simulate("hmac_axil", sources("hmac_axil"), "tb_hmac_axil", [TB], tmp_path,
                              parameters={"HASH": HASHES[hash_name]}, env=env, config=HmacTb(hash=hash_name))
    assert failed == 0 and passed == 8
    if hash_name == "sha1":   # the page's diagram is HMAC-SHA1's
        drawn = json.loads((tmp_path / "wave.json").read_text())
        assert drawn == json.loads(WAVE.read_text()), (
            f"docs/wave/hmac_axil.json is not what the RTL does now: copy {tmp_path / 'wave.json'} there "
            "then python -m authcore.regs --write")
