import json
import os

from authcore.cli import main


def test_generate_and_prove_cli(tmp_path, capsys):
    out = tmp_path / "g"
    code = main(["generate", "ghash", "--key", "feffe9928665731c6d6a8f9467308308", "--lanes", "1",
                 "--out", str(out), "--json"])
    text = capsys.readouterr()
    assert code == 0
    man = json.loads(text.out)
    assert man["lanes"] == 1 and man["multipliers"][0]["proof"]["proven"]
    # H of this key is b83b5337...: it must appear nowhere in what the command printed
    assert "b83b533708bf535d0aa6e52980d53b78" not in text.out + text.err
    assert main(["prove", str(out), "--hash-key", "b83b533708bf535d0aa6e52980d53b78"]) == 0
    assert "proven for the given key" in capsys.readouterr().out
    assert main(["prove", str(out), "--hash-key", "00" * 16]) == 2
    assert "different H" in capsys.readouterr().err


def test_generate_cli_errors(tmp_path, capsys):
    old = os.environ.pop("AUTHCORE_KEY", None)
    try:
        assert main(["generate", "ghash", "--out", str(tmp_path)]) == 2
        assert "no key" in capsys.readouterr().err
        assert main(["generate", "ghash", "--hash-key", "0011", "--out", str(tmp_path)]) == 2
        assert "16 bytes" in capsys.readouterr().err
        assert main(["generate", "ghash", "--hash-key", "00" * 16, "--lanes", "99", "--out", str(tmp_path)]) == 2
        assert "--lanes must be 1 to 16" in capsys.readouterr().err
        for bad, says in ((["--lanes", "2"], "--lanes 2 needs --data-width 128 and a key-specialized GHASH"),
                          (["--lanes", "2", "--ghash", "keyspec", "--data-width", "64", "--hash-key", "11" * 16],
                           "--lanes 2 needs --data-width 128"),
                          (["--lanes", "3", "--ghash", "keyspec", "--hash-key", "11" * 16], "--lanes must be 1 or 2"),
                          (["--arch", "pipelined"],
                           "--arch, --stages, --stage-regs and --feedback belong to 'generate ghash'"),
                          (["--selftest", "--specialize", "ghash", "--hash-key", "11" * 16],
                           "--selftest with H built in but a key port would need the AES key"),
                          (["--deep", "--data-width", "64", "--sbox", "lut"], "--deep needs --data-width 128")):
            assert main(["generate", "gcm", *bad, "--out", str(tmp_path / "gcm")]) == 2
            err = capsys.readouterr().err
            assert says in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        for gcm_only in ("--selftest", "--in-reg"):
            assert main(["generate", "ghash", gcm_only, "--hash-key", "11" * 16, "--out", str(tmp_path)]) == 2
            assert "--selftest and --in-reg belong to 'generate gcm'" in capsys.readouterr().err
        for arch in ("feedback", "crenne-pipe"):
            assert main(["generate", "ghash", "--deep", "--arch", arch, "--hash-key", "11" * 16,
                         "--out", str(tmp_path)]) == 2
            err = capsys.readouterr().err
            assert "--deep belongs to" in err and len(err.strip().splitlines()) == 1, err
        assert main(["prove", str(tmp_path / "nothing")]) == 2
        assert "no manifest.json" in capsys.readouterr().err
        assert main(["keyspec", "density", "--keys", "0"]) == 2
    finally:
        if old is not None:
            os.environ["AUTHCORE_KEY"] = old


