"""AESAVS vectors through every AES core configuration: ``authcore verify --target rtl --core aes``."""

from __future__ import annotations

import json

import pytest

from authcore.cli import main

CONFIGS = [("pipe", w, s) for w in (128, 64, 32, 16) for s in ("lut", "composite", "rom")]
CONFIGS += [("iter", 128, s) for s in ("lut", "composite", "rom")]
KAT = [f"ECB{kind}{bits}.rsp" for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt") for bits in (128, 192, 256)]


def verify(capsys, vectors_root, arch, width, sbox, files):
    args = ["verify", "--target", "rtl", "--core", "aes", "--arch", arch, "--sbox", sbox, "--seed", "5", "--json"]
    if arch == "pipe":
        args += ["--data-width", str(width)]
    for f in files:
        args += ["--vectors", str(vectors_root / "ciphers/AES/ECB" / f)]
    code = main(args)
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["failed"] == 0, out["failures"][:3]
    return out


@pytest.mark.parametrize("arch,width,sbox", CONFIGS)
def test_gfsbox_every_key_size(capsys, vectors_root, arch, width, sbox):
    out = verify(capsys, vectors_root, arch, width, sbox, [f"ECBGFSbox{b}.rsp" for b in (128, 192, 256)])
    assert out["total"] == 2 * (7 + 6 + 5)  # [ENCRYPT] and [DECRYPT] records


@pytest.mark.full
@pytest.mark.parametrize("arch,width,sbox", CONFIGS)
def test_all_known_answer_files(capsys, vectors_root, arch, width, sbox):
    out = verify(capsys, vectors_root, arch, width, sbox, KAT)
    assert out["total"] > 2000


def test_aes_usage_errors(capsys, vectors_root):
    f = str(vectors_root / "ciphers/AES/ECB/ECBGFSbox128.rsp")
    for args, message in ((["--core", "aes", "--arch", "iter", "--data-width", "32"], "128-bit round"),
                          (["--core", "sha1"], "does not compute AES")):
        code = main(["verify", "--target", "rtl", *args, "--vectors", f])
        err = capsys.readouterr().err
        assert code == 2 and message in err, err
