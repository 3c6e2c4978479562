"""``authcore sweep SPEC.toml``: many configurations x targets in parallel, through the synth cache.

Spec layout (paths relative to the TOML file)::

    [sweep]
    name = "ghash"
    targets = ["xc7", "ecp5"]      # default for every config
    freq = 100                     # nextpnr constraint, MHz
    timeout = 1800                 # seconds per tool run

    [[config]]
    name = "generic-parallel"
    top = "ghash_core"             # a module of rtl/: its files come from authcore.rtl
    params = { MULT = 0 }
    bits_per_cycle = 128

    [[config]]
    name = "test-design"
    top = "xor_reg"
    files = ["data/xor_reg.v"]     # anything else: the files are listed

    [[config]]
    name = "keyspec-lanes4"
    generate = { kind = "ghash", lanes = 4, optimizer = "cse" }
    key_seeds = 16                 # one run per benchmark key 0..15; the report takes the median
    bits_per_cycle = 512

    [[config]]
    name = "gcm-keyspec"
    generate = { kind = "gcm", data_width = 128, sbox = "rom", specialize = "ghash" }
    seeds = [1, 2, 3]              # one place-and-route run per seed (instead of seed = N); the
                                   # report takes the median and shows the range
    keep = ["gf128_mul_h"]         # modules kept as their own hierarchy: each run's ``parts``
                                   # gives their LUTs in place (see synth.py)
    pnr = false                    # synthesis only: area, no fmax (default true)
    placer = "static"              # nextpnr's placer: heap (its default), sa or static; also in [sweep]
    timing_weight = 40             # HeAP's timing weight (nextpnr's default 10; heap only); also in [sweep]
    floorplan = "aes-deep"         # ECP5: fixed block-RAM sites for the core (flow/floorplan.py)

Outputs in the output folder: results.json (every run), results.md (one row per configuration and
target, medians over keys and seeds), pareto.png (LUTs against Gbit/s, the Pareto front marked).
An interrupted sweep resumes: finished runs come back from the cache at no cost.
``--scheduler ADDRESS`` runs the sweep on a Dask cluster (docs/scale.md): each run is looked up in
this machine's cache first, the misses travel with their sources' bytes, and every result that
comes back is cached here too; the progress line shows runs done, running (on which worker) and
queued.
``--only NAME`` (a name or shell pattern, repeatable) and ``--target T`` run a subset of the spec and
update the output folder's results.json in place, keeping the runs they did not select; the report
names every planned run that has no result yet.
"""

from __future__ import annotations

import json
import os
import shlex
import statistics
import tomllib
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from authcore.errors import AuthcoreError, InvalidParameter
from authcore.flow.synth import FLOORPLANS, PLACERS, TIMING_WEIGHTS_TEXT, valid_timing_weight


@dataclass
class Job:
    config: str
    target: str
    top: str
    files: list[str]
    params: dict[str, object]
    bits_per_cycle: float | None
    freq: float
    seed: int
    timeout: float | None
    generate: dict[str, object] | None = None
    key_seed: int | None = None
    placement_seed: int | None = None   # one of the config's ``seeds`` (None: it has ``seed`` or neither)
    keep: list[str] = field(default_factory=list)   # modules kept as their own hierarchy (``parts``)
    pnr: bool = True                                 # False: synthesis only (area, no fmax)
    placer: str = "heap"                             # nextpnr's placement algorithm
    floorplan: str | None = None                     # fixed block-RAM sites (flow/floorplan.py)
    timing_weight: int | None = None                 # HeAP's timing weight (None: nextpnr's default)
    extra: dict[str, object] = field(default_factory=dict)


