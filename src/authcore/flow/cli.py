"""CLI commands of the implementation flow: synth, sweep, report."""

from __future__ import annotations

import argparse
import json
import shlex
import sys

from authcore import rtl
from authcore.cli import register
from authcore.errors import InvalidParameter
from authcore.flow.synth import FLOORPLANS, PLACERS


def _params(items: list[str]) -> dict[str, object]:
    out: dict[str, object] = {}
    for it in items:
        if "=" not in it:
            raise InvalidParameter(f"--param needs NAME=VALUE, got {it!r}")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def cmd_synth(args: argparse.Namespace) -> int:
    from authcore.flow.synth import read_filelist, synth

    files = list(args.file or [])
    if args.filelist:
        files += read_filelist(args.filelist)
    if not files and args.top in rtl.modules():
        files = rtl.files(args.top)  # a core of rtl/: its files are known
    r = synth(args.top, files, _params(args.param or []), target=args.target, device=args.device,
              freq=args.freq, seed=args.seed, bits_per_cycle=args.bits_per_cycle, timeout=args.timeout,
              use_cache=not args.no_cache, keep=args.keep or [], pnr=not args.no_pnr, placer=args.placer,
              floorplan=args.floorplan, timing_weight=args.timing_weight,
              breakdown=args.breakdown is not None)
    if args.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"{r['top']} on {r['target']} ({r['device']})" + (" [cached]" if r["cached"] else ""))
    t.add_column("metric")
    t.add_column("value", justify="right")
    t.add_row("LUTs", str(r["luts"]))
    t.add_row("LUTs by type", ", ".join(f"{k} {v}" for k, v in r["luts_by_size"].items()))  # type: ignore[union-attr]
    t.add_row("flip-flops", str(r["ffs"]))
    t.add_row("block RAM", str(r["brams"]))
    t.add_row("DSP", str(r["dsps"]))
    if r.get("harness"):
        h = r["harness"]
        t.add_row("harness (not counted)", f"{h['luts']} LUTs, {h['ffs']} FFs")  # type: ignore[index]
    for name, part in (r.get("parts") or {}).items():  # type: ignore[union-attr]
        t.add_row(f"  of which {name} (kept, x{part['instances']})", f"{part['luts']} LUTs, {part['ffs']} FFs")
    fmax = "-" if r["fmax_mhz"] is None else f"{r['fmax_mhz']:.1f}"
    t.add_row("fmax (MHz)", fmax if r.get("pnr", True) or r["target"] == "xc7" else "- (--no-pnr)")
    if r.get("placer") not in (None, "heap"):
        t.add_row("placer", str(r["placer"]))
    if r.get("timing_weight") is not None:
        t.add_row("HeAP timing weight", str(r["timing_weight"]))
    if r.get("floorplan"):
        t.add_row("floorplan", f"{r['floorplan']} ({r.get('floorplan_cells')} cells fixed)")
    t.add_row("Gbit/s", "-" if r["gbps"] is None else f"{r['gbps']:.2f}")
    t.add_row("tool time (s)", f"{r['seconds']}")
    t.add_row("tools", ", ".join(f"{k} {v}" for k, v in r["tool_versions"].items()))  # type: ignore[union-attr]
    Console().print(t)
    if args.breakdown is not None:
        from authcore.flow.breakdown import collapse

        rows = r["breakdown"] if args.breakdown == 0 else collapse(r["breakdown"], args.breakdown)  # type: ignore[arg-type]
        b = Table(title="where the LUTs go (logic charged to the registers it feeds; shared logic split evenly)")
        for col in ("registers", "LUTs", "of which shared", "carry", "wide mux", "FFs", "LUT-RAM/BRAM"):
            b.add_column(col, justify="left" if col == "registers" else "right")
        for row in rows:
            b.add_row(str(row["group"]), *(f"{row[k]:g}" for k in ("luts", "shared", "carry", "mux", "ffs", "mem")))
        Console().print(b)
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    from pathlib import Path

    from authcore.flow import sweep

    out = args.out or str(Path("build") / "sweeps" / Path(args.spec).stem)
    cmd = "authcore " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["sweep"] else None
    from authcore.flow.cluster import Tls

    results = sweep.run(args.spec, out, jobs=args.jobs, progress=not args.json, command=cmd,
                        only=args.only, targets=args.target, scheduler=args.scheduler,
                        tls=Tls.from_args(args.tls_ca, args.tls_cert, args.tls_key))
    errors = [r for r in results if r.get("error")]
    if args.json:
        print(json.dumps({"out": out, "runs": len(results), "errors": len(errors)}))
    else:
        print(Path(out, "results.md").read_text())
        print(f"{len(results)} runs, {len(errors)} errors; written to {out}/results.json, results.md, pareto.png")
    return 0 if not errors else 1


def add_tls_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tls-ca", metavar="PEM", help="the CA of a tls:// cluster (or AUTHCORE_TLS_CA)")
    p.add_argument("--tls-cert", metavar="PEM", help="this client's certificate (or AUTHCORE_TLS_CERT)")
    p.add_argument("--tls-key", metavar="PEM", help="its private key (or AUTHCORE_TLS_KEY)")


