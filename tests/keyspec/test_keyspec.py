"""Matrix, optimizers, emitter, proof and generator of the key-specialized multipliers."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from authcore.errors import InvalidParameter, ProofError
from authcore.keyspec import emitter, matrix, optimizer, proof
from authcore.keyspec.generate import generate_ghash, prove_dir
from authcore.model import gf128


def test_matrix_is_x_times_h(rng):
    h = rng.getrandbits(128)
    rows = matrix.rows(h)
    for _ in range(20):
        x = rng.getrandbits(128)
        assert matrix.apply(rows, x) == gf128.mul(x, h)
    assert matrix.columns(h)[127] == h  # bit 127 is the field's 1


@pytest.mark.parametrize("name", sorted(optimizer.OPTIMIZERS))
def test_optimizers_are_correct_and_deterministic(rng, name):
    h = rng.getrandbits(128)
    rows = matrix.rows(h)
    net = optimizer.OPTIMIZERS[name](rows)
    for _ in range(20):
        x = rng.getrandbits(128)
        assert net.evaluate(x) == gf128.mul(x, h)
    again = optimizer.OPTIMIZERS[name](rows)
    assert again.gates == net.gates and again.outputs == net.outputs


def test_sharing_beats_naive(rng):
    rows = matrix.rows(rng.getrandbits(128))
    naive = optimizer.naive(rows).xor2
    assert optimizer.cse(rows).xor2 < 0.5 * naive
    assert optimizer.lut6(rows).xor2 < 0.6 * naive


@pytest.mark.parametrize("name", sorted(optimizer.LUT_WIDTH))
def test_lut_cover_is_the_network_in_luts_of_the_width(rng, name):
    """The mapped form: every LUT has at most `width` inputs, each input is defined before it is
    used, the LUT XORs compute the matrix, and it costs fewer LUTs than one tree per row would."""
    width = optimizer.LUT_WIDTH[name]
    h = rng.getrandbits(128)
    rows = matrix.rows(h)
    net = optimizer.OPTIMIZERS[name](rows)
    cover = optimizer.lut_cover(net, width)
    defined = set(range(128))
    for sig, ins in cover:
        assert 2 <= len(ins) <= width and set(ins) <= defined and sig not in defined
        defined.add(sig)
    assert {o for o in net.outputs if o >= 0} <= defined
    for _ in range(10):
        x = rng.getrandbits(128)
        v = {j: (x >> j) & 1 for j in range(128)}
        for sig, ins in cover:
            v[sig] = sum(v[i] for i in ins) & 1
        assert sum(v[o] << i for i, o in enumerate(net.outputs)) == gf128.mul(x, h)
    alone = sum(-(-(len(r) - 1) // (width - 1)) for r in rows if len(r) > 1)
    assert len(cover) < 0.7 * alone
    assert optimizer.lut_cover(net, width) == cover


@pytest.mark.parametrize("name,levels", [("lut6", 4), ("lut4", 5)])
def test_lut_optimizers_keep_their_depth_bound(rng, name, levels):
    """lut6's cover is at most four LUTs deep and lut4's five, on the multiplier's rows and on the
    accumulating multiplier's 256-input rows (nodes may be three (four) LUTs deep; only rows with
    room in their own trees take them, judged by the depth of lut_cover's tree)."""
    width = optimizer.LUT_WIDTH[name]
    h = rng.getrandbits(128)
    for rows, n_in in ((matrix.rows(h), 128), (emitter.acc_rows(matrix.rows(h)), 256)):
        net = optimizer.OPTIMIZERS[name](rows, n_in)
        depth: dict[int, int] = {}
        for sig, ins in optimizer.lut_cover(net, width):
            depth[sig] = 1 + max(depth.get(i, 0) for i in ins)
        assert max(depth[o] for o in net.outputs if o >= 0) <= levels
    # the fewest-LUTs tree over leaves at given depths (hist[l] leaves at depth l), by hand
    assert optimizer._cover_depth((36,), 6) == 2 and optimizer._cover_depth((37,), 6) == 3
    assert optimizer._cover_depth((0, 0, 6), 6) == 3 and optimizer._cover_depth((1, 0, 6), 6) == 4
    assert optimizer._cover_depth((1,), 6) == 0 and optimizer._cover_depth((16,), 4) == 2


