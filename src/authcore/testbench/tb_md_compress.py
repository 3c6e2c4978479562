"""cocotb testbench of the compression cores (sha1_core, md5_core, md5sha1_core, sha256_compress).

The testbench pads each message with the model's padding and chains its blocks through the core,
keeping several messages in flight so that a pipelined core (PIPELINE = 4) has independent blocks
to overlap. Configuration: a ``tbconfig.HashTb`` (alg: sha1, md5, both, or sha2: SHA-256 and
SHA-224 through sha256_compress, 256-bit chaining values; pipeline 1 or 4), AUTHCORE_SEED;
AUTHCORE_JOBS and AUTHCORE_RESULTS name the JSON files of the ``batch`` test that the RTL vector
target (authcore.flow.targets) runs.
"""

from __future__ import annotations

import os
from collections import deque

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.model.md5 import MD5
from authcore.model.sha1 import SHA1
from authcore.model.sha256 import SHA224, SHA256
from authcore.testbench.tbconfig import HashTb

CLASSES = {"sha1": SHA1, "md5": MD5, "sha256": SHA256, "sha224": SHA224}
CFG = HashTb.load()
ALG = CFG.alg
PIPELINE = CFG.pipeline
ROUNDS = {"sha1": 80, "md5": 64, "sha256": 64, "sha224": 64}
CV_BYTES = 32 if ALG == "sha2" else 20   # the chaining value port: 256 bits for SHA-2, 160 otherwise
SIZES = {"sha1": 20, "md5": 16, "sha256": 32, "sha224": 28}


def iv_int(name: str) -> int:
    """The initial chaining value as the core's s_cv (digest byte order; SHA-224's all eight words)."""
    cls = CLASSES[name]
    full = b"".join(w.to_bytes(4, cls.length_byteorder) for w in cls.IV)
    return int.from_bytes(full.ljust(CV_BYTES, b"\0"), "big")


def algs() -> list[str]:
    return {"both": ["sha1", "md5"], "sha2": ["sha256", "sha224"]}.get(ALG, [ALG])


async def init(dut) -> None:
    dut.s_axis_tvalid.value = 0
    dut.m_axis_tready.value = 0
    dut.rst.value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


async def hash_messages(dut, items: list[tuple[str, bytes]], rng, gap_in: float = 0.0,
                        gap_out: float = 0.0) -> tuple[list[bytes], int]:
    """Digests of (hash name, message) items and the cycles taken; blocks of one message go in
    order, blocks of different messages interleave. tuser carries the message number (low bits)."""
    n = len(items)
    blocks = [CLASSES[a].padded(m) for a, m in items]
    cv = [iv_int(a) for a, _ in items]
    pos = [0] * n
    busy = [False] * n
    inflight: deque[int] = deque()
    done = 0
    nxt = 0
    holding: int | None = None
    held_out: int | None = None
    umask = (1 << len(dut.s_axis_tuser)) - 1
    cycles = 0
    while done < n:
        await RisingEdge(dut.clk)
        cycles += 1
        if holding is None and rng.random() >= gap_in:
            for j in range(n):  # round-robin over messages whose previous block has returned
                i = (nxt + j) % n
                if not busy[i] and pos[i] < len(blocks[i]):
                    holding = i
                    nxt = i + 1
                    break
            if holding is not None:
                i = holding
                dut.s_axis_tdata.value = int.from_bytes(blocks[i][pos[i] : pos[i] + 64], "big")
                dut.s_cv.value = cv[i]
                dut.s_axis_tuser.value = i & umask
                if ALG == "both":
                    dut.s_md5.value = int(items[i][0] == "md5")
        dut.s_axis_tvalid.value = int(holding is not None)
        dut.m_axis_tready.value = int(rng.random() >= gap_out)
        await ReadOnly()
        if holding is not None and dut.s_axis_tready.value == 1:
            busy[holding] = True
            inflight.append(holding)
            holding = None
        if dut.m_axis_tvalid.value == 1:
            data = int(dut.m_axis_tdata.value)
            assert held_out is None or held_out == data, "m_axis_tdata changed while waiting for ready"
            held_out = data
            if dut.m_axis_tready.value == 1:
                held_out = None
                assert inflight, "a result nobody asked for"
                i = inflight.popleft()
                assert int(dut.m_axis_tuser.value) == i & umask, "results out of order"
                if ALG == "both":
                    assert int(dut.m_md5.value) == int(items[i][0] == "md5")
                cv[i] = data
                pos[i] += 64
                busy[i] = False
                if pos[i] == len(blocks[i]):
                    done += 1
    await RisingEdge(dut.clk)
    dut.s_axis_tvalid.value = 0
    dut.m_axis_tready.value = 0
    return [cv[i].to_bytes(CV_BYTES, "big")[: SIZES[a]] for i, (a, _) in enumerate(items)], cycles


