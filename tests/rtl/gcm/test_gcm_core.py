"""gcm_core against the model: the spec's test cases, random packets (every phase, IV length and tag
length, GCM/GMAC/CTR, gaps, key changes, resets), throughput and protocol errors, for each parameter
group; and the generated tops (`authcore generate gcm`): key-specialized GHASH and fixed key."""

from __future__ import annotations

import pytest

from authcore import rtl
from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.keyspec.gcm import GcmConfig, generate_gcm
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import GcmTb

GHASH = {"parallel": (0, 8, 1), "karatsuba": (1, 8, 1), "digit:8": (2, 8, 17), "digit:32": (2, 32, 5),
         "hybrid": (4, 8, 9), "pipelined": (5, 8, 1)}
# One configuration per datapath width, S-box style and multiplier in `make test`, and the key-agile
# fast core's GHASH (5, pipelined, with IN_REG: the parser's feed through gcm_core's skid buffer;
# the DEEP engine around it in make test-full, below); all 72 of them in
# `make test-full`, compiled by Verilator, with 1,000 random packets each. The narrow ones run in
# Verilator in `make test` too: Icarus needs 2-4 times the CPU of a Verilator build for them (every
# round unit of a narrow AES datapath switches every cycle), which took `make test` past 20 minutes
# on a slow 2-core machine. They still run in Icarus, four-state, through the CAVP samples of
# test_verify_gcm, as does the narrow AES engine alone in tests/rtl/aes.
# The 128-bit cores run with the input FIFO (IN_REG 1, the fast cores' choice: benchmarks/), the
# narrow ones without it; the key-specialized and length-limit runs below keep IN_REG 0 at 128 bits.
QUICK = [(128, "lut", "parallel", 60, "icarus"), (64, "composite", "karatsuba", 60, "verilator"),
         (32, "rom", "digit:32", 60, "verilator"), (16, "lut", "digit:8", 60, "verilator"),
         (128, "lut", "pipelined", 60, "verilator")]
FULL = [(w, s, g, 1000) for w in (128, 64, 32, 16) for s in rtl.SBOXES for g in GHASH]
SPEC_KEY_TC4 = "feffe9928665731c6d6a8f9467308308"   # the spec's test cases 3-6 (public)


