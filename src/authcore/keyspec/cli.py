"""CLI commands of the key-specialized generator: generate, prove, keyspec density."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from authcore import rtl
from authcore.cli import parse_hex, register, resolve_key
from authcore.errors import InvalidParameter
from authcore.keyspec import emitter
from authcore.keyspec.optimizer import OPTIMIZERS

HKEY_ENV = "AUTHCORE_HASH_KEY"


def _hash_key(args: argparse.Namespace, required: bool = True, size: int = 16) -> bytes | None:
    """H from --hash-key, or from an AES key (--key, --key-file, $AUTHCORE_KEY) as E_K(0); with
    ``size`` 8 (GHASH64), from a TDEA key as E_K(0^64)."""
    import os

    from authcore.model.gcm import hash_key
    from authcore.model.gcm64 import hash_key as hash_key64

    if getattr(args, "hash_key", None) is not None:
        if args.key is not None or args.key_file is not None:
            raise InvalidParameter("give --hash-key or a key, not both")
        h = parse_hex(args.hash_key, "hash key")
        if len(h) != size:
            raise InvalidParameter(f"hash key H must be {size} bytes, got {len(h)}")
        return h
    if args.key is None and args.key_file is None and not os.environ.get("AUTHCORE_KEY"):
        if os.environ.get(HKEY_ENV):
            return parse_hex(os.environ[HKEY_ENV], f"hash key in ${HKEY_ENV}")
        if not required:
            return None
        raise InvalidParameter("no key: use --hash-key, --key, --key-file or set $AUTHCORE_KEY")
    return (hash_key if size == 16 else hash_key64)(resolve_key(args))


def _generate_gcm(args: argparse.Namespace) -> int:
    import os

    from authcore.keyspec.gcm import GcmConfig, generate_gcm

    if args.arch != "feedback" or args.stages is not None or args.feedback or args.stage_regs is not None:
        raise InvalidParameter("--arch, --stages, --stage-regs and --feedback belong to 'generate ghash'")
    cfg = GcmConfig(args.data_width, args.sbox, args.ghash, args.specialize, args.lanes, args.selftest, args.deep,
                    args.in_reg)
    ghash, _ = cfg.check()
    key = h = None
    given = (args.key is not None or args.key_file is not None or args.hash_key is not None
             or bool(os.environ.get("AUTHCORE_KEY")))
    if cfg.specialize == "all":
        if args.hash_key is not None:
            raise InvalidParameter("--specialize all needs the AES key, not H")
        key = resolve_key(args)
    elif ghash == 3:
        h = _hash_key(args)
    elif given:
        raise InvalidParameter("a key was given but nothing is specialized: add --specialize ghash or all")
    g = generate_gcm(args.out, cfg, key=key, h=h, optimizer=args.optimizer)
    if args.json:
        print(json.dumps(g.manifest, sort_keys=True))
    else:
        m = g.manifest
        print(f"{g.out}/gcm_top.v: gcm_core, {m['data_width']}-bit AES datapath, {m['sbox']} S-boxes, "
              f"GHASH {m['ghash']}" + (f", specialized: {m['specialize']}" if m["specialize"] else "")
              + (f", {m['lanes']} blocks a cycle" if m["lanes"] != 1 else "")
              + (", behind its power-on known-answer test" if m["selftest"] else ""))
        if m["keyspec_multiplier"]:
            k = m["keyspec_multiplier"]
            for q in k.get("power_basis", [{"module": emitter.mul_name(1), **k}]):  # type: ignore[union-attr]
                print(f"{g.out}/ghash/{q['module']}.v: {q['xor2']} XOR2, depth {q['depth']}, proven")
        print(f"{g.out}/files.f: {len(g.files)} files in compile order; {g.out}/manifest.json"
              + (" (files with key material are mode 0600)" if m["specialize"] else ""))
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    from authcore.keyspec.generate import generate_ghash

    if args.what == "gcm":
        return _generate_gcm(args)
    if args.what == "ghash64":
        return _generate_ghash64(args)
    gcm_only = (args.data_width, args.sbox, args.ghash, args.specialize, args.selftest, args.in_reg)
    if gcm_only != (128, "lut", "parallel", None, False, False):
        raise InvalidParameter("--data-width, --sbox, --ghash, --specialize, --selftest and --in-reg belong to "
                               "'generate gcm'")
    crenne = args.arch == "crenne-pipe"
    if not crenne and (args.stages is not None or args.feedback or args.stage_regs is not None):
        raise InvalidParameter("--stages, --feedback and --stage-regs belong to --arch crenne-pipe")
    if args.deep and args.arch != "pipelined":
        raise InvalidParameter("--deep belongs to 'generate gcm' and to 'generate ghash --arch pipelined'")
    if crenne and args.lanes != 1:
        raise InvalidParameter("--arch crenne-pipe takes --stages N, not --lanes")
    h = _hash_key(args)
    assert h is not None
    if crenne:
        from authcore.keyspec.generate import generate_crenne

        g = generate_crenne(h, args.out, stages=8 if args.stages is None else args.stages,
                            regs=1 if args.stage_regs is None else args.stage_regs, feedback=args.feedback,
                            opt=args.optimizer)
    else:
        g = generate_ghash(h, args.out, lanes=args.lanes, arch=args.arch, opt=args.optimizer, deep=args.deep)
    if args.json:
        print(json.dumps(g.manifest, sort_keys=True))
    else:
        m0 = g.manifest
        for m in m0["multipliers"]:  # type: ignore[union-attr]
            print(f"{m['file']}: {m['xor2']} XOR2, depth {m['depth']}, proven ({m['proof']['seconds']} s)")
        if crenne:
            print(f"{g.out}/ghash_crenne_pipe.v: {m0['stages']} stages, {m0['bits_per_cycle']} bits per cycle, "
                  f"latency {m0['latency']} cycles" + (", feedback path" if m0["feedback"] else ""))
        else:
            print(f"{g.out}/ghash_keyspec.v: {args.lanes} lane(s), {128 * args.lanes} bits per cycle")
        print(f"{g.out}/manifest.json (files with key material are mode 0600)")
    return 0


def _generate_ghash64(args: argparse.Namespace) -> int:
    from authcore.keyspec.generate import generate_ghash64

    if (args.lanes, args.arch, args.stages, args.stage_regs, args.feedback, args.data_width, args.sbox, args.ghash,
            args.specialize, args.selftest, args.deep, args.in_reg) != (1, "feedback", None, None, False, 128, "lut",
                                                                        "parallel", None, False, False, False):
        raise InvalidParameter("generate ghash64 takes --hash-key (8 bytes) or a TDEA key, --optimizer, --out "
                               "and --json only")
    h = _hash_key(args, size=8)
    assert h is not None
    g = generate_ghash64(h, args.out, opt=args.optimizer)
    if args.json:
        print(json.dumps(g.manifest, sort_keys=True))
    else:
        m = g.manifest["multipliers"][0]  # type: ignore[index]
        print(f"{m['file']}: {m['xor2']} XOR2, depth {m['depth']}, proven ({m['proof']['seconds']} s)")
        print(f"{g.out}/ghash64_keyspec.v: GHASH64, 64 bits per cycle")
        print(f"{g.out}/manifest.json (files with key material are mode 0600)")
    return 0


def cmd_prove(args: argparse.Namespace) -> int:
    from pathlib import Path

    from authcore.keyspec.generate import prove_dir

    mf = Path(args.dir) / "manifest.json"
    width = int(json.loads(mf.read_text()).get("width", 128)) if mf.is_file() else 128
    h = _hash_key(args, required=False, size=width // 8)
    res = prove_dir(args.dir, h)
    if args.json:
        print(json.dumps({"proven": True, "key_checked": h is not None, "modules": res}))
    else:
        for r in res:
            print(f"{r['module']}: x*H^{r['power']} proven ({', '.join(f'{k} {v}' for k, v in r['cells'].items())})")
        print("all multipliers proven"
              + (" for the given key" if h is not None else " (H read from the proven power-1 multiplier)"))
    return 0


def cmd_density(args: argparse.Namespace) -> int:
    from authcore.keyspec.density import plot, study

    if args.keys < 1:
        raise InvalidParameter("--keys must be at least 1")
    st = study(args.keys, args.seed)
    s = st.summary()
    if args.plot:
        plot(st, args.plot)
    if args.json:
        print(json.dumps(s))
    else:
        print(f"{s['keys']:,} keys (Mersenne Twister seed {s['seed']}): zeros in T "
              f"min {s['min'] * 100:.2f}%  mean {s['mean'] * 100:.2f}%  max {s['max'] * 100:.2f}%")
        hist, edges = __import__("numpy").histogram(st.zeros * 100, bins=10)
        for c, lo, hi in zip(hist, edges[:-1], edges[1:], strict=True):
            print(f"  {lo:6.2f}-{hi:6.2f}% {c:>9,} " + "#" * int(50 * c / max(hist.max(), 1)))
        if args.plot:
            print(f"histogram written to {args.plot}")
    return 0


def cmd_portfolio(args: argparse.Namespace) -> int:
    from authcore.flow.cluster import Tls
    from authcore.keyspec import portfolio

    opts = portfolio.Options(kind=args.kind, specialize=args.specialize, lanes=args.lanes,
                             optimizer=args.optimizer, synth=args.synth)
    opts.check()
    keys = portfolio.read_keys(args.keys, args.kind)
    tls = Tls.from_args(args.tls_ca, args.tls_cert, args.tls_key)
    show = None if args.json else (lambda text: print(text, file=sys.stderr, flush=True))
    entries = portfolio.run(keys, args.out, opts, scheduler=args.scheduler, tls=tls, jobs=args.jobs, show=show)
    bad = [e for e in entries.values() if e.get("error") or e.get("proof") != "proven"]
    if args.json:
        print(json.dumps({"out": args.out, "keys": len(entries), "failed": len(bad)}))
    else:
        print(Path(args.out, "index.md").read_text())
        print(f"{len(entries)} keys, {len(bad)} failed; index in {args.out}/index.json (no key material)")
    return 0 if not bad else 1


def _key_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hash-key", metavar="HEX", help=f"H itself (or ${HKEY_ENV})")
    p.add_argument("--key", metavar="HEX", help="AES key: H = E_K(0^128)")
    p.add_argument("--key-file", metavar="PATH", help="file holding the AES key (hex text or raw bytes)")


@register
def add(sub: argparse._SubParsersAction) -> None:
    g = sub.add_parser("generate", help="generate key-specialized cores")
    g.add_argument("what", choices=["ghash", "gcm", "ghash64"],
                   help="ghash64: GHASH64 of GCM for 64-bit block ciphers (--hash-key of 8 bytes, or a TDEA key)")
    _key_args(g)
    g.add_argument("--lanes", type=int, default=1, help="ghash: blocks per cycle; gcm: 1 or 2 (2 with a "
                   "key-specialized GHASH)")
    g.add_argument("--arch", default="feedback", choices=["feedback", "pipelined", "crenne-pipe"],
                   help="ghash: feedback (everything in the loop), pipelined (only X*H^N in the loop) or "
                   "crenne-pipe (Crenne et al.'s n-stage chain of x*H multipliers)")
    g.add_argument("--stages", type=int, help="ghash --arch crenne-pipe: stages n, blocks per beat (default 8)")
    g.add_argument("--stage-regs", type=int, help="ghash --arch crenne-pipe: pipeline registers inside each "
                   "stage's multiplier (default 1; 0 is the paper's stage)")
    g.add_argument("--feedback", action="store_true", help="ghash --arch crenne-pipe: the feedback path for "
                   "messages longer than n blocks (tkeep, tlast)")
    g.add_argument("--data-width", type=int, default=128, help="gcm: AES datapath width (128, 64, 32, 16)")
    g.add_argument("--sbox", default="lut", choices=list(rtl.SBOXES), help="gcm: S-box style")
    g.add_argument("--ghash", default="parallel", help="gcm: parallel, karatsuba, pipelined (bit-parallel "
                   "cut by a register, for the clock), digit:D, keyspec, hybrid or hybrid:sparse (Lemsitzer et al.'s "
                   "hybrid multiplier, the paper's or a sparse R)")
    g.add_argument("--specialize", choices=["ghash", "all"], help="gcm: build H (ghash) or the whole key (all) in")
    g.add_argument("--selftest", action="store_true", help="gcm: wrap the core in gcm_selftest, a power-on "
                   "known-answer test (the spec's test case 4, or under the built-in key with --specialize all)")
    g.add_argument("--deep", action="store_true", help="gcm: the AES engine's DEEP variant for the fastest clock "
                   "(--data-width 128; --sbox rom or composite: five cycles a round, --sbox lut: two); "
                   "ghash --arch pipelined: the input registered and X*H^2N in the loop in two steps, for the "
                   "fastest clock")
    g.add_argument("--in-reg", action="store_true", help="gcm: the input beat pre-decoded into a two-word FIFO "
                   "(gcm_core IN_REG 1): s_axis_tready from a flip-flop and the parser's decision from registers, "
                   "for the fastest clock; one cycle more of latency and about 2 x (33 + 145 x lanes) flip-flops, "
                   "plus the tag unit's queue heads in registers (about 400) and, with --ghash pipelined, a skid "
                   "buffer in front of GHASH (260)")
    g.add_argument("--optimizer", default="lut6", choices=sorted(OPTIMIZERS))
    g.add_argument("--out", required=True, metavar="DIR")
    g.add_argument("--json", action="store_true")
    g.set_defaults(func=cmd_generate)

    p = sub.add_parser("prove", help="prove every multiplier of a generated folder")
    p.add_argument("dir", metavar="DIR")
    _key_args(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_prove)

    f = sub.add_parser("portfolio", help="a proven key-specialized core for every key of a key file "
                       "(locally or on a Dask cluster; docs/scale.md)")
    f.add_argument("keys", metavar="KEYS", help="key file: one hex key per line (# comments)")
    f.add_argument("--out", required=True, metavar="DIR")
    f.add_argument("--kind", default="hash", choices=["hash", "aes"],
                   help="hash: each key is H (ghash_keyspec); aes: an AES key, H = E_K(0)")
    f.add_argument("--specialize", choices=["ghash", "all"],
                   help="with --kind aes: the GCM core with H (ghash) or the whole key (all) built in")
    f.add_argument("--lanes", type=int, default=1)
    f.add_argument("--optimizer", default="lut6", choices=sorted(OPTIMIZERS))
    f.add_argument("--synth", choices=["xc7", "ecp5", "ice40"], metavar="TARGET",
                   help="also synthesize every core (xc7: area; ecp5/ice40: place and route too)")
    f.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler; key material needs tls://")
    from authcore.flow.cli import add_tls_args

    add_tls_args(f)
    f.add_argument("--jobs", type=int, default=2, help="local processes without --scheduler")
    f.add_argument("--json", action="store_true")
    f.set_defaults(func=cmd_portfolio)

    k = sub.add_parser("keyspec", help="key-specialization studies")
    ks = k.add_subparsers(dest="keyspec_cmd", required=True)
    d = ks.add_parser("density", help="fraction of zeros in the matrix of x*H over random keys")
    d.add_argument("--keys", type=int, default=10000)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--plot", metavar="PNG")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_density)