def model_digest(name: str, msg: bytes) -> bytes:
    return CLASSES[name](msg).digest()


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def random_messages_and_backpressure(dut):
    rng = axis.seeded()
    await init(dut)
    for gaps in ((0.0, 0.0), (0.5, 0.0), (0.0, 0.6), (0.3, 0.3)):
        items = [(rng.choice(algs()), rng.randbytes(axis.edge_length(rng, 300))) for _ in range(12)]
        got, _ = await hash_messages(dut, items, rng, *gaps)
        for (a, m), d in zip(items, got, strict=True):
            assert d == model_digest(a, m), f"{a} of {len(m)} bytes, gaps {gaps}"


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def throughput_back_to_back(dut):
    """With more independent messages than stages and no gaps, one block per 80/PIPELINE (64/PIPELINE)
    cycles: a message's next block waits for its previous result, another message fills the slot."""
    rng = axis.seeded()
    await init(dut)
    for a in algs():
        items = [(a, rng.randbytes(64 * 3 + 10)) for _ in range(PIPELINE + 1)]
        got, cycles = await hash_messages(dut, items, rng)
        assert got == [model_digest(a, m) for _, m in items]
        nblocks = sum(len(CLASSES[a].padded(m)) // 64 for _, m in items)
        period = ROUNDS[a] // PIPELINE
        # Steady state is one block per period; the fill and the drain add one pass through the rounds.
        bound = nblocks * period + ROUNDS[a] + 2 * period + 8
        cocotb.log.info(f"{a}: {nblocks} blocks in {cycles} cycles (period {period})")
        assert cycles <= bound, f"{cycles} cycles for {nblocks} blocks, expected at most {bound}"


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def no_idle_cycle_between_blocks(dut):
    """Independent blocks always waiting and m_axis always ready: the core takes one exactly every
    ROUNDS / PIPELINE cycles, with no idle cycle between a block's last round and the next."""
    rng = axis.seeded()
    await init(dut)
    for a in algs():
        items = [(a, rng.randbytes(20)) for _ in range(PIPELINE + 4)]
        seen: dict[str, list[int]] = {"s_axis_tvalid": [], "s_axis_tready": []}
        watch = [cocotb.start_soon(axis.sample_each_cycle(dut, n, v)) for n, v in seen.items()]
        got, _ = await hash_messages(dut, items, rng)
        for w in watch:
            w.cancel()
        assert got == [model_digest(a, m) for _, m in items]
        takes = [i for i, (v, r) in enumerate(zip(*seen.values(), strict=False)) if v and r]
        period = ROUNDS[a] // PIPELINE
        assert [y - x for x, y in zip(takes, takes[1:], strict=False)] == [period] * (len(takes) - 1), takes


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def reset_mid_stream(dut):
    rng = axis.seeded()
    await init(dut)
    a = algs()[-1]
    starter = cocotb.start_soon(hash_messages(dut, [(a, rng.randbytes(200)) for _ in range(4)], rng))
    for _ in range(rng.randrange(30, 150)):
        await RisingEdge(dut.clk)
    starter.cancel()
    dut.s_axis_tvalid.value = 0
    await axis.reset(dut)
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0, "a result survived reset"
    await RisingEdge(dut.clk)
    items = [(rng.choice(algs()), rng.randbytes(rng.randrange(0, 130))) for _ in range(5)]
    got, _ = await hash_messages(dut, items, rng, 0.2, 0.2)
    assert got == [model_digest(x, m) for x, m in items]


@cocotb.test(timeout_time=10_000, timeout_unit="ms")
async def batch(dut):
    """Jobs from AUTHCORE_JOBS: {"hash": [[name, hex], ...]} and/or {"monte": [name, seed_hex, n]}."""
    if "AUTHCORE_JOBS" not in os.environ:
        return
    jobs = axis.read_jobs()
    rng = axis.seeded()
    await init(dut)
    out: dict[str, object] = {}
    if "hash" in jobs:
        items = [(a, bytes.fromhex(m)) for a, m in jobs["hash"]]
        got = []
        for i in range(0, len(items), 16):  # a few messages in flight at a time
            part, _ = await hash_messages(dut, items[i : i + 16], rng)
            got += part
        out["hash"] = [d.hex() for d in got]
    if "monte" in jobs:
        name, seed_hex, count = jobs["monte"]
        seed = bytes.fromhex(seed_hex)
        checkpoints = []
        for _ in range(count):
            md = [seed, seed, seed]
            for _ in range(1000):
                (d,), _ = await hash_messages(dut, [(name, md[0] + md[1] + md[2])], rng)
                md = [md[1], md[2], d]
            seed = md[2]
            checkpoints.append(seed.hex())
        out["monte"] = checkpoints
    axis.write_results(out)
