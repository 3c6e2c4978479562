"""cocotb testbench of the AES encryption cores (aes_enc_pipe, aes_enc_iter).

Configuration: a ``tbconfig.AesTb``: period (cycles per block the core promises for AES-128; for
aes_enc_iter it scales with Nr), iter (aes_enc_iter), pace (cycles a key-schedule step takes: 2 for
the 128-bit block-RAM core, key_loaded after 2 Nr + 2 cycles; 3 for its DEEP variant), key_reg (the
DEEP cores' registered key port: blocks enter three cycles after the key, key_loaded after 3 Nr + 2
with pace 3, 2 Nr + 3 with pace 2, the DEEP core with the S-box in LUTs);
AUTHCORE_SEED; AUTHCORE_JOBS / AUTHCORE_RESULTS for the
``batch`` test of the RTL vector target.
"""

from __future__ import annotations

import os

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from authcore.model.aes import AES
from authcore.testbench.tbconfig import AesTb

CFG = AesTb.load()
ITER = CFG.iter
PERIOD = CFG.period
NR = {16: 10, 24: 12, 32: 14}
KEY_CHANGE_GOAL = {16: 12, 24: 14, 32: 16}  # Lemsitzer et al., Table 1 (AES alone)
KEY_REG = int(CFG.key_reg)  # the registered key port: everything a cycle later
if CFG.pace == 2:  # two cycles a schedule step; blocks still enter two cycles after the key
    KEY_CHANGE_GOAL = {n: 2 * nr + 2 + KEY_REG for n, nr in NR.items()}
elif CFG.pace == 3:  # three cycles a step, round key r in place 3 r cycles after the load, which
    # is a cycle after the take (the registered key port, aes_key_expand KEY_REG)
    KEY_CHANGE_GOAL = {n: 3 * nr + 2 for n, nr in NR.items()}


async def init(dut):
    for s in ("s_axis_tvalid", "m_axis_tready", "key_valid", "key_clear", "key", "key_len"):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


async def load_key(dut, key: bytes) -> int:
    """Cycles from the key's acceptance until the core can take a block (key_loaded)."""
    return await axis.load_key(dut, key)


async def encrypt(dut, rng, blocks: list[bytes], gap_in=0.0, gap_out=0.0, users=None) -> list[tuple[bytes, int]]:
    users = users or [rng.randrange(1 << len(dut.s_axis_tuser)) for _ in blocks]
    beats = [{"tdata": int.from_bytes(b, "big"), "tuser": u} for b, u in zip(blocks, users, strict=True)]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, gap_in))
    got = await axis.collect(dut, len(blocks), rng, gap_out, fields=("tdata", "tuser"))
    await sender
    assert [g["tuser"] for g in got] == users, "tuser did not travel with its block"
    return [(g["tdata"].to_bytes(16, "big"), g["tuser"]) for g in got]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def fips197_appendix_c(dut):
    rng = axis.seeded()
    await init(dut)
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    for n, ct in ((16, "69c4e0d86a7b0430d8cdb78070b4c55a"), (24, "dda97ca4864cdfe06eaf70a0ec0d7191"),
                  (32, "8ea2b7ca516745bfeafc49904b496089")):
        await load_key(dut, bytes(range(n)))
        [(got, _)] = await encrypt(dut, rng, [pt])
        assert got.hex() == ct, f"AES-{8 * n}"


