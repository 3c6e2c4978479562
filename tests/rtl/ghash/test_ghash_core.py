from pathlib import Path

import pytest

from authcore.flow.sim import simulate
from authcore.keyspec.generate import generate_ghash

HERE = Path(__file__).parent
TB = Path(__file__).parents[3] / "src" / "authcore" / "testbench"
RTL = Path(__file__).parents[3] / "rtl"
SOURCES = [RTL / "gf128" / f for f in ("gf128_mul_parallel.v", "gf128_mul_digit.v", "gf2_xor_net.v",
                                        "gf128_hybrid_map.v", "gf128_hybrid_core.v")] + [RTL / "ghash" / "ghash_core.v"]
PORT_TESTS = ["spec_chains", "random_messages_keys_and_backpressure", "reset_and_key_clear_mid_message",
              "h_load_mid_message_raises_error"]
FIXED_TESTS = ["fixed_h_random_messages", "fixed_h_throughput_and_latency", "fixed_h_reset_and_key_clear_mid_message"]


@pytest.mark.parametrize("mult,digit,field", [(0, 8, 0), (1, 8, 0), (2, 8, 0), (2, 32, 0), (2, 64, 0), (3, 8, 0),
                                              (4, 8, 1), pytest.param(4, 8, 0, marks=pytest.mark.full)])
def test_ghash_core(tmp_path, rng, mult, digit, field):
    """H through the port (MULT 0-2 and 4: every test) or built in (MULT 3: gf128_mul_h generated
    for a random H, as in gcm_core's key-specialized variant; the tests that keep one H). MULT 4,
    the hybrid multiplier, runs with the sparse R (FIELD 1) here and the paper's R (FIELD 0) in
    make test-full (Icarus takes over a minute for each: four maps of a thousand kept LUTs; the
    paper's field runs through GCM in make test, tests/rtl/gcm)."""
    h = rng.getrandbits(128)
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30)), "AUTHCORE_TEST_H": f"{h:032x}"}
    sources = list(SOURCES)
    tests = FIXED_TESTS if mult == 3 else PORT_TESTS + FIXED_TESTS
    if mult in (2, 4):  # its own timing: 128/DIGIT + 1 (hybrid: 8 + 1) cycles a block
        tests = [t for t in tests if t != "fixed_h_throughput_and_latency"]
    if mult == 3:
        g = generate_ghash(h.to_bytes(16, "big"), tmp_path / "gen", lanes=1)
        sources.insert(0, next(f for f in g.files if f.name == "gf128_mul_h.v"))
    passed, failed = simulate("ghash_core", sources, "tb_ghash_core", [HERE, TB], tmp_path / "sim",
                              parameters={"MULT": mult, "DIGIT": digit, "FIELD": field}, env=env, testcase=tests)
    assert passed == len(tests) and failed == 0