def load_spec(path: str | Path) -> tuple[dict[str, object], list[Job]]:
    path = Path(path)
    try:
        spec = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise InvalidParameter(f"sweep spec not found: {path}") from None
    except tomllib.TOMLDecodeError as e:
        raise InvalidParameter(f"{path}: not valid TOML: {e}") from None
    head = spec.get("sweep", {})
    configs = spec.get("config", [])
    if not configs:
        raise InvalidParameter(f"{path}: no [[config]] entries")
    jobs = []
    base = path.parent
    for c in configs:
        name = c.get("name")
        if not name:
            raise InvalidParameter(f"{path}: a [[config]] has no name")
        targets = c.get("targets", head.get("targets", ["ecp5"]))
        gen = c.get("generate")
        if gen is None and "top" not in c:
            raise InvalidParameter(f"{path}: config {name!r} needs a top (and files, unless the top is a module "
                                   "of rtl/), or generate")
        if gen is None and "files" not in c:
            from authcore import rtl

            files = [str(f) for f in rtl.files(str(c["top"]))]   # the library's own list
        else:
            files = [str((base / f).resolve()) for f in c.get("files", [])]
        seeds = c.get("key_seeds")
        key_seeds: list[int | None] = list(range(int(seeds))) if seeds else [None]
        placements = _placement_seeds(path, name, c)
        seed = int(c.get("seed", head.get("seed", 1)))
        keep = c.get("keep", [])
        if not isinstance(keep, list) or not all(isinstance(k, str) for k in keep):
            raise InvalidParameter(f"{path}: config {name!r}: keep must be a list of module names, got {keep!r}")
        pnr = c.get("pnr", head.get("pnr", True))
        if not isinstance(pnr, bool):
            raise InvalidParameter(f"{path}: config {name!r}: pnr must be true or false, got {pnr!r}")
        placer = c.get("placer", head.get("placer", "heap"))
        if placer not in PLACERS:
            raise InvalidParameter(f"{path}: config {name!r}: placer must be one of {', '.join(PLACERS)}, "
                                   f"got {placer!r}")
        timing_weight = c.get("timing_weight", head.get("timing_weight"))
        if timing_weight is not None and (not valid_timing_weight(timing_weight) or placer != "heap"):
            raise InvalidParameter(f"{path}: config {name!r}: timing_weight must be {TIMING_WEIGHTS_TEXT}, "
                                   f"with the heap placer, got {timing_weight!r} (placer {placer})")
        floorplan = c.get("floorplan")
        if floorplan is not None and floorplan not in FLOORPLANS:
            raise InvalidParameter(f"{path}: config {name!r}: floorplan must be one of {', '.join(FLOORPLANS)}, "
                                   f"got {floorplan!r}")
        for ks in key_seeds:
            for t in targets:
                for ps in placements:
                    jobs.append(Job(
                        config=name, target=t, top=c.get("top", ""),
                        files=files,
                        params=dict(c.get("params", {})), bits_per_cycle=c.get("bits_per_cycle"),
                        freq=float(c.get("freq", head.get("freq", 100))), seed=seed if ps is None else ps,
                        timeout=c.get("timeout", head.get("timeout")), generate=gen, key_seed=ks,
                        placement_seed=ps, keep=list(keep), pnr=pnr, placer=placer, floorplan=floorplan,
                        timing_weight=timing_weight,
                        extra={k: v for k, v in c.items() if k in ("arch", "group", "note")},
                    ))
    return head, jobs


def _placement_seeds(path: Path, name: str, c: dict[str, object]) -> list[int | None]:
    """A config's ``seeds``: distinct integers, one place-and-route run each (nextpnr's routing on
    a large ECP5 design moves by 10-15% from one seed to the next). [None] when it has none."""
    seeds = c.get("seeds")
    if seeds is None:
        return [None]
    if "seed" in c:
        raise InvalidParameter(f"{path}: config {name!r} has both seed and seeds; keep one")
    if (not isinstance(seeds, list) or not seeds or len(set(seeds)) != len(seeds)
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in seeds)):
        raise InvalidParameter(f"{path}: config {name!r}: seeds must be a list of distinct integers, got {seeds!r}")
    return list(seeds)


def _base_record(job: Job) -> dict[str, object]:
    record: dict[str, object] = {"config": job.config, "target": job.target, "key_seed": job.key_seed, **job.extra}
    if job.placement_seed is not None:
        record["placement_seed"] = job.placement_seed
    return record


def _prepare(job: Job, gen_root: str) -> tuple[str, list[str], dict[str, object] | None]:
    """The job's top and files, generating them first when the configuration is generated."""
    if job.generate is None:
        return job.top, list(job.files), None
    from authcore.keyspec.generate import generate_for_sweep

    top, files, gen_info = generate_for_sweep(dict(job.generate), job.key_seed or 0,
                                              Path(gen_root) / f"{job.config}-k{job.key_seed or 0}")
    return top, files, gen_info


