"""Sweeps on a real Dask cluster (a scheduler and two worker processes started here): the same
results as the local run, nothing lost or duplicated when a worker dies mid-sweep, a second run
served from the cache; the TLS rules for key material."""

from __future__ import annotations

import json
import os
import shutil
import signal
import threading
import time
from pathlib import Path

import pytest

from authcore.errors import InvalidParameter
from authcore.flow import cluster, sweep

DATA = Path(__file__).parent / "data"

SPEC = """
[sweep]
name = "cluster"
targets = ["ecp5"]

[[config]]
name = "w8"
top = "xor_param"
files = ["xor_param.v"]
params = { WIDTH = 8 }
bits_per_cycle = 8

[[config]]
name = "w16"
top = "xor_param"
files = ["xor_param.v"]
params = { WIDTH = 16 }
seeds = [1, 2, 3]

[[config]]
name = "mult"
generate = { kind = "ghash", part = "multiplier", optimizer = "lut4" }
key_seeds = 2
targets = ["xc7"]

[[config]]
name = "broken"
top = "broken"
files = ["syntax_error.v"]
targets = ["xc7"]
"""

FIELDS = ("luts", "ffs", "fmax_mhz", "key")


def _spec(tmp_path: Path) -> Path:
    for f in ("xor_param.v", "syntax_error.v"):
        shutil.copy(DATA / f, tmp_path / f)
    p = tmp_path / "s.toml"
    p.write_text(SPEC)
    return p


def _runs(out: Path) -> dict[tuple, dict]:
    runs = json.loads((out / "results.json").read_text())["runs"]
    keys = [sweep._key(r) for r in runs]
    assert len(keys) == len(set(keys)), "a run is in results.json twice"
    return dict(zip(keys, runs, strict=True))


@pytest.fixture
def workers_env(tmp_path):
    """The workers' own cache and build folders (another machine's, as far as the client knows)."""
    return {"AUTHCORE_CACHE": str(tmp_path / "worker-cache"), "AUTHCORE_BUILD": str(tmp_path / "worker-build")}


def test_cluster_sweep_equals_local_and_resumes(tmp_path, monkeypatch, workers_env):
    spec = _spec(tmp_path)
    monkeypatch.setenv("AUTHCORE_BUILD", str(tmp_path / "build"))
    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache-local"))
    sweep.run(spec, tmp_path / "local", jobs=2, progress=False)
    local = _runs(tmp_path / "local")

    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache-client"))   # nothing cached here yet
    started = cluster.start_local(tmp_path / "cluster", 2, env=workers_env)
    try:
        sweep.run(spec, tmp_path / "remote", progress=False, scheduler=started.address)
        remote = _runs(tmp_path / "remote")
        assert remote.keys() == local.keys() and len(remote) == 7
        for k, r in remote.items():
            if k[0] == "broken":   # a design failure: reported once, as locally, not retried
                assert "syntax_error.v" in r["error"] and "syntax_error.v" in local[k]["error"]
                continue
            assert {f: r.get(f) for f in FIELDS} == {f: local[k].get(f) for f in FIELDS}, k
            assert r["error"] is None and local[k]["error"] is None
            assert r["worker"].startswith("tcp://127.0.0.1:")   # measured there, not here
            assert r["cached"] is False
        # a second invocation sends nothing: every run comes back from the client's cache
        t0 = time.monotonic()
        sweep.run(spec, tmp_path / "remote", progress=False, scheduler=started.address)
        again = _runs(tmp_path / "remote")
        assert all(r["cached"] for k, r in again.items() if k[0] != "broken") and time.monotonic() - t0 < 30
        assert {k: r.get("luts") for k, r in again.items()} == {k: r.get("luts") for k, r in remote.items()}
    finally:
        cluster.stop_local(started)


def test_a_worker_killed_mid_sweep_loses_and_duplicates_nothing(tmp_path, monkeypatch, workers_env):
    spec = _spec(tmp_path)
    monkeypatch.setenv("AUTHCORE_CACHE", str(tmp_path / "cache-client"))
    monkeypatch.setenv("AUTHCORE_BUILD", str(tmp_path / "build"))
    started = cluster.start_local(tmp_path / "cluster", 2, env=workers_env)
    out = tmp_path / "out"
    errors: list[BaseException] = []

    def go() -> None:
        try:
            sweep.run(spec, out, progress=False, scheduler=started.address)
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            errors.append(e)

    t = threading.Thread(target=go)
    try:
        t.start()
        client = cluster.connect(started.address)
        victim = None
        deadline = time.monotonic() + 120
        while victim is None and time.monotonic() < deadline:   # a worker in the middle of a run
            busy = [w for w, keys in client.processing().items() if keys]
            if busy:
                info = client.scheduler_info()["workers"]
                victim = next(p for p in started.workers
                              if info[busy[0]]["name"] == f"worker{started.workers.index(p)}")
            time.sleep(0.05)
        client.close()
        assert victim is not None, "no worker ever ran a task"
        os.killpg(victim.pid, signal.SIGKILL)
        t.join(timeout=600)
        assert not t.is_alive() and not errors, errors
        runs = _runs(out)   # (no run twice)
        assert len(runs) == 7
        assert all((r["error"] is None and r["luts"]) or k[0] == "broken" for k, r in runs.items()), runs
    finally:
        cluster.stop_local(started)


