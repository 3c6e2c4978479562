"""Where a core's LUTs go: each logic cell charged to the registers (and outputs) it feeds.

Yosys reports a mapped netlist's cells by type, which says how many LUTs a core takes but not what
for. This walks the mapped netlist of the core's module backwards from every flip-flop (and memory
cell and output port) through the combinational cells (LUTs, wide-function muxes, carry chains)
until it reaches flip-flops or input ports. A logic cell that feeds only one register group is
that group's; one that feeds several is split evenly among them and also counted as shared. A
group is a register's name without its bit index (``u_core.g_stage[0].w_q``), or ``output
<port>``. The LUT figures add up to the core's LUT count (up to rounding); logic that feeds
nothing (none after synthesis) is charged to ``(no register)``.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

# Cell types by role, per target family (the names Yosys's synth_ecp5/synth_xilinx/synth_ice40 map to).
_FF = re.compile(r"(TRELLIS_FF|FD[A-Z]*|SB_DFF[A-Z]*)$")
_MEM = re.compile(r"(TRELLIS_DPR16X4|DP16KD|PDPW16KD|RAMB\w+|RAM\d+\w*|SRL\w+|SB_RAM\w+)$")
_LUT = re.compile(r"(LUT[1-6]|SB_LUT4)$")
_CARRY = re.compile(r"(CCU2C|CARRY4|CARRY8|SB_CARRY)$")
_MUX = re.compile(r"(PFUMX|L6MUX21|MUXF[78])$")
_BUF = re.compile(r"(IBUF|OBUF|IBUFG|BUFG|SB_IO|TRELLIS_IO)$")   # pads and buffers: a net's other name


def _group(name: str) -> str:
    """A register's group: its name without the bit index Yosys appends to single-bit cells."""
    name = name.lstrip("\\")
    return re.sub(r"\[\d+\]$", "", name)


def _label(names: list[str], netnames: dict[str, dict]) -> str | None:
    """The name to charge a register bit to: a wire of the design's own source (Yosys's names
    for nets it made up carry no source, or a source in its own cell library, an absolute path),
    a register (``*_q``, the project's convention) before the wires that alias or slice it."""
    def user(n: str) -> bool:
        src = str(netnames[n].get("attributes", {}).get("src", ""))
        return bool(src) and not src.startswith("/") and not n.startswith("$")

    pub = [n for n in names if user(n)]
    if not pub:
        return None
    return min(pub, key=lambda n: (not _group(n).endswith("_q"), n.count("."), len(n), n))


