"""The formal proofs (formal/jobs.toml through authcore.flow.formal): the quick ones here, the rest
in make test-full; and the mutants, deliberate bugs that each proof must catch (its teeth)."""

from __future__ import annotations

import shutil

import pytest

from authcore import rtl
from authcore.errors import InvalidParameter
from authcore.flow import formal
from authcore.keyspec import proof

JOBS = formal.load()
BY_NAME = {j.name: j for j in JOBS}


# one test a proof, so pytest-xdist spreads them over its workers (a single test running every
# proof kept one worker busy for minutes at the end of make test); the quick ones in make test,
# the rest in make test-full
@pytest.mark.parametrize("job", [j if j.quick else pytest.param(j, marks=pytest.mark.full) for j in JOBS],
                         ids=[j.name for j in JOBS])
def test_proof(tmp_path, job):
    r = formal.run_one(job, tmp_path)
    assert r.status == "PASS", f"{job.name}: {r.status} {r.tasks} ({r.log})"


# (file under rtl/, text, its replacement, the proof that must fail, the bug in words). make test
# runs the mutants whose proofs take seconds (the pipelined GHASH's three since its multiplier's
# leaf table elaborates in seconds, 07c8f31); those of the stream proofs (BMC runs of minutes), of
# the GCM proofs and of GHASH with a generated multiplier (20-60 s each) run in make test-full, where
# every mutant runs.
MUTANTS = [
    ("common/axis_reg.v", "if (free && (EAGER == 1 || skid_v_q || s_axis_tvalid))",
     "if (EAGER == 1 || skid_v_q || s_axis_tvalid)", "axis_reg-mode2-wipe0-eager0",
     "skid slice: the output register loads while the output stalls (data changes under backpressure)"),
    ("common/axis_reg.v", "else if (free) v_q <= s_axis_tvalid;", "else v_q <= s_axis_tvalid;",
     "axis_reg-mode1-wipe0-eager0", "simple slice: a stalled beat is overwritten (a dropped beat)"),
    ("common/axis_fifo.v", "assign s_axis_tready = !full_q && !wiping;", "assign s_axis_tready = !wiping;",
     "axis_fifo-logic-depth2-out_regs1-wipe0-eager0", "FIFO: takes a beat while full (a dropped beat)"),
    ("common/axis_fifo.v", "if (load) rp_q <= rp_q + 1'b1;", "if (load && stored_q != 2) rp_q <= rp_q + 1'b1;",
     "axis_fifo-logic-depth2-out_regs0-wipe0-eager0", "FIFO: the read pointer sticks once (a duplicated beat)"),
    ("common/axis_fifo.v", "end else if (OUT_REGS == 1) begin", "end else begin",
     "axis_fifo-logic-depth2-out_regs0-wipe0-eager0", "FIFO: count off by one without output register "
     "(the bug the proof found)"),
    ("common/axis_fifo.v", "if (WIPE == 1 && (rst || clear)) w_q <= {WIDTH{1'b0}};",
     "if (1'b0) w_q <= {WIDTH{1'b0}};", "axis_fifo-logic-depth2-out_regs1-wipe1-eager0",
     "FIFO: a word left out of the wipe"),
    ("common/axis_fifo.v", ".d(hrp + 1'b1), .q(hrp)", ".d(hrp), .q(hrp)", "axis_fifo-head-depth2-head_w2-wipe0-eager0",
     "FIFO: the read pointer's copy for the head's top bits does not count (a stale kind)"),
    ("ghash/ghash_core.v", "            x_q <= {WIDTH{1'b0}};\n            in_msg_q <= 1'b0;",
     "            in_msg_q <= 1'b0;", "ghash_core-erase-mult0", "GHASH: the running value left out of erasure"),
    pytest.param("gcm/gcm_key_ctl.v", "h_q <= 128'd0;", "h_q <= h_q;", "gcm_core-erase", "GCM: H left out of erasure",
                 marks=pytest.mark.full),
    pytest.param("ghash/ghash_core.v", "assign hash_now = go && b_last_q;", "assign hash_now = go;",
     "ghash_core-stream",
     "GHASH: every block ends a message (hashes nobody asked for)", marks=pytest.mark.full),
    pytest.param("ghash/ghash_pipe.v", "adv_d = (b_v_d || emit_d) && (!emit_d || out_ready_d);",
     "adv_d = b_v_d || emit_d;", "ghash_core-stream-pipe",
     "GHASH, pipelined multiplier: a hash leaves while the output register is full (a dropped hash)",
     marks=pytest.mark.full),
    ("ghash/ghash_pipe.v", "(out_ready && !hash_now);", "out_ready;", "ghash_core-adv-reg",
     "GHASH, pipelined multiplier: the registered advance misses a hash entering the skid output"),
    ("ghash/ghash_pipe.v", "            h2_q <= 128'd0;\n", "", "ghash_core-erase-mult5",
     "GHASH, pipelined multiplier: H^2 left out of erasure"),
    ("common/keep_reg.v", "if (clr) q <= {WIDTH{1'b0}};", "if (1'b0) q <= {WIDTH{1'b0}};",
     "ghash_core-clear-mult5", "GHASH, pipelined multiplier: the operand copies (keep_reg, a kept hierarchy "
     "the clear-all check flattens) left out of the clear"),
    ("aes/aes_key_expand.v", "            win_q <= 256'd0;\n", "", "aes_key_expand-erase-pace1",
     "AES: the key schedule's window left out of erasure"),
    pytest.param("gen/ghash_keyspec.v", "wire [127:0] x_eff = fresh_q ? 128'd0 : x_q;", "wire [127:0] x_eff = x_q;",
     "ghash_keyspec-equiv", "keyspec GHASH (as generated): a message starts from the last hash, not zero",
     marks=pytest.mark.full),
    ("ghash/ghash_core.v", "else if (take) b_q <= s_axis_tdata;",
     "else if (take && !s_axis_tlast) b_q <= s_axis_tdata;", "ghash_keyspec-equiv",
     "generic GHASH: the last block of a message is not hashed"),
    pytest.param("ghash/ghash_core.v", "gf128_mul_h u_mul (.x(x_q ^ b_q), .y(prod));",
     "gf128_mul_h u_mul (.x(x_q ^ {b_q[0], b_q[127:1]}), .y(prod));", "ghash_core-equiv-mult3",
     "GHASH with the generated multiplier: the block enters it rotated by a bit",
     marks=pytest.mark.full),
    pytest.param("gcm/gcm_key_ctl.v", "assign builtin_mismatch = aes_h != H_BUILTIN;",
     "assign builtin_mismatch = aes_h != {H_BUILTIN[127:1], !H_BUILTIN[0]};", "gcm_core-equiv",
     "GCM with H built in: the check of H compares with a wrong H (the right key is refused)",
     marks=pytest.mark.full),
    ("sha/hash_pad.v", "wire [60:0] total_k = total + (user[1] ? 61'd64 : 61'd0);",
     "wire [60:0] total_k = total;", "hash_pad-stream",
     "padding: HMAC's K0 block left out of the length field"),
    pytest.param("sha/md_compress.v", ".s_axis_tdata({fin_md5, fin_user, digest}), .s_axis_tvalid(fin_v),",
     ".s_axis_tdata({fin_md5, fin_user, digest}), .s_axis_tvalid(fin_v || m_axis_tvalid),", "md_compress-md5",
     "MD5/SHA-1 compression: the output register takes its block again (a duplicated block)",
     marks=pytest.mark.full),
    ("hmac/hmac_ctx.v", "klen_q <= 7'd0;\n            kbuf_q <= 512'd0;\n", "klen_q <= 7'd0;\n",
     "hmac_core-clear-hash0", "HMAC: the key buffer (K0) left out of erasure"),
    ("sha/md_compress.v", "                    w <= 512'd0;\n", "", "hmac_core-clear-hash1",
     "HMAC-MD5: the compression's message block left out of erasure"),
    ("sha/sha256_compress.v", "                    {a_q, b_q, c_q, d_q, e_q, f_q, g_q, h_q} <= 256'd0;\n", "",
     "hmac_core-clear-hash3", "HMAC-SHA-256: the working variables left out of erasure"),
    pytest.param("hmac/hmac_core.v", "assign s_axis_tready = |(s_ready & (ONE << sel));",
                 "assign s_axis_tready = 1'b1;", "hmac_core-stream-hash0",
                 "HMAC: a message beat taken while its context is busy (a lost beat)", marks=pytest.mark.full),
    pytest.param("ghash/ghash_core.v", "rdy_q <= owed_d != OWED_MAX;", "rdy_q <= 1'b1;",
                 "ghash_core-stream-lanes2", "GHASH, two lanes: messages taken with no hash slot free "
                 "(hashes dropped)", marks=pytest.mark.full),
    pytest.param("ghash/ghash_core.v", "if (rst || key_clear) zf_q <= 128'd0;", "if (rst) zf_q <= 128'd0;",
                 "gcm_core-erase-lanes2", "GCM, two lanes: a message's last coordinates left out of erasure",
                 marks=pytest.mark.full),
    pytest.param("common/axis_fifo.v", "{out_q, out1_q} <= {(2*WIDTH){1'b0}};",
                 "{out_q, out1_q} <= {out_q, out1_q};", "gcm_core-erase-deep",
                 "GCM DEEP: the S and E_K(J0) queues' output registers (HEAD_REG) left out of erasure",
                 marks=pytest.mark.full),
    pytest.param("gcm/gcm_out.v", "                last_q <= 1'b1;\n", "                last_q <= 1'b0;\n",
                 "gcm_core-stream", "GCM: a packet's final beat without tlast", marks=pytest.mark.full),
    pytest.param("aes/aes_round_deep.v", "assign d_v = v_q[NV-1];", "assign d_v = v_q[NV-1] || v_q[NV-2];",
                 "aes_enc_pipe-deep", "DEEP AES: a round unit passes its block on twice (a duplicated block)",
                 marks=pytest.mark.full),
]