def _synth(job: Job, top: str, files: list[str]) -> dict[str, object]:
    from authcore.flow.synth import synth

    return synth(top, files, job.params, target=job.target, freq=job.freq, seed=job.seed,
                 bits_per_cycle=job.bits_per_cycle, timeout=job.timeout, keep=job.keep, pnr=job.pnr,
                 placer=job.placer, floorplan=job.floorplan, timing_weight=job.timing_weight)


def _run_job(job: Job, gen_root: str) -> dict[str, object]:
    record = _base_record(job)
    try:
        top, files, gen_info = _prepare(job, gen_root)
        if gen_info is not None:
            record["generator"] = gen_info
        record.update(_synth(job, top, files))
        record["error"] = None
    except AuthcoreError as e:
        record["error"] = str(e)
    return record


def run_shipped(job: Job, top: str, sources: dict[str, bytes]) -> dict[str, object]:
    """A cluster task: the flow on a worker, from the sources' bytes (no path of the client's
    machine). Returns the synth result, or {"error": ...} for a design failure (not retried)."""
    import tempfile

    from authcore.flow.cluster import worker_name

    with tempfile.TemporaryDirectory(prefix="authcore-task-") as d:
        files = []
        for name, data in sources.items():
            (Path(d) / name).write_bytes(data)
            files.append(str(Path(d) / name))
        try:
            result = _synth(job, top, files)
        except AuthcoreError as e:
            return {"error": str(e), "worker": worker_name()}
    result["worker"] = worker_name()
    return result


def select(jobs: list[Job], only: list[str] | None = None, targets: list[str] | None = None) -> list[Job]:
    """The jobs whose configuration name matches one of ``only`` (exact names or shell patterns) and
    whose target is one of ``targets``; a pattern or target that matches nothing is an error."""
    names = sorted({j.config for j in jobs})
    for pat in only or []:
        if not any(fnmatchcase(n, pat) for n in names):
            raise InvalidParameter(f"--only {pat!r} matches no configuration of the spec ({', '.join(names)})")
    for t in targets or []:
        if not any(j.target == t for j in jobs):
            raise InvalidParameter(f"--target {t!r}: no configuration of the spec runs on it")
    picked = [j for j in jobs if (not only or any(fnmatchcase(j.config, p) for p in only))
              and (not targets or j.target in targets)]
    if not picked:
        raise InvalidParameter("--only and --target together select no run of the spec")
    return picked


RunKey = tuple[str, str, int | None, int | None]   # config, target, benchmark key, placement seed


def _key(r: dict[str, object] | Job) -> RunKey:
    if isinstance(r, Job):
        return (r.config, r.target, r.key_seed, r.placement_seed)
    return (str(r["config"]), str(r["target"]), r.get("key_seed"), r.get("placement_seed"))  # type: ignore[return-value]


def run(spec_path: str | Path, out_dir: str | Path, jobs: int = 2, progress: bool = True,
        command: str | None = None, only: list[str] | None = None,
        targets: list[str] | None = None, scheduler: str | None = None,
        tls: object | None = None) -> list[dict[str, object]]:
    """Run the spec's jobs (or the subset ``only``/``targets`` select) and write the outputs.

    A subset run updates an existing results.json of the same spec in place: the selected runs are
    replaced, the others are kept, so one spec file serves both the whole table and its re-runs.
    ``scheduler``: a Dask scheduler's address (``tls``: the client's certificates, cluster.Tls); the
    runs go to its workers (see :func:`_run_on_cluster`), else to ``jobs`` local processes.
    """
    head, all_jobs = load_spec(spec_path)
    job_list = select(all_jobs, only, targets)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with _folder_lock(out):
        return _sweep(spec_path, out_dir, head, all_jobs, job_list, jobs, progress, command, only, targets,
                      scheduler, tls)


def _folder_lock_holder(lock: Path) -> int | None:
    """The pid of the live sweep that holds ``lock``, or None if the lock is stale or unreadable."""
    try:
        pid = int(lock.read_text().strip())
        os.kill(pid, 0)
    except (OSError, ValueError) as e:
        return pid if isinstance(e, PermissionError) else None  # PermissionError: alive, not ours
    return pid