def breakdown(netlist: str | Path, module: str) -> list[dict[str, object]]:
    """Rows {group, luts, shared, carry, mux, ffs, mem}, the largest LUT share first."""
    data = json.loads(Path(netlist).read_text())
    mods = data["modules"]
    name = next((m for m in mods if m.lstrip("\\") == module), None)
    if name is None:
        raise KeyError(f"module {module!r} not in {netlist}")
    mod = mods[name]
    cells = mod["cells"]

    # each net bit's public name (for a register's group) and its driving cell
    bit_names: dict[int, list[str]] = defaultdict(list)
    for nname, net in mod["netnames"].items():
        for b in net["bits"]:
            if isinstance(b, int):
                bit_names[b].append(nname)
    # a buffer's input and output are one signal: a register driving a pad gets the port's name
    for c in cells.values():
        if _BUF.match(c["type"].lstrip("\\")):
            bits = [b for p in c["connections"].values() for b in p if isinstance(b, int)]
            names = sorted({n for b in bits for n in bit_names[b]})
            for b in bits:
                bit_names[b] = names
    driver: dict[int, str] = {}
    for cname, c in cells.items():
        for port, d in c.get("port_directions", {}).items():
            if d == "output":
                for b in c["connections"][port]:
                    if isinstance(b, int):
                        driver[b] = cname

    def kind(c: dict) -> str:
        t = c["type"].lstrip("\\")
        if _FF.match(t):
            return "ff"
        if _MEM.match(t):
            return "mem"
        if _LUT.match(t):
            return "lut"
        if _CARRY.match(t):
            return "carry"
        if _MUX.match(t):
            return "mux"
        return "other"

    kinds = {cname: kind(c) for cname, c in cells.items()}

    def inputs(c: dict) -> list[int]:
        return [b for p, d in c.get("port_directions", {}).items() if d == "input"
                for b in c["connections"][p] if isinstance(b, int)]

    def outputs(c: dict) -> list[int]:
        return [b for p, d in c.get("port_directions", {}).items() if d == "output"
                for b in c["connections"][p] if isinstance(b, int)]

    # destinations: register and memory cells by group, output ports by name
    dests: dict[str, list[int]] = defaultdict(list)   # group -> the bits its logic cone starts from
    stores: dict[str, dict[str, int]] = defaultdict(lambda: {"ffs": 0, "mem": 0})
    for cname, c in cells.items():
        k = kinds[cname]
        if k not in ("ff", "mem"):
            continue
        outs = outputs(c)
        label = next((lb for b in outs if (lb := _label(bit_names[b], mod["netnames"]))), None)
        g = _group(label) if label else _group(cname)
        dests[g] += inputs(c)
        stores[g]["ffs" if k == "ff" else "mem"] += 1
    for pname, p in mod["ports"].items():
        if p["direction"] == "output":
            dests[f"output {pname}"] += [b for b in p["bits"] if isinstance(b, int)]

    feeds: dict[str, set[str]] = defaultdict(set)   # logic cell -> the groups it feeds
    for g, bits in dests.items():
        stack = [driver[b] for b in bits if b in driver]
        seen: set[str] = set()
        while stack:
            cname = stack.pop()
            if cname in seen or kinds[cname] in ("ff", "mem"):
                continue
            seen.add(cname)
            feeds[cname].add(g)
            stack += [driver[b] for b in inputs(cells[cname]) if b in driver]

    rows: dict[str, dict[str, float]] = defaultdict(lambda: {"luts": 0.0, "shared": 0.0, "carry": 0.0,
                                                             "mux": 0.0})
    for cname, k in kinds.items():
        if k not in ("lut", "carry", "mux"):
            continue
        groups = feeds.get(cname) or {"(no register)"}
        share = 1.0 / len(groups)
        for g in groups:
            rows[g]["luts" if k == "lut" else k] += share
            if k == "lut" and len(groups) > 1:
                rows[g]["shared"] += share
    out = []
    for g in set(rows) | set(stores):
        r = rows.get(g, {"luts": 0.0, "shared": 0.0, "carry": 0.0, "mux": 0.0})
        s = stores.get(g, {"ffs": 0, "mem": 0})
        out.append({"group": g, "luts": round(r["luts"], 1), "shared": round(r["shared"], 1),
                    "carry": round(r["carry"], 1), "mux": round(r["mux"], 1), "ffs": s["ffs"], "mem": s["mem"]})
    out.sort(key=lambda r: (-float(r["luts"]), -int(r["ffs"]), str(r["group"])))  # type: ignore[arg-type]
    return out


def collapse(rows: list[dict[str, object]], depth: int) -> list[dict[str, object]]:
    """Rows merged by the first ``depth`` dot-separated parts of their group names, with generate
    indices dropped (``g_stage[2].w_q`` joins ``g_stage[0].w_q`` as ``g_stage[*].w_q``)."""
    merged: dict[str, dict[str, float]] = {}
    for r in rows:
        g = str(r["group"])
        if not g.startswith("output "):
            g = ".".join(re.sub(r"\[\d+\]", "[*]", p) for p in g.split(".")[:depth])
        m = merged.setdefault(g, {k: 0.0 for k in ("luts", "shared", "carry", "mux", "ffs", "mem")})
        for k in m:
            m[k] += float(r[k])  # type: ignore[arg-type]
    out = [{"group": g, **{k: (round(v, 1) if k in ("luts", "shared", "carry", "mux") else int(v))
                           for k, v in m.items()}} for g, m in merged.items()]
    out.sort(key=lambda r: (-float(r["luts"]), -int(r["ffs"]), str(r["group"])))  # type: ignore[arg-type]
    return out