def run(tmp_path, rng, width, sbox, ghash, packets, top="gcm_core", files=None, tb=None, simulator="icarus",
        params_extra=None, testcase=None):
    """One simulation of tb_gcm; ``tb`` holds GcmTb fields beyond those derived here."""
    mult, digit, gh_period = GHASH.get(ghash.replace(":sparse", ""), (3, 8, 1))
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    cfg = GcmTb(period=128 // width, ghash_period=gh_period, packets=packets, rom=sbox == "rom", **(tb or {}))
    params = {"ERASE_CHECK": 1} if top == "gcm_top" else {
        "DATA_W": width, "SBOX": rtl.SBOXES[sbox], "GHASH": mult, "DIGIT": digit, "ERASE_CHECK": 1,
        **({"FIELD": 1} if ghash == "hybrid:sparse" else {}), **(params_extra or {})}
    return simulate(top, files or sources("gcm_core"), "tb_gcm", [TB], tmp_path / "sim", parameters=params, env=env,
                    simulator=simulator, testcase=testcase, config=cfg)


@pytest.mark.parametrize("width,sbox,ghash,packets,simulator", QUICK)
def test_gcm_core(tmp_path, rng, width, sbox, ghash, packets, simulator):
    passed, failed = run(tmp_path, rng, width, sbox, ghash, packets, simulator=simulator,
                         params_extra={"IN_REG": int(width == 128)})
    assert failed == 0 and passed == 10  # 10 tests; key_mismatch_refused and length_limits skip here


@pytest.mark.full
@pytest.mark.parametrize("width,sbox,ghash,packets", FULL)
def test_gcm_core_every_configuration(tmp_path, rng, width, sbox, ghash, packets):
    passed, failed = run(tmp_path, rng, width, sbox, ghash, packets, simulator="verilator",
                         params_extra={"IN_REG": int(width == 128)})
    assert failed == 0 and passed == 10


@pytest.mark.full
@pytest.mark.parametrize("ghash", ["hybrid", "hybrid:sparse"])
def test_gcm_core_hybrid_ghash(tmp_path, rng, ghash):
    """GCM through the hybrid multiplier, every test, compiled by Verilator (its maps are a thousand
    kept LUTs each, slow in Icarus; 150 s a run even so): in make test-full, with ghash_core's own
    hybrid run. make test keeps the sparse field's multiplier alone and the paper's field's maps
    (tests/rtl/gf128)."""
    passed, failed = run(tmp_path, rng, 128, "lut", ghash, 60, simulator="verilator")
    assert failed == 0 and passed == 10


@pytest.mark.full
def test_gcm_core_verilator(tmp_path, rng):
    """The same tests compiled by Verilator (registers start at seeded random values), on the
    128-bit block-RAM core with Karatsuba. In make test-full: make test runs the 128-bit block-RAM
    engine in the generated cores below (the key-specialized GHASH in Icarus, two lanes in
    Verilator)."""
    passed, failed = run(tmp_path, rng, 128, "rom", "karatsuba", 300, simulator="verilator")
    assert failed == 0 and passed == 10


@pytest.mark.full
@pytest.mark.parametrize("sbox", ["rom", "lut", "composite"])
def test_gcm_core_deep_aes(tmp_path, rng, sbox):
    """Every test on the AES engine's DEEP variant (aes_enc_pipe DEEP: five cycles a round with
    block RAM or the composite-field S-box, two with the S-box table in LUTs) with the pipelined
    GHASH multiplier: the key-agile core for the fastest clock. In make test-full: the engine itself
    runs in make test (tests/rtl/aes), and make test is near its 20 minutes."""
    passed, failed = run(tmp_path, rng, 128, sbox, "pipelined", 60,
                         tb={"deep": True, "round_cycles": 2 if sbox == "lut" else 5},
                         params_extra={"DEEP": 1, "IN_REG": 1},
                         simulator="verilator" if sbox == "composite" else "icarus")
    assert failed == 0 and passed == 10


@pytest.mark.parametrize("width,sbox,ghash", [(128, "rom", "parallel"), (32, "lut", "digit:32")])
def test_gcm_core_length_limits(tmp_path, rng, width, sbox, ghash):
    """LEN_W = 8: each phase holds 224 bytes at most, so the length checks (registered flags set by
    the beat that reaches the limit) are exercised in simulation: at the limit, and one byte over."""
    passed, failed = run(tmp_path, rng, width, sbox, ghash, 0, tb={"len_w": 8},
                         params_extra={"LEN_W": 8}, testcase="length_limits")
    assert failed == 0 and passed == 1


@pytest.mark.full
@pytest.mark.parametrize("shard", range(4))
def test_gcm_core_100k_random_packets(tmp_path, rng, shard):
    """The issue's 10^5 random packets on the 128-bit core, in four shards of 25,000, each with its
    own seed, in Verilator: a few minutes a shard, where Icarus took 0.1-0.5 CPU-second a packet
    (3 to 14 CPU-hours for the 10^5)."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("gcm_core", sources("gcm_core"), "tb_gcm", [TB], tmp_path / "sim",
                              parameters={"DATA_W": 128, "SBOX": 0, "GHASH": 0}, env=env, testcase="random_packets",
                              simulator="verilator", config=GcmTb(packets=25000))
    assert failed == 0 and passed == 1


def generated(tmp_path, cfg: GcmConfig, key: str):
    g = generate_gcm(tmp_path / "gen", cfg, key=bytes.fromhex(key))
    return [str(f) for f in g.files]


# Table S-boxes check the built-in H the cycle it leaves the AES core; 128-bit block RAM a cycle
# later, from registered partial compares (gcm_core's CHECK_REG).
@pytest.mark.parametrize("key,sbox", [pytest.param(SPEC_KEY_TC4, "lut", marks=pytest.mark.full),
                                      ("000102030405060708090a0b0c0d0e0f1011121314151617", "rom")])
def test_generated_keyspec_ghash(tmp_path, rng, key, sbox):
    """--specialize ghash: H built in; the right key works, another raises key_mismatch."""
    files = generated(tmp_path, GcmConfig(128, sbox, "keyspec", "ghash"), key)
    passed, failed = run(tmp_path, rng, 128, sbox, "keyspec", 30, top="gcm_top", files=files,
                         tb={"key": key})
    assert failed == 0 and passed == 10


@pytest.mark.full   # make test runs the whole key built in with two lanes (below)
def test_generated_fixed_key(tmp_path, rng):
    """--specialize all: constant round keys, no key port; H derived after reset and key_clear."""
    files = generated(tmp_path, GcmConfig(64, "rom", "keyspec", "all"), SPEC_KEY_TC4)
    passed, failed = run(tmp_path, rng, 64, "rom", "keyspec", 20, top="gcm_top", files=files,
                         tb={"key": SPEC_KEY_TC4, "fixed": True})
    assert failed == 0 and passed == 10  # key_change_latency, key_mismatch_refused and length_limits skip


# Two blocks a cycle (LANES = 2, 256-bit streams): GHASH in the power basis of H, two AES pipelines.
def two_lanes(tmp_path, rng, specialize, sbox, key, packets, simulator="icarus", len_w=None, testcase=None,
              in_reg=False):
    cfg = GcmConfig(128, sbox, "keyspec", specialize, lanes=2, in_reg=in_reg)
    files = [str(f) for f in generate_gcm(tmp_path / "gen", cfg, key=bytes.fromhex(key)).files]
    assert (".IN_REG(1)" in (tmp_path / "gen" / "gcm_top.v").read_text()) == in_reg   # --in-reg reaches the core
    tb: dict[str, object] = {"key": key, "lanes": 2, "fixed": specialize == "all"}
    if len_w is not None:  # gcm_top with a narrow LEN_W, so that length_limits reaches the limits
        top = tmp_path / "gen" / "gcm_top.v"
        top.write_text(top.read_text().replace(".LANES(2)", f".LANES(2), .LEN_W({len_w})"))
        tb["len_w"] = len_w
    return run(tmp_path, rng, 128, sbox, "keyspec", packets, top="gcm_top", files=files, tb=tb,
               simulator=simulator, testcase=testcase)


# Two AES pipelines a core: in Icarus these took 45-90 s for 30 packets, so they run in Verilator
# with more packets; two lanes stay in Icarus (four-state) in the length test below. The
# key-specialized GHASH with a key port (key_mismatch) in make test-full, with the generated
# two-lane self-test (tests/rtl/gcm/test_gcm_selftest.py).
@pytest.mark.parametrize("specialize,sbox,packets,simulator", [
    pytest.param("ghash", "lut", 100, "verilator", marks=pytest.mark.full), ("all", "rom", 100, "verilator")])
def test_generated_two_lanes(tmp_path, rng, specialize, sbox, packets, simulator):
    """--lanes 2: every test of the 128-bit core with 32-byte beats, for the key-specialized GHASH
    (key port, key_mismatch) and for the whole key built in, that one with --in-reg as benchmarked
    (benchmarks/gcm_lanes.toml)."""
    passed, failed = two_lanes(tmp_path, rng, specialize, sbox, SPEC_KEY_TC4, packets, simulator=simulator,
                               in_reg=specialize == "all")
    assert failed == 0 and passed == 10  # with FIXED, the skipped tests count as passed


def test_two_lanes_length_limits(tmp_path, rng):
    """LEN_W = 8 with 32-byte beats: 224 bytes a phase (seven beats), and one byte over refused."""
    passed, failed = two_lanes(tmp_path, rng, "ghash", "lut", SPEC_KEY_TC4, 0, len_w=8, testcase="length_limits")
    assert failed == 0 and passed == 1


@pytest.mark.full
@pytest.mark.parametrize("specialize,sbox,key", [
    ("ghash", "rom", SPEC_KEY_TC4),
    ("ghash", "composite", "00112233445566778899aabbccddeeff0011223344556677"),
    ("all", "rom", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")])
def test_two_lanes_every_test_many_packets(tmp_path, rng, specialize, sbox, key):
    """The two-lane cores in Verilator with 5,000 random packets each, for three keys and sizes."""
    passed, failed = two_lanes(tmp_path, rng, specialize, sbox, key, 5000, simulator="verilator")
    assert failed == 0 and passed == 10


LANES_RULE = "gcm_core_LANES_2_needs_DATA_W_128_and_GHASH_3_keyspec"


@pytest.mark.parametrize("params,rule", [({"GHASH": 0, "LANES": 2}, LANES_RULE),
                                         ({"GHASH": 3, "DATA_W": 64, "LANES": 2}, LANES_RULE),
                                         ({"GHASH": 3, "LANES": 3}, LANES_RULE),
                                         ({"IN_REG": 2}, "gcm_in_IN_REG_must_be_0_or_1")])
def test_illegal_parameters_stop_elaboration(tmp_path, params, rule):
    """Two lanes need the key-specialized GHASH (H^2 built in) and the 128-bit datapath, and the
    input FIFO is there or not: any other configuration fails at elaboration, naming the rule."""
    with pytest.raises(Exception):  # noqa: B017 - the simulator's build error; the log is checked below
        simulate("gcm_core", sources("gcm_core"), "tb_gcm", [TB], tmp_path, parameters=params)
    log = (tmp_path / "build.log").read_text()
    assert rule in log
