"""cocotb testbench of hmac_core: RFC 2202, random keys and messages against the model, key changes,
backpressure, errors, key_clear and reset. Configuration: a ``tbconfig.HmacTb`` (hash: sha1, md5 or
both for HASH 0-2; sha2 for HASH 3, SHA-256 and SHA-224 together; pipeline), AUTHCORE_SEED; AUTHCORE_JOBS /
AUTHCORE_RESULTS for the ``batch`` test of the RTL vector target. RFC 2202 (SHA-1, MD5) and RFC
4231 (SHA-224, SHA-256) run first."""

from __future__ import annotations

import os

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.model import hmac as hmac_model
from authcore.testbench.tbconfig import HmacTb

CFG = HmacTb.load()
HASH = CFG.hash
PIPELINE = CFG.pipeline
ALGS = {"both": ["sha1", "md5"], "sha2": ["sha256", "sha224"]}.get(HASH, [HASH])
SIZE = {"sha1": 20, "md5": 16, "sha256": 32, "sha224": 28}
ROUNDS = {"sha1": 80, "md5": 64, "sha256": 64, "sha224": 64}
RFC = {"sha1": "rfc-2202-sha1", "md5": "rfc-2202-md5", "sha256": "rfc-4231-sha256", "sha224": "rfc-4231-sha224"}


def alg_bit(alg: str) -> int:
    """tuser of a key or message: 1 for the core's algorithm 1 (MD5, or SHA-224 with HASH 3)."""
    return int(alg in ("md5", "sha224"))


async def init(dut):
    for s in ("k_axis_tvalid", "s_axis_tvalid", "m_axis_tready", "key_clear", "k_axis_tuser", "s_axis_tuser",
              "s_axis_tid"):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


async def load_key(dut, rng, alg: str, key: bytes, gap: float = 0.0) -> None:
    bit = alg_bit(alg)
    await axis.send(dut, axis.byte_beats(key, rng, bit), rng, gap, prefix="k_axis")
    for _ in range(2000):
        await RisingEdge(dut.clk)
        await ReadOnly()
        if (int(dut.key_valid.value) >> bit) & 1:
            return
    raise AssertionError(f"the {alg} key of {len(key)} bytes never became valid")


