"""Public vectors through the simulated cores: ``authcore verify --target rtl`` for every variant."""

from __future__ import annotations

import json

import pytest

from authcore.cli import main


def verify(capsys, *args: str) -> dict:
    code = main(["verify", "--target", "rtl", "--json", "--seed", "7", *args])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out["failures"][:3]
    assert out["failed"] == 0 and out["passed"] == out["total"] > 0
    return out


SHA_VARIANTS = [(pre, pipe) for pre in (0, 1) for pipe in (1, 4)]


@pytest.mark.parametrize("pre,pipe", SHA_VARIANTS)
def test_sha1_short_messages(capsys, vectors_root, pre, pipe):
    out = verify(capsys, "--core", "sha1", "--precompute", str(pre), "--pipeline", str(pipe),
                 "--vectors", str(vectors_root / "hashes/SHA1/SHA1ShortMsg.rsp"))
    assert out["total"] == 65


@pytest.mark.parametrize("pre,pipe", SHA_VARIANTS)
def test_md5_rfc1321(capsys, vectors_root, pre, pipe):
    out = verify(capsys, "--core", "md5", "--precompute", str(pre), "--pipeline", str(pipe),
                 "--vectors", str(vectors_root / "hashes/MD5/rfc-1321.txt"))
    assert out["total"] == 7


@pytest.mark.parametrize("pre", (0, 1))
def test_combined_core_both_algorithms(capsys, vectors_root, pre):
    verify(capsys, "--core", "sha1", "--combined", "--precompute", str(pre),
           "--vectors", str(vectors_root / "hashes/SHA1/SHA1ShortMsg.rsp"),
           "--vectors", str(vectors_root / "hashes/MD5/rfc-1321.txt"))


@pytest.mark.parametrize("pre,pipe", SHA_VARIANTS)
def test_sha256_sha224_short_messages(capsys, vectors_root, pre, pipe):
    """SHAVS SHA-256 and SHA-224 ShortMsg (65 each) through sha256_compress, one datapath for both."""
    out = verify(capsys, "--core", "sha256", "--precompute", str(pre), "--pipeline", str(pipe),
                 "--vectors", str(vectors_root / "hashes/SHA2/SHA256ShortMsg.rsp"),
                 "--vectors", str(vectors_root / "hashes/SHA2/SHA224ShortMsg.rsp"))
    assert out["total"] == 130


@pytest.mark.full   # 22-25 s; as SHA-1's: the CAVP short messages (two-block ones among them), RFC 4231's
# HMAC-SHA-256 and the random multi-block messages of tests/rtl/hmac run in make test
def test_sha256_sha224_monte_first_checkpoint(capsys, vectors_root):
    out = verify(capsys, "--core", "sha256", "--monte-limit", "1", "--simulator", "verilator",
                 "--vectors", str(vectors_root / "hashes/SHA2/SHA256Monte.rsp"),
                 "--vectors", str(vectors_root / "hashes/SHA2/SHA224Monte.rsp"))
    assert out["total"] == 2


@pytest.mark.full   # 44 s in Icarus; SHA-1's short and long CAVP messages run in make test
def test_sha1_monte_first_checkpoint(capsys, vectors_root):
    out = verify(capsys, "--core", "sha1", "--monte-limit", "1",
                 "--vectors", str(vectors_root / "hashes/SHA1/SHA1Monte.rsp"))
    assert out["total"] == 1


@pytest.mark.parametrize("hash_name,combined", [("sha1", False), ("md5", False), (None, True)])
@pytest.mark.parametrize("pre", (0, 1))
def test_hmac_rfc2202(capsys, vectors_root, hash_name, combined, pre):
    args = ["--core", "hmac", "--precompute", str(pre)] + (["--combined"] if combined else [])
    files = ["sha1", "md5"] if hash_name is None else [hash_name]
    for f in files:
        args += ["--vectors", str(vectors_root / f"HMAC/rfc-2202-{f}.txt")]
    out = verify(capsys, *args)
    assert out["total"] == 7 * len(files)


