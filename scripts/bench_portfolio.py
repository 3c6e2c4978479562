"""Keys per hour of ``authcore portfolio`` on a Dask cluster of 1 and 2 local workers, side by side
(docs/scale.md): generate + prove, and generate + prove + xc7 synthesis. The cluster is real (a
scheduler and worker processes, TLS with a throwaway CA, as key material requires); the keys are
the benchmark keys (authcore.keyspec.generate.benchmark_hash_key), public, so nothing secret is
made. Each measurement starts with empty caches.

    python scripts/bench_portfolio.py [--keys 24] [--synth-keys 6] [--out build/bench/portfolio]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

from authcore.flow import cluster, tools
from authcore.keyspec import portfolio
from authcore.keyspec.generate import benchmark_hash_key


def measure(out: Path, workers: int, keys: list[bytes], synth: str | None, tls: cluster.Tls) -> dict[str, object]:
    run = out / f"w{workers}-{synth or 'prove'}"
    shutil.rmtree(run, ignore_errors=True)
    env = {"AUTHCORE_CACHE": str(run / "cache"), "AUTHCORE_BUILD": str(run / "build")}
    started = cluster.start_local(run / "cluster", workers, tls=tls, env=env)
    try:
        t0 = time.monotonic()
        entries = portfolio.run(keys, run / "portfolio", portfolio.Options(synth=synth), scheduler=started.address,
                                tls=tls)
        wall = time.monotonic() - t0
    finally:
        cluster.stop_local(started)
    bad = [e for e in entries.values() if e.get("error") or e.get("proof") != "proven"]
    if bad:
        raise SystemExit(f"{len(bad)} keys failed: {bad[0].get('error')}")
    per_key = [float(e["seconds"]) for e in entries.values()]  # type: ignore[arg-type]
    return {"workers": workers, "synth": synth, "keys": len(keys), "wall_s": round(wall, 1),
            "keys_per_hour": round(len(keys) / wall * 3600), "task_s_mean": round(sum(per_key) / len(per_key), 2),
            "luts_median": sorted(int(e["luts"]) for e in entries.values())[len(entries) // 2] if synth else None}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=24)
    ap.add_argument("--synth-keys", type=int, default=6)
    ap.add_argument("--out", default="build/bench/portfolio")
    args = ap.parse_args()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    tls = cluster.self_signed(out / "tls")
    rows = []
    for synth, n in ((None, args.keys), ("xc7", args.synth_keys)):
        keys = [benchmark_hash_key(i) for i in range(n)]
        for workers in (1, 2):
            rows.append(measure(out, workers, keys, synth, tls))
            print(json.dumps(rows[-1]), flush=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    meta = {"command": "python " + " ".join([sys.argv[0], *sys.argv[1:]]), "date": time.strftime("%Y-%m-%d"),
            "commit": commit, "machine": f"{platform.machine()}, {os.cpu_count()} cores", "tools": tools.versions(),
            "rows": rows}
    (out / "portfolio.json").write_text(json.dumps(meta, indent=1))
    print("| work per key | workers | keys | wall (s) | keys per hour | task s (mean) |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in rows:
        what = "generate + prove" + (f" + {r['synth']} synthesis" if r["synth"] else "")
        print(f"| {what} | {r['workers']} | {r['keys']} | {r['wall_s']} | {r['keys_per_hour']:,} "
              f"| {r['task_s_mean']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