async def macs(dut, rng, msgs: list[tuple[str, bytes]], gap_in=0.0, gap_out=0.0) -> list[tuple[bytes, int]]:
    """(MAC, bad flag) for each (algorithm, message), in order."""
    beats = [b for a, m in msgs for b in axis.byte_beats(m, rng, alg_bit(a))]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, gap_in))
    total = sum(SIZE[a] // 4 for a, _ in msgs)
    got = await axis.collect(dut, total, rng, gap_out, fields=("tdata", "tlast", "tuser"))
    await sender
    out = []
    for a, _ in msgs:
        n = SIZE[a] // 4
        mine, got = got[:n], got[n:]
        assert [g["tlast"] for g in mine] == [0] * (n - 1) + [1], f"tlast of an HMAC-{a}"
        assert len({g["tuser"] for g in mine}) == 1, "the bad flag changed within one MAC"
        out.append((b"".join(g["tdata"].to_bytes(4, "little") for g in mine), mine[0]["tuser"]))
    return out


async def macs_by_tid(dut, rng, msgs: list[tuple[str, int, bytes]], gap_in=0.0, gap_out=0.0,
                      interleave: bool = False) -> list[tuple[bytes, int]]:
    """(MAC, bad flag) for each (algorithm, tid, message). The messages go in one after the other,
    each with its tid, or with ``interleave`` beat by beat in turn across the tids (AXI4-Stream lets
    transfers of different tids interleave), the messages of one tid in order. MACs may come back in
    any order across tids (each whole, with its tid) and in order within one tid."""
    queues: dict[int, list[dict[str, int]]] = {}
    for a, tid, m in msgs:
        for b in axis.byte_beats(m, rng, alg_bit(a)):
            b["tid"] = tid
            queues.setdefault(tid, []).append(b)
    if interleave:
        beats = []
        while any(queues.values()):
            for t in sorted(queues):
                if queues[t]:
                    beats.append(queues[t].pop(0))
    else:
        beats = [b for a, tid, m in msgs for b in axis.byte_beats(m, rng, alg_bit(a)) for b in [dict(b, tid=tid)]]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, gap_in))
    total = sum(SIZE[a] // 4 for a, _, _ in msgs)
    got = await axis.collect(dut, total, rng, gap_out, fields=("tdata", "tlast", "tuser", "tid"))
    await sender
    pending = {t: [i for i, (_, tt, _) in enumerate(msgs) if tt == t] for t in {t for _, t, _ in msgs}}
    out: list[tuple[bytes, int] | None] = [None] * len(msgs)
    while got:
        tid = got[0]["tid"]
        assert pending.get(tid), f"a MAC for tid {tid}, which has none owed"
        i = pending[tid].pop(0)
        n = SIZE[msgs[i][0]] // 4
        mine, got = got[:n], got[n:]
        assert [g["tid"] for g in mine] == [tid] * n, "a MAC's beats are interleaved with another's"
        assert [g["tlast"] for g in mine] == [0] * (n - 1) + [1], f"tlast of an HMAC-{msgs[i][0]}"
        out[i] = (b"".join(g["tdata"].to_bytes(4, "little") for g in mine), mine[0]["tuser"])
    return out  # type: ignore[return-value]


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def tids_interleaved(dut):
    """Messages on random tids (every context busy at once with PIPELINE = 4), random gaps: every
    MAC right, with its message's tid."""
    rng = axis.seeded()
    await init(dut)
    keys = {a: rng.randbytes(axis.edge_length(rng, 100)) for a in ALGS}
    for a in ALGS:
        await load_key(dut, rng, a, keys[a])
    tids = 1 << len(dut.s_axis_tid)
    for gaps in ((0.0, 0.0), (0.3, 0.5)):
        msgs = [(rng.choice(ALGS), rng.randrange(tids), rng.randbytes(axis.edge_length(rng, 260))) for _ in range(10)]
        # one context serves one message at a time: interleaving tids would leave it waiting for a beat
        # stuck behind another tid's (with PIPELINE = 1 a message's beats must be contiguous)
        got = await macs_by_tid(dut, rng, msgs, *gaps, interleave=PIPELINE == 4 and gaps[0] > 0)
        for (a, _, m), (mac, bad) in zip(msgs, got, strict=True):
            assert bad == 0 and mac == hmac_model.hmac(a, keys[a], m), f"HMAC-{a} of {len(m)} bytes"


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def four_streams(dut):
    """Four long messages on tids 0-3 at once, their beats interleaved: with PIPELINE = 4 they
    share the four stages, so they take little more than one of them alone (the cycle counts are
    logged; docs/hash.md)."""
    rng = axis.seeded()
    await init(dut)
    a = ALGS[0]
    key = rng.randbytes(32)
    await load_key(dut, rng, a, key)
    size = 64 * 8 - 9
    for count in (1, 4):
        msgs = [(a, t, rng.randbytes(size)) for t in range(count)]
        valid: list[int] = []
        mon = cocotb.start_soon(axis.sample_each_cycle(dut, "m_axis_tvalid", valid))
        got = await macs_by_tid(dut, rng, msgs, interleave=PIPELINE == 4)
        mon.cancel()
        assert got == [(hmac_model.hmac(a, key, m), 0) for _, _, m in msgs]
        cycles = len(valid) - valid[::-1].index(1)
        cocotb.log.info(f"PIPELINE {PIPELINE}: {count} HMAC-{a} of {size} bytes in {cycles} cycles")
        if count == 1:
            one = cycles
    if PIPELINE == 4:
        # four messages on four stages: the blocks of the others fill the stages while one waits
        assert cycles < 1.5 * one, f"four streams took {cycles} cycles, one took {one}"


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def rfc_vectors(dut):
    from authcore.vectors import cavp
    from authcore.vectors.run import package_vectors

    rng = axis.seeded()
    await init(dut)
    for alg in ALGS:
        for v in cavp.read_hmac(package_vectors() / "HMAC" / f"{RFC[alg]}.txt"):
            await load_key(dut, rng, alg, v.key)
            [(mac, bad)] = await macs(dut, rng, [(alg, v.msg)])
            assert bad == 0 and mac[: len(v.mac)] == v.mac, f"{RFC[alg]} HMAC-{alg} line {v.line}"


@cocotb.test(timeout_time=100, timeout_unit="ms")
async def random_keys_messages_backpressure(dut):
    rng = axis.seeded()
    await init(dut)
    keys: dict[str, bytes] = {}
    for _ in range(8):
        for alg in ALGS:  # a key change between messages (and, for both, two keys at once)
            if alg not in keys or rng.random() < 0.7:
                keys[alg] = rng.randbytes(axis.edge_length(rng, 200))
                await load_key(dut, rng, alg, keys[alg], rng.choice([0.0, 0.3]))
        msgs = [(rng.choice(ALGS), rng.randbytes(axis.edge_length(rng, 300))) for _ in range(3)]
        got = await macs(dut, rng, msgs, rng.choice([0.0, 0.3]), rng.choice([0.0, 0.5]))
        for (a, m), (mac, bad) in zip(msgs, got, strict=True):
            want = hmac_model.hmac(a, keys[a], m)
            assert bad == 0 and mac == want, f"HMAC-{a}, {len(keys[a])}-byte key, {len(m)}-byte message"


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def cycles_for_64_bytes(dut):
    """An HMAC of 64 bytes: 16 beats, then two inner and one outer compression and the MAC beats."""
    rng = axis.seeded()
    await init(dut)
    for alg in ALGS:
        key = rng.randbytes(20)
        await load_key(dut, rng, alg, key)
        msg = rng.randbytes(64)
        valid: list[int] = []
        mon = cocotb.start_soon(axis.sample_each_cycle(dut, "m_axis_tvalid", valid))
        [(mac, bad)] = await macs(dut, rng, [(alg, msg)])
        mon.cancel()
        assert bad == 0 and mac == hmac_model.hmac(alg, key, msg)
        cycles = len(valid) - valid[::-1].index(1)  # first message cycle to last MAC beat
        rounds = ROUNDS[alg]
        cocotb.log.info(f"HMAC-{alg} of 64 bytes: {cycles} cycles")
        assert cycles <= 16 + 3 * (rounds + 4) + SIZE[alg] // 4 + 4, f"{cycles} cycles"


@cocotb.test(timeout_time=4, timeout_unit="ms")
async def errors_key_clear_and_reset(dut):
    rng = axis.seeded()
    await init(dut)
    alg = ALGS[0]
    errors: list[int] = []
    mon = cocotb.start_soon(axis.sample_each_cycle(dut, "error", errors))
    # No key yet: the MAC comes out marked bad, and error pulses.
    [(_, bad)] = await macs(dut, rng, [(alg, b"abc")])
    assert bad == 1 and sum(errors) == 1
    await RisingEdge(dut.clk)
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0, "more MAC beats than the algorithm's size"
    if HASH in ("sha1", "md5"):  # a single-hash core has no key for the other: its own MAC size, bad
        other = "md5" if alg == "sha1" else "sha1"
        beats = axis.byte_beats(b"xyz", None, alg_bit(other))
        sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.0))
        got = await axis.collect(dut, SIZE[alg] // 4, rng, 0.0, fields=("tuser",))
        await sender
        assert {g["tuser"] for g in got} == {1}
    key = rng.randbytes(30)
    await load_key(dut, rng, alg, key)
    # A broken tkeep marks that message only.
    beats = axis.byte_beats(rng.randbytes(20))
    beats[1]["tkeep"] = 0b0011
    sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.0))
    got = await axis.collect(dut, SIZE[alg] // 4, rng, 0.0, fields=("tuser",))
    await sender
    assert {g["tuser"] for g in got} == {1}
    msg = rng.randbytes(50)
    assert await macs(dut, rng, [(alg, msg)]) == [(hmac_model.hmac(alg, key, msg), 0)]
    # key_clear erases the key; the next message is marked bad.
    await RisingEdge(dut.clk)
    dut.key_clear.value = 1
    await RisingEdge(dut.clk)
    dut.key_clear.value = 0
    await ReadOnly()
    assert int(dut.key_valid.value) == 0
    [(_, bad)] = await macs(dut, rng, [(alg, msg)])
    assert bad == 1
    # Reset in the middle of a message: nothing comes out, and the core works after a new key.
    await load_key(dut, rng, alg, key)
    sender = cocotb.start_soon(axis.send(dut, axis.byte_beats(rng.randbytes(150)), rng, 0.0))
    for _ in range(rng.randrange(5, 120)):
        await RisingEdge(dut.clk)
    sender.cancel()
    dut.s_axis_tvalid.value = 0
    await axis.reset(dut)
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0 and int(dut.key_valid.value) == 0
    await RisingEdge(dut.clk)
    await load_key(dut, rng, alg, key)
    assert await macs(dut, rng, [(alg, msg)]) == [(hmac_model.hmac(alg, key, msg), 0)]
    mon.cancel()


@cocotb.test(timeout_time=100_000, timeout_unit="ms")
async def batch(dut):
    """Jobs from AUTHCORE_JOBS: {"hmac": [[name, key_hex, msg_hex], ...]}; the key is reloaded only
    when it changes. With PIPELINE = 4 up to four consecutive messages under one key go in at once,
    on tids 0-3, their beats interleaved (the keys are shared by the contexts, so messages under
    different keys of one algorithm cannot be in flight together)."""
    if "AUTHCORE_JOBS" not in os.environ:
        return
    jobs = axis.read_jobs()
    rng = axis.seeded()
    await init(dut)
    loaded: dict[str, bytes] = {}
    out: list[str | None] = []
    items = [(alg, bytes.fromhex(k), bytes.fromhex(m)) for alg, k, m in jobs["hmac"]]
    i = 0
    while i < len(items):
        alg, key, _ = items[i]
        group = [items[i]]
        while PIPELINE == 4 and len(group) < 4 and i + len(group) < len(items) and \
                items[i + len(group)][:2] == (alg, key):
            group.append(items[i + len(group)])
        if loaded.get(alg) != key:
            await load_key(dut, rng, alg, key)
            loaded[alg] = key
        got = await macs_by_tid(dut, rng, [(a, t, m) for t, (a, _, m) in enumerate(group)],
                                interleave=PIPELINE == 4)
        out += [None if bad else mac.hex() for mac, bad in got]
        i += len(group)
    axis.write_results({"hmac": out})