@cocotb.test(timeout_time=10, timeout_unit="ms")
async def random_keys_blocks_backpressure(dut):
    """Key changes between blocks: the next key is offered as soon as the last block is in, so the
    blocks in flight must finish under the old key."""
    rng = axis.seeded()
    await init(dut)
    key = rng.randbytes(rng.choice([16, 24, 32]))
    await load_key(dut, key)
    for _ in range(6):
        blocks = [rng.randbytes(16) for _ in range(rng.randrange(1, 24))]
        gaps = (rng.choice([0.0, 0.5]), rng.choice([0.0, 0.5]))
        beats = [{"tdata": int.from_bytes(b, "big"), "tuser": rng.randrange(2)} for b in blocks]
        sender = cocotb.start_soon(axis.send(dut, beats, rng, gaps[0]))
        collector = cocotb.start_soon(axis.collect(dut, len(blocks), rng, gaps[1], fields=("tdata", "tuser")))
        await sender
        new_key = rng.randbytes(rng.choice([16, 24, 32]))
        await load_key(dut, new_key)
        got = await collector
        want = [AES(key).encrypt(b) for b in blocks]
        assert [g["tdata"].to_bytes(16, "big") for g in got] == want, f"AES-{8 * len(key)}, gaps {gaps}"
        assert [g["tuser"] for g in got] == [b["tuser"] for b in beats]
        key = new_key