@pytest.mark.parametrize("pre", (0, 1))
def test_hmac_sha2_rfc4231(capsys, vectors_root, pre):
    """HMAC-SHA-256 and HMAC-SHA-224 through one hmac_core (HASH 3). The CAVP HMAC.rsp file with its
    [L=32] and [L=28] sections is not in cryptography-vectors 50.0.2 (nor in any package here); its
    layout is read (tests/vectors/test_cavp.py) and would run the same way."""
    out = verify(capsys, "--core", "hmac", "--precompute", str(pre),
                 "--vectors", str(vectors_root / "HMAC/rfc-4231-sha256.txt"),
                 "--vectors", str(vectors_root / "HMAC/rfc-4231-sha224.txt"))
    assert out["total"] == 12


def test_hmac_pipelined_engine(capsys, vectors_root, tmp_path):
    """--pipeline 4: the four-context engine; messages that share a key go in four at a time, their
    beats interleaved (a file of several messages under one key, made from the model)."""
    from authcore.model import hmac as hmac_model

    out = verify(capsys, "--core", "hmac", "--pipeline", "4", "--vectors", str(vectors_root / "HMAC/rfc-2202-sha1.txt"))
    assert out["total"] == 7
    import random

    rng = random.Random(5)
    key = rng.randbytes(30)
    lines = []
    for _ in range(9):
        m = rng.randbytes(rng.randrange(0, 200))
        lines += [f"Len = {8 * len(m)}", f"Key = {key.hex()}", f"Msg = {m.hex()}",
                  f"MD = {hmac_model.hmac('sha256', key, m).hex()}", ""]
    f = tmp_path / "one-key-hmac-sha256.txt"
    f.write_text("\n".join(lines))
    out = verify(capsys, "--core", "hmac", "--pipeline", "4", "--vectors", str(f))
    assert out["total"] == 9


@pytest.mark.full
@pytest.mark.parametrize("pre,pipe", SHA_VARIANTS)
def test_sha1_long_messages(capsys, vectors_root, pre, pipe):
    verify(capsys, "--core", "sha1", "--precompute", str(pre), "--pipeline", str(pipe),
           "--vectors", str(vectors_root / "hashes/SHA1/SHA1LongMsg.rsp"))


@pytest.mark.full
@pytest.mark.parametrize("pre,pipe", SHA_VARIANTS)
def test_sha256_sha224_long_messages(capsys, vectors_root, pre, pipe):
    verify(capsys, "--core", "sha256", "--precompute", str(pre), "--pipeline", str(pipe), "--simulator", "verilator",
           "--vectors", str(vectors_root / "hashes/SHA2/SHA256LongMsg.rsp"),
           "--vectors", str(vectors_root / "hashes/SHA2/SHA224LongMsg.rsp"))


@pytest.mark.full
@pytest.mark.parametrize("rel", ["SHA256Monte.rsp", "SHA224Monte.rsp"])
def test_sha2_monte_all_checkpoints(capsys, vectors_root, rel):
    out = verify(capsys, "--core", "sha256", "--simulator", "verilator",
                 "--vectors", str(vectors_root / "hashes/SHA2" / rel))
    assert out["total"] == 100


@pytest.mark.full
def test_sha1_monte_ten_checkpoints(capsys, vectors_root):
    out = verify(capsys, "--core", "sha1", "--monte-limit", "10",
                 "--vectors", str(vectors_root / "hashes/SHA1/SHA1Monte.rsp"))
    assert out["total"] == 10


@pytest.mark.parametrize("args,message", [
    (["--target", "rtl"], "needs --core"),
    (["--target", "rtl", "--core", "md5"], "these are sha1 vectors"),
    (["--core", "sha1"], "applies to --target rtl only"),
    (["--target", "rtl", "--core", "sha1", "--combined", "--pipeline", "4"], "rolling loop"),
    (["--target", "rtl", "--core", "hmac", "--combined", "--pipeline", "4"], "rolling loop"),
    (["--target", "rtl", "--core", "sha256", "--hash", "md5"], "computes sha256 and sha224"),
])
def test_rtl_usage_errors(capsys, vectors_root, args, message):
    code = main(["verify", *args, "--vectors", str(vectors_root / "hashes/SHA1/SHA1ShortMsg.rsp")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1
