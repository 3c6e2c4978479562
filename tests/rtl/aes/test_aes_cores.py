"""The AES cores against the model for every (DATA_W, SBOX, architecture) combination."""

import pytest

from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB
from authcore.testbench.tbconfig import AesTb

# The narrow datapaths with composite-field S-boxes run in Verilator: Icarus is slowest on them (all
# 14 round units switch every cycle, each S-box a chain of GF(2^4) functions), 25-55 s each. The
# composite S-box stays in Icarus at 128 bits and alone (test_aes_sbox), the narrow datapaths with
# the other two S-boxes. make test: tables and block RAM at 128 bits, one S-box style at each narrower
# width (the composite one at 32; the GCM tests and the AES CAVP samples take the others); all twelve
# in make test-full.
QUICK = {(128, 0), (128, 2), (64, 2), (32, 1), (16, 0)}


@pytest.mark.parametrize("width,sbox", [
    (w, s) if (w, s) in QUICK else pytest.param(w, s, marks=pytest.mark.full)
    for w in (128, 64, 32, 16) for s in (0, 1, 2)])
def test_aes_enc_pipe(tmp_path, rng, width, sbox):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    # the 128-bit block-RAM core runs its key schedule at half rate (aes_enc_pipe REBAL)
    cfg = AesTb(period=128 // width, pace=2 if (width, sbox) == (128, 2) else 1)
    passed, failed = simulate("aes_enc_pipe", sources("aes_enc_pipe"), "tb_aes", [TB], tmp_path,
                              parameters={"DATA_W": width, "SBOX": sbox, "USER_W": 2}, env=env, config=cfg,
                              simulator="verilator" if sbox == 1 and width < 128 else "icarus")
    assert failed == 0 and passed == 8


@pytest.mark.parametrize("sbox", (2, 0, 1))
def test_aes_enc_pipe_deep(tmp_path, rng, sbox):
    """DEEP with block RAM: five cycles a round (S-box RAM address and output registers, the RAM
    words in flip-flops, then MixColumns and AddRoundKey in two halves), the key schedule three
    cycles a step behind a registered key port. With the S-box table in LUTs: two cycles a round
    (SubBytes, then MixColumns and AddRoundKey), the schedule two cycles a step. With the
    composite-field S-box: five cycles a round (four S-box stages, then MixColumns and
    AddRoundKey), the schedule as with block RAM."""
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("aes_enc_pipe", sources("aes_enc_pipe"), "tb_aes", [TB], tmp_path,
                              parameters={"DATA_W": 128, "SBOX": sbox, "USER_W": 2, "DEEP": 1}, env=env,
                              config=AesTb(period=1, pace=2 if sbox == 0 else 3, key_reg=True),
                              simulator="verilator" if sbox == 1 else "icarus")
    assert failed == 0 and passed == 8


@pytest.mark.parametrize("sbox", (0, 1, 2))
def test_aes_enc_iter(tmp_path, rng, sbox):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("aes_enc_iter", sources("aes_enc_iter"), "tb_aes", [TB], tmp_path,
                              parameters={"SBOX": sbox, "USER_W": 2}, env=env,
                              config=AesTb(iter=True, period=10 * (2 if sbox == 2 else 1)))
    assert failed == 0 and passed == 8
