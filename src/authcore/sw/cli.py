"""``authcore bench ghash-sw``: the software GHASH methods measured side by side (authcore.sw.bench)."""

from __future__ import annotations

import argparse
import json
import sys

from authcore.cli import register


def cmd_bench(args: argparse.Namespace) -> int:
    from rich.console import Console

    from authcore.sw import bench

    console = Console(stderr=True)
    with console.status("measuring") as status:
        rows = bench.measure(progress=lambda s: status.update(f"measuring {s}"))
    if args.json:
        print(json.dumps(rows))
        return 0
    for line in bench.table(rows):
        print(line)
    r = bench.ratios(rows)
    print("\n64 KiB time against the 8-bit tables M_i (the spec's G4 in parentheses): "
          + ", ".join(f"{k} {v:.2f}x" + (f" ({bench.SPEC_G4[k][0] / bench.SPEC_G4['simple8'][0]:.2f}x)"
                                          if k in bench.SPEC_G4 else "") for k, v in r.items()))
    if not rows[0]["cycles_per_byte"]["64"]:  # type: ignore[index]
        print("(no time-stamp counter on this machine: cycles per byte are not measured)", file=sys.stderr)
    return 0


@register
def add(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("bench", help="software benchmarks")
    bs = b.add_subparsers(dest="bench_cmd", required=True)
    g = bs.add_parser("ghash-sw", help="the GCM spec's software GHASH methods (its Table 1), compiled, side by side")
    g.add_argument("--json", action="store_true")
    g.set_defaults(func=cmd_bench)