@pytest.mark.parametrize("name", ("lut6", "lut4"))
def test_lut_optimizers_cancel(rng, name):
    """Sharing with cancellation: some rows use a node holding inputs the row does not have, and
    take those inputs again to cancel them (the leaves of such a row's own LUTs include an input
    outside the row). Plain sharing only ever uses nodes inside a row."""
    width = optimizer.LUT_WIDTH[name]
    rows = matrix.rows(rng.getrandbits(128))
    net = optimizer.OPTIMIZERS[name](rows)
    cover = optimizer.lut_cover(net, width)
    ins_of = dict(cover)
    last = net.n_in + len(net.gates)  # signals above are a wide root's extra LUTs
    added = 0
    for i, o in enumerate(net.outputs):
        stack, leaves = [o], set()
        while stack:
            t = stack.pop()
            if t == o or t >= last:
                stack += ins_of[t]
            else:
                leaves.add(t)
        added += len({t for t in leaves if t < net.n_in} - set(rows[i]))
    assert added > 0


def test_mapped_multiplier_keeps_one_module_per_lut(tmp_path, rng):
    h = rng.getrandbits(128)
    net = optimizer.lut6(matrix.rows(h))
    text = emitter.multiplier("gf128_mul_h2", net, 2, "lut6")
    n = len(optimizer.lut_cover(net, 6))
    assert len(re.findall(r"^ +gf128_mul_h2_lut #\(\d\) u\d+ ", text, re.M)) == n and "(* keep_hierarchy *)" in text
    assert "module gf128_mul_h2_lut #(parameter N = 6)" in text


def test_proof_rejects_a_mapped_lut_with_a_wrong_input(tmp_path, rng):
    h = rng.getrandbits(128)
    text = emitter.multiplier("gf128_mul_h", optimizer.lut6(matrix.rows(h)), 1, "lut6")
    m = re.search(r"\.i\(\{(x\[(\d+)\]),", text)
    assert m
    other = (int(m.group(2)) + 1) % 128
    text = text[:m.start(1)] + f"x[{other}]" + text[m.end(1):]
    with pytest.raises(ProofError, match="differs from x\\*H"):
        proof.prove_file(_write(tmp_path, text), "gf128_mul_h", h)


def test_zero_key_emits_constant_rows(tmp_path):
    net = optimizer.lut6(matrix.rows(0))
    text = emitter.multiplier("gf128_mul_h", net, 1, "lut6")
    assert text.count("1'b0") == 128


def _write(tmp_path, text):
    p = tmp_path / "gf128_mul_h.v"
    p.write_text(text)
    return p


def test_proof_accepts_a_correct_multiplier(tmp_path, rng):
    h = rng.getrandbits(128)
    p = _write(tmp_path, emitter.multiplier("gf128_mul_h", optimizer.lut6(matrix.rows(h)), 1, "lut6"))
    res = proof.prove_file(p, "gf128_mul_h", h)
    assert set(res.cells) <= proof.ALLOWED


def test_proof_rejects_a_flipped_matrix_bit(tmp_path, rng):
    h = rng.getrandbits(128)
    rows = matrix.rows(h)
    i, j = rng.randrange(128), rng.randrange(128)
    rows[i] = sorted(set(rows[i]) ^ {j})  # one matrix entry flipped
    p = _write(tmp_path, emitter.multiplier("gf128_mul_h", optimizer.naive(rows), 1, "naive"))
    with pytest.raises(ProofError, match=f"output bit {i} differs from x\\*H at unit vector {j}"):
        proof.prove_file(p, "gf128_mul_h", h)


@pytest.mark.parametrize("gate,message", [(r"\1 & \2", "non-XOR cells"),
                                          (r"x[0] ? \1 : \2", "multiplexer that is not an XOR")])
