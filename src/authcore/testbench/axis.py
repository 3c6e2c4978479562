"""cocotb helpers shared by the RTL testbenches: clock, reset, and AXI4-Stream drivers with
random valid/ready gaps. Runs inside the simulator (imported by cocotb test modules).

Timing discipline: the testbench writes right after a rising edge and samples in ReadOnly of the
same cycle, so what it samples is exactly what the next edge sees.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from authcore import rtl


def read_jobs() -> dict[str, Any]:
    """The batch test's jobs: the JSON file AUTHCORE_JOBS names (the RTL vector target writes it)."""
    with open(os.environ["AUTHCORE_JOBS"]) as f:
        return json.load(f)


def write_results(results: object) -> None:
    """The batch test's answers, to the JSON file AUTHCORE_RESULTS names (the RTL target reads it)."""
    with open(os.environ["AUTHCORE_RESULTS"], "w") as f:
        json.dump(results, f)


def seeded() -> random.Random:
    seed = int(os.environ.get("AUTHCORE_SEED", "1"))
    cocotb.log.info(f"random seed {seed} (rerun with AUTHCORE_SEED={seed})")
    return random.Random(seed)


async def start_clock(dut) -> None:
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())


async def reset(dut, cycles: int = 2) -> None:
    await RisingEdge(dut.clk)
    dut.rst.value = 1
    for _ in range(cycles):
        await RisingEdge(dut.clk)
    dut.rst.value = 0


async def clear_mid_stream(dut, clear: str, prefix: str = "s_axis") -> None:
    """Cut the stream: drop valid and pulse ``clear`` (``rst`` or ``key_clear``) for one cycle;
    returns settled (ReadOnly) in the cycle after the pulse."""
    await RisingEdge(dut.clk)
    getattr(dut, f"{prefix}_tvalid").value = 0
    getattr(dut, clear).value = 1
    await RisingEdge(dut.clk)
    getattr(dut, clear).value = 0
    await ReadOnly()


async def send(dut, beats: list[dict[str, int]], rng: random.Random, gap: float, prefix: str = "s_axis") -> None:
    """Drive the beats in order; a gap is drawn only between beats, so valid never drops early."""
    valid = getattr(dut, f"{prefix}_tvalid")
    ready = getattr(dut, f"{prefix}_tready")
    i = 0
    holding = False
    while i < len(beats):
        await RisingEdge(dut.clk)
        if not holding and rng.random() < gap:
            valid.value = 0
        else:
            for k, v in beats[i].items():
                getattr(dut, f"{prefix}_{k}").value = v
            valid.value = 1
            holding = True
        await ReadOnly()
        if valid.value == 1 and ready.value == 1:
            i += 1
            holding = False
    await RisingEdge(dut.clk)
    valid.value = 0


async def collect(dut, count: int, rng: random.Random, gap: float, fields: tuple[str, ...] = ("tdata",),
                  prefix: str = "m_axis", cycles: int | None = None) -> list[dict[str, int]]:
    """Accept ``count`` beats with random ready gaps (or what comes in ``cycles`` cycles, if that is
    sooner); assert data holds while valid waits."""
    valid = getattr(dut, f"{prefix}_tvalid")
    ready = getattr(dut, f"{prefix}_tready")
    out: list[dict[str, int]] = []
    held: dict[str, int] | None = None
    n = 0
    while len(out) < count and (cycles is None or n < cycles):
        n += 1
        await RisingEdge(dut.clk)
        ready.value = 0 if rng.random() < gap else 1
        await ReadOnly()
        if valid.value == 1:
            cur = {f: int(getattr(dut, f"{prefix}_{f}").value) for f in fields}
            if held is not None:
                assert cur == held, f"output changed while valid was high and ready low: {held} -> {cur}"
            if ready.value == 1:
                out.append(cur)
                held = None
            else:
                held = cur
        else:
            assert held is None, "valid dropped before the transfer"
    await RisingEdge(dut.clk)
    ready.value = 0
    return out


def byte_beats(data: bytes, rng: random.Random | None = None, user: int | None = None) -> list[dict[str, int]]:
    """A byte string as 32-bit AXI4-Stream beats: first byte in tdata[7:0], tlast on the last beat,
    which alone may be partial (the empty string is one tlast beat with tkeep 0). With ``rng``, a
    length that is a multiple of 4 sometimes ends with an extra empty tlast beat instead."""
    words = [data[i : i + 4] for i in range(0, len(data), 4)]
    empty_end = not words or (rng is not None and len(data) % 4 == 0 and rng.random() < 0.3)
    if empty_end:
        words.append(b"")
    beats = []
    for i, w in enumerate(words):
        beat = {"tdata": int.from_bytes(w.ljust(4, b"\0"), "little"), "tkeep": (1 << len(w)) - 1,
                "tlast": int(i == len(words) - 1)}
        if user is not None:
            beat["tuser"] = user
        beats.append(beat)
    return beats


def phase_beats(phases: list[tuple[int, bytes]], beat: int) -> list[dict[str, int]]:
    """gcm_core's packet framing: each phase's bytes (tuser = the phase) in beats of ``beat`` bytes,
    first byte in tdata[7:0], tkeep for the bytes there, tlast on the packet's last beat; an empty
    phase has no beat."""
    beats = [{"tdata": int.from_bytes(data[i:i + beat], "little"), "tkeep": (1 << len(data[i:i + beat])) - 1,
              "tuser": ph, "tlast": 0} for ph, data in phases for i in range(0, len(data), beat)]
    beats[-1]["tlast"] = 1
    return beats


EDGES = (55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 183, 184, 191, 192)


def edge_length(rng: random.Random, top: int) -> int:
    """A message length in 0..top: half the time within one of a padding boundary (55, 56, 63, 64
    and their multiples), otherwise uniform."""
    if rng.random() < 0.5:
        return min(top, max(0, rng.choice(EDGES) + rng.randint(-1, 1)))
    return rng.randrange(0, top + 1)


async def offer_key(dut, key: bytes, key_len: int | None = None) -> None:
    """The AES key port (aes_enc_*, gcm_core): offer ``key`` (with ``key_len``, by default the code
    for its size) until taken; returns just after the edge that took it, with the port released."""
    await RisingEdge(dut.clk)
    dut.key.value = int.from_bytes(key.ljust(32, b"\0"), "big")
    dut.key_len.value = rtl.KEY_LEN[len(key)] if key_len is None else key_len
    dut.key_valid.value = 1
    while True:
        await ReadOnly()
        if dut.key_ready.value == 1:
            break
        await RisingEdge(dut.clk)
    await RisingEdge(dut.clk)
    dut.key_valid.value = 0
    dut.key.value = 0


async def load_key(dut, key: bytes, key_len: int | None = None, give_up: int | None = None) -> int:
    """:func:`offer_key`, then count the cycles until key_loaded, which is returned; after
    ``give_up`` cycles without it the count is returned as it is (for a key the core refuses)."""
    await offer_key(dut, key, key_len)
    cycles = 0
    while True:
        await ReadOnly()
        if dut.key_loaded.value == 1 or (give_up is not None and cycles > give_up):
            return cycles
        await RisingEdge(dut.clk)
        cycles += 1


async def sample_each_cycle(dut, signal: str, into: list[int]) -> None:
    """Append the settled value of ``signal`` every cycle (start with cocotb.start_soon, cancel when done)."""
    sig = getattr(dut, signal)
    while True:
        await RisingEdge(dut.clk)
        await ReadOnly()
        into.append(int(sig.value))