def _id(i: int, m) -> str:
    fields = m.values if hasattr(m, "values") else m   # a pytest.param carries its values
    return fields[3] + ":" + fields[4].split(":")[0] + str(i)


@pytest.mark.parametrize("path,old,new,job,bug", MUTANTS, ids=[_id(i, m) for i, m in enumerate(MUTANTS)])
def test_mutant_fails_its_proof(tmp_path, path, old, new, job, bug):
    """A copy of the RTL with one deliberate bug: the proof that covers it must fail."""
    def mutate(f):
        text = f.read_text()
        assert text.count(old) == 1, f"the mutant's text is not in {path} once: {old!r}"
        f.write_text(text.replace(old, new))

    root = tmp_path / "rtl"
    shutil.copytree(rtl.ROOT, root)
    if path.startswith("gen/"):   # a file the job generates (authcore generate), mutated once written
        result = formal.run_one(BY_NAME[job], tmp_path / "work", rtl_root=root,
                                patch_generated=lambda g: mutate(g / path.removeprefix("gen/")))
    else:
        mutate(root / path)
        result = formal.run_one(BY_NAME[job], tmp_path / "work", rtl_root=root)
    # FAIL: a trace from reset; UNPROVEN: an induction step breaks an assertion (the bug is deeper
    # than the base case's depth). Either fails make formal; a syntax error (ERROR) does not count.
    assert result.status in ("FAIL", "UNPROVEN"), f"{bug}: {job} gave {result.status} ({result.log})"
    # the unmutated RTL passes the same proof (test_proof)