def test_density_cli(tmp_path, capsys):
    png = tmp_path / "d.png"
    assert main(["keyspec", "density", "--keys", "2000", "--seed", "5", "--plot", str(png), "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["keys"] == 2000 and 0.3 < s["mean"] < 0.7 and png.stat().st_size > 1000


def test_generate_gcm_selftest_cli(tmp_path, capsys):
    """--selftest: gcm_top wraps gcm_selftest and has the verdict ports; a whole-key core gets a KAT
    computed under its key (the expected tag differs from test case 4's)."""
    assert main(["generate", "gcm", "--selftest", "--data-width", "32", "--out", str(tmp_path / "g")]) == 0
    assert "behind its power-on known-answer test" in capsys.readouterr().out
    top = (tmp_path / "g" / "gcm_top.v").read_text()
    assert "gcm_selftest #(" in top and "output wire         selftest_fail" in top and "KAT_TAG" not in top
    assert "rtl/gcm/gcm_selftest.v" in (tmp_path / "g" / "files.f").read_text().split()
    key = "00112233445566778899aabbccddeeff"
    assert main(["generate", "gcm", "--selftest", "--specialize", "all", "--key", key,
                 "--out", str(tmp_path / "f")]) == 0
    capsys.readouterr()
    top = (tmp_path / "f" / "gcm_top.v").read_text()
    assert ".KAT_TAG(128'h" in top and "5bc94fbc3221a5db94fae95ae7121a47" not in top
    assert json.loads((tmp_path / "f" / "manifest.json").read_text())["selftest"] is True


def test_generate_crenne_cli(tmp_path, capsys):
    """--arch crenne-pipe: the chain's folder (its multiplier proven, the manifest's fields), and
    its options refused where they do not belong, each with one line and exit status 2."""
    h = "b83b533708bf535d0aa6e52980d53b78"
    assert main(["generate", "ghash", "--arch", "crenne-pipe", "--stages", "4", "--stage-regs", "2", "--feedback",
                 "--hash-key", h, "--out", str(tmp_path / "c"), "--json"]) == 0
    m = json.loads(capsys.readouterr().out)
    assert (m["top"], m["stages"], m["stage_regs"], m["feedback"], m["bits_per_cycle"]) == \
        ("ghash_crenne_pipe", 4, 2, True, 512)
    assert m["latency"] == 3 + 4 * 3 and m["multipliers"][0]["proof"]["proven"]
    assert (tmp_path / "c" / "gf128_mulacc_h.v").stat().st_mode & 0o777 == 0o600
    assert main(["prove", str(tmp_path / "c"), "--hash-key", h]) == 0
    assert "proven for the given key" in capsys.readouterr().out
    for bad, says in ((["--stages", "4"], "--stages, --feedback and --stage-regs belong to --arch crenne-pipe"),
                      (["--arch", "crenne-pipe", "--stages", "0"], "--stages must be 1 to 16"),
                      (["--arch", "crenne-pipe", "--stage-regs", "9"], "--stage-regs must be 0 to 4"),
                      (["--arch", "crenne-pipe", "--lanes", "2"], "takes --stages N, not --lanes")):
        assert main(["generate", "ghash", *bad, "--hash-key", h, "--out", str(tmp_path / "x")]) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.strip().splitlines()) == 1, err


def test_generate_ghash64_cli(tmp_path, capsys):
    """generate ghash64: H from a TDEA key (E_K(0^64)) or given; 8 bytes; the ghash options refused."""
    from authcore.model import gcm64

    key = "000102030405060708090a0b0c0d0e0f1011121314151617"
    assert main(["generate", "ghash64", "--key", key, "--out", str(tmp_path / "g"), "--json"]) == 0
    m = json.loads(capsys.readouterr().out)
    assert m["top"] == "ghash64_keyspec" and m["width"] == 64
    assert main(["prove", str(tmp_path / "g"), "--hash-key", gcm64.hash_key(bytes.fromhex(key)).hex()]) == 0
    capsys.readouterr()
    for bad, says in ((["--hash-key", "00" * 16], "must be 8 bytes"), (["--key", "00" * 16, "--lanes", "2"],
                                                                       "generate ghash64 takes"),
                      (["--key", "00" * 8], "16 or 24 bytes")):
        assert main(["generate", "ghash64", *bad, "--out", str(tmp_path / "x")]) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.strip().splitlines()) == 1, err