def test_proof_rejects_a_gate_that_is_not_affine(tmp_path, rng, gate, message):
    h = rng.getrandbits(128)
    text = emitter.multiplier("gf128_mul_h", optimizer.naive(matrix.rows(h)), 1, "naive")
    text, n = re.subn(r"wire t0 = (x\[\d+\]) \^ (x\[\d+\]);", f"wire t0 = {gate};", text, count=1)
    assert n == 1
    with pytest.raises(ProofError, match=message):
        proof.prove_file(_write(tmp_path, text), "gf128_mul_h", h)


@pytest.mark.parametrize("karatsuba", [0, 1])
def test_generic_multiplier_with_h_tied_is_the_same_map(tmp_path, rng, karatsuba):
    """The premise of the keyspec/generic GHASH equivalence proof (formal/f_ghash_equiv.sv):
    gf128_mul_parallel with y tied to H computes x*H exactly, as gf128_mul_h does."""
    h = rng.getrandbits(128)
    res = proof.prove_generic(h, karatsuba)
    assert res.ok
    if karatsuba:   # gf128_reduce's "if (r[k]) r ^= ..." multiplexers, evaluated as XORs
        assert res.cells.get("$_MUX_", 0) > 0
    p = _write(tmp_path, proof.generic_source(h, karatsuba))
    masks, _ = proof.evaluate(proof.elaborate(p, "gf128_mul_generic_h", fold=True), "gf128_mul_generic_h")
    with pytest.raises(ProofError, match="differs from x\\*H"):
        proof.check(masks, h ^ 1, "gf128_mul_generic_h")   # and not x*H' for another H'


def test_proof_rejects_an_affine_offset(tmp_path, rng):
    h = rng.getrandbits(128)
    text = emitter.multiplier("gf128_mul_h", optimizer.naive(matrix.rows(h)), 1, "naive")
    text = text.replace("assign y[5] = ", "assign y[5] = ~", 1)
    with pytest.raises(ProofError, match="not linear"):
        proof.prove_file(_write(tmp_path, text), "gf128_mul_h", h)


def test_generate_manifest_modes_and_prove_dir(tmp_path, rng):
    h = rng.randbytes(16)
    g = generate_ghash(h, tmp_path / "out", lanes=2)
    man = json.loads((tmp_path / "out" / "manifest.json").read_text())
    blob = json.dumps(man).lower()
    assert h.hex() not in blob and str(int.from_bytes(h, "big")) not in blob
    # the only long hex strings are the files' SHA-256 digests (64 digits), never a 32-digit H or key
    assert all(len(m) == 64 for m in re.findall(r"[0-9a-f]{32,}", blob))
    assert [m["power"] for m in man["multipliers"]] == [1, 2]
    for f in g.files:
        mode = stat.S_IMODE(os.stat(f).st_mode)
        text = f.read_text()
        if f.name.startswith("gf128_mul_h"):
            assert mode == 0o600 and "KEY MATERIAL" in text
        else:
            assert "KEY MATERIAL" not in text.split("\n", 3)[1]
    assert all(r["proven"] for r in prove_dir(tmp_path / "out"))
    assert prove_dir(tmp_path / "out", h)
    with pytest.raises(ProofError, match="different H"):
        prove_dir(tmp_path / "out", bytes(16))
    # tampering after generation is caught by the manifest's hashes
    f = tmp_path / "out" / "gf128_mul_h2.v"
    f.write_text(f.read_text().replace("^", "&", 1))
    with pytest.raises(ProofError, match="changed after generation"):
        prove_dir(tmp_path / "out")