def test_equivalence_premise_holds_for_each_key():
    """The keyspec/generic equivalence proofs assume the two multipliers compute the same map for
    the job's H (congruence); for the generated one that is its generation proof, for the generic
    one this proof, for each H a job uses."""
    keys = [j.harness_params["H"] for j in JOBS if j.harness == "f_ghash_equiv.sv"]
    assert keys
    for h in keys:
        assert proof.prove_generic(int(h.split("'h")[1], 16)).ok


def test_job_list_and_sby_text(tmp_path):
    """The job list's expansion and the generated SymbiYosys file: methods, depths, parameters
    routed to the core or the harness, 128-bit constants; bad lists are refused."""
    fifo = BY_NAME["axis_fifo-logic-depth4-out_regs2-wipe1-eager0"]
    text = formal.sby_text(fifo)
    assert "proof: mode prove" in text and "proof: depth 4" in text and "cover: depth" in text
    assert 'chparam -set WIDTH 4 -set STYLE "logic" -set DEPTH 4 -set OUT_REGS 2 -set WIPE 1 -set EAGER 0 axis_fifo' \
        in text
    keep = formal.sby_text(BY_NAME["axis_keep-bytes4"])
    assert "chparam -set BYTES 4 f_axis_keep" in keep and "prep -top f_axis_keep" in keep
    assert formal._value("128'h40000000000000000000000000000000") == "128'h40000000000000000000000000000000"
    assert all(j.cover or j.method == "prove" for j in JOBS), "a bounded proof without a cover task"
    # a generated gcm_top lists its copies of the library: the job reads each module once
    gen = tmp_path / "gen"
    (gen / "ghash").mkdir(parents=True)
    (gen / "files.f").write_text("ghash/gf128_pow_c1.v\nrtl/gcm/gcm_core.v\nrtl/ghash/ghash_core.v\ngcm_top.v\n")
    paths = formal.files(BY_NAME["gcm_core-erase-lanes2"], generated=gen)
    names = [p.name for p in paths]
    assert len(names) == len(set(names)) and gen / "ghash/gf128_pow_c1.v" in paths and gen / "gcm_top.v" in paths
    assert rtl.ROOT / "gcm/gcm_core.v" in paths
    bad = tmp_path / "jobs.toml"
    bad.write_text('[[job]]\nname = "x"\ncore = "axis_reg"\nmethod = "guess"\ndepth = 1\nwhat = "x"\n')
    with pytest.raises(InvalidParameter, match="method"):
        formal.load(bad)
    with pytest.raises(InvalidParameter, match="no formal job"):
        formal.select(JOBS, ["no_such_core"])