@cocotb.test(timeout_time=4, timeout_unit="ms")
async def a_stalled_output_fills_and_loses_nothing(dut):
    """The consumer stops for 700 cycles while up to 300 blocks are offered: the core takes blocks
    until its output (register, or FIFO with the credit of every block owed) is full, then takes
    none, and every block taken comes out in order when the consumer resumes (the DEEP engines'
    output FIFOs, 128 blocks with block RAM and 64 with LUT S-boxes, fill to their last entry).
    A narrow or iterative core gets 16 blocks more than it could take in 700 cycles at its
    promised rate, so blocks still wait when the stall ends, as they do at 300 for the others."""
    rng = axis.seeded()
    await init(dut)
    key = rng.randbytes(rng.choice([16, 24, 32]))
    await load_key(dut, key)
    blocks = [rng.randbytes(16) for _ in range(min(300, 700 // PERIOD + 16))]
    beats = [{"tdata": int.from_bytes(b, "big"), "tuser": i % 2} for i, b in enumerate(blocks)]
    await RisingEdge(dut.clk)
    dut.m_axis_tready.value = 0
    sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.0))
    taken = 0
    for _ in range(700):
        await RisingEdge(dut.clk)
        await ReadOnly()
        taken += int(dut.s_axis_tvalid.value == 1 and dut.s_axis_tready.value == 1)
    assert 0 < taken < len(blocks) and dut.s_axis_tready.value == 0 and dut.m_axis_tvalid.value == 1, \
        f"took {taken} blocks with the output stopped"
    got = await axis.collect(dut, len(blocks), rng, 0.3, fields=("tdata", "tuser"))
    await sender
    assert [g["tdata"].to_bytes(16, "big") for g in got] == [AES(key).encrypt(b) for b in blocks], \
        f"blocks lost or reordered around a full output ({taken} held)"
    assert [g["tuser"] for g in got] == [b["tuser"] for b in beats]


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def key_change_latency_and_throughput(dut):
    rng = axis.seeded()
    await init(dut)
    for n in (16, 24, 32):
        key = rng.randbytes(n)
        cycles = await load_key(dut, key)
        cocotb.log.info(f"AES-{8 * n}: key change latency {cycles + 1} cycles (goal {KEY_CHANGE_GOAL[n]})")
        assert cycles + 1 <= KEY_CHANGE_GOAL[n]
        blocks = [rng.randbytes(16) for _ in range(12)]
        ready: list[int] = []
        mon = cocotb.start_soon(axis.sample_each_cycle(dut, "s_axis_tready", ready))
        got = await encrypt(dut, rng, blocks)
        mon.cancel()
        assert [g for g, _ in got] == [AES(key).encrypt(b) for b in blocks]
        period = PERIOD * NR[n] // 10 if ITER else PERIOD
        taken = [i for i, r in enumerate(ready) if r]
        span = taken[len(blocks) - 1] - taken[0]
        cocotb.log.info(f"AES-{8 * n}: {len(blocks)} blocks accepted over {span} cycles (period {period})")
        assert span <= (len(blocks) - 1) * period + 1, f"{span} cycles for {len(blocks)} blocks"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def blocks_enter_while_the_schedule_runs(dut):
    """Blocks offered with a new key are taken two cycles after it (key_early: the schedule stays
    ahead of them), before key_loaded, and come out encrypted under the new key."""
    rng = axis.seeded()
    await init(dut)
    for n in (16, 24, 32, 24, 16):
        key = rng.randbytes(n)
        blocks = [rng.randbytes(16) for _ in range(rng.randrange(1, 5))]
        await axis.offer_key(dut, key)  # taken on the edge just passed: offer the first block at once
        dut.s_axis_tdata.value = int.from_bytes(blocks[0], "big")
        dut.s_axis_tuser.value = 0
        dut.s_axis_tvalid.value = 1
        waited = 0
        while True:
            await ReadOnly()
            if dut.s_axis_tready.value == 1:
                assert dut.key_loaded.value == 0, "the block waited for the whole schedule"
                break
            await RisingEdge(dut.clk)
            waited += 1
        # taken on the next edge: two cycles after the key (three with the registered key port), or at
        # the input unit's next boundary
        assert waited <= 1 + KEY_REG + (0 if ITER else PERIOD - 1), f"AES-{8 * n}: first block waited {waited} cycles"
        await RisingEdge(dut.clk)
        dut.s_axis_tvalid.value = 0
        cocotb.log.info(f"AES-{8 * n}: first block taken {waited + 1} cycles after the key")
        collector = cocotb.start_soon(axis.collect(dut, len(blocks), rng, 0.0))
        await axis.send(dut, [{"tdata": int.from_bytes(b, "big"), "tuser": 0} for b in blocks[1:]], rng, 0.0)
        got = await collector
        assert [int(g["tdata"]).to_bytes(16, "big") for g in got] == [AES(key).encrypt(b) for b in blocks], \
            f"AES-{8 * n}"


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def errors_key_clear_and_reset(dut):
    rng = axis.seeded()
    await init(dut)
    await ReadOnly()
    assert dut.s_axis_tready.value == 0, "blocks taken before any key"
    await RisingEdge(dut.clk)
    # key_len = 3 is refused.
    dut.key_len.value = 3
    dut.key_valid.value = 1
    errors: list[int] = []
    mon = cocotb.start_soon(axis.sample_each_cycle(dut, "error", errors))
    await RisingEdge(dut.clk)
    dut.key_valid.value = 0
    for _ in range(20):
        await RisingEdge(dut.clk)
    assert sum(errors) == 1 and dut.key_loaded.value == 0
    key = rng.randbytes(16)
    await load_key(dut, key)
    # Reset in the middle of a stream: nothing survives, and the key is gone.
    await RisingEdge(dut.clk)
    sender = cocotb.start_soon(axis.send(dut, [{"tdata": rng.getrandbits(128), "tuser": 0} for _ in range(8)], rng, 0))
    dut.m_axis_tready.value = 0
    for _ in range(rng.randrange(3, 12)):
        await RisingEdge(dut.clk)
    sender.cancel()
    dut.s_axis_tvalid.value = 0
    await axis.reset(dut)
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0 and dut.key_loaded.value == 0
    await load_key(dut, key)
    blocks = [rng.randbytes(16) for _ in range(3)]
    assert [g for g, _ in await encrypt(dut, rng, blocks, 0.3, 0.3)] == [AES(key).encrypt(b) for b in blocks]
    # key_clear erases the key, and the blocks held at the output: fill the output with
    # backpressure, clear, and the output bus carries zeros (within the 16 cycles a LUT-RAM output
    # FIFO takes to be erased).
    blocks = [rng.randbytes(16) for _ in range(40)]
    dut.m_axis_tready.value = 0
    beats = [{"tdata": int.from_bytes(b, "big"), "tuser": 1} for b in blocks]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, 0))
    await ClockCycles(dut.clk, 400)  # past the first block's latency (Nr * (P + 1) + 1, or 2 Nr * 10 iterated)
    await ReadOnly()
    first = int.from_bytes(AES(key).encrypt(blocks[0]), "big")
    assert dut.m_axis_tvalid.value == 1 and int(dut.m_axis_tdata.value) == first
    await RisingEdge(dut.clk)
    sender.cancel()
    dut.s_axis_tvalid.value = 0
    dut.key_clear.value = 1
    await RisingEdge(dut.clk)
    dut.key_clear.value = 0
    await ReadOnly()
    assert dut.key_loaded.value == 0 and dut.s_axis_tready.value == 0
    await ClockCycles(dut.clk, 17)
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0 and int(dut.m_axis_tdata.value) == 0 and int(dut.m_axis_tuser.value) == 0, \
        "key_clear left a block on the output"
    mon.cancel()