def test_pipelined_folder_has_proven_inverse_powers(tmp_path, rng):
    """--arch pipelined adds x*H^-1, x*H^-2, x*H^-4 for 8 lanes (the correction of a short last
    beat); prove_dir proves them from H read off gf128_mul_h, and fails a manifest that claims
    x*H^-3 for a module that is x*H^-2."""
    from authcore.model import gf128

    h = rng.randbytes(16)
    g = generate_ghash(h, tmp_path / "out", lanes=8, arch="pipelined", opt="cse")
    powers = [m["power"] for m in g.manifest["multipliers"]]
    assert powers == [1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -4]
    # the multipliers, then the rtl/common primitives the top instantiates (no key material), the top
    # (keep_reg.v: axis_fifo instantiates it for HEAD_W)
    assert [f.name for f in g.files][-7:] == ["gf128_mul_hinv.v", "gf128_mul_hinv2.v", "gf128_mul_hinv4.v",
                                             "axis_fifo.v", "keep_reg.v", "axis_keep.v", "ghash_keyspec.v"]
    secret = {f["file"] for f in g.manifest["files"] if f["key_material"]}
    assert secret == {f"{m['module']}.v" for m in g.manifest["multipliers"]}
    assert stat.S_IMODE(os.stat(tmp_path / "out" / "gf128_mul_hinv4.v").st_mode) == 0o600
    assert [r["power"] for r in prove_dir(tmp_path / "out", h)][-3:] == [-1, -2, -4]
    # the model's inverse, which the generator and prove_dir both use, is one: H^-1 * H = 1
    hi = int.from_bytes(h, "big")
    assert gf128.mul(gf128.inverse(hi), hi) == gf128.ONE
    # a manifest that lists the H^-2 module as H^-3 fails the proof
    other = generate_ghash(h, tmp_path / "three", lanes=4, arch="pipelined", opt="cse")
    assert [m["power"] for m in other.manifest["multipliers"]][-2:] == [-1, -2]
    man = json.loads((tmp_path / "three" / "manifest.json").read_text())
    man["multipliers"][-1]["power"] = -3
    (tmp_path / "three" / "manifest.json").write_text(json.dumps(man))
    with pytest.raises(ProofError):
        prove_dir(tmp_path / "three")
    with pytest.raises(InvalidParameter, match="no inverse"):
        generate_ghash(bytes(16), tmp_path / "zero", lanes=2, arch="pipelined")


def test_generation_is_deterministic(tmp_path, rng):
    h = rng.randbytes(16)
    a = generate_ghash(h, tmp_path / "a", lanes=2, prove=False)
    b = generate_ghash(h, tmp_path / "b", lanes=2, prove=False)
    assert [f.read_bytes() for f in a.files] == [f.read_bytes() for f in b.files]


def test_generate_rejects_bad_parameters(tmp_path):
    with pytest.raises(InvalidParameter, match="lanes"):
        generate_ghash(bytes(16), tmp_path, lanes=0)
    with pytest.raises(InvalidParameter, match="optimizer"):
        generate_ghash(bytes(16), tmp_path, opt="magic")
    with pytest.raises(InvalidParameter, match="16 bytes"):
        generate_ghash(bytes(15), tmp_path)


def test_sweep_generates_the_multiplier_alone(tmp_path):
    """A sweep row with part = "multiplier" synthesizes x*H alone: the module, its one file, and
    that multiplier's XOR2 count, which the core's power-1 multiplier shares."""
    from authcore.keyspec.generate import generate_for_sweep

    top, files, info = generate_for_sweep({"kind": "ghash", "lanes": 2, "part": "multiplier"}, 3, tmp_path / "m")
    core_top, core_files, core_info = generate_for_sweep({"kind": "ghash", "lanes": 2}, 3, tmp_path / "c")
    assert top == "gf128_mul_h" and [f.rsplit("/", 1)[1] for f in files] == ["gf128_mul_h.v"]
    assert core_top == "ghash_keyspec" and [f.rsplit("/", 1)[1] for f in core_files] == [
        "gf128_mul_h.v", "gf128_mul_h2.v", "axis_keep.v", "ghash_keyspec.v"]
    assert 0 < info["xor2"] < core_info["xor2"]  # the core also has x*H^2
    assert "module gf128_mul_h (" in Path(files[0]).read_text()
    with pytest.raises(InvalidParameter, match="part"):
        generate_for_sweep({"kind": "ghash", "part": "state"}, 0, tmp_path / "bad")


def test_density_study_matches_the_matrix():
    from authcore.keyspec.density import study
    from authcore.keyspec.generate import benchmark_hash_key  # noqa: F401 - same key source family

    st = study(20, seed=3)
    import random

    from authcore.model.gcm import hash_key

    r = random.Random(3)
    keys = [r.randbytes(16) for _ in range(20)]
    want = [1 - matrix.density(int.from_bytes(hash_key(k), "big")) for k in keys]
    assert st.zeros.tolist() == pytest.approx(want)
    s = st.summary()
    assert s["min"] <= s["mean"] <= s["max"]