def test_quick_points_are_pairwise_and_hold_the_mutants_proofs(tmp_path):
    """A job whose quick is a list of matrix points: those points run in make test, and for each such
    job every pair of two parameters' values is in one of them; a mutant in make test that breaks one
    of its points breaks a point make test also runs unmutated. A point outside the matrix is
    refused."""
    import itertools
    import tomllib

    listed = [raw for raw in tomllib.loads(formal.JOBS.read_text())["job"] if isinstance(raw.get("quick"), list)]
    assert listed
    for raw in listed:
        jobs = [j for j in JOBS if j.name.startswith(raw["name"] + "-")]
        quick = [j.params for j in jobs if j.quick]
        assert 0 < len(quick) < len(jobs)
        for a, b in itertools.combinations(raw["matrix"], 2):
            missing = {(j.params[a], j.params[b]) for j in jobs} - {(p[a], p[b]) for p in quick}
            assert not missing, f"{raw['name']}: {a}, {b} = {sorted(missing)} in no quick point"
    for m in MUTANTS:
        if hasattr(m, "marks") or not any(m[3].startswith(raw["name"] + "-") for raw in listed):
            continue   # a make test-full mutant (a pytest.param), or a job without a quick list
        assert BY_NAME[m[3]].quick, f"the mutant of {m[3]} runs in make test, its proof does not"
    bad = tmp_path / "jobs.toml"
    bad.write_text('[[job]]\nname = "x"\ncore = "axis_reg"\nmatrix = { MODE = [1, 2] }\ndepth = 1\n'
                   'quick = [{ MODE = 3 }]\nwhat = "x"\n')
    with pytest.raises(InvalidParameter, match="one point of its matrix"):
        formal.load(bad)


def test_cli_lists_and_refuses(capsys):
    from authcore.cli import main

    assert main(["formal", "--list", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "axis_fifo-logic-depth2-out_regs0-wipe0-eager0" in out and "(make test)" in out
    assert "axis_fifo-lutram-depth32" not in out
    assert main(["formal", "--core", "no_such_core"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no formal job" in err