@contextmanager
def _folder_lock(out: Path) -> Iterator[None]:
    """One sweep at a time per output folder. A second one (a subset run while the whole spec
    runs, say) would rewrite results.json from its own copy of the runs and drop the other's."""
    lock = out / ".sweep.lock"
    for _ in range(2):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            break
        except FileExistsError:
            pid = _folder_lock_holder(lock)
            if pid is not None:
                raise InvalidParameter(f"another sweep (pid {pid}) is writing {out}; "
                                       "wait for it or choose another --out") from None
            lock.unlink(missing_ok=True)  # stale: its sweep was killed before it could clean up
    else:
        raise InvalidParameter(f"cannot take the sweep lock {lock}")
    try:
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        yield
    finally:
        lock.unlink(missing_ok=True)


def _sweep(spec_path: str | Path, out_dir: str | Path, head: dict[str, object], all_jobs: list[Job],
           job_list: list[Job], jobs: int, progress: bool, command: str | None, only: list[str] | None,
           targets: list[str] | None, scheduler: str | None = None,
           tls: object | None = None) -> list[dict[str, object]]:
    partial = len(job_list) < len(all_jobs)
    picked = {_key(j) for j in job_list}
    out = Path(out_dir)
    gen_root = str((out / "generated").resolve())
    full_command = (f"authcore sweep {spec_path} --jobs {jobs} --out {out_dir}" if scheduler is None
                    else f"authcore sweep {spec_path} --scheduler {scheduler} --out {out_dir}")
    results: list[dict[str, object]] = []
    partial_commands: list[str] = []
    earlier_command: str | None = None
    if partial:
        results, partial_commands, earlier_command = _kept_runs(out / "results.json", spec_path, all_jobs, picked)
        this = (full_command + "".join(f" --only {shlex.quote(n)}" for n in only or [])
                + "".join(f" --target {t}" for t in targets or []))
        # A command run again is named once, where it ran last.
        partial_commands = [c for c in partial_commands if c != this] + [this]
    if progress:
        from rich.progress import Progress

        prog = Progress(transient=False)
        prog.start()
        task = prog.add_task(f"sweep {head.get('name', Path(spec_path).stem)}", total=len(job_list))
    order = {_key(j): i for i, j in enumerate(all_jobs)}
    meta = {"spec": str(spec_path), "name": head.get("name"), "description": head.get("description", ""),
            # a subset run keeps the command of the whole run that measured the other rows
            "command": (earlier_command or full_command) if partial else (command or full_command),
            "planned": len(all_jobs), "planned_runs": [list(_key(j)) for j in all_jobs], "runs": results}
    if partial_commands:
        meta["partial_commands"] = partial_commands

    def write_outputs() -> None:
        # Written after every finished run, so a stopped sweep still leaves what it measured.
        results.sort(key=lambda r: order[_key(r)])
        tmp = out / "results.json.tmp"
        tmp.write_text(json.dumps(meta, indent=1, sort_keys=True))
        tmp.replace(out / "results.json")
        (out / "results.md").write_text(markdown_table(summarize(results)))

    def finished(record: dict[str, object]) -> None:
        results.append(record)
        write_outputs()
        if progress:
            prog.advance(task)

    try:
        if scheduler is not None:
            _run_on_cluster(scheduler, tls, job_list, gen_root, finished,
                            (lambda text: prog.update(task, description=text)) if progress else None)
        else:
            with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
                futs = {pool.submit(_run_job, j, gen_root): j for j in job_list}
                for fut in as_completed(futs):
                    finished(fut.result())
    finally:
        if progress:
            prog.stop()
    write_outputs()
    plot_pareto(summarize(results), out / "pareto.png")
    return [r for r in results if _key(r) in picked]


