"""``authcore generate gcm``: a configured GCM core in a folder of its own.

The folder holds the library's Verilog that the configuration needs (copied, so the folder builds on
its own), a top ``gcm_top`` that sets gcm_core's parameters, ``files.f`` (compile order) and
``manifest.json``. Key specialization:

- ``--ghash keyspec`` (``--specialize ghash``): H is built into a proven constant multiplier
  (``ghash/gf128_mul_h.v``, from :func:`generate_ghash`); the core keeps its key port and raises
  ``key_mismatch`` when a loaded key's E_K(0) is not that H.
- ``--specialize all``: the round keys are constants too; ``gcm_top`` has no key port.
- ``--ghash hybrid`` (or ``hybrid:sparse``): Lemsitzer et al.'s hybrid multiplier in ghash_core
  (GHASH = 4), with the paper's R (or the sparse R); ``--optimizer lut4`` cuts its maps for 4-input
  LUTs (MAP_LUT = 4), any other for 6.
- ``--lanes 2`` (with a key-specialized GHASH and the 128-bit datapath): two blocks a cycle, 256-bit
  streams; GHASH runs in the power basis of H (:mod:`authcore.keyspec.powbasis`), and the folder
  holds its four maps, each proven: ``ghash/gf128_pow_in.v``, ``_out``, ``_c1`` and ``_c2``.
- ``--selftest``: ``gcm_top`` wraps the core in ``gcm_selftest`` (a power-on known-answer test,
  ``selftest_pass``/``selftest_fail`` ports). A generic core runs the spec's test case 4; a
  whole-key core runs the same packet under its own key, with the expected ciphertext and tag
  computed here by the model. A core with only H built in is refused: its KAT would need the AES
  key in the bitstream, which ``--specialize ghash`` exists to keep out.

Files that embed key material (the multiplier; ``gcm_top.v`` with the round keys) are mode 0600
and say so in their header; the manifest never records the key or H.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from authcore import rtl
from authcore.errors import InvalidParameter
from authcore.keyspec import emitter, powbasis
from authcore.keyspec.generate import Generated, _sha256, generate_ghash
from authcore.model import aes as aes_model
from authcore.model import gcm as gcm_model
from authcore.vectors import spec

WIDTHS = (128, 64, 32, 16)
HYBRID_FIELDS = {"hybrid": 0, "hybrid:sparse": 1}   # --ghash hybrid: the paper's R; hybrid:sparse: the sparse R

HASH_KEY_HEADER = """// KEY MATERIAL: this file holds the GCM hash key H (the key-mismatch check compares E_K(0) with
// it). Keep it as secret as the key: it was written with mode 0600; do not commit or publish it.
"""

ROUND_KEY_HEADER = """// KEY MATERIAL: this file holds the AES round keys of a fixed key as constants (and its hash key
// H), and the key can be recovered from them. Keep it as secret as the key: it was written with
// mode 0600; do not commit or publish it.
"""


@dataclass
class GcmConfig:
    data_width: int = 128
    sbox: str = "lut"
    ghash: str = "parallel"     # parallel | karatsuba | pipelined | digit:D | keyspec | hybrid | hybrid:sparse
    specialize: str | None = None  # None | ghash | all
    lanes: int = 1              # blocks per cycle: 2 needs a key-specialized GHASH and 128 bits
    selftest: bool = False      # wrap the core in gcm_selftest (power-on known-answer test)
    deep: bool = False          # the AES engine's DEEP variant (aes_enc_pipe DEEP: five cycles a round, two with lut)
    in_reg: bool = False        # gcm_core IN_REG: the input beat pre-decoded into a two-word FIFO (registered tready)

    def check(self) -> tuple[int, int]:
        """(GHASH parameter, DIGIT) after validating the configuration."""
        if self.lanes not in (1, 2):
            raise InvalidParameter(f"--lanes must be 1 or 2 for gcm, got {self.lanes}")
        if self.lanes == 2 and (self.data_width != 128 or (self.specialize is None and self.ghash != "keyspec")):
            raise InvalidParameter("--lanes 2 needs --data-width 128 and a key-specialized GHASH "
                                   "(--ghash keyspec or --specialize ghash|all): H^2 is built in beside H")
        if self.data_width not in WIDTHS:
            raise InvalidParameter(f"--data-width must be one of {', '.join(map(str, WIDTHS))}")
        if self.deep and self.data_width != 128:
            raise InvalidParameter("--deep needs --data-width 128 (its rounds take a block a cycle)")
        if self.sbox not in rtl.SBOXES:
            raise InvalidParameter(f"--sbox must be one of {', '.join(rtl.SBOXES)}")
        if self.specialize not in (None, "ghash", "all"):
            raise InvalidParameter("--specialize must be ghash or all")
        if self.specialize is not None and self.ghash not in ("parallel", "keyspec"):
            raise InvalidParameter(f"--specialize {self.specialize} builds H in: it uses --ghash keyspec, "
                                   f"not {self.ghash}")
        g = self.ghash
        if self.specialize is not None:
            g = "keyspec"
        if self.selftest and g == "keyspec" and self.specialize != "all":
            raise InvalidParameter("--selftest with H built in but a key port would need the AES key in the "
                                   "bitstream for its known-answer test (E_K(0) must be the built-in H): "
                                   "use --specialize all, or a generic GHASH")
        if g == "parallel":
            return 0, 8
        if g == "karatsuba":
            return 1, 8
        if g == "pipelined":
            return 5, 8
        if g == "keyspec":
            return 3, 8
        if g in HYBRID_FIELDS:
            return 4, 8
        if g.startswith("digit:"):
            try:
                d = int(g.split(":", 1)[1])
            except ValueError:
                d = 0
            if d < 1 or d > 64 or 128 % d:
                raise InvalidParameter("--ghash digit:D needs D dividing 128, from 1 to 64")
            return 2, d
        raise InvalidParameter(f"--ghash must be parallel, karatsuba, pipelined, digit:D, keyspec, hybrid or "
                               f"hybrid:sparse, not {g!r}")


def _top(cfg: GcmConfig, ghash: int, digit: int, key: bytes | None, h: bytes | None, map_lut: int = 6) -> str:
    fixed = cfg.specialize == "all"
    params = [f".DATA_W({cfg.data_width})", f".SBOX({rtl.SBOXES[cfg.sbox]})", f".GHASH({ghash})", f".DIGIT({digit})"]
    if ghash == 4:
        params += [f".FIELD({HYBRID_FIELDS[cfg.ghash]})", f".MAP_LUT({map_lut})"]
    if cfg.lanes != 1:
        params.append(f".LANES({cfg.lanes})")
    if cfg.deep:
        params.append(".DEEP(1)")
    if cfg.in_reg:
        params.append(".IN_REG(1)")
    dw, bw = 128 * cfg.lanes, 16 * cfg.lanes
    data, keep = f"[{dw - 1}:0]".ljust(8), f"[{bw - 1}:0]".ljust(8)
    lines = []
    if fixed:
        assert key is not None
        rks = aes_model.expand_key(key)
        rk = "".join(r.hex() for r in reversed(rks)).rjust(15 * 32, "0")
        params += [".FIXED_KEY(1)", f".FIXED_LEN({rtl.KEY_LEN[len(key)]})", f".RK(1920'h{rk})"]
        lines.append(ROUND_KEY_HEADER.rstrip("\n"))
    elif ghash == 3:
        lines.append(HASH_KEY_HEADER.rstrip("\n"))
    if ghash == 3:
        assert h is not None
        params.append(f".H_BUILTIN(128'h{h.hex()})")
    if cfg.selftest and fixed:
        # The KAT packet of gcm_selftest (the spec's test case 4: its IV, AAD and plaintext),
        # encrypted with a 16-byte tag under the built-in key.
        assert key is not None
        tc4 = next(c for c in spec.load() if c.number == 4)
        ct, tag = gcm_model.encrypt(key, tc4["IV"], tc4["P"], tc4["A"], 16)
        params += [".KAT_KEY(256'd0)", f".KAT_IV(96'h{tc4['IV'].hex()})", f".KAT_AAD(160'h{tc4['A'].hex()})",
                   f".KAT_PT(480'h{tc4['P'].hex()})", f".KAT_CT(480'h{ct.hex()})", f".KAT_TAG(128'h{tag.hex()})"]
    module = "gcm_selftest" if cfg.selftest else "gcm_core"
    lines += [
        "`default_nettype none",
        f"// gcm_top: gcm_core configured by `authcore generate gcm` (DATA_W {cfg.data_width}, S-box {cfg.sbox},",
        f"// GHASH {'key-specialized' if ghash == 3 else cfg.ghash}"
        f"{', fixed key: no key port' if fixed else ''}"
        f"{f', {cfg.lanes} blocks a cycle' if cfg.lanes != 1 else ''}"
        f"{', behind a power-on known-answer test' if cfg.selftest else ''}). Ports as gcm_core (docs/gcm.md)"
        f"{', plus selftest_pass and selftest_fail' if cfg.selftest else ''}.",
        "// ERASE_CHECK = 1 (tests): erased says every key-derived register is zero (gcm_core).",
        "module gcm_top #(",
        "    parameter ERASE_CHECK = 0",
        ") (",
        "    input  wire         clk,",
        "    input  wire         rst,",
        "    input  wire         key_clear,",
    ]
    if not fixed:
        lines += [
            "    input  wire [255:0] key,",
            "    input  wire [1:0]   key_len,",
            "    input  wire         key_valid,",
            "    output wire         key_ready,",
        ]
    lines += [
        "    output wire         key_loaded,",
        "    output wire         key_mismatch,",
        f"    input  wire {data}s_axis_tdata,",
        f"    input  wire {keep}s_axis_tkeep,",
        "    input  wire [2:0]   s_axis_tuser,",
        "    input  wire         s_axis_tlast,",
        "    input  wire         s_axis_tvalid,",
        "    output wire         s_axis_tready,",
        f"    output wire {data}m_axis_tdata,",
        f"    output wire {keep}m_axis_tkeep,",
        "    output wire [2:0]   m_axis_tuser,",
        "    output wire         m_axis_tlast,",
        "    output wire         m_axis_tvalid,",
        "    input  wire         m_axis_tready,",
        "    output wire         error,",
        "    output wire         erased" + ("," if cfg.selftest else ""),
    ]
    if cfg.selftest:
        lines += ["    output wire         selftest_pass,", "    output wire         selftest_fail"]
    lines += [
        ");",
    ]
    if fixed:
        lines.append("    wire unused_key_ready;")
    key_ports = (".key(256'd0), .key_len(2'd0), .key_valid(1'b0), .key_ready(unused_key_ready)" if fixed else
                 ".key(key), .key_len(key_len), .key_valid(key_valid), .key_ready(key_ready)")
    lines += [
        f"    {module} #({', '.join([*params, '.ERASE_CHECK(ERASE_CHECK)'])}) u_gcm (",
        f"        .clk(clk), .rst(rst), .key_clear(key_clear), {key_ports},",
        "        .key_loaded(key_loaded), .key_mismatch(key_mismatch),",
        "        .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tuser(s_axis_tuser),",
        "        .s_axis_tlast(s_axis_tlast), .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),",
        "        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tuser(m_axis_tuser),",
        "        .m_axis_tlast(m_axis_tlast), .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),",
        "        .error(error), .erased(erased)" + (", .selftest_pass(selftest_pass), .selftest_fail(selftest_fail)"
                                                      if cfg.selftest else ""),
        "    );",
        "endmodule",
        "`default_nettype wire",
        "",
    ]
    return "\n".join(lines)


def _core_file(cfg: GcmConfig, rel: list[Path]) -> str:
    """A FuseSoC core for the folder, so a design can depend on the configured core directly."""
    lines = ["CAPI=2:", "# Written by `authcore generate gcm`; the folder is self-contained.",
             "name: authcore:generated:gcm_top:0.1.0",
             f'description: "gcm_core, {cfg.data_width}-bit AES datapath, {cfg.sbox} S-boxes, GHASH {cfg.ghash}'
             f'{", specialized: " + cfg.specialize if cfg.specialize else ""}'
             f'{f", {cfg.lanes} blocks a cycle" if cfg.lanes != 1 else ""}"',
             "", "filesets:", "  rtl:", "    files:"]
    lines += [f"      - {r}" for r in rel]
    lines += ["    file_type: verilogSource", "", "targets:", "  default:", "    filesets: [rtl]",
              "    toplevel: gcm_top", ""]
    return "\n".join(lines)


def generate_gcm(out: str | Path, cfg: GcmConfig, key: bytes | None = None, h: bytes | None = None,
                 optimizer: str = "lut6") -> Generated:
    """Write the configured core to ``out``. ``key`` (AES key) is needed for ``--specialize all``;
    for a key-specialized GHASH either ``key`` or ``h`` gives H."""
    ghash, digit = cfg.check()
    if cfg.specialize == "all" and key is None:
        raise InvalidParameter("--specialize all needs the AES key (--key, --key-file or $AUTHCORE_KEY)")
    if key is not None and len(key) not in rtl.KEY_LEN:
        raise InvalidParameter(f"AES key must be 16, 24 or 32 bytes, got {len(key)}")
    if ghash == 3 and key is None and h is None:
        raise InvalidParameter("a key-specialized GHASH needs the key or H")
    if ghash != 3 and (key is not None or h is not None):
        raise InvalidParameter("a key was given but nothing is specialized: add --specialize ghash or all")
    outp = Path(out)
    outp.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    for src in rtl.files("gcm_selftest" if cfg.selftest else "gcm_core"):   # the library's files
        dst = outp / "rtl" / src.parent.name / src.name
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
        files.append(dst)
    info: dict[str, object] = {}
    hh: bytes | None = None
    if ghash == 3:
        hh = h if h is not None else gcm_model.hash_key(key)  # type: ignore[arg-type]
        if cfg.lanes == 2:
            (outp / "ghash").mkdir(exist_ok=True)
            pfiles, maps = powbasis.write(int.from_bytes(hh, "big"), outp / "ghash", optimizer)
            files[:0] = pfiles
            info = {"xor2": sum(int(q["xor2"]) for q in maps), "proven": True,  # type: ignore[call-overload]
                    "optimizer": optimizer, "power_basis": maps}
        else:
            g = generate_ghash(hh, outp / "ghash", lanes=cfg.lanes, opt=optimizer, prove=True)
            mults = g.manifest["multipliers"]  # H: one lane
            files[:0] = [outp / "ghash" / str(m["file"]) for m in mults]  # type: ignore[attr-defined]
            m = mults[0]  # type: ignore[index]
            info = {"xor2": m["xor2"], "depth": m["depth"], "proven": True, "optimizer": optimizer}
    top = outp / "gcm_top.v"
    text = _top(cfg, ghash, digit, key, hh, 4 if optimizer == "lut4" else 6)
    if ghash == 3:
        emitter.write_secret(top, text)
    else:
        if top.exists():
            top.unlink()
        top.write_text(text)
    files.append(top)
    rel = [f.relative_to(outp) for f in files]
    manifest: dict[str, object] = {
        "generator": "authcore generate gcm", "top": "gcm_top",
        "data_width": cfg.data_width, "sbox": cfg.sbox, "ghash": "keyspec" if ghash == 3 else cfg.ghash,
        "lanes": cfg.lanes, "bits_per_beat": 128 * cfg.lanes, "selftest": cfg.selftest,
        "specialize": cfg.specialize or ("ghash" if ghash == 3 else None),
        "parameters": {"DATA_W": cfg.data_width, "SBOX": rtl.SBOXES[cfg.sbox], "GHASH": ghash, "DIGIT": digit,
                       "FIXED_KEY": int(cfg.specialize == "all"), "LANES": cfg.lanes,
                       **({"FIELD": HYBRID_FIELDS[cfg.ghash], "MAP_LUT": 4 if optimizer == "lut4" else 6}
                          if ghash == 4 else {})},
        "keyspec_multiplier": info or None,
        "files": [{"file": str(r), "sha256": _sha256(f),
                   "key_material": f.name.startswith(("gf128_mul_h", "gf128_pow_")) or (f == top and ghash == 3)}
                  for r, f in zip(rel, files, strict=True)],
        "note": "Neither the key nor H is recorded here; files marked key_material embed them (mode 0600).",
    }
    (outp / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    (outp / "files.f").write_text("".join(f"{r}\n" for r in rel))
    (outp / "gcm_top.core").write_text(_core_file(cfg, rel))
    return Generated(outp, "gcm_top", files, manifest)
