"""What ``make demo`` prints: the model's intermediates next to the spec's published ones, then
the key-specialized GHASH flow (generate, prove, simulate, synthesize) when the tools are present."""

from __future__ import annotations

from typing import TextIO

from authcore.errors import InvalidParameter
from authcore.model import gcm
from authcore.vectors import spec


def spec_check(numbers: list[int]) -> list[dict[str, object]]:
    """Run the model on the spec's test cases: for each, every intermediate the spec publishes
    (H, the N_i of a long IV, Y0, E(K,Y0), the X_i, GHASH, T) as the model's value, the published
    one (None where the spec gives none) and whether they agree, and whether C matches.

    These keys are the spec's public test keys, so H and the rest reveal nothing secret.
    """
    cases = {c.number: c for c in spec.load()}
    bad = [n for n in numbers if n not in cases]
    if bad:
        raise InvalidParameter(f"test case {bad[0]}: the spec has test cases {min(cases)}-{max(cases)}")
    results = []
    for n in numbers:
        c = cases[n]
        t = gcm.trace(c["K"], c["IV"], c["P"], c["A"])
        pairs = [("H", t.h, c.get("H"))]
        pairs += [(f"N{i}", v, c.get(f"N{i}")) for i, v in enumerate(t.n_chain, 1)]
        pairs += [("Y0", t.y0, c.get("Y0")), ("E(K,Y0)", t.e_y0, c.get("EY0"))]
        pairs += [(f"X{i}", v, c.get(f"X{i}")) for i, v in enumerate(t.x_chain, 1)]
        pairs += [("GHASH", t.ghash, c.get("GHASH")), ("T", t.tag, c.get("T"))]
        values = [{"name": name, "model": got.hex(), "published": want.hex() if want is not None else None,
                   "ok": want is None or got == want} for name, got, want in pairs]
        c_ok = t.ciphertext == c["C"]
        results.append({"case": n, "key_bits": 8 * len(c["K"]), "iv_bytes": len(c["IV"]), "aad_bytes": len(c["A"]),
                        "text_bytes": len(c["P"]), "values": values, "ciphertext_ok": c_ok,
                        "ok": c_ok and all(v["ok"] for v in values)})
    return results


def spec_report(numbers: list[int], out: TextIO) -> bool:
    """spec_check as text: True when every published value matches."""
    results = spec_check(numbers)
    for r in results:
        out.write(f"GCM spec test case {r['case']} (AES-{r['key_bits']}, IV {r['iv_bytes']} bytes, "
                  f"AAD {r['aad_bytes']} bytes, P {r['text_bytes']} bytes)\n")
        out.write(f"  {'value':<8} {'model':<34} {'published':<34}\n")
        for v in r["values"]:  # type: ignore[union-attr]
            mark = "--" if v["published"] is None else ("ok" if v["ok"] else "MISMATCH")
            out.write(f"  {v['name']:<8} {v['model']:<34} {v['published'] or '':<34} {mark}\n")
        out.write(f"  C ({r['text_bytes']} bytes) {'matches' if r['ciphertext_ok'] else 'DIFFERS'}\n")
        out.write(f"  test case {r['case']}: {'all values match' if r['ok'] else 'MISMATCH'}\n\n")
    return all(r["ok"] for r in results)


DEMO_KEY = bytes.fromhex("feffe9928665731c6d6a8f9467308308")  # the GCM spec's public test key (cases 3-6)


def keyspec_demo(out: TextIO, build: str = "build/demo") -> None:
    """Generate, prove, simulate and synthesize the key-specialized GHASH for the demo key.

    Every step raises on failure (a failed proof, simulation or tool run), so there is no flag."""
    import os
    import random
    import time
    from pathlib import Path

    from rich.console import Console
    from rich.table import Table

    from authcore.flow.sim import simulate
    from authcore.flow.synth import synth
    from authcore.keyspec.generate import generate_ghash
    from authcore.model.gcm import hash_key
    from authcore.rtl import files as rtl_files
    from authcore.testbench import HERE as TB
    from authcore.testbench.tbconfig import GhashKeyspecTb

    root = Path(build).resolve()  # the simulator runs in its own folder, so no relative paths
    h = hash_key(DEMO_KEY)  # public spec key: H = b83b5337... is printed in the spec itself
    rows = []
    for lanes, arch in ((1, "feedback"), (4, "feedback"), (4, "pipelined")):
        t0 = time.monotonic()
        g = generate_ghash(h, root / f"ghash-{arch}-lanes{lanes}", lanes=lanes, arch=arch)
        gen_s = time.monotonic() - t0
        mults = g.manifest["multipliers"]
        out.write(f"generated {g.out}: {lanes} lane(s), {arch}, {g.manifest['xor2_total']} XOR2 in "
                  f"{len(mults)} multiplier(s) (optimizer lut6), all proven, {gen_s:.1f} s\n")  # type: ignore[arg-type]
        seed = random.SystemRandom().randrange(1 << 30)
        passed, _ = simulate("ghash_keyspec", g.files, "tb_ghash_keyspec", [TB], root / f"sim-{arch}-lanes{lanes}",
                             env={"AUTHCORE_SEED": str(seed)},
                             config=GhashKeyspecTb(h=h.hex(), lanes=lanes, arch=arch, msgs=20))
        out.write(f"  simulated against the model (Icarus + cocotb, seed {seed}): {passed} tests passed, "
                  "including every X_i of spec test cases 3-6\n")
        rows.append((f"key-specialized, {lanes} lane(s), {arch}", g.top, [str(f) for f in g.files], {}, 128 * lanes))
    generic = [str(f) for f in rtl_files("ghash_core")]
    out.flush()
    rows.append(("generic bit-parallel (ghash_core)", "ghash_core", generic, {"MULT": 0}, 128))
    rows.append(("generic digit-serial D=8 (ghash_core)", "ghash_core", generic, {"MULT": 2, "DIGIT": 8}, 128 / 17))
    os.environ.setdefault("AUTHCORE_QUIET", "1")
    table = Table(title="GHASH cores on xc7 (Yosys synth_xilinx, LUT6)")
    for col in ("core", "LUT6", "FFs", "bits/cycle", "synth s"):
        table.add_column(col, justify="right" if col != "core" else "left")
    out.write("synthesizing on xc7 (the generic bit-parallel core takes Yosys 10-30 minutes the first "
              "time; results are cached in build/cache)\n")
    out.flush()
    for label, top, files, params, bpc in rows:
        r = synth(top, files, params, target="xc7", bits_per_cycle=bpc)
        table.add_row(label, f"{r['luts']:,}", str(r["ffs"]), f"{bpc:.3g}",
                      f"{r['seconds']}" + (" (cached)" if r["cached"] else ""))
    Console(file=out).print(table)
    out.write("ECP5 place-and-route numbers (fmax, Gbit/s) for these cores are in docs/results.md.\n")