def _run_on_cluster(scheduler: str, tls: object | None, job_list: list[Job], gen_root: str,
                    finished: Callable[[dict[str, object]], None],
                    show: Callable[[str], None] | None) -> None:
    """The runs on a Dask cluster. Each run is prepared here (a generated configuration is generated
    here, deterministically) and looked up in the local cache first; only the misses travel, with
    their sources' bytes. A result that comes back enters the local cache, so an interrupted sweep
    resumes here whichever worker measured it. A task lost with its worker is the scheduler's to
    give to another worker; a design failure comes back as the run's error, once."""
    from authcore.flow import cluster, synth

    client = cluster.connect(scheduler, tls)  # type: ignore[arg-type]
    try:
        pool = cluster.DaskPool(client)
        waiting: dict[str, tuple[Job, dict[str, object], synth.Request]] = {}
        for j in job_list:
            record = _base_record(j)
            try:
                top, files, gen_info = _prepare(j, gen_root)
                if gen_info is not None:
                    record["generator"] = gen_info
                req = synth.request(top, files, j.params, target=j.target, freq=j.freq, seed=j.seed,
                                    keep=j.keep, pnr=j.pnr, placer=j.placer, floorplan=j.floorplan,
                                    timing_weight=j.timing_weight)
                hit = synth.cached(req, j.bits_per_cycle)
            except AuthcoreError as e:
                finished({**record, "error": str(e)})
                continue
            if hit is not None:
                finished({**record, **hit, "error": None})
                continue
            names = [p.name for p in req.paths]
            if len(set(names)) != len(names):
                finished({**record, "error": "two source files share a name; a cluster run ships them by name"})
                continue
            name = f"{j.config}/{j.target}" + (f"/k{j.key_seed}" if j.key_seed is not None else "") + \
                (f"/s{j.placement_seed}" if j.placement_seed is not None else "")
            waiting[name] = (j, record, req)
            pool.submit(name, run_shipped, j, top, {p.name: p.read_bytes() for p in req.paths})
        total = len(job_list)
        tick = (lambda st: show(cluster.describe(st, total))) if show else None
        for name, result, exc in pool.results(tick):
            j, record, req = waiting.pop(name)
            if exc is not None:   # not a design failure: the task itself could not run (workers lost)
                finished({**record, "error": f"{type(exc).__name__}: {exc}"})
            elif result.get("error"):  # type: ignore[union-attr]
                finished({**record, **result})  # type: ignore[dict-item]
            else:
                measured = dict(result)  # type: ignore[call-overload]
                worker = measured.pop("worker", None)
                synth.store(req, measured)
                hit = synth.cached(req, j.bits_per_cycle) or {}
                # cached: from this machine's cache; worker_cached: the worker had it in its own
                finished({**record, **hit, "cached": False, "worker_cached": bool(measured.get("cached")),
                          "worker": worker, "error": None})
    finally:
        client.close()


def _kept_runs(path: Path, spec_path: str | Path, all_jobs: list[Job],
               picked: set[RunKey]) -> tuple[list[dict[str, object]], list[str], str | None]:
    """The runs of an earlier sweep of the same spec that a subset run keeps (those still in the
    spec and not selected now), its subset commands and its command. A results.json of another spec
    is refused rather than mixed in."""
    if not path.is_file():
        return [], [], None
    try:
        old = json.loads(path.read_text())
    except json.JSONDecodeError:
        raise InvalidParameter(f"{path}: not valid JSON; move it away or run the whole spec") from None
    if Path(str(old.get("spec", ""))).resolve() != Path(spec_path).resolve():
        raise InvalidParameter(f"{path} holds results of {old.get('spec')!r}, not of {spec_path}; "
                               "choose another --out")
    planned = {_key(j) for j in all_jobs}
    kept = [r for r in old.get("runs", []) if _key(r) in planned and _key(r) not in picked]
    return kept, list(old.get("partial_commands", [])), (str(old["command"]) if old.get("command") else None)


def summarize(results: list[dict[str, object]]) -> list[dict[str, object]]:
    """One row per (config, target): medians over benchmark keys and placement seeds, errors kept
    visible."""
    groups: dict[tuple[str, str], list[dict[str, object]]] = {}
    for r in results:
        groups.setdefault((str(r["config"]), str(r["target"])), []).append(r)
    rows = []
    for (cfg, tgt), rs in groups.items():
        ok = [r for r in rs if not r.get("error")]
        row: dict[str, object] = {"config": cfg, "target": tgt, "runs": len(rs), "ok": len(ok),
                                  "errors": sorted({str(r["error"]) for r in rs if r.get("error")})}
        for fld in ("luts", "lutram", "ffs", "brams", "dsps", "fmax_mhz", "gbps", "seconds", "bits_per_cycle"):
            vals = [float(r[fld]) for r in ok if r.get(fld) is not None]  # type: ignore[arg-type]
            row[fld] = statistics.median(vals) if vals else None
            if fld in ("luts", "fmax_mhz", "gbps") and len(vals) > 1:
                row[f"{fld}_min"], row[f"{fld}_max"] = min(vals), max(vals)
        xor2 = [float(g["xor2"]) for r in ok if (g := r.get("generator")) and g.get("xor2") is not None]  # type: ignore[union-attr]
        if xor2:
            row["xor2"] = statistics.median(xor2)
        # kept modules (``keep``): the median of each one's LUTs in place
        names = dict.fromkeys(n for r in ok for n in (r.get("parts") or {}))  # type: ignore[union-attr]
        parts = {n: statistics.median(float(r["parts"][n]["luts"]) for r in ok  # type: ignore[index]
                                      if n in (r.get("parts") or {})) for n in names}  # type: ignore[operator]
        if parts:
            row["parts"] = parts
        if ok:
            row["tool_versions"] = ok[0].get("tool_versions")
        rows.append(row)
    return rows


