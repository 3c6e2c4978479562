"""The hand-written RTL as a library: which files a top needs, found from the sources themselves.

One module per file and file name = module name (docs/design.md), so a top's files are its own and,
recursively, those of every module it instantiates that has a file under ``rtl/``. Simulation,
synthesis, the generators and the benchmark specs all take their file lists from here; nothing
writes a list by hand, so adding an instance to a core is all it takes to add its file everywhere.
Modules with no file here (the generated key-specialized multipliers, the error-named modules that
stop elaboration on an illegal parameter) are left to whoever supplies them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from authcore.errors import InvalidParameter

ROOT = Path(__file__).resolve().parents[2] / "rtl"

# Parameter codes shared by the AES-based cores (aes_sub's SBOX, the key port's key_len): the one
# place Python spells them; the CLI's choices, the generators, the flow and the testbenches read them.
SBOXES = {"lut": 0, "composite": 1, "rom": 2}
KEY_LEN = {16: 0, 24: 1, 32: 2}  # AES key bytes -> key_len / FIXED_LEN

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
# an instance: a module name, an optional parameter list, an instance name and its port list
_INSTANCE = re.compile(r"\b([A-Za-z_]\w*)\s*(?:#\s*\(|[A-Za-z_]\w*\s*(?:\[[^\]]*\]\s*)?\()")


@cache
def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the library by name: rtl/<area>/<name>.v."""
    return {p.stem: p for p in sorted(root.glob("*/*.v"))}


@cache
def instantiated(path: Path, root: Path = ROOT) -> frozenset[str]:
    """The library modules a library file instantiates (cached: the library does not change
    while a process runs)."""
    return _instances(path, root)


def _instances(path: Path, root: Path) -> frozenset[str]:
    """The library modules a file instantiates (names that are library modules, outside comments)."""
    text = _COMMENT.sub(" ", path.read_text())
    known = modules(root)
    return frozenset(m for m in _INSTANCE.findall(text) if m in known and m != path.stem)


def files(top: str, root: Path = ROOT) -> list[Path]:
    """The files ``top`` needs: its own first, then every module under it, each once."""
    mods = modules(root)
    if top not in mods:
        raise InvalidParameter(f"no RTL module {top!r} under {root} (one module per file, named after it)")
    out: list[Path] = []
    todo = [top]
    while todo:
        name = todo.pop(0)
        p = mods[name]
        if p in out:
            continue
        out.append(p)
        todo += sorted(instantiated(p, root) - {q.stem for q in out})
    return out


def needed(path: Path, root: Path = ROOT) -> list[Path]:
    """The library files a file outside the library (a generated top) needs, each once. Read afresh
    each time: a generator may rewrite the same path with other instances."""
    out: list[Path] = []
    for m in sorted(_instances(Path(path), root)):
        out += [p for p in files(m, root) if p not in out]
    return out


def names(top: str) -> list[str]:
    """:func:`files` as ``area/module`` names (the form the generators copy by)."""
    return [f"{p.parent.name}/{p.stem}" for p in files(top)]


# ---- FuseSoC core files: one per area, written from the sources ----------------------------------
# Each area's description and the top its lint target checks; the files and the dependencies
# between areas come from the sources (python -m authcore.rtl --write-cores rewrites them, and a
# test keeps the committed files equal to what this writes).
AREAS = {
    "common": ("Stream primitives shared by the cores: a FIFO and a register slice on AXI4-Stream "
               "handshakes, tkeep helpers, the stream/block byte swap and a delay line", "axis_fifo"),
    "gf128": ("GF(2^128) multipliers in GCM bit order: bit-parallel (Karatsuba option), digit-serial and "
              "hybrid (composite field)", "gf128_mul_parallel"),
    "ghash": ("Streaming GHASH with H loaded through a port (MULT 0-2, 4; MULT 3 needs a generated "
              "gf128_mul_h), and the n-stage chain ghash_chain (needs a generated gf128_mulacc_h)", "ghash_core"),
    "aes": ("AES-128/192/256 encryption: unrolled (128/64/32/16-bit datapath) and iterative cores, three "
            "S-box styles", "aes_enc_pipe"),
    "gcm": ("AES-GCM / GMAC / AES-CTR engine with tags checked in hardware, and its power-on self-test "
            "wrapper", "gcm_core"),
    "sha": ("SHA-1, MD5, combined MD5/SHA-1 and SHA-224/256 compression cores and the padding unit",
            "md_compress"),
    "hmac": ("HMAC-SHA1/MD5/SHA-256 with the key states computed once, pipelined contexts, and its power-on "
             "self-test wrapper", "hmac_core"),
    "axil": ("AXI4-Lite register wrappers for a CPU (register maps in authcore.regs), with the cores' "
             "streams kept for DMA", "hmac_axil"),
    "board": ("A wrapper on a board behind a UART-to-AXI4-Lite bridge (authcore board)", "board_top"),
}


def _area_order(area: str, root: Path) -> list[Path]:
    """An area's files, each after the files of its own area that it instantiates."""
    mods = modules(root)
    mine = sorted((p for p in mods.values() if p.parent.name == area), key=lambda p: p.stem)
    out: list[Path] = []

    def visit(p: Path) -> None:
        if p in out:
            return
        for m in sorted(instantiated(p, root)):
            q = mods[m]
            if q.parent.name == area:
                visit(q)
        out.append(p)

    for p in mine:
        visit(p)
    return out


def core_file(area: str, root: Path = ROOT) -> str:
    """The FuseSoC core file of one area of the library."""
    description, lint_top = AREAS[area]
    mods = modules(root)
    files = _area_order(area, root)
    deps = sorted({mods[m].parent.name for p in files for m in instantiated(p, root)} - {area})
    lines = [
        "CAPI=2:",
        "# FuseSoC core file: `fusesoc library add authcore <this repository>/rtl`, then depend on",
        f"# authcore:crypto:{area}. Interfaces and parameters: docs/ of the repository (docs/design.md",
        "# maps them). Written by `python -m authcore.rtl --write-cores` from the sources: do not edit.",
        f"name: authcore:crypto:{area}:0.1.0",
        f'description: "{description}"',
        "",
        "filesets:",
        "  rtl:",
        "    files:",
        *(f"      - {p.name}" for p in files),
        "    file_type: verilogSource",
    ]
    if deps:
        lines += ["    depend:", *(f"      - authcore:crypto:{d}" for d in deps)]
    lines += [
        "",
        "targets:",
        "  default: &default",
        "    filesets: [rtl]",
        "  lint:",
        "    <<: *default",
        "    default_tool: verilator",
        f"    toplevel: {lint_top}",
        "    tools:",
        "      verilator:",
        "        mode: lint-only",
        "        verilator_options: [-Wall]",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m authcore.rtl", description=__doc__)
    ap.add_argument("--write-cores", action="store_true", help="rewrite rtl/<area>/<area>.core")
    ap.add_argument("--files", metavar="TOP", help="print the files TOP needs, one a line")
    args = ap.parse_args(argv)
    if args.files:
        print("\n".join(str(p) for p in files(args.files)))
    if args.write_cores:
        for area in AREAS:
            (ROOT / area / f"{area}.core").write_text(core_file(area))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
