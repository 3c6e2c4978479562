from pathlib import Path

import pytest

from authcore import rtl
from authcore.flow.sim import simulate
from authcore.keyspec import powbasis
from authcore.keyspec.generate import generate_ghash, generate_ghash64
from authcore.model import gf128
from authcore.testbench.tbconfig import GhashCoreTb

HERE = Path(__file__).parent
TB = Path(__file__).parents[3] / "src" / "authcore" / "testbench"
SOURCES = rtl.files("ghash_core")
PORT_TESTS = ["spec_chains", "random_messages_keys_and_backpressure", "reset_and_key_clear_mid_message",
              "h_load_mid_message_raises_error"]
FIXED_TESTS = ["fixed_h_random_messages", "fixed_h_throughput_and_latency", "fixed_h_reset_and_key_clear_mid_message"]


@pytest.mark.parametrize("mult,digit,field,width", [
    (0, 8, 0, 128), (1, 8, 0, 128), (2, 8, 0, 128), (2, 32, 0, 128), (2, 64, 0, 128), (3, 8, 0, 128), (5, 8, 0, 128),
    pytest.param(4, 8, 1, 128, marks=pytest.mark.full), pytest.param(4, 8, 0, 128, marks=pytest.mark.full),
    (0, 8, 0, 64), (2, 16, 0, 64), (3, 8, 0, 64),
])
def test_ghash_core(tmp_path, rng, mult, digit, field, width):
    """H through the port (MULT 0-2, 4 and 5: every test) or built in (MULT 3: gf128_mul_h generated
    for a random H, as in gcm_core's key-specialized variant; the tests that keep one H). MULT 4,
    the hybrid multiplier, runs with both fields in make test-full (Icarus took 346 s for one on
    a 2-core machine: four maps of a thousand kept LUTs, nine cycles a block); make test checks the
    sparse field's multiplier alone and the paper's field's maps (tests/rtl/gf128). WIDTH 64 is GHASH64 (GCM for
    64-bit block ciphers): bit-parallel, digit-serial and the generated gf64_mul_h."""
    h = rng.getrandbits(width)
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    sources = list(SOURCES)
    tests = FIXED_TESTS if mult == 3 else PORT_TESTS + FIXED_TESTS
    if width == 64:
        tests = [t for t in tests if t != "spec_chains"]  # the spec's cases are 128-bit
    if mult in (2, 4):  # its own timing: 128/DIGIT + 1 (hybrid: 8 + 1) cycles a block
        tests = [t for t in tests if t != "fixed_h_throughput_and_latency"]
    if mult == 3 and width == 64:
        g = generate_ghash64(h.to_bytes(8, "big"), tmp_path / "gen")
        sources.insert(0, next(f for f in g.files if f.name == "gf64_mul_h.v"))
    elif mult == 3:
        g = generate_ghash(h.to_bytes(16, "big"), tmp_path / "gen", lanes=1)
        sources.insert(0, next(f for f in g.files if f.name == "gf128_mul_h.v"))
    passed, failed = simulate("ghash_core", sources, "tb_ghash_core", [HERE, TB], tmp_path / "sim",
                              parameters={"MULT": mult, "DIGIT": digit, "FIELD": field, "WIDTH": width,
                                                      "ERASE_CHECK": 1}, env=env,
                              testcase=tests, config=GhashCoreTb(h=f"{h:032x}"))
    assert passed == len(tests) and failed == 0


# LANES = 2: H built in through the power-basis maps (gcm_core's two-lane GHASH), beats of one or
# two blocks. H from GF(2^8) and H = 1 make bases of several chains (the maps' other shape).
@pytest.mark.parametrize("kind", ["random", "subfield8", "one"])
def test_ghash_core_two_lanes(tmp_path, rng, kind):
    if kind == "random":
        h = rng.getrandbits(128)
    elif kind == "one":
        h = gf128.ONE
    else:  # an element of GF(2^8) other than 0 and 1: x^((2^128 - 1) / 255) for a random x
        h = gf128.ONE
        while h in (0, gf128.ONE):
            h = gf128.power(rng.getrandbits(128) | 1, ((1 << 128) - 1) // 255)
    files, _ = powbasis.write(h, tmp_path / "gen")
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("ghash_core", [*files, *SOURCES], "tb_ghash_core", [HERE, TB], tmp_path / "sim",
                              parameters={"MULT": 3, "LANES": 2, "ERASE_CHECK": 1}, env=env,
                              testcase=FIXED_TESTS, config=GhashCoreTb(h=f"{h:032x}"))
    assert passed == len(FIXED_TESTS) and failed == 0
