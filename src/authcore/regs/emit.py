"""Files written from the register maps and the recorded waves: the C headers, the docs' register
tables and the timing diagrams."""

from __future__ import annotations

import json
import re
from pathlib import Path

from authcore import rtl
from authcore.regs import MAPS, RegMap

ROOT = rtl.ROOT.parent
HEADERS = ROOT / "include" / "authcore"
DOC = ROOT / "docs" / "axil.md"


def c_header(m: RegMap) -> str:
    up = m.name.upper()
    lines = [f"/* {m.title}", " * Generated from src/authcore/regs/maps.py by `python -m authcore.regs --write`;",
             " * do not edit. Offsets are bytes from the wrapper's base address; 32-bit accesses only. */",
             f"#ifndef AUTHCORE_{up}_H", f"#define AUTHCORE_{up}_H", ""]
    for k, v in m.consts.items():
        lines.append(f"#define {up}_{k}_VALUE 0x{v:08X}u")
    for r in m.registers:
        lines += ["", f"/* {r.name} ({r.access}): {r.doc} */", f"#define {up}_{r.name} 0x{r.offset:02X}u"]
        if r.count > 1:
            lines.append(f"#define {up}_{r.name}_COUNT {r.count}u")
        for f in r.fields:
            if f.width == 32:
                continue
            lines.append(f"#define {up}_{r.name}_{f.name}_SHIFT {f.lsb}u")
            lines.append(f"#define {up}_{r.name}_{f.name}_MASK 0x{f.mask:08X}u")
    lines += ["", f"#endif /* AUTHCORE_{up}_H */", ""]
    return "\n".join(lines)


def md_table(m: RegMap) -> str:
    rows = ["| offset | register | access | field | bits | reset | description |",
            "|---|---|---|---|---|---|---|"]
    for r in m.registers:
        span = f"0x{r.offset:02X}" + (f"-0x{r.offset + 4 * (r.count - 1):02X}" if r.count > 1 else "")
        rows.append(f"| {span} | **{r.name}** | {r.access} | | | | {r.doc} |")
        for f in r.fields:
            bits = f"[{f.lsb + f.width - 1}:{f.lsb}]" if f.width > 1 else f"[{f.lsb}]"
            kind = " (pulse: reads 0)" if f.pulse else ""
            rows.append(f"| | | | {f.name} | {bits} | 0x{f.reset:X} | {f.doc}{kind} |")
    return "\n".join(rows)


def _marked(name: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- regs:{name} -->\n).*?(<!-- /regs:{name} -->)", re.S)


def doc_text(text: str, m: RegMap) -> str:
    """``text`` with the map's table between its markers (generated; the rest of the page is prose)."""
    pat = _marked(m.name)
    if not pat.search(text):
        raise ValueError(f"docs/axil.md has no <!-- regs:{m.name} --> markers")
    return pat.sub(lambda mo: mo.group(1) + md_table(m) + "\n" + mo.group(2), text)


WAVES = ROOT / "docs" / "wave"


def wave_text(wave: dict) -> str:
    """A WaveDrom diagram as the page shows it: the JSON (for WaveDrom's renderers) and the same
    waves as text, readable where WaveDrom is not rendered."""
    width = max(len(s["name"]) for s in wave["signal"]) + 2
    lines = []
    for s in wave["signal"]:
        data = f"  {' '.join(s['data'])}" if s.get("data") else ""
        lines.append(f"{s['name'].ljust(width)}{s['wave']}{data}")
    return ("```wavedrom\n" + json.dumps(wave, separators=(",", ":")) + "\n```\n\n"
            + f"{wave['head']['text']}; `=` a new value (listed after the wave), `.` unchanged, `x` "
              "unknown, `|` cycles left out:\n\n```text\n" + "\n".join(lines) + "\n```\n")


# the pages that show a timing diagram other than the wrappers' (docs/axil.md)
WAVE_PAGES = {"gcm_core": ROOT / "docs" / "gcm.md", "hmac_core": ROOT / "docs" / "hash.md",
              "ghash_keyspec": ROOT / "docs" / "ghash.md"}


def outputs() -> dict[Path, str]:
    """Every generated file and its content: the C headers, docs/axil.md's register tables, and
    every page's timing diagrams (docs/wave/<name>.json between <!-- wave:<name> --> markers)."""
    out = {HEADERS / f"{m.name}.h": c_header(m) for m in MAPS.values()}
    pages = {DOC: DOC.read_text()}
    for m in MAPS.values():
        pages[DOC] = doc_text(pages[DOC], m)
    for wave in sorted(WAVES.glob("*.json")):
        page = WAVE_PAGES.get(wave.stem, DOC)
        text = pages.setdefault(page, page.read_text())
        pat = re.compile(rf"(<!-- wave:{wave.stem} -->\n).*?(<!-- /wave:{wave.stem} -->)", re.S)
        if not pat.search(text):
            raise ValueError(f"{page.name} has no <!-- wave:{wave.stem} --> markers")
        body = wave_text(json.loads(wave.read_text()))
        pages[page] = pat.sub(lambda mo, body=body: mo.group(1) + body + mo.group(2), text)
    out.update(pages)
    return out


def verilog_localparams(path: Path) -> dict[str, int]:
    """The RTL's ``R_<NAME>`` address localparams (the check that the RTL and the map agree)."""
    found = {}
    for name, _width, base, digits in re.findall(r"\b(R_\w+)\s*=\s*(\d+)'([hd])([0-9A-Fa-f_]+)", path.read_text()):
        found[name[2:]] = int(digits.replace("_", ""), 16 if base == "h" else 10)
    return found