def cmd_formal(args: argparse.Namespace) -> int:
    from pathlib import Path

    from authcore.flow import formal

    jobs = formal.select(formal.load(), args.core, quick=args.quick)
    if args.list:
        for j in jobs:
            print(f"{j.name:48} {j.core:14} {j.method} {j.depth}{'  (make test)' if j.quick else ''}")
        return 0
    out = Path(args.out)

    def progress(r: formal.Result) -> None:
        if not args.json:
            print(f"  {r.status:7} {r.seconds:7.1f} s  {r.job.name}", file=sys.stderr, flush=True)

    if not args.json:
        print(f"authcore formal: {len(jobs)} proofs, {args.jobs} at a time, in {out}/", file=sys.stderr)
    results = formal.run(jobs, out, workers=args.jobs, progress=progress)
    failed = [r for r in results if r.status != "PASS"]
    if args.json:
        print(json.dumps([{"job": r.job.name, "core": r.job.core, "method": r.job.method, "depth": r.job.depth,
                           "status": r.status, "seconds": round(r.seconds, 1), "log": r.log} for r in results]))
    else:
        print(formal.table(results))
        for r in failed:
            print(f"{r.job.name}: {r.status} (log: {r.log or out / r.job.name})")
        print(f"{len(results) - len(failed)} of {len(results)} proofs passed")
    return 0 if not failed else 1


def cmd_report(args: argparse.Namespace) -> int:
    from authcore.flow import report

    path = report.write(args.sweeps, args.out, args.preamble, update=args.update)
    print(f"wrote {path}")
    return 0


@register
def add(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("synth", help="synthesize (and place and route) one configuration")
    s.add_argument("--top", required=True)
    s.add_argument("--file", action="append", metavar="F",
                   help="a Verilog source (repeatable); not needed for a core of rtl/")
    s.add_argument("--filelist", metavar="L")
    s.add_argument("--param", action="append", metavar="NAME=VALUE")
    s.add_argument("--target", required=True, choices=["xc7", "ecp5", "ice40"])
    s.add_argument("--device")
    s.add_argument("--freq", type=float, default=100.0, metavar="MHZ")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--placer", choices=PLACERS, default="heap",
                   help="ecp5/ice40: nextpnr's placement algorithm (default heap, nextpnr's own default)")
    s.add_argument("--timing-weight", type=int, metavar="N",
                   help="ecp5/ice40, heap placer: weight of timing-critical connections in placement "
                        "(nextpnr's --placer-heap-timingweight; its default 10)")
    s.add_argument("--floorplan", choices=FLOORPLANS,
                   help="ecp5: fixed block-RAM sites for the core (aes-deep: the DEEP AES engine's round "
                        "units, LFE5U-85)")
    s.add_argument("--bits-per-cycle", type=float, metavar="B")
    s.add_argument("--timeout", type=float, metavar="S", help="give up on a tool run after S seconds")
    s.add_argument("--no-cache", action="store_true")
    s.add_argument("--keep", action="append", metavar="MODULE",
                   help="keep this module inside the core as its own hierarchy and report its LUTs "
                        "in place (repeatable)")
    s.add_argument("--no-pnr", action="store_true", help="ecp5/ice40: stop after synthesis (area only, no fmax)")
    s.add_argument("--breakdown", type=int, nargs="?", const=0, metavar="DEPTH",
                   help="where the LUTs go: each logic cell charged to the registers it feeds; with DEPTH, "
                        "registers grouped by the first DEPTH parts of their hierarchical names")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_synth)

    w = sub.add_parser("sweep", help="run a TOML list of configurations in parallel")
    w.add_argument("spec", metavar="SPEC.toml")
    w.add_argument("--jobs", type=int, default=2)
    w.add_argument("--out", metavar="DIR")
    w.add_argument("--only", action="append", metavar="NAME",
                   help="run only the configurations with this name or shell pattern (repeatable); "
                        "the other runs of an existing results.json in --out are kept")
    w.add_argument("--target", action="append", choices=["xc7", "ecp5", "ice40"],
                   help="run only this target's runs (repeatable); the others are kept as with --only")
    w.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on a Dask cluster: its scheduler (tcp://host:8786 or tls://...; docs/scale.md)")
    add_tls_args(w)
    w.add_argument("--json", action="store_true")
    w.set_defaults(func=cmd_sweep)

    f = sub.add_parser("formal", help="run the SymbiYosys proofs of formal/jobs.toml (docs/formal.md)")
    f.add_argument("--core", action="append", metavar="NAME",
                   help="only this core's proofs (a module name or a job name's prefix; repeatable)")
    f.add_argument("--quick", action="store_true", help="only the proofs make test runs")
    f.add_argument("--jobs", type=int, default=2, help="proofs side by side (default 2)")
    f.add_argument("--out", default="build/formal", metavar="DIR")
    f.add_argument("--list", action="store_true", help="list the proofs and stop")
    f.add_argument("--json", action="store_true")
    f.set_defaults(func=cmd_formal)

    r = sub.add_parser("report", help="regenerate docs/results.md from sweep outputs")
    r.add_argument("sweeps", nargs="+", metavar="SWEEP_DIR")
    r.add_argument("--out", default="docs/results.md")
    r.add_argument("--preamble", metavar="FILE", help="markdown placed above the tables")
    r.add_argument("--update", action="store_true",
                   help="keep the sweep sections of the existing --out file that these folders do not regenerate")
    r.set_defaults(func=cmd_report)
