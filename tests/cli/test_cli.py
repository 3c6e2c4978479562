"""The CLI: results, JSON shapes, key sources, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from authcore.cli import main

K3 = "feffe9928665731c6d6a8f9467308308"
IV3 = "cafebabefacedbaddecaf888"
P4 = ("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
A4 = "feedfacedeadbeeffeedfacedeadbeefabaddad2"
T4 = "5bc94fbc3221a5db94fae95ae7121a47"


def run(args, capsys, env=None):
    old = dict(os.environ)
    try:
        os.environ.pop("AUTHCORE_KEY", None)
        if env:
            os.environ.update(env)
        code = main(args)
    finally:
        os.environ.clear()
        os.environ.update(old)
    out, err = capsys.readouterr()
    return code, out, err


def test_encrypt_json_matches_spec_case_4(capsys):
    code, out, _ = run(["gcm", "encrypt", "--key", K3, "--iv", IV3, "--aad", A4, "--data", P4, "--json"], capsys)
    assert code == 0
    obj = json.loads(out)
    assert obj["tag"] == T4 and obj["ciphertext"].startswith("42831ec2")


def test_decrypt_roundtrip_and_failure(capsys):
    code, out, _ = run(["gcm", "encrypt", "--key", K3, "--iv", IV3, "--data", "00ff", "--json"], capsys)
    ct, tag = json.loads(out)["ciphertext"], json.loads(out)["tag"]
    code, out, _ = run(["gcm", "decrypt", "--key", K3, "--iv", IV3, "--data", ct, "--tag", tag, "--json"], capsys)
    assert code == 0 and json.loads(out) == {"plaintext": "00ff"}
    bad = ("0" if tag[0] != "0" else "1") + tag[1:]
    code, out, err = run(["gcm", "decrypt", "--key", K3, "--iv", IV3, "--data", ct, "--tag", bad], capsys)
    assert code == 1 and out == "" and err.strip() == "authcore: authentication failed"


def test_key_file_and_env(tmp_path, capsys):
    kf = tmp_path / "k.hex"
    kf.write_text(K3 + "\n")
    base = ["gcm", "encrypt", "--iv", IV3, "--aad", A4, "--data", P4, "--json"]
    _, out1, _ = run(base + ["--key-file", str(kf)], capsys)
    _, out2, _ = run(base, capsys, env={"AUTHCORE_KEY": K3})
    kb = tmp_path / "k.bin"
    kb.write_bytes(bytes.fromhex(K3))
    _, out3, _ = run(base + ["--key-file", str(kb)], capsys)
    assert json.loads(out1)["tag"] == json.loads(out2)["tag"] == json.loads(out3)["tag"] == T4


def test_gmac_and_hmac(capsys):
    code, out, _ = run(["hmac", "--hash", "sha1", "--key", "0b" * 20, "--data", "4869205468657265", "--json"], capsys)
    assert code == 0 and json.loads(out)["mac"] == "b617318655057264e28bc0b6fb378c8ef146be00"
    code, out, _ = run(["hmac", "--hash", "md5", "--key", "4a656665", "--data",
                        "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
                        "--verify", "750c783e6ab0b503eaa86e31"], capsys)
    assert code == 0
    code, out, _ = run(["gmac", "--key", K3, "--iv", IV3, "--aad", A4, "--json"], capsys)
    assert code == 0 and len(json.loads(out)["tag"]) == 32


@pytest.mark.parametrize(
    "args,needle",
    [
        (["gcm", "encrypt", "--key", "zz" * 16, "--iv", IV3], "key is not valid hex"),
        (["gcm", "encrypt", "--key", "00" * 15, "--iv", IV3], "16, 24 or 32 bytes"),
        (["gcm", "encrypt", "--key", K3, "--iv", ""], "IV must be at least 1 byte"),
        (["gcm", "encrypt", "--key", K3, "--iv", IV3, "--tag-len", "11"], "tag length 11"),
        (["gcm", "encrypt", "--key", K3, "--iv", IV3, "--bogus"], "unrecognized arguments: --bogus"),
        (["gcm", "encrypt", "--key-file", "/nonexistent/key", "--iv", IV3], "key file not found"),
        (["gcm", "encrypt", "--iv", IV3], "no key"),
        (["gcm", "encrypt", "--key", K3, "--iv", IV3, "--in-file", "/nonexistent/x"], "input file not found"),
        (["gcm", "decrypt", "--key", K3, "--iv", IV3, "--data", ""], "needs --tag"),
        (["hmac", "--key", "00", "--data", "00", "--verify", "0011"], "10 to 20"),
        (["verify", "--vectors", "/nonexistent.rsp"], "not found"),
        (["verify", "--vectors", "/nonexistent.rsp", "--target", "fpga"], "unknown target"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_exit_2(args, needle, capsys):
    code, out, err = run(args, capsys)
    assert code == 2
    assert needle in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_errors_never_echo_the_key(capsys):
    secret = "c0ffee" * 5 + "zz"
    code, _, err = run(["gcm", "encrypt", "--key", secret, "--iv", IV3], capsys)
    assert code == 2 and "c0ffee" not in err


def test_verify_json_shape(vectors_root, capsys):
    code, out, _ = run(["verify", "--vectors", str(vectors_root / "HMAC/rfc-2202-md5.txt"), "--json"], capsys)
    obj = json.loads(out)
    assert code == 0 and obj["total"] == 7 and obj["passed"] == 7 and obj["failed"] == 0 and obj["failures"] == []


def test_console_script_runs_without_traceback():
    """The installed entry point, as a user runs it: exit 2 and one line."""
    exe = os.path.join(os.path.dirname(sys.executable), "authcore")
    r = subprocess.run([exe, "gcm", "encrypt", "--key", "xyz", "--iv", "00"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip() == "authcore: key is not valid hex"


def test_demo_quick_prints_spec_values(capsys):
    code, out, _ = run(["demo", "--quick"], capsys)
    assert code == 0
    assert "test case 3: all values match" in out and "test case 4: all values match" in out
    assert "5bc94fbc3221a5db94fae95ae7121a47" in out


def test_spec_json_and_unknown_case(capsys):
    """`authcore spec --json`: every intermediate of each case, model beside published; a case
    number the spec does not have is a usage error (exit 2, one line), not a failed comparison."""
    code, out, _ = run(["spec", "--json", "--cases", "6", "13"], capsys)
    obj = json.loads(out)
    assert code == 0 and obj["ok"] and [c["case"] for c in obj["cases"]] == [6, 13]
    tc6 = {v["name"]: v for v in obj["cases"][0]["values"]}
    assert tc6["N1"]["published"] == tc6["N1"]["model"] and tc6["T"]["model"] == "619cc5aefffe0bfa462af43c1699d050"
    assert obj["cases"][1]["key_bits"] == 256 and obj["cases"][1]["text_bytes"] == 0
    code, out, err = run(["spec", "--cases", "3", "19"], capsys)
    assert code == 2 and out == "" and err.strip() == "authcore: test case 19: the spec has test cases 1-18"


def test_gcm64_published_vector_round_trip_and_errors(tmp_path, capsys):
    """gcm64 has gcm's options, key sources, --json fields and exit codes, over TDEA."""
    from authcore.model import gcm64

    v = next(v for v in gcm64.load_vectors() if v["PT"] and v["AAD"] and len(v["Key"]) == 24)
    args = ["gcm64", "encrypt", "--iv", v["IV"].hex(), "--aad", v["AAD"].hex(), "--data", v["PT"].hex(),
            "--tag-len", str(len(v["Tag"])), "--json"]
    code, out, _ = run([*args, "--key", v["Key"].hex()], capsys)
    assert code == 0 and json.loads(out) == {"ciphertext": v["CT"].hex(), "tag": v["Tag"].hex()}
    kf = tmp_path / "k.bin"
    kf.write_bytes(v["Key"])
    assert run([*args, "--key-file", str(kf)], capsys)[1] == out
    assert run(args, capsys, env={"AUTHCORE_KEY": v["Key"].hex()})[1] == out
    dec = ["gcm64", "decrypt", "--key", v["Key"].hex(), "--iv", v["IV"].hex(), "--aad", v["AAD"].hex(),
           "--data", v["CT"].hex(), "--json"]
    code, out, _ = run([*dec, "--tag", v["Tag"].hex()], capsys)
    assert code == 0 and json.loads(out) == {"plaintext": v["PT"].hex()}
    bad = bytes([v["Tag"][0] ^ 1]) + v["Tag"][1:]
    code, out, err = run([*dec, "--tag", bad.hex()], capsys)
    assert code == 1 and out == "" and err.strip() == "authcore: authentication failed"
    for extra, says in ((["--key", "00" * 8], "16 or 24 bytes"), (["--key", "zz"], "hex"),
                        (["--key", "00" * 24, "--tag-len", "16"], "use 4 to 8"),
                        (["--key-file", str(tmp_path / "none")], "not found")):
        code, _, err = run(["gcm64", "encrypt", "--iv", "01020304", "--data", "00", *extra], capsys)
        assert code == 2 and says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    code, _, err = run(["gcm64", "decrypt", "--key", "00" * 24, "--iv", "01", "--data", "00"], capsys)
    assert code == 2 and "decrypt needs --tag" in err
