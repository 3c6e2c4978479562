"""CLI: authcore board build (a bitstream for a real board) and authcore board run (the host's
checks over the board's serial port)."""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from authcore.cli import register


def cmd_board_build(args: argparse.Namespace) -> int:
    from authcore.flow import board

    out = Path(args.out or f"build/board/{args.board}-{args.core}")
    r = board.build(args.board, args.core, out, seed=args.seed, timeout=args.timeout)
    if args.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    fmax = min(r["fmax_mhz"].values())
    print(f"{r['board']} {r['core']}: {r['bitstream']}")
    print(f"  timing met: {fmax:.1f} MHz against the {r['clock_mhz']:g} MHz clock ({r['timing_log']})")
    print(f"  constraints: {r['constraints']}; serial: {board.BOARDS[args.board].notes}")
    print(f"  flash: openFPGALoader -b {'ulx3s' if args.board.startswith('ulx3s') else 'orangeCrab'} "
          f"{r['bitstream']}")
    return 0


def cmd_board_run(args: argparse.Namespace) -> int:
    from authcore.board import run
    from authcore.board.bridge import UartBus
    from authcore.regs.driver import GcmAxil, HmacAxil

    bus = UartBus(run.SerialTransport(args.port, args.baud))
    if args.core == "gcm":
        lines = asyncio.run(run.check_gcm(GcmAxil(bus, polls=1000), throughput_bytes=args.throughput))
    else:
        lines = asyncio.run(run.check_hmac(HmacAxil(bus, polls=1000), throughput_bytes=args.throughput))
    print("\n".join(lines))
    return 0


@register
def _add(sub: argparse._SubParsersAction) -> None:
    from authcore.flow.board import BOARDS, CORES

    b = sub.add_parser("board", help="a core on a real board: build its bitstream, run the test vectors on it")
    bsub = b.add_subparsers(dest="board_command", required=True, parser_class=type(b))
    build = bsub.add_parser("build", help="synthesize, place, route and pack board_top (docs/board.md)")
    build.add_argument("--board", required=True, choices=list(BOARDS))
    build.add_argument("--core", required=True, choices=list(CORES))
    build.add_argument("--out", metavar="DIR", help="default build/board/<board>-<core>")
    build.add_argument("--seed", type=int, default=1)
    build.add_argument("--timeout", type=float, metavar="S")
    build.add_argument("--json", action="store_true")
    build.set_defaults(func=cmd_board_build)
    r = bsub.add_parser("run", help="the spec's test cases (GCM) or RFC 2202 (HMAC) and a throughput run, "
                                    "over the board's serial port")
    r.add_argument("--port", required=True, help="the serial port, e.g. /dev/ttyUSB0")
    r.add_argument("--core", required=True, choices=list(CORES))
    r.add_argument("--baud", type=int, default=115200)
    r.add_argument("--throughput", type=int, default=4096, metavar="BYTES",
                   help="bytes of the throughput run (0: none)")
    r.set_defaults(func=cmd_board_run)