@cocotb.test(timeout_time=2, timeout_unit="ms")
async def clear_while_blocks_stream(dut):
    """rst or key_clear at a random cycle of a stream under random backpressure, so that some
    clears find blocks entering, in every round, leaving the last round and waiting at the output:
    what came out before the clear is the stream's ciphertext in order, nothing comes out after it
    (the key is gone, so whatever appeared would be a block from before), and the core takes a new
    key and encrypts again."""
    rng = axis.seeded()
    await init(dut)
    for clear in ("rst", "key_clear") * 4:
        key = rng.randbytes(rng.choice([16, 24, 32]))
        await load_key(dut, key)
        blocks = [rng.randbytes(16) for _ in range(200)]
        beats = [{"tdata": int.from_bytes(b, "big"), "tuser": rng.randrange(2)} for b in blocks]
        sender = cocotb.start_soon(axis.send(dut, beats, rng, rng.choice([0.0, 0.3])))
        at = rng.randrange(1, 300)
        got = await axis.collect(dut, len(blocks), rng, rng.choice([0.0, 0.3, 0.8]), fields=("tdata", "tuser"),
                                 cycles=at)
        sender.cancel()
        await axis.clear_mid_stream(dut, clear)
        assert [g["tdata"] for g in got] == [int.from_bytes(AES(key).encrypt(b), "big") for b in blocks[: len(got)]], \
            f"{clear} at cycle {at}: blocks before it altered or lost"
        assert [g["tuser"] for g in got] == [b["tuser"] for b in beats[: len(got)]]
        for cycle in range(400):   # settled in the cycle after the clear, then with the output ready
            assert dut.m_axis_tvalid.value == 0, f"{clear} at cycle {at}: a block came out {cycle} cycles after it"
            assert dut.key_loaded.value == 0
            await RisingEdge(dut.clk)
            dut.m_axis_tready.value = 1
            await ReadOnly()
        assert dut.key_ready.value == 1, f"{clear} at cycle {at}: key_ready low 400 cycles after it (not idle)"
        await RisingEdge(dut.clk)
        dut.m_axis_tready.value = 0
    key = rng.randbytes(16)
    await load_key(dut, key)
    blocks = [rng.randbytes(16) for _ in range(5)]
    assert [g for g, _ in await encrypt(dut, rng, blocks, 0.3, 0.3)] == [AES(key).encrypt(b) for b in blocks]


@cocotb.test(timeout_time=100_000, timeout_unit="ms")
async def batch(dut):
    """Jobs from AUTHCORE_JOBS: {"aes": [[key_hex, block_hex], ...]}; consecutive blocks under the
    same key stream back to back."""
    if "AUTHCORE_JOBS" not in os.environ:
        return
    jobs = axis.read_jobs()["aes"]
    rng = axis.seeded()
    await init(dut)
    out: list[str] = []
    i = 0
    while i < len(jobs):
        key_hex = jobs[i][0]
        j = i
        while j < len(jobs) and jobs[j][0] == key_hex:
            j += 1
        await load_key(dut, bytes.fromhex(key_hex))
        got = await encrypt(dut, rng, [bytes.fromhex(b) for _, b in jobs[i:j]], users=[0] * (j - i))
        out += [g.hex() for g, _ in got]
        i = j
    axis.write_results({"aes": out})
