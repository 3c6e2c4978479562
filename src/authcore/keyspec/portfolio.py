"""``authcore portfolio KEYS --out DIR``: a key-specialized core for every key of a key file (the
key-dependent GHASH paper's "portfolio of bitstreams for different H values"): generated, its
multipliers proven, optionally synthesized; one folder per key, named by a non-secret identifier,
and an index (identifier, proof, XOR2, LUTs, fmax) that holds no key material.

Key file: one key per line in hex (spaces and ``#`` comments ignored). ``kind = "hash"``: each line
is a GHASH key H (16 bytes) and the core is ``ghash_keyspec``. ``kind = "aes"``: each line is an AES
key (16, 24 or 32 bytes); H = E_K(0^128) and, with ``specialize`` ("ghash" or "all"), the core is
the GCM core with H (or the whole key) built in, else the GHASH core for that H.

The identifier is the first 16 hex digits of SHA-256("authcore-key-id", kind, key): it names a key
without revealing it (finding a key from it is a 2^128 search; two keys of a portfolio share one
with probability about n^2 / 2^65). The tasks run on local processes or a Dask cluster
(``scheduler``; key material only over TLS, authcore.flow.cluster.connect); every file that holds
key material is written 0600, on the worker as here.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from authcore.errors import AuthcoreError, InvalidParameter

KINDS = ("hash", "aes")


@dataclass(frozen=True)
class Options:
    kind: str = "hash"
    specialize: str | None = None   # kind aes: None (GHASH core for H), "ghash" or "all" (GCM core)
    lanes: int = 1
    optimizer: str = "lut6"
    synth: str | None = None        # a target (xc7, ecp5, ice40): synthesize every core
    freq: float = 100.0
    extra: dict[str, object] = field(default_factory=dict)

    def check(self) -> None:
        if self.kind not in KINDS:
            raise InvalidParameter(f"--kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.specialize is not None and (self.kind != "aes" or self.specialize not in ("ghash", "all")):
            raise InvalidParameter("--specialize ghash|all needs --kind aes (the GCM core is built from the AES key)")


def key_id(kind: str, key: bytes) -> str:
    return hashlib.sha256(b"authcore-key-id\0" + kind.encode() + b"\0" + key).hexdigest()[:16]


def read_keys(path: str | Path, kind: str) -> list[bytes]:
    """The keys of a key file; a malformed line is refused with its line number (never its text)."""
    p = Path(path)
    try:
        lines = p.read_text().splitlines()
    except FileNotFoundError:
        raise InvalidParameter(f"key file not found: {p}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidParameter(f"key file {p}: cannot read it ({type(e).__name__})") from None
    lengths = (16,) if kind == "hash" else (16, 24, 32)
    keys: list[bytes] = []
    for n, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].replace(" ", "").strip()
        if not text:
            continue
        try:
            key = bytes.fromhex(text)
        except ValueError:
            raise InvalidParameter(f"key file {p}, line {n}: not hex") from None
        if len(key) not in lengths:
            raise InvalidParameter(f"key file {p}, line {n}: {len(key)} bytes; a {kind} key has "
                                   f"{' or '.join(map(str, lengths))}")
        keys.append(key)
    if not keys:
        raise InvalidParameter(f"key file {p}: no keys")
    if len({key_id(kind, k) for k in keys}) != len(keys):
        raise InvalidParameter(f"key file {p}: a key is listed twice")
    return keys


def build_one(key: bytes, opts: Options) -> dict[str, object]:
    """One key's core (a task: runs on a worker or a local process). Returns its files (bytes and
    mode), the manifest's non-secret facts and, with ``opts.synth``, the synthesis figures; a
    generation or proof failure comes back as ``error``."""
    from authcore.flow.cluster import worker_name

    t0 = time.monotonic()
    ident = key_id(opts.kind, key)
    out: dict[str, object] = {"id": ident, "worker": worker_name()}
    with tempfile.TemporaryDirectory(prefix="authcore-key-") as d:   # mode 0700: the key's files
        folder = Path(d) / ident
        try:
            top, files, facts = _generate(key, opts, folder)
            out.update(facts)
            if opts.synth:
                from authcore.flow.synth import synth

                r = synth(top, files, target=opts.synth, freq=opts.freq, pnr=opts.synth != "xc7")
                out.update({"luts": r.get("luts"), "ffs": r.get("ffs"), "fmax_mhz": r.get("fmax_mhz"),
                            "synth_cached": r.get("cached")})
        except AuthcoreError as e:
            out["error"] = str(e)
            return out
        out["files"] = {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mode & 0o777)
                        for p in sorted(folder.rglob("*")) if p.is_file()}
    out["error"] = None
    out["seconds"] = round(time.monotonic() - t0, 3)
    return out


def _generate(key: bytes, opts: Options, folder: Path) -> tuple[str, list[str], dict[str, object]]:
    from authcore.keyspec.generate import generate_ghash

    if opts.kind == "aes" and opts.specialize:
        from authcore.keyspec.gcm import GcmConfig, generate_gcm

        g = generate_gcm(folder, GcmConfig(specialize=opts.specialize, lanes=opts.lanes), key=key,
                         optimizer=opts.optimizer)
        mult = g.manifest.get("keyspec_multiplier") or {}
        proven = isinstance(mult, dict) and bool(mult.get("proven"))
        return g.top, [str(f) for f in g.files], {"core": g.top, "proof": "proven" if proven else "not proven",
                                                 "xor2": mult.get("xor2") if isinstance(mult, dict) else None}
    h = key
    if opts.kind == "aes":
        from authcore.model.aes import encrypt_block

        h = encrypt_block(key, bytes(16))
    g = generate_ghash(h, folder, lanes=opts.lanes, opt=opts.optimizer, prove=True)
    mults = g.manifest.get("multipliers", [])
    proven = bool(mults) and all(m.get("proof", {}).get("proven") for m in mults)  # type: ignore[union-attr]
    return g.top, [str(f) for f in g.files], {"core": g.top, "proof": "proven" if proven else "not proven",
                                             "xor2": g.manifest.get("xor2_total")}


def _write_folder(root: Path, result: dict[str, object]) -> None:
    folder = root / str(result["id"])
    folder.mkdir(parents=True, exist_ok=True)
    for name, (data, mode) in result["files"].items():  # type: ignore[union-attr]
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)   # a new file takes the mode: 0600 where the worker had it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)


INDEX_FIELDS = ("id", "core", "proof", "xor2", "luts", "ffs", "fmax_mhz", "seconds", "worker", "error")


def _write_index(root: Path, entries: dict[str, dict[str, object]], opts: Options) -> None:
    rows = [entries[k] for k in sorted(entries)]
    meta = {"kind": opts.kind, "specialize": opts.specialize, "lanes": opts.lanes, "optimizer": opts.optimizer,
            "synth": opts.synth, "keys": rows,
            "note": "identifiers are SHA-256 prefixes of the keys; this file holds no key material"}
    tmp = root / "index.json.tmp"
    tmp.write_text(json.dumps(meta, indent=1, sort_keys=True))
    tmp.replace(root / "index.json")
    head = "| id | core | proof | XOR2 | LUTs | fmax (MHz) | s | error |\n|---|---|---|---:|---:|---:|---:|---|\n"
    body = "".join(f"| {r['id']} | {r.get('core') or '-'} | {r.get('proof') or '-'} | {r.get('xor2') or '-'} | "
                   f"{r.get('luts') or '-'} | {r.get('fmax_mhz') or '-'} | {r.get('seconds') or '-'} | "
                   f"{r.get('error') or ''} |\n" for r in rows)
    (root / "index.md").write_text(head + body)


def run(keys: list[bytes], out: str | Path, opts: Options, scheduler: str | None = None, tls: object | None = None,
        jobs: int = 2, show: Callable[[str], None] | None = None) -> dict[str, dict[str, object]]:
    """Build every key's core into ``out``; keys already in its index (proven, no error) are kept
    (an interrupted portfolio resumes). Returns the index entries by identifier."""
    opts.check()
    client = None
    if scheduler is not None:   # refused (not TLS) or unreachable before the out folder is touched
        from authcore.flow import cluster

        client = cluster.connect(scheduler, tls, need_tls=True)  # type: ignore[arg-type]
    try:
        return _build(keys, Path(out), opts, client, jobs, show)
    finally:
        if client is not None:
            client.close()


def _build(keys: list[bytes], root: Path, opts: Options, client: object | None, jobs: int,
           show: Callable[[str], None] | None) -> dict[str, dict[str, object]]:
    root.mkdir(parents=True, exist_ok=True)
    entries: dict[str, dict[str, object]] = {}
    if (root / "index.json").is_file():
        old = json.loads((root / "index.json").read_text())
        entries = {r["id"]: r for r in old.get("keys", []) if not r.get("error") and (root / r["id"]).is_dir()}
    todo = [k for k in keys if key_id(opts.kind, k) not in entries]
    total = len(keys)

    def finished(result: dict[str, object]) -> None:
        if not result.get("error"):
            _write_folder(root, result)
        entries[str(result["id"])] = {f: result.get(f) for f in INDEX_FIELDS}
        _write_index(root, entries, opts)
        if show:
            show(f"{len(entries)}/{total} keys done")

    if client is not None:
        from authcore.flow import cluster

        pool = cluster.DaskPool(client)
        for k in todo:
            pool.submit(key_id(opts.kind, k), build_one, k, opts)
        tick = (lambda st: show(cluster.describe(st, len(todo)))) if show else None
        for name, result, exc in pool.results(tick):
            finished(result if exc is None else {"id": name, "error": f"{type(exc).__name__}: {exc}"})  # type: ignore[arg-type]
    else:
        with ProcessPoolExecutor(max_workers=max(1, jobs)) as ex:
            futs = [ex.submit(build_one, k, opts) for k in todo]
            for fut in as_completed(futs):
                finished(fut.result())
    _write_index(root, entries, opts)
    return entries
