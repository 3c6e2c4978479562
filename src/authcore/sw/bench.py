"""``authcore bench ghash-sw``: the spec's Table 1, measured: every software GHASH method in C.

For each method: the memory per key, the time to build one key's table, and bytes per second and
cycles per byte on messages of 64 B, 1 KiB and 64 KiB, all measured side by side in one run, with
the spec's G4 figures beside them and `cryptography`'s AES-GCM (hardware-accelerated GHASH and
AES together) as the reference. Cycles are time-stamp-counter ticks: the TSC counts at the
processor's nominal frequency whatever its actual clock, so on a machine that changes its clock
they are nominal cycles; bytes per second are wall time.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from authcore.sw import METHODS, Ghash, bench_init, has_tsc

SIZES = (64, 1024, 65536)
# The spec's Table 1 (G4 processor): cycles per byte and memory per key.
SPEC_G4 = {"simple8": (13.1, 65536), "simple4": (17.3, 8192), "shoup8": (32.1, 4096), "shoup4": (69.3, 256),
           "none": (119.0, 0)}
TARGET_S = 0.05   # each timed run lasts at least this long
RUNS = 5          # the median of this many runs
POOL = 1 << 20    # 1 MiB of random messages: 16,384 of 64 bytes, 1,024 of 1 KiB, 16 of 64 KiB


def _timed(run: Callable[[int], tuple[int, int]], unit_estimate_ns: float) -> tuple[float, float, int]:
    """(median ns per unit, median ticks per unit, reps) over RUNS runs of at least TARGET_S each."""
    reps = max(1, int(TARGET_S * 1e9 / max(unit_estimate_ns, 1.0)))
    ns_per, ticks_per = [], []
    for _ in range(RUNS):
        ns, ticks = run(reps)
        ns_per.append(ns / reps)
        ticks_per.append(ticks / reps)
    return statistics.median(ns_per), statistics.median(ticks_per), reps


def _probe(run: Callable[[int], tuple[int, int]]) -> float:
    """A rough time per unit, to size the timed runs."""
    reps = 1
    while True:
        ns, _ = run(reps)
        if ns > 5e6 or reps > 1 << 24:
            return ns / reps
        reps *= 4


def measure(progress: Callable[[str], None] | None = None, seed: int = 1) -> list[dict[str, object]]:
    rng = random.Random(seed)
    h = rng.randbytes(16)   # a random benchmark key, not a secret
    data = {n: rng.randbytes(n) for n in SIZES}
    pool = rng.randbytes(POOL)   # distinct messages for every size (see ghash_sw_bench)
    tsc = has_tsc()
    rows: list[dict[str, object]] = []
    for name, m in METHODS.items():
        if progress:
            progress(f"{name}: table set-up")
        g = Ghash(name, h)

        def init_run(reps: int, name: str = name) -> tuple[int, int]:
            return bench_init(name, h, reps)

        setup_ns, setup_ticks, _ = _timed(init_run, _probe(init_run))
        cpb: dict[str, float | None] = {}
        bps: dict[str, float] = {}
        for n in SIZES:
            if progress:
                progress(f"{name}: {n}-byte messages")

            def run(reps: int, n: int = n, g: Ghash = g) -> tuple[int, int]:
                return g.bench(pool, n, reps)

            ns, ticks, _ = _timed(run, _probe(run))
            bps[str(n)] = round(n / (ns * 1e-9), 1)
            cpb[str(n)] = round(ticks / n, 2) if tsc else None
        g.close()
        spec = SPEC_G4.get(name)
        rows.append({
            "method": name, "title": m.title, "constant_time": m.constant_time,
            "table_bytes": g.table_bytes if name not in ("none", "ct") else 0,
            "setup_ns": round(setup_ns, 1), "setup_cycles": round(setup_ticks, 1) if tsc else None,
            "cycles_per_byte": cpb, "bytes_per_second": bps,
            "spec_g4_cycles_per_byte": spec[0] if spec else None, "spec_table_bytes": spec[1] if spec else None,
        })
    if progress:
        progress("cryptography AES-GCM")
    rows.append(_aesgcm_reference(data, tsc))
    return rows


def _aesgcm_reference(data: dict[int, bytes], tsc: bool) -> dict[str, object]:
    """`cryptography`'s AES-GCM (OpenSSL: AES-NI and carry-less multiply where the CPU has them):
    encryption of the same messages, AES and GHASH together, timed from Python (the call's
    overhead is in the small sizes)."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    from authcore.sw import lib

    aead = AESGCM(bytes(16))
    nonce = bytes(12)
    cpb: dict[str, float | None] = {}
    bps: dict[str, float] = {}
    for n, msg in data.items():
        reps = max(1, int(2e7 // (n + 200)))
        samples = []
        for _ in range(RUNS):
            c0 = int(lib().ghash_sw_ticks())
            t0 = time.perf_counter_ns()
            for _ in range(reps):
                aead.encrypt(nonce, msg, None)
            samples.append(((time.perf_counter_ns() - t0) / reps, (int(lib().ghash_sw_ticks()) - c0) / reps))
        ns = statistics.median(s[0] for s in samples)
        ticks = statistics.median(s[1] for s in samples)
        bps[str(n)] = round(n / (ns * 1e-9), 1)
        cpb[str(n)] = round(ticks / n, 2) if tsc else None
    return {"method": "aes-gcm (cryptography)", "title": "cryptography's AES-GCM encryption, the reference",
            "constant_time": True, "table_bytes": None, "setup_ns": None, "setup_cycles": None,
            "cycles_per_byte": cpb, "bytes_per_second": bps, "spec_g4_cycles_per_byte": None,
            "spec_table_bytes": None, "reference": True}


def table(rows: list[dict[str, object]]) -> list[str]:
    """The rows as a markdown table, and the ratios between methods at 64 KiB."""
    head = ("| method | table per key | set-up | c/B 64 B | c/B 1 KiB | c/B 64 KiB | MB/s 64 KiB | spec G4 c/B |\n"
            "|---|---:|---:|---:|---:|---:|---:|---:|")
    out = head.split("\n")
    for r in rows:
        cpb = r["cycles_per_byte"]
        bps = r["bytes_per_second"]
        tb = r["table_bytes"]
        setup = f"{r['setup_ns']:,.0f} ns" if r["setup_ns"] is not None else "-"

        def c(k: str, cpb: object = cpb) -> str:
            v = cpb.get(k)  # type: ignore[attr-defined]
            return f"{v:,.1f}" if v is not None else "-"

        out.append(f"| {r['method']} | {('-' if tb is None else f'{tb:,} B')} | {setup} | {c('64')} | {c('1024')} | "
                   f"{c('65536')} | {bps['65536'] / 1e6:,.1f} | "  # type: ignore[index]
                   f"{r['spec_g4_cycles_per_byte'] if r['spec_g4_cycles_per_byte'] is not None else '-'} |")
    return out


def ratios(rows: list[dict[str, object]]) -> dict[str, float]:
    """Each method's 64 KiB time against the 8-bit tables' (the spec's fastest): ours and the spec's."""
    by = {str(r["method"]): r for r in rows}
    base = float(by["simple8"]["bytes_per_second"]["65536"])  # type: ignore[index]
    out = {}
    for name in METHODS:
        ours = base / float(by[name]["bytes_per_second"]["65536"])  # type: ignore[index]
        out[name] = round(ours, 2)
    return out