@pytest.mark.parametrize("specialize,lanes,selftest", [(None, 1, False), ("ghash", 1, False), ("all", 1, False),
                                                     ("all", 2, False), (None, 1, True), ("all", 2, True)])
def test_generated_gcm_marks_and_protects_key_material(tmp_path, rng, specialize, lanes, selftest):
    """Every file that embeds H or round keys is mode 0600 with a KEY MATERIAL header and marked in
    the manifest; nothing else is; the manifest never holds the key or H."""
    from authcore.keyspec.gcm import GcmConfig, generate_gcm
    from authcore.model.gcm import hash_key

    key = rng.randbytes(16)
    cfg = GcmConfig(128, "lut", "parallel" if specialize is None else "keyspec", specialize, lanes, selftest)
    g = generate_gcm(tmp_path / "gen", cfg, key=None if specialize is None else key)
    assert any(f.name == "gcm_selftest.v" for f in g.files) == selftest
    marked = {f["file"] for f in g.manifest["files"] if f["key_material"]}
    want = set() if specialize is None else {"ghash/gf128_mul_h.v", "gcm_top.v"}
    if lanes == 2:   # the power basis's four maps instead of the multiplier
        want = {"gcm_top.v", *(f"ghash/gf128_pow_{m}.v" for m in ("in", "out", "c1", "c2"))}
    assert marked == want
    for f in g.files:
        rel = str(f.relative_to(tmp_path / "gen"))
        secret = rel in want
        assert (stat.S_IMODE(os.stat(f).st_mode) == 0o600) == secret, rel
        assert ("KEY MATERIAL" in f.read_text()[:400]) == secret, rel
    h = hash_key(key)
    blob = json.dumps(g.manifest).lower()
    assert key.hex() not in blob and h.hex() not in blob
    if specialize:
        assert f"128'h{h.hex()}" in (tmp_path / "gen" / "gcm_top.v").read_text()
    assert g.manifest["lanes"] == lanes and g.manifest["parameters"]["LANES"] == lanes


@pytest.mark.parametrize("opt,regs", [("lut4", 1), ("lut6", 2), ("cse", 0)])
def test_accumulate_multiplier_with_pipeline_registers_is_proven(tmp_path, rng, opt, regs):
    """gf128_mulacc_h: y = x*H ^ a, regs cycles later; the proof evaluates through the registers
    and requires every path to cross the same number of them."""
    h = rng.getrandbits(128)
    net = optimizer.OPTIMIZERS[opt](emitter.acc_rows(matrix.rows(h)), 256)
    p = tmp_path / "gf128_mulacc_h.v"
    p.write_text(emitter.multiplier_acc("gf128_mulacc_h", net, opt, regs))
    res = proof.prove_file(p, "gf128_mulacc_h", h, addend=True, latency=regs)
    assert res.cells.get("$_DFF_P_", 0) >= (128 if regs else 0)
    with pytest.raises(ProofError, match="register levels on every path"):
        proof.prove_file(p, "gf128_mulacc_h", h, addend=True, latency=regs + 1)
    with pytest.raises(ProofError, match="accumulate input"):
        proof.prove_file(p, "gf128_mulacc_h", h, addend=False, latency=regs)


def test_proof_rejects_unbalanced_registers_and_a_wrong_addend(tmp_path, rng):
    h = rng.getrandbits(128)
    net = optimizer.lut4(emitter.acc_rows(matrix.rows(h)), 256)
    text = emitter.multiplier_acc("gf128_mulacc_h", net, "lut4", 1)
    # one LUT after the cut reads a signal from before its register: that path has no register
    m = re.search(r"u\d+ \(\.i\(\{[^}]*?\b(t\d+)_d1\b", text)
    assert m
    bad = text[:m.start(1)] + m.group(1) + text[m.end(1) + 3:]
    p = tmp_path / "gf128_mulacc_h.v"
    p.write_text(bad)
    with pytest.raises(ProofError, match="different register counts"):
        proof.prove_file(p, "gf128_mulacc_h", h, addend=True, latency=1)
    # the accumulate input of one row swapped for its neighbour's
    net2 = optimizer.naive(emitter.acc_rows(matrix.rows(h)), 256)
    text = emitter.multiplier_acc("gf128_mulacc_h", net2, "naive", 0)
    m = re.search(r"a\[(\d+)\]", text)
    assert m
    j = int(m.group(1))
    text = text[:m.start()] + f"a[{(j + 1) % 128}]" + text[m.end():]
    p.write_text(text)
    with pytest.raises(ProofError, match="x\\*H \\^ a at unit vector a_"):
        proof.prove_file(p, "gf128_mulacc_h", h, addend=True, latency=0)