def gcm_demo(out: TextIO, build: str = "build/demo") -> bool:
    """The spec's test cases 3 and 4 through the generic gcm_core and through a gcm_top with the
    demo key's H built in (`authcore generate gcm --specialize ghash`), side by side; True when
    both reproduce every published ciphertext and tag and accept them when decrypting."""
    import json
    import random
    from pathlib import Path

    from rich.console import Console
    from rich.table import Table

    from authcore.flow.sim import simulate
    from authcore.flow.targets import sources
    from authcore.keyspec.gcm import GcmConfig, generate_gcm
    from authcore.testbench import HERE as TB

    root = Path(build).resolve()  # the simulator runs in its own folder, so no relative paths
    cases = [c for c in spec.load() if c.number in (3, 4)]
    jobs = [["e", c["K"].hex(), c["IV"].hex(), c["P"].hex(), c["A"].hex(), 16] for c in cases]
    jobs += [["d", c["K"].hex(), c["IV"].hex(), c["C"].hex(), c["A"].hex(), c["T"].hex()] for c in cases]
    g = generate_gcm(root / "gcm-keyspec", GcmConfig(128, "lut", "keyspec", "ghash"), key=DEMO_KEY)
    m = g.manifest["keyspec_multiplier"]
    out.write(f"generated {g.out}: gcm_top with H built in ({m['xor2']} XOR2, proven), "  # type: ignore[index]
              "key port kept, key_mismatch checked at key load\n")
    cores = [("generic gcm_core (bit-parallel GHASH)", "gcm_core", sources("gcm_core"),
              {"DATA_W": 128, "SBOX": 0, "GHASH": 0}),
             ("key-specialized gcm_top", "gcm_top", [str(f) for f in g.files], {})]
    table = Table(title="GCM spec test cases 3 and 4 through the RTL (Icarus + cocotb)")
    for col in ("core", "TC3 C and T", "TC4 C and T", "decrypt TC3/TC4"):
        table.add_column(col)
    all_ok = True
    for label, top, files, params in cores:
        work = root / f"sim-{top}"
        work.mkdir(parents=True, exist_ok=True)
        (work / "jobs.json").write_text(json.dumps({"gcm": jobs}))
        seed = random.SystemRandom().randrange(1 << 30)
        env = {"AUTHCORE_JOBS": str(work / "jobs.json"), "AUTHCORE_RESULTS": str(work / "results.json"),
               "AUTHCORE_SEED": str(seed)}
        out.write(f"simulating {label} (Icarus + cocotb, seed {seed})\n")
        out.flush()
        simulate(top, files, "tb_gcm", [TB], work / "sim", parameters=params, env=env, testcase="batch")
        res = json.loads((work / "results.json").read_text())["gcm"]
        enc = ["ok" if r == [c["C"].hex(), c["T"].hex()] else "MISMATCH" for r, c in zip(res[:2], cases, strict=True)]
        dec = ["accepted" if r == c["P"].hex() else "REJECTED" for r, c in zip(res[2:], cases, strict=True)]
        all_ok &= enc == ["ok", "ok"] and dec == ["accepted", "accepted"]
        table.add_row(label, enc[0], enc[1], " / ".join(dec))
    Console(file=out).print(table)
    out.write("Area, fmax and Gbit/s of the GCM configurations: docs/results.md (authcore sweep "
              "benchmarks/gcm.toml; the two-lane core: benchmarks/gcm_lanes.toml).\n")
    return all_ok


def run_demo(out: TextIO, quick: bool = False) -> bool:
    ok = spec_report([3, 4], out)
    if not quick:
        ok &= gcm_demo(out)
        keyspec_demo(out)
    return ok

