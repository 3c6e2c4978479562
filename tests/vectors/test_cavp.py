"""CAVP and RFC files through the verify runner against the model."""

from pathlib import Path

import pytest

from authcore.errors import VectorFormatError
from authcore.vectors import cavp
from authcore.vectors.run import ModelTarget, Report, check_gcm, run_file

GCM_FILES = [f"gcm{d}{k}.rsp" for d in ("EncryptExtIV", "Decrypt") for k in (128, 192, 256)]


def gcm_path(root: Path, name: str) -> Path:
    return root / "ciphers" / "AES" / "GCM" / name


@pytest.mark.parametrize("name", GCM_FILES)
def test_gcm_file_parses_completely(vectors_root, name):
    vs = cavp.read_gcm(gcm_path(vectors_root, name))
    assert len(vs) == 7875
    ivlens = {len(v.iv) for v in vs}
    assert 1 in ivlens and 128 in ivlens  # 8-bit and 1024-bit IVs
    assert {len(v.tag) for v in vs} == {4, 8, 12, 13, 14, 15, 16}
    if "Decrypt" in name:
        assert any(v.fail for v in vs) and any(not v.fail for v in vs)
        assert all(v.direction == "decrypt" for v in vs)


@pytest.mark.parametrize("name", GCM_FILES)
def test_gcm_sample_of_every_group(vectors_root, name):
    """Two vectors of every parameter group (the full files run in make test-full)."""
    path = gcm_path(vectors_root, name)
    vs = cavp.read_gcm(path)
    seen: dict[str, int] = {}
    sample = []
    for v in vs:
        if seen.get(v.group, 0) < 2:
            seen[v.group] = seen.get(v.group, 0) + 1
            sample.append(v)
    rep = Report(str(path), "gcm", "model")
    check_gcm(sample, ModelTarget(), rep, name)
    assert rep.total == len(sample) > 100
    assert rep.failed == 0, rep.failures[:3]


@pytest.mark.full
@pytest.mark.parametrize("name", GCM_FILES)
def test_gcm_full_file(vectors_root, name):
    rep = run_file(gcm_path(vectors_root, name))
    assert rep.total == 7875 and rep.failed == 0


@pytest.mark.parametrize(
    "rel,count",
    [
        ("hashes/SHA1/SHA1ShortMsg.rsp", 65),
        ("hashes/SHA1/SHA1LongMsg.rsp", 64),
        ("hashes/MD5/rfc-1321.txt", 7),
        ("HMAC/rfc-2202-sha1.txt", 7),
        ("HMAC/rfc-2202-md5.txt", 7),
        ("hashes/SHA2/SHA256ShortMsg.rsp", 65),
        ("hashes/SHA2/SHA256LongMsg.rsp", 64),
        ("hashes/SHA2/SHA224ShortMsg.rsp", 65),
        ("hashes/SHA2/SHA224LongMsg.rsp", 64),
        ("HMAC/rfc-4231-sha256.txt", 6),
        ("HMAC/rfc-4231-sha224.txt", 6),
    ],
)
def test_hash_and_hmac_files(vectors_root, rel, count):
    rep = run_file(vectors_root / rel)
    assert rep.total == count and rep.failed == 0


@pytest.mark.parametrize("rel", ["hashes/SHA1/SHA1Monte.rsp", "hashes/SHA2/SHA256Monte.rsp",
                                 "hashes/SHA2/SHA224Monte.rsp"])
def test_monte_first_checkpoints(vectors_root, rel):
    rep = run_file(vectors_root / rel, monte_limit=2)
    assert rep.total == 2 and rep.failed == 0


@pytest.mark.full
@pytest.mark.parametrize("rel", ["hashes/SHA1/SHA1Monte.rsp", "hashes/SHA2/SHA256Monte.rsp",
                                 "hashes/SHA2/SHA224Monte.rsp"])
def test_monte_all_checkpoints(vectors_root, rel):
    rep = run_file(vectors_root / rel)
    assert rep.total == 100 and rep.failed == 0


HMAC_RSP = """\
#  CAVS 11.0
#  "HMAC" information for "hmac"

[L=20]

Count = 0
Klen = 20
Tlen = 12
Key = 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b
Msg = 4869205468657265
Mac = b617318655057264e28bc0b6

[L=16]

Count = 1
Klen = 4
Tlen = 16
Key = 4a656665
Msg = 7768617420646f2079612077616e7420666f72206e6f7468696e673f
Mac = 750c783e6ab0b503eaa86e310a5db738

[L=32]

Count = 2
Klen = 4
Tlen = 16
Key = 4a656665
Msg = 7768617420646f2079612077616e7420666f72206e6f7468696e673f
Mac = 5bdcc146bf60754e6a042426089575c7

[L=28]

Count = 3
Klen = 4
Tlen = 14
Key = 4a656665
Msg = 7768617420646f2079612077616e7420666f72206e6f7468696e673f
Mac = a30e01098bc6dbbf45690f3a7e9e
"""


def test_hmac_rsp_layout(tmp_path):
    p = tmp_path / "HMAC.rsp"
    p.write_text(HMAC_RSP)
    vs = cavp.read_hmac(p)
    assert [(v.hash_name, len(v.key), len(v.mac)) for v in vs] == [("sha1", 20, 12), ("md5", 4, 16),
                                                                    ("sha256", 4, 16), ("sha224", 4, 14)]
    rep = run_file(p)
    assert rep.kind == "hmac" and rep.total == 4 and rep.failed == 0
    p.write_text(HMAC_RSP.replace("b617318655057264e28bc0b6", "b617318655057264e28bc0b7"))
    assert run_file(p).failed == 1


def test_wrong_expectation_is_reported(tmp_path, vectors_root):
    src = (gcm_path(vectors_root, "gcmDecrypt128.rsp")).read_text().splitlines()
    # Flip the first FAIL into a PT line: that vector must now fail verification.
    i = src.index("FAIL")
    src[i] = "PT = "
    p = tmp_path / "gcmDecrypt128.rsp"
    end = src.index("", i + 20)  # cut on a blank line: whole records only
    p.write_text("\n".join(src[:end]) + "\n")
    rep = run_file(p)
    assert rep.failed == 1


def test_unknown_layout_and_missing_file(tmp_path):
    p = tmp_path / "x.rsp"
    p.write_text("Foo = 12\n")
    with pytest.raises(VectorFormatError):
        run_file(p)
    with pytest.raises(VectorFormatError, match="not found"):
        run_file(tmp_path / "missing.rsp")