def test_key_material_needs_tls(tmp_path):
    with pytest.raises(InvalidParameter, match="only over TLS"):
        cluster.connect("tcp://127.0.0.1:1", need_tls=True)
    with pytest.raises(InvalidParameter, match="only over TLS"):
        cluster.connect("127.0.0.1:1", need_tls=True)
    with pytest.raises(InvalidParameter, match="needs --tls-ca"):
        cluster.connect("tls://127.0.0.1:1", None)
    with pytest.raises(InvalidParameter, match="all three"):
        cluster.Tls.from_args(str(tmp_path / "ca.pem"), None, None)


def _keys_file(tmp_path: Path, keys: list[bytes]) -> Path:
    p = tmp_path / "keys.txt"
    p.write_text("# a portfolio\n" + "".join(k.hex() + "\n" for k in keys))
    return p


def test_portfolio_over_tls_holds_no_key_material_in_its_index(tmp_path, workers_env):
    from authcore.cli import main
    from authcore.keyspec import portfolio

    keys = [bytes([i]) * 16 for i in (1, 2, 3)]
    kfile = _keys_file(tmp_path, keys)
    tls = cluster.self_signed(tmp_path / "tls")
    started = cluster.start_local(tmp_path / "cluster", 2, tls=tls, env=workers_env)
    try:
        assert started.address.startswith("tls://")
        rc = main(["portfolio", str(kfile), "--out", str(tmp_path / "remote"), "--scheduler", started.address,
                   "--tls-ca", str(tls.ca), "--tls-cert", str(tls.cert), "--tls-key", str(tls.key), "--json"])
        assert rc == 0
    finally:
        cluster.stop_local(started)
    index = json.loads((tmp_path / "remote" / "index.json").read_text())
    ids = sorted(portfolio.key_id("hash", k) for k in keys)
    assert [r["id"] for r in index["keys"]] == ids
    assert all(r["proof"] == "proven" and r["error"] is None and r["worker"].startswith("tls://")
               for r in index["keys"])
    for name in ("index.json", "index.md"):
        data = (tmp_path / "remote" / name).read_bytes()
        assert not any(k.hex().encode() in data.lower() or k in data for k in keys)
    for i in ids:   # each key's folder: the multiplier (it embeds H) 0600, the rest not secret
        mult = tmp_path / "remote" / i / "gf128_mul_h.v"
        assert mult.stat().st_mode & 0o777 == 0o600
        assert (tmp_path / "remote" / i / "ghash_keyspec.v").stat().st_mode & 0o077
    # the same cores as a local run (generation is deterministic), and a run with one more key
    # builds only that one
    portfolio.run(keys, tmp_path / "local", portfolio.Options(), jobs=2)
    for i in ids:
        assert (tmp_path / "local" / i / "gf128_mul_h.v").read_bytes() == \
            (tmp_path / "remote" / i / "gf128_mul_h.v").read_bytes()
    before = {i: (tmp_path / "local" / i / "gf128_mul_h.v").stat().st_mtime_ns for i in ids}
    more = portfolio.run(keys + [bytes([9]) * 16], tmp_path / "local", portfolio.Options(), jobs=1)
    assert len(more) == 4
    assert {i: (tmp_path / "local" / i / "gf128_mul_h.v").stat().st_mtime_ns for i in ids} == before


@pytest.mark.parametrize("text,args,message", [
    ("00" * 16 + "\n", ["--scheduler", "tcp://127.0.0.1:1"], "only over TLS"),
    ("zz\n", [], "line 1: not hex"),
    ("00" * 15 + "\n", [], "line 1: 15 bytes"),
    ("00" * 16 + "\n" + "00" * 16 + "\n", [], "listed twice"),
    ("00" * 16 + "\n", ["--specialize", "ghash"], "needs --kind aes"),
])
def test_portfolio_refuses_bad_input_with_one_line(tmp_path, capsys, text, args, message):
    from authcore.cli import main

    kfile = tmp_path / "keys.txt"
    kfile.write_text(text)
    assert main(["portfolio", str(kfile), "--out", str(tmp_path / "o"), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "00" * 15 not in err
    assert not (tmp_path / "o" / "index.json").exists()


def test_progress_line_says_done_running_where_and_queued():
    st = cluster.Status(done=2, running={"tls://10.0.0.2:4000": ["gcm/ecp5/s1"], "tls://10.0.0.3:4000": []},
                        queued=3)
    assert cluster.describe(st, 6) == "2/6 done, 1 running, 3 queued  [10.0.0.2:4000: gcm/ecp5/s1]"
