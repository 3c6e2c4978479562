"""CAVP GCM vectors through gcm_core: ``authcore verify --target rtl --core gcm``. A sample of every
file (spread over it, FAIL cases included) through the 128-bit datapath in Icarus in ``make test``;
through every parameter group, and the 128-bit block-RAM core in Verilator, in ``make test-full``;
there also all 47,250 vectors through each datapath width, S-box style and multiplier group, in
Verilator (Icarus takes about 2.3 CPU-hours a configuration for them)."""

from __future__ import annotations

import json

import pytest

from authcore.cli import main

FILES = [f"gcmEncryptExtIV{b}.rsp" for b in (128, 192, 256)] + [f"gcmDecrypt{b}.rsp" for b in (128, 192, 256)]
# (data width, S-box, GHASH): every datapath width, S-box style and multiplier appears at least once.
CONFIGS = [(128, "lut", "parallel"), (64, "composite", "karatsuba"), (32, "rom", "digit:8"), (16, "lut", "digit:32")]
# make test-full adds the 128-bit block-RAM core: its AES engine is built differently (no stall, an
# output FIFO, a half-rate key schedule), and it is the fast GCM core on ECP5; and the hybrid
# multiplier with both composite fields.
FULL_CONFIGS = [*CONFIGS, (128, "rom", "karatsuba"), (128, "lut", "hybrid"), (128, "rom", "hybrid:sparse")]


def verify(capsys, vectors_root, width, sbox, ghash, files, sample=None, simulator="icarus"):
    args = ["verify", "--target", "rtl", "--core", "gcm", "--data-width", str(width), "--sbox", sbox, "--ghash", ghash,
            "--seed", "5", "--simulator", simulator, "--json"]
    if sample is not None:
        args += ["--sample", str(sample)]
    for f in files:
        args += ["--vectors", str(vectors_root / "ciphers/AES/GCM" / f)]
    code = main(args)
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["failed"] == 0, out["failures"][:3]
    return out


# make test: the 128-bit datapath (the narrower ones meet the spec's test cases and the model in
# tests/rtl/gcm/test_gcm_core.py); every configuration in make test-full
@pytest.mark.parametrize("width,sbox,ghash", [c if c[0] == 128 else pytest.param(*c, marks=pytest.mark.full)
                                              for c in CONFIGS])
def test_sample_of_every_file(capsys, vectors_root, width, sbox, ghash):
    out = verify(capsys, vectors_root, width, sbox, ghash, FILES, sample=4 if width == 128 else 2)
    assert out["total"] >= 6 * (2 if width == 128 else 1)


@pytest.mark.full
def test_sample_through_verilator(capsys, vectors_root):
    """The compiled simulator on the 128-bit block-RAM core (its deeper pipeline and 8-packet queue)."""
    out = verify(capsys, vectors_root, 128, "rom", "karatsuba", FILES, sample=4, simulator="verilator")
    assert out["total"] >= 12 and [f["total"] for f in out["files"]] == [f["passed"] for f in out["files"]]


@pytest.mark.full
@pytest.mark.parametrize("width,sbox,ghash", FULL_CONFIGS)
def test_every_vector(capsys, vectors_root, width, sbox, ghash):
    out = verify(capsys, vectors_root, width, sbox, ghash, FILES, simulator="verilator")
    assert out["total"] == 6 * 7875 and [f["total"] for f in out["files"]] == [7875] * 6


def test_usage_errors(capsys, vectors_root):
    path = str(vectors_root / "ciphers/AES/GCM" / FILES[0])
    for args, message in (
        (["--core", "gcm", "--ghash", "keyspec"], "serves one key"),
        (["--core", "gcm", "--ghash", "digit:5"], "digit:D"),
        (["--core", "gcm", "--arch", "iter"], "unrolled AES"),
        (["--core", "aes", "--ghash", "parallel"], "--ghash applies to --core gcm"),
        (["--core", "gcm", "--sample", "0"], "--sample must be at least 1"),
        (["--core", "gcm", "--simulator", "xsim"], "invalid choice: 'xsim'"),
    ):
        code = main(["verify", "--target", "rtl", *args, "--vectors", path])
        err = capsys.readouterr().err
        assert code == 2 and message in err and "Traceback" not in err, err
    code = main(["verify", "--target", "rtl", "--core", "gcm", "--sample", "2", "--vectors",
                 str(vectors_root / "ciphers/AES/ECB/ECBGFSbox128.rsp")])
    assert code == 2 and "--sample applies to GCM files" in capsys.readouterr().err
