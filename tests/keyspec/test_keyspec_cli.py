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
                          (["--arch", "pipelined"], "--arch belongs to 'generate ghash'")):
            assert main(["generate", "gcm", *bad, "--out", str(tmp_path / "gcm")]) == 2
            err = capsys.readouterr().err
            assert says in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
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
