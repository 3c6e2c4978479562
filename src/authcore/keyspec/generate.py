"""``authcore generate ghash``: key-specialized multipliers, the GHASH top, a manifest, a proof.

The manifest records what was built (XOR2 count, depth, density of ones, optimizer, files and
their SHA-256) and never the key or H. Files that embed H are mode 0600.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path

from authcore import rtl
from authcore.errors import InvalidParameter
from authcore.keyspec import emitter, matrix, optimizer, proof
from authcore.model import gf128

ARCHS = ("feedback", "pipelined", "crenne-pipe")
MAX_LANES = 16
MAX_STAGE_REGS = 4


@dataclass
class Generated:
    out: Path
    top: str
    files: list[Path]
    manifest: dict[str, object]


def _copy_needed(top: Path, outp: Path) -> list[Path]:
    """Copy the library files a generated top instantiates (authcore.rtl.needed: ghash_chain,
    ghash_core, the rtl/common primitives, and what they instantiate) into its folder, flat, so
    the folder builds on its own."""
    out = []
    for src in rtl.needed(top):
        dst = outp / src.name
        dst.write_bytes(src.read_bytes())
        out.append(dst)
    return out


def _sha256(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def _h_power(h: int, e: int) -> int:
    """H^e for a manifest's power e: 1..N for the lanes, negative for the pipelined top's
    corrections (powers of H^-1; the caller has refused H = 0)."""
    return gf128.power(h if e > 0 else gf128.inverse(h), abs(e))


def generate_ghash(h: bytes, out: str | Path, lanes: int = 1, arch: str = "feedback",
                   opt: str = "lut6", prove: bool = True, deep: bool = False) -> Generated:
    if len(h) != 16:
        raise InvalidParameter(f"hash key H must be 16 bytes, got {len(h)}")
    if not 1 <= lanes <= MAX_LANES:
        raise InvalidParameter(f"--lanes must be 1 to {MAX_LANES}, got {lanes}")
    if arch not in ARCHS:
        raise InvalidParameter(f"unknown architecture {arch!r}; use one of {', '.join(ARCHS)}")
    if arch == "crenne-pipe":
        return generate_crenne(h, out, stages=lanes, opt=opt, prove=prove)
    if arch == "pipelined" and lanes < 2:
        raise InvalidParameter("--arch pipelined needs --lanes 2 or more (one lane is already only the loop)")
    if deep and arch != "pipelined":
        raise InvalidParameter("--deep belongs to --arch pipelined (the two-step loop)")
    if opt not in optimizer.OPTIMIZERS:
        raise InvalidParameter(f"unknown optimizer {opt!r}; use one of {', '.join(optimizer.OPTIMIZERS)}")
    outp = Path(out)
    outp.mkdir(parents=True, exist_ok=True)
    hi = int.from_bytes(h, "big")
    exponents = list(range(1, lanes + 1))
    if arch == "pipelined":
        if hi == 0:
            raise InvalidParameter("--arch pipelined multiplies by powers of H^-1, and H = 0 has no inverse")
        exponents += emitter.correction_powers(lanes)
    # (power, form): deep's loop multiplies by H^2N in two steps (emitter.multiplier_hold), and its
    # other multipliers are cut by a register level (emitter.multiplier_pipe)
    plan = [(p, "pipe" if deep else "plain") for p in exponents] + ([(2 * lanes, "hold")] if deep else [])
    mults = []
    files = []
    for p, form in plan:
        hold = form == "hold"
        power = _h_power(hi, p)
        t0 = time.monotonic()
        net = optimizer.OPTIMIZERS[opt](matrix.rows(power))
        opt_s = time.monotonic() - t0
        name = emitter.mul_name(p) + ("_hold" if hold else "")
        path = outp / f"{name}.v"
        emitter.write_secret(path, {"hold": emitter.multiplier_hold, "pipe": emitter.multiplier_pipe,
                                    "plain": emitter.multiplier}[form](name, net, p, opt))
        entry: dict[str, object] = {
            "module": name, "power": p, "file": path.name, "xor2": net.xor2, "depth": net.depth,
            "density": round(matrix.density(power), 4), "optimizer_seconds": round(opt_s, 3),
            "luts": (len(optimizer.lut_cover(net, optimizer.LUT_WIDTH[opt])) if opt in optimizer.LUT_WIDTH
                     else None),
            "key_material": True, "mode": "0600",
        }
        if form != "plain":
            entry.update(latency=1, **({"hold": True} if hold else {}))
        if prove:
            t1 = time.monotonic()
            res = proof.prove_file(path, name, power, latency=int(entry.get("latency", 0)), hold=hold)
            entry["proof"] = {"proven": True, "cells": res.cells, "seconds": round(time.monotonic() - t1, 3)}
        mults.append(entry)
        files.append(path)
    top = outp / "ghash_keyspec.v"
    top.write_text(emitter.ghash_lanes_top(lanes) if arch == "feedback" else emitter.ghash_pipelined_top(lanes, deep))
    secret = set(files)                            # the multipliers: they embed powers of H
    files += _copy_needed(top, outp)
    files.append(top)
    manifest: dict[str, object] = {
        "generator": "authcore generate ghash", "top": "ghash_keyspec", "lanes": lanes, "arch": arch, "deep": deep,
        "optimizer": opt, "bits_per_cycle": 128 * lanes, "xor2_total": sum(int(m["xor2"]) for m in mults),
        "multipliers": mults,
        "files": [{"file": f.name, "sha256": _sha256(f), "key_material": f in secret} for f in files],
        "note": "Neither the key nor H is recorded here; files marked key_material embed H.",
    }
    (outp / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    (outp / "files.f").write_text("".join(f"{f.name}\n" for f in files))
    return Generated(outp, "ghash_keyspec", files, manifest)


def generate_crenne(h: bytes, out: str | Path, stages: int = 8, regs: int = 1, feedback: bool = False,
                    opt: str = "lut4", prove: bool = True, depth: int | None = None) -> Generated:
    """``authcore generate ghash --arch crenne-pipe``: Crenne et al.'s n-stage pipelined module.

    One generated multiplier, ``gf128_mulacc_h`` (y = x*H ^ a with ``regs`` pipeline registers,
    proven), instantiated ``stages`` times by the hand-written ``ghash_chain`` (copied into the
    folder with the stream primitives it uses) under the generated top ``ghash_crenne_pipe``.
    """
    if len(h) != 16:
        raise InvalidParameter(f"hash key H must be 16 bytes, got {len(h)}")
    if not 1 <= stages <= MAX_LANES:
        raise InvalidParameter(f"--stages must be 1 to {MAX_LANES}, got {stages}")
    if not 0 <= regs <= MAX_STAGE_REGS:
        raise InvalidParameter(f"--stage-regs must be 0 to {MAX_STAGE_REGS}, got {regs}")
    if opt not in optimizer.OPTIMIZERS:
        raise InvalidParameter(f"unknown optimizer {opt!r}; use one of {', '.join(optimizer.OPTIMIZERS)}")
    need = emitter.crenne_depth(stages, regs)
    depth = need if depth is None else depth
    if depth < 2 or depth & (depth - 1):
        raise InvalidParameter(f"the output FIFO depth must be a power of two of at least 2, got {depth}")
    outp = Path(out)
    outp.mkdir(parents=True, exist_ok=True)
    hi = int.from_bytes(h, "big")
    t0 = time.monotonic()
    net = optimizer.OPTIMIZERS[opt](emitter.acc_rows(matrix.rows(hi)), 256)
    opt_s = time.monotonic() - t0
    name = emitter.MULACC
    path = outp / f"{name}.v"
    emitter.write_secret(path, emitter.multiplier_acc(name, net, opt, regs))
    entry: dict[str, object] = {
        "module": name, "power": 1, "addend": True, "latency": regs, "file": path.name, "xor2": net.xor2,
        "depth": net.depth, "density": round(matrix.density(hi), 4), "optimizer_seconds": round(opt_s, 3),
        "luts": (len(optimizer.lut_cover(net, optimizer.LUT_WIDTH[opt])) if opt in optimizer.LUT_WIDTH else None),
        "key_material": True, "mode": "0600",
    }
    if prove:
        t1 = time.monotonic()
        res = proof.prove_file(path, name, hi, addend=True, latency=regs)
        entry["proof"] = {"proven": True, "cells": res.cells, "seconds": round(time.monotonic() - t1, 3)}
    top = outp / "ghash_crenne_pipe.v"
    top.write_text(emitter.crenne_top(stages, regs, feedback, depth))
    files = [path, *_copy_needed(top, outp), top]
    manifest: dict[str, object] = {
        "generator": "authcore generate ghash", "top": "ghash_crenne_pipe", "arch": "crenne-pipe",
        "stages": stages, "lanes": stages, "stage_regs": regs, "feedback": feedback, "fifo_depth": depth,
        "latency": emitter.crenne_latency(stages, regs), "optimizer": opt, "bits_per_cycle": 128 * stages,
        "xor2_total": net.xor2 * stages, "multipliers": [entry],
        "files": [{"file": f.name, "sha256": _sha256(f), "key_material": f == path} for f in files],
        "note": "Neither the key nor H is recorded here; files marked key_material embed H.",
    }
    (outp / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    (outp / "files.f").write_text("".join(f"{f.name}\n" for f in files))
    return Generated(outp, "ghash_crenne_pipe", files, manifest)



def generate_ghash64(h: bytes, out: str | Path, opt: str = "lut6", prove: bool = True) -> Generated:
    """``authcore generate ghash64``: GHASH64 (the GCM spec's Appendix A, GF(2^64)) with H built in.

    The 64x64 matrix of x*H goes through the same optimizers into ``gf64_mul_h`` (proven on its 65
    vectors); ``ghash_core`` (WIDTH 64, MULT 3) streams 64-bit blocks through it under the generated
    top ``ghash64_keyspec``.
    """
    if len(h) != 8:
        raise InvalidParameter(f"the GHASH64 hash key H must be 8 bytes, got {len(h)}")
    if opt not in optimizer.OPTIMIZERS:
        raise InvalidParameter(f"unknown optimizer {opt!r}; use one of {', '.join(optimizer.OPTIMIZERS)}")
    outp = Path(out)
    outp.mkdir(parents=True, exist_ok=True)
    hi = int.from_bytes(h, "big")
    t0 = time.monotonic()
    net = optimizer.OPTIMIZERS[opt](matrix.rows(hi, 64), 64)
    opt_s = time.monotonic() - t0
    name = "gf64_mul_h"
    path = outp / f"{name}.v"
    emitter.write_secret(path, emitter.multiplier(name, net, 1, opt, width=64))
    entry: dict[str, object] = {
        "module": name, "power": 1, "file": path.name, "xor2": net.xor2, "depth": net.depth,
        "density": round(sum(bin(c).count("1") for c in matrix.columns(hi, 64)) / 64 ** 2, 4),
        "optimizer_seconds": round(opt_s, 3),
        "luts": (len(optimizer.lut_cover(net, optimizer.LUT_WIDTH[opt])) if opt in optimizer.LUT_WIDTH else None),
        "key_material": True, "mode": "0600",
    }
    if prove:
        t1 = time.monotonic()
        res = proof.prove_file(path, name, hi, width=64)
        entry["proof"] = {"proven": True, "cells": res.cells, "seconds": round(time.monotonic() - t1, 3)}
    top = outp / "ghash64_keyspec.v"
    top.write_text(emitter.ghash64_top())
    files = [path, *_copy_needed(top, outp), top]
    manifest: dict[str, object] = {
        "generator": "authcore generate ghash64", "top": "ghash64_keyspec", "width": 64, "lanes": 1,
        "optimizer": opt, "bits_per_cycle": 64, "xor2_total": net.xor2, "multipliers": [entry],
        "files": [{"file": f.name, "sha256": _sha256(f), "key_material": f == path} for f in files],
        "note": "Neither the key nor H is recorded here; files marked key_material embed H.",
    }
    (outp / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    (outp / "files.f").write_text("".join(f"{f.name}\n" for f in files))
    return Generated(outp, "ghash64_keyspec", files, manifest)


def benchmark_hash_key(seed: int) -> bytes:
    """H for benchmark key ``seed``: AES key from a seeded Mersenne Twister (public, not a secret)."""
    from authcore.model.gcm import hash_key

    return hash_key(random.Random(seed).randbytes(16))


def generate_for_sweep(spec: dict[str, object], key_seed: int, out: Path) -> tuple[str, list[str], dict[str, object]]:
    kind = spec.get("kind", "ghash")
    if kind == "gcm":
        from authcore.keyspec.gcm import GcmConfig, generate_gcm

        cfg = GcmConfig(int(spec.get("data_width", 128)), str(spec.get("sbox", "lut")),  # type: ignore[call-overload]
                        str(spec.get("ghash", "keyspec")), str(spec.get("specialize", "ghash")),
                        int(spec.get("lanes", 1)), deep=bool(spec.get("deep", False)),  # type: ignore[call-overload]
                        in_reg=bool(spec.get("in_reg", False)))
        gg = generate_gcm(out, cfg, key=random.Random(key_seed).randbytes(16),
                          optimizer=str(spec.get("optimizer", "lut6")))
        mult = gg.manifest["keyspec_multiplier"] or {}
        return gg.top, [str(f) for f in gg.files], {"specialize": cfg.specialize, "ghash": "keyspec",
                                                     "xor2": mult.get("xor2")}  # type: ignore[union-attr]
    if kind != "ghash":
        raise InvalidParameter(f"unknown generator kind {kind!r}")
    if spec.get("arch") == "crenne-pipe":
        g = generate_crenne(benchmark_hash_key(key_seed), out, stages=int(spec.get("stages", 8)),  # type: ignore[arg-type]
                            regs=int(spec.get("stage_regs", 1)), feedback=bool(spec.get("feedback", False)),  # type: ignore[arg-type]
                            opt=str(spec.get("optimizer", "lut4")), prove=bool(spec.get("prove", False)))
        return g.top, [str(f) for f in g.files], {"xor2": g.manifest["xor2_total"], "stages": g.manifest["stages"],
                                                   "optimizer": g.manifest["optimizer"]}
    part = spec.get("part", "core")
    if part not in ("core", "multiplier"):
        raise InvalidParameter(f"generate part must be 'core' or 'multiplier', not {part!r}")
    g = generate_ghash(benchmark_hash_key(key_seed), out, lanes=int(spec.get("lanes", 1)),  # type: ignore[arg-type]
                       arch=str(spec.get("arch", "feedback")), opt=str(spec.get("optimizer", "lut6")),
                       prove=bool(spec.get("prove", False)), deep=bool(spec.get("deep", False)))
    info = {"xor2": g.manifest["xor2_total"], "lanes": g.manifest["lanes"], "optimizer": g.manifest["optimizer"]}
    if part == "multiplier":
        # The x*H network alone, to set against a generic multiplier alone (no state, no stream).
        mult = next(f for f in g.files if f.name == "gf128_mul_h.v")
        info["xor2"] = next(m["xor2"] for m in g.manifest["multipliers"] if int(m["power"]) == 1)
        return "gf128_mul_h", [str(mult)], info
    return g.top, [str(f) for f in g.files], info


def prove_dir(d: str | Path, h: bytes | None = None) -> list[dict[str, object]]:
    """``authcore prove DIR``: re-prove every multiplier of a generated folder.

    Without the key: H is read off the proven gf128_mul_h netlist itself (its column for the
    field's 1 is H), and every gf128_mul_h<p> must then be exactly x*H^p for that same H. With the
    key (or H), that H must also be the caller's. Either way each netlist is proven XOR-only and
    equal to the model on the 129 vectors that fix an affine map.
    """
    folder = Path(d)
    mf = folder / "manifest.json"
    if not mf.is_file():
        raise InvalidParameter(f"no manifest.json in {folder}: not a generated folder")
    manifest = json.loads(mf.read_text())
    for f in manifest["files"]:
        path = folder / f["file"]
        if not path.is_file():
            raise InvalidParameter(f"{path} is listed in the manifest but missing")
        if _sha256(path) != f["sha256"]:
            raise proof.ProofError(f"{path.name} was changed after generation (SHA-256 differs from the manifest)")
    # gf128_mul_h first (H is read off it), then the other powers, then the inverse powers.
    mults = sorted(manifest["multipliers"], key=lambda m: (int(m["power"]) < 0, abs(int(m["power"]))))
    base = None
    results = []
    for m in mults:
        path = folder / str(m["file"])
        hold = bool(m.get("hold", False))
        ev = proof.evaluate_map(proof.elaborate(path, str(m["module"]), hold=hold),
                                proof.HOLD_TOP if hold else str(m["module"]))
        masks, census = ev.masks, ev.census
        addend, latency = bool(m.get("addend", False)), int(m.get("latency", 0))
        if ev.width != int(manifest.get("width", 128)):
            raise proof.ProofError(f"{m['module']}: {ev.width}-bit ports, the manifest's field is "
                                   f"{manifest.get('width', 128)} bits")
        if (ev.addend, ev.latency) != (addend, latency):
            raise proof.ProofError(f"{m['module']}: the netlist has {'an' if ev.addend else 'no'} accumulate input "
                                   f"and latency {ev.latency}; the manifest lists "
                                   f"{'an' if addend else 'no'} accumulate input and latency {latency}")
        if base is None:
            if int(m["power"]) != 1:
                raise proof.ProofError("the folder has no gf128_mul_h (power 1) to read H from")
            # The last column (unit vector of the field's 1) is H itself.
            base = sum(((mk >> ev.width) & 1) << i for i, mk in enumerate(masks))
            if h is not None and (len(h) * 8 != ev.width or base != int.from_bytes(h, "big")):
                raise proof.ProofError("gf128_mul_h multiplies by a different H than the given key's")
        e = int(m["power"])
        if e < 0 and base == 0:
            raise proof.ProofError(f"{m['module']} is listed as x*H^{e}, but H = 0 has no inverse")
        if ev.width == 64 and e != 1:
            raise proof.ProofError(f"{m['module']}: a GHASH64 folder holds x*H only")
        hp = base if ev.width == 64 else _h_power(base, e)
        proof.check(masks, hp, str(m["module"]), addend)
        results.append({"module": m["module"], "power": m["power"], "cells": census, "proven": True})
    return results