def _fmt(v: object, digits: int = 0) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:,.{digits}f}"
    return str(v)


def markdown_table(rows: list[dict[str, object]]) -> str:
    lines = ["| configuration | target | LUTs | FFs | BRAM | fmax (MHz) | bits/cycle | Gbit/s | XOR2 | runs "
             "| synth s |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    def with_range(r: dict[str, object], fld: str, digits: int) -> str:
        # the median, and the range when the runs (keys or placement seeds) differ
        txt = _fmt(r[fld], digits)
        if r.get(f"{fld}_min") is not None and r[f"{fld}_min"] != r[f"{fld}_max"]:
            txt += f" ({_fmt(r[f'{fld}_min'], digits)}-{_fmt(r[f'{fld}_max'], digits)})"
        return txt

    for r in rows:
        luts = with_range(r, "luts", 0)
        if r.get("lutram"):  # LUTs used as shift registers or RAM (xc7 SRL, ECP5 DPR16X4), counted apart
            luts += f" + {_fmt(r['lutram'])} LUT-RAM"
        if r.get("parts"):  # modules kept as their own hierarchy: their LUTs in place
            luts += " (" + ", ".join(f"{n} {_fmt(v)}" for n, v in r["parts"].items()) + ")"  # type: ignore[union-attr]
        # a tool's message may hold a '|' (nextpnr's router table does), which would split the cell
        err_txt = "; ".join(r["errors"])[:120].replace("|", "\\|")  # type: ignore[arg-type]
        err = f" error: {err_txt}" if r["errors"] else ""
        bpc = r["bits_per_cycle"]
        bpc_txt = _fmt(bpc, 0 if float(bpc or 0).is_integer() else 2)  # type: ignore[arg-type]
        lines.append(f"| {r['config']} | {r['target']} | {luts} | {_fmt(r['ffs'])} | {_fmt(r['brams'])} | "
                     f"{with_range(r, 'fmax_mhz', 1)} | {bpc_txt} | "
                     f"{with_range(r, 'gbps', 1)} | "
                     f"{_fmt(r.get('xor2'))} | {r['ok']}/{r['runs']}{err} | {_fmt(r['seconds'], 1)} |")
    return "\n".join(lines) + "\n"


def pareto_front(points: list[tuple[float, float]]) -> list[int]:
    """Indices of points not dominated (fewer or equal LUTs and more or equal Gbit/s)."""
    front = []
    for i, (l1, g1) in enumerate(points):
        if not any((l2 <= l1 and g2 >= g1) and (l2, g2) != (l1, g1) for l2, g2 in points):
            front.append(i)
    return front


def plot_pareto(rows: list[dict[str, object]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    pts = [(r, float(r["luts"]), float(r["gbps"])) for r in rows  # type: ignore[arg-type]
           if r.get("luts") is not None and r.get("gbps") is not None]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    if pts:
        xs = [p[1] for p in pts]
        ys = [p[2] for p in pts]
        front = pareto_front([(x, y) for x, y in zip(xs, ys, strict=True)])
        ax.scatter(xs, ys, color="tab:blue", label="configurations")
        for (r, x, y) in pts:
            ax.annotate(str(r["config"]), (x, y), fontsize=7, xytext=(3, 3), textcoords="offset points")
        fpts = sorted((xs[i], ys[i]) for i in front)
        ax.plot([p[0] for p in fpts], [p[1] for p in fpts], color="tab:red", marker="o", label="Pareto front")
        ax.legend()
    else:
        ax.text(0.5, 0.5, "no configuration with timing", ha="center", transform=ax.transAxes)
    ax.set_xlabel("LUTs")
    ax.set_ylabel("Gbit/s")
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
