"""The ``authcore`` command line. It parses arguments and calls the packages; it computes nothing.

Every user error (bad hex, wrong length, missing file, unknown option) is one line on stderr and
exit status 2; a failed authentication is exit status 1. Keys come from ``--key``, ``--key-file``
or the ``AUTHCORE_KEY`` variable and are never printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from authcore import rtl
from authcore.errors import AuthcoreError, AuthenticationError, InvalidParameter
from authcore.flow.sim import SIMULATORS

KEY_ENV = "AUTHCORE_KEY"


class UsageError(AuthcoreError):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit status 2 (no usage dump)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message} (see '{self.prog} --help')")


# --- argument helpers ------------------------------------------------------------------------------


def parse_hex(text: str, what: str) -> bytes:
    cleaned = "".join(text.split())
    if cleaned.startswith(("0x", "0X")):
        cleaned = cleaned[2:]
    try:
        return bytes.fromhex(cleaned)
    except ValueError:
        # Never echo the value: it may be a key.
        raise InvalidParameter(f"{what} is not valid hex") from None


def read_file(path: str, what: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise InvalidParameter(f"{what} file not found: {path}") from None
    except IsADirectoryError:
        raise InvalidParameter(f"{what} path is a directory: {path}") from None
    except PermissionError:
        raise InvalidParameter(f"{what} file is not readable: {path}") from None


def key_from_file_bytes(raw: bytes, what: str) -> bytes:
    """A key file holds hex text (whitespace ignored) or, failing that, the raw key bytes."""
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        return raw
    stripped = "".join(text.split())
    if stripped and all(c in "0123456789abcdefABCDEF" for c in stripped):
        return parse_hex(stripped, what)
    return raw


def resolve_key(args: argparse.Namespace, what: str = "key", env: str = KEY_ENV) -> bytes:
    key_hex = getattr(args, "key", None)
    key_file = getattr(args, "key_file", None)
    if key_hex is not None and key_file is not None:
        raise InvalidParameter("give the key with --key or --key-file, not both")
    if key_hex is not None:
        return parse_hex(key_hex, what)
    if key_file is not None:
        return key_from_file_bytes(read_file(key_file, what), what)
    if os.environ.get(env):
        return parse_hex(os.environ[env], f"{what} in ${env}")
    raise InvalidParameter(f"no {what}: use --key, --key-file or set ${env}")


def data_arg(args: argparse.Namespace, name: str = "data") -> bytes:
    value = getattr(args, name, None)
    in_file = getattr(args, "in_file", None)
    if value is not None and in_file is not None:
        raise InvalidParameter(f"give --{name} or --in-file, not both")
    if in_file is not None:
        return read_file(in_file, "input")
    return parse_hex(value or "", name)


def add_key_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--key", metavar="HEX", help=f"key in hex (or --key-file, or ${KEY_ENV})")
    p.add_argument("--key-file", metavar="PATH", help="file holding the key (hex text or raw bytes)")


def emit(args: argparse.Namespace, obj: dict[str, object], lines: Sequence[str]) -> None:
    if getattr(args, "json", False):
        print(json.dumps(obj, indent=None))
    else:
        for line in lines:
            print(line)


# --- commands --------------------------------------------------------------------------------------


def cmd_gcm(args: argparse.Namespace) -> int:
    """``gcm`` (AES-GCM) and ``gcm64`` (GCM for 64-bit block ciphers over TDEA): the same options,
    key handling, exit codes and ``--json`` fields."""
    from authcore.model import gcm, gcm64

    if args.command == "gcm64":
        gcm = gcm64  # type: ignore[assignment]  # the same encrypt/decrypt signatures
    key = resolve_key(args)
    iv = parse_hex(args.iv, "IV")
    aad = parse_hex(args.aad, "AAD")
    if args.op == "encrypt":
        ct, tag = gcm.encrypt(key, iv, data_arg(args), aad, args.tag_len)
        emit(args, {"ciphertext": ct.hex(), "tag": tag.hex()}, [f"ciphertext: {ct.hex()}", f"tag: {tag.hex()}"])
        return 0
    if args.tag is None:
        raise InvalidParameter("decrypt needs --tag")
    pt = gcm.decrypt(key, iv, data_arg(args), aad, parse_hex(args.tag, "tag"))
    emit(args, {"plaintext": pt.hex()}, [f"plaintext: {pt.hex()}"])
    return 0


def cmd_gmac(args: argparse.Namespace) -> int:
    from authcore.model import gcm

    key = resolve_key(args)
    aad = data_arg(args, "aad")
    tag = gcm.gmac(key, parse_hex(args.iv, "IV"), aad, args.tag_len)
    emit(args, {"tag": tag.hex()}, [f"tag: {tag.hex()}"])
    return 0


def cmd_hmac(args: argparse.Namespace) -> int:
    from authcore.model import hmac

    key = resolve_key(args)
    msg = data_arg(args)
    if args.verify is not None:
        ok = hmac.hmac_verify(args.hash, key, msg, parse_hex(args.verify, "tag"))
        if not ok:
            raise AuthenticationError("authentication failed")
        emit(args, {"verified": True}, ["verified"])
        return 0
    mac = hmac.hmac(args.hash, key, msg)
    emit(args, {"mac": mac.hex()}, [f"mac: {mac.hex()}"])
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from authcore.vectors.run import make_target, run_file

    options: dict[str, object] = {}
    core_opts = {"core": args.core, "hash_name": args.hash, "precompute": args.precompute,
                 "pipeline": args.pipeline, "combined": args.combined or None, "data_width": args.data_width,
                 "sbox": args.sbox, "arch": args.arch, "ghash": args.ghash, "seed": args.seed,
                 "simulator": args.simulator}
    if args.target == "rtl":
        if args.core is None:
            raise InvalidParameter("--target rtl needs --core (sha1, md5, hmac, aes or gcm)")
        options = {k: v for k, v in core_opts.items() if v is not None}
    elif any(v is not None for v in core_opts.values()):
        given = [k for k, v in core_opts.items() if v is not None]
        raise InvalidParameter(f"--{given[0].replace('_name', '').replace('_', '-')} applies to --target rtl only")
    target = make_target(args.target, **options)
    reports = [run_file(p, args.target, args.monte_limit, target, args.sample) for p in args.vectors]
    total = sum(r.total for r in reports)
    passed = sum(r.passed for r in reports)
    failures = [f for r in reports for f in r.failures]
    if args.json:
        print(json.dumps({"total": total, "passed": passed, "failed": total - passed, "failures": failures,
                          "files": [r.as_dict() | {"failures": len(r.failures)} for r in reports]}))
    else:
        for r in reports:
            print(f"{r.path}: {r.kind}, target {r.target}: {r.passed} passed, {r.failed} failed")
            for f in r.failures[:20]:
                print(f"  FAIL {f['where']}: {f['what']}")
            if len(r.failures) > 20:
                print(f"  ... and {len(r.failures) - 20} more")
        print(f"total: {total} vectors, {passed} passed, {total - passed} failed")
    return 0 if passed == total and total > 0 else 1


def cmd_spec(args: argparse.Namespace) -> int:
    from authcore.demo import spec_check, spec_report

    if args.json:
        results = spec_check(args.cases)
        ok = all(r["ok"] for r in results)
        print(json.dumps({"ok": ok, "cases": results}))
    else:
        ok = spec_report(args.cases, sys.stdout)
    return 0 if ok else 1


def cmd_demo(args: argparse.Namespace) -> int:
    from authcore.demo import run_demo

    return 0 if run_demo(sys.stdout, quick=args.quick, full=args.full, record=args.record) else 1


# --- parser ----------------------------------------------------------------------------------------

_EXTENSIONS: list[Callable[[argparse._SubParsersAction], None]] = []


def register(fn: Callable[[argparse._SubParsersAction], None]) -> Callable[[argparse._SubParsersAction], None]:
    """Let a package add its own subcommands (flow, keyspec) without the CLI importing it eagerly."""
    _EXTENSIONS.append(fn)
    return fn


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="authcore", description="Verified message-authentication hardware cores.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    for name, helptext, tag_len in (("gcm", "AES-GCM with the reference model", 16),
                                    ("gcm64", "GCM for 64-bit block ciphers (spec Appendix A) over TDEA, "
                                     "16- or 24-byte keys, tags of 4 to 8 bytes", 8)):
        g = sub.add_parser(name, help=helptext)
        g.add_argument("op", choices=["encrypt", "decrypt"])
        add_key_args(g)
        g.add_argument("--iv", required=True, metavar="HEX")
        g.add_argument("--aad", default="", metavar="HEX")
        g.add_argument("--data", metavar="HEX", help="plaintext (encrypt) or ciphertext (decrypt)")
        g.add_argument("--in-file", metavar="PATH", help="read the data (raw bytes) from a file")
        g.add_argument("--tag", metavar="HEX", help="expected tag (decrypt)")
        g.add_argument("--tag-len", type=int, default=tag_len, metavar="BYTES")
        g.add_argument("--json", action="store_true")
        g.set_defaults(func=cmd_gcm)

    m = sub.add_parser("gmac", help="GMAC tag of AAD with the reference model")
    add_key_args(m)
    m.add_argument("--iv", required=True, metavar="HEX")
    m.add_argument("--aad", default=None, metavar="HEX")
    m.add_argument("--in-file", metavar="PATH", help="read the AAD (raw bytes) from a file")
    m.add_argument("--tag-len", type=int, default=16, metavar="BYTES")
    m.add_argument("--json", action="store_true")
    m.set_defaults(func=cmd_gmac)

    h = sub.add_parser("hmac", help="HMAC with the reference model")
    add_key_args(h)
    h.add_argument("--hash", choices=["sha1", "md5", "sha224", "sha256"], default="sha1")
    h.add_argument("--data", metavar="HEX", help="message in hex")
    h.add_argument("--in-file", metavar="PATH", help="read the message (raw bytes) from a file")
    h.add_argument("--verify", metavar="HEX", help="check this (possibly truncated) tag instead")
    h.add_argument("--json", action="store_true")
    h.set_defaults(func=cmd_hmac)

    v = sub.add_parser("verify", help="run public test vectors against a target")
    v.add_argument("--vectors", required=True, action="append", metavar="PATH",
                   help="CAVP .rsp or RFC test file (repeatable)")
    v.add_argument("--target", default="model", help="model (default) or rtl: simulate a core")
    v.add_argument("--core", choices=["sha1", "md5", "sha256", "hmac", "aes", "gcm"],
                   help="rtl: the core to simulate (sha256 serves SHA-256 and SHA-224)")
    v.add_argument("--hash", choices=["sha1", "md5", "sha256", "sha224"],
                   help="rtl, hmac: the core's hash (default: the vectors')")
    v.add_argument("--precompute", type=int, choices=[0, 1], help="rtl: pre-computation stage (default 1)")
    v.add_argument("--pipeline", type=int, choices=[1, 4], help="rtl: 1 rolling loop (default), 4 pipelined")
    v.add_argument("--combined", action="store_true", help="rtl: the combined MD5/SHA-1 datapath")
    v.add_argument("--data-width", type=int, choices=[128, 64, 32, 16],
                   help="rtl, aes/gcm: AES datapath bits (default 128)")
    v.add_argument("--sbox", choices=list(rtl.SBOXES), help="rtl, aes/gcm: S-box style (default lut)")
    v.add_argument("--arch", choices=["pipe", "iter"], help="rtl, aes: unrolled (default) or iterative core")
    v.add_argument("--ghash", help="rtl, gcm: GHASH multiplier: parallel (default), karatsuba, pipelined or digit:D")
    v.add_argument("--seed", type=int, help="rtl: testbench seed (random valid/ready gaps stay off for vectors)")
    v.add_argument("--simulator", choices=SIMULATORS,
                   help="rtl: icarus (default; or $AUTHCORE_SIM) or verilator (compiled: for whole CAVP files)")
    v.add_argument("--monte-limit", type=int, metavar="N", help="Monte Carlo files: the first N checkpoints only")
    v.add_argument("--sample", type=int, metavar="N",
                   help="GCM files: about N parameter groups spread over the file (first vector, first FAIL)")
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_verify)

    s = sub.add_parser("spec", help="the GCM spec's test cases with every intermediate, model vs. published")
    s.add_argument("--cases", type=int, nargs="*", default=[3, 4], metavar="N")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_spec)

    d = sub.add_parser("demo", help="the main job: spec test cases, then the key-specialized GHASH flow")
    d.add_argument("--quick", action="store_true", help="model only: skip generation, simulation and synthesis")
    d.add_argument("--full", action="store_true", help="every step live: the 4-lane cores simulated and every "
                   "core synthesized (the generic bit-parallel multiplier takes Yosys 10-30 minutes)")
    d.add_argument("--record", action="store_true", help="with --full: rewrite the recorded figures the "
                   "quick demo shows (src/authcore/data/demo_recorded.json)")
    d.set_defaults(func=cmd_demo)

    for ext in _EXTENSIONS:
        ext(sub)
    return p


def _load_extensions() -> None:
    # Imported for their @register side effect; each keeps its heavy imports inside its handlers.
    import authcore.board.cli  # noqa: F401
    import authcore.flow.cli  # noqa: F401
    import authcore.keyspec.cli  # noqa: F401
    import authcore.sw.cli  # noqa: F401


def main(argv: Sequence[str] | None = None) -> int:
    _load_extensions()
    try:
        args = build_parser().parse_args(argv)
        return int(args.func(args))
    except AuthenticationError as e:
        print(f"authcore: {e}", file=sys.stderr)
        return 1
    except AuthcoreError as e:
        print(f"authcore: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("authcore: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    # Run as `python -m authcore.cli`, this file is the module __main__, while the extensions
    # register their commands with the importable authcore.cli: call that one's main.
    from authcore.cli import main as _main

    sys.exit(_main())