def test_ghash64_multiplier_is_proven_on_65_vectors(tmp_path, rng):
    """GHASH64's 64x64 matrix through the same optimizers and proof; a flipped entry is caught."""
    from authcore.model import gcm64

    h = rng.getrandbits(64)
    rows = matrix.rows(h, 64)
    x = rng.getrandbits(64)
    assert matrix.apply(rows, x) == gcm64.gf64_mul(x, h)
    for opt in ("lut6", "lut4", "cse"):
        net = optimizer.OPTIMIZERS[opt](rows, 64)
        p = tmp_path / f"m_{opt}.v"
        p.write_text(emitter.multiplier("gf64_mul_h", net, 1, opt, width=64))
        proof.prove_file(p, "gf64_mul_h", h, width=64)
        with pytest.raises(ProofError, match="64-bit ports, expected 128"):
            proof.prove_file(p, "gf64_mul_h", h)
    bad = [list(r) for r in rows]
    bad[7] = sorted(set(bad[7]) ^ {3})
    p = tmp_path / "bad.v"
    p.write_text(emitter.multiplier("gf64_mul_h", optimizer.naive(bad, 64), 1, "naive", width=64))
    with pytest.raises(ProofError, match="output bit 7 differs from x\\*H at unit vector 3"):
        proof.prove_file(p, "gf64_mul_h", h, width=64)


def test_generate_ghash64_folder_and_prove_dir(tmp_path, rng):
    from authcore.keyspec.generate import generate_ghash64, prove_dir

    h = rng.randbytes(8)
    g = generate_ghash64(h, tmp_path / "g")
    assert g.top == "ghash64_keyspec" and g.manifest["width"] == 64
    assert (tmp_path / "g" / "gf64_mul_h.v").stat().st_mode & 0o777 == 0o600
    assert h.hex() not in (tmp_path / "g" / "manifest.json").read_text()
    assert prove_dir(tmp_path / "g", h)[0]["proven"]
    with pytest.raises(ProofError, match="different H"):
        prove_dir(tmp_path / "g", bytes(a ^ 1 for a in h))


def test_deep_folder_proves_its_cut_multipliers(tmp_path, rng):
    """--deep: every feed-forward multiplier is cut by a register level (latency 1) and the loop's
    x*H^2N holds en/clr registers; prove_dir proves each with the latency (and hold) its manifest
    lists, and fails a manifest that claims no register level or drops the hold."""
    h = rng.randbytes(16)
    g = generate_ghash(h, tmp_path / "out", lanes=2, arch="pipelined", deep=True)
    mults = g.manifest["multipliers"]
    assert [(m["power"], m.get("latency", 0), m.get("hold", False)) for m in mults] == \
        [(1, 1, False), (2, 1, False), (-1, 1, False), (4, 1, True)]
    res = prove_dir(tmp_path / "out", h)
    assert sorted(r["power"] for r in res) == [-1, 1, 2, 4] and all(r["proven"] for r in res)
    man_path = tmp_path / "out" / "manifest.json"
    good = man_path.read_text()
    for change, msg in (({"latency": 0}, "latency 1; the manifest lists no accumulate input and latency 0"),
                        ({"hold": False}, "gf128_mul_h4_hold: ports must be exactly x")):
        man = json.loads(good)
        man["multipliers"][-1 if "hold" in change else 0].update(change)
        man_path.write_text(json.dumps(man))
        with pytest.raises(ProofError, match=msg):
            prove_dir(tmp_path / "out", h)
