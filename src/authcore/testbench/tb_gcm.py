"""cocotb testbench of gcm_core: GCM, GMAC and CTR packets against the model.

Configuration: a ``tbconfig.GcmTb`` (the AES and GHASH periods, the number of random packets, the
one key a key-specialized core accepts and whether it has a key port, lanes, LEN_W when it is
narrow enough for ``length_limits`` to reach the limits; that test skips without it);
AUTHCORE_SEED; AUTHCORE_JOBS / AUTHCORE_RESULTS for the ``batch`` test of the RTL vector target.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.errors import AuthenticationError
from authcore.model import gcm as model
from authcore.model import gf128
from authcore.model.aes import AES
from authcore.testbench.tbconfig import GcmTb
from authcore.vectors import spec

CFG = GcmTb.load()
PERIOD = CFG.period
ROM = CFG.rom  # block-RAM S-boxes: one more cycle per round
GH_PERIOD = CFG.ghash_period
PACKETS = CFG.packets
KEY = bytes.fromhex(CFG.key) if CFG.key else None
FIXED = CFG.fixed
LEN_W = CFG.len_w
LANES = CFG.lanes
BEAT = 16 * LANES  # bytes per beat
GCM, GMAC, CTR = 0, 1, 2
HDR, IV, AAD, TXT, TAG = 0, 1, 2, 3, 4
TAG_LENGTHS = (4, 8, 12, 13, 14, 15, 16)


@dataclass
class Packet:
    mode: int = GCM
    dec: bool = False
    tag_len: int = 16
    iv: bytes = b""
    aad: bytes = b""
    text: bytes = b""
    tag: bytes = b""          # expected tag when decrypting
    header: bytes | None = None  # a raw header byte string instead of the one built from the fields


def beats_of(p: Packet) -> list[dict[str, int]]:
    hdr = p.header if p.header is not None else bytes([p.mode | (int(p.dec) << 2), p.tag_len])
    return axis.phase_beats([(HDR, hdr), (IV, p.iv), (AAD, p.aad), (TXT, p.text), (TAG, p.tag)], BEAT)


def ctr_keystream(key: bytes, counter: bytes, n: int) -> bytes:
    aes = AES(key)
    c = int.from_bytes(counter, "big")
    out = b""
    while len(out) < n:
        out += aes.encrypt(c.to_bytes(16, "big"))
        c = model.incr(c)
    return out[:n]


def expect(key: bytes, p: Packet) -> list[dict[str, int]]:
    """The output beats the model predicts for a well-formed packet."""
    if p.mode == CTR:
        ks = ctr_keystream(key, p.iv, len(p.text))
        text, final = bytes(a ^ b for a, b in zip(p.text, ks, strict=True)), (1, 1, 1)
    elif not p.dec:
        text, tag = model.encrypt(key, p.iv, p.text, p.aad, p.tag_len)
        final = (int.from_bytes(tag, "little"), (1 << p.tag_len) - 1, 1)
    else:
        text = model.trace(key, p.iv, p.text, p.aad, p.tag_len).ciphertext  # CTR is its own inverse
        try:
            model.decrypt(key, p.iv, p.text, p.aad, p.tag)
            final = (1, 1, 1)
        except AuthenticationError:
            final = (0, 1, 0b011)
    out = text_beats(text)
    out.append({"tdata": final[0], "tkeep": final[1], "tuser": final[2], "tlast": 1})
    return out


def text_beats(text: bytes) -> list[dict[str, int]]:
    return [{"tdata": int.from_bytes(text[i:i + BEAT], "little"), "tkeep": (1 << len(text[i:i + BEAT])) - 1,
             "tuser": 0, "tlast": 0} for i in range(0, len(text), BEAT)]


ERROR_BEAT = {"tdata": 0, "tkeep": 1, "tuser": 0b101, "tlast": 1}
FIELDS = ("tdata", "tkeep", "tuser", "tlast")


def pick_key(rng: random.Random, n: int | None = None) -> bytes:
    return KEY if KEY is not None else rng.randbytes(n or rng.choice([16, 24, 32]))


async def init(dut):
    for s in ("s_axis_tvalid", "m_axis_tready", "key_clear", "s_axis_tdata", "s_axis_tkeep", "s_axis_tuser",
              "s_axis_tlast") + (() if FIXED else ("key_valid", "key", "key_len")):
        getattr(dut, s).value = 0
    await axis.start_clock(dut)
    await axis.reset(dut)


async def load_key(dut, key: bytes, key_len: int | None = None) -> int:
    """Offer the key until taken; return the cycles from its acceptance until key_loaded. A
    fixed-key core has no key port: wait until it has derived H by itself."""
    if FIXED:
        assert key == KEY, "a fixed-key core only has its own key"
        for cycles in range(400):
            await RisingEdge(dut.clk)
            await ReadOnly()
            if dut.key_loaded.value == 1:
                return cycles
        raise AssertionError("the fixed-key core never became ready")
    return await axis.load_key(dut, key, key_len, give_up=400)


async def collect_packets(dut, n: int, rng: random.Random, gap: float) -> list[list[dict[str, int]]]:
    """Accept output beats until ``n`` final beats; data must hold while valid waits."""
    packets: list[list[dict[str, int]]] = [[]]
    held = None
    while len(packets) <= n:
        await RisingEdge(dut.clk)
        dut.m_axis_tready.value = 0 if rng.random() < gap else 1
        await ReadOnly()
        if dut.m_axis_tvalid.value == 1:
            cur = {f: int(getattr(dut, f"m_axis_{f}").value) for f in FIELDS}
            if held is not None:
                assert cur == held, f"output changed while valid was high and ready low: {held} -> {cur}"
            if dut.m_axis_tready.value == 1:
                packets[-1].append(cur)
                held = None
                if cur["tlast"]:
                    packets.append([])
            else:
                held = cur
    return packets[:n]


async def run(dut, rng, key: bytes, packets: list[Packet], gap_in=0.0, gap_out=0.0) -> list[list[dict[str, int]]]:
    beats = [b for p in packets for b in beats_of(p)]
    sender = cocotb.start_soon(axis.send(dut, beats, rng, gap_in))
    got = await collect_packets(dut, len(packets), rng, gap_out)
    await sender
    return got


def show(key: bytes, p: Packet) -> str:
    names = {GCM: "GCM", GMAC: "GMAC", CTR: "CTR"}
    return (f"AES-{8 * len(key)} {names[p.mode]}{' decrypt' if p.dec else ''} IV {len(p.iv)} B, "
            f"AAD {len(p.aad)} B, text {len(p.text)} B, tag {p.tag_len} B")


def random_packet(rng: random.Random, key: bytes) -> Packet:
    mode = rng.choices([GCM, GMAC, CTR], [6, 2, 1])[0]
    tag_len = rng.choice(TAG_LENGTHS)
    if mode == CTR:
        iv = rng.randbytes(12) + rng.choice([rng.randbytes(4), b"\xff\xff\xff\xfe", b"\xff\xff\xff\xff"])
        return Packet(CTR, False, 16, iv, b"", rng.randbytes(rng.choice([0, rng.randrange(301)])))
    iv = rng.randbytes(12) if rng.random() < 0.5 else rng.randbytes(rng.randrange(1, 65))
    aad = rng.randbytes(rng.choice([0, 16, rng.randrange(301)]))
    text = b"" if mode == GMAC else rng.randbytes(rng.choice([0, 16, rng.randrange(301)]))
    p = Packet(mode, rng.random() < 0.4, tag_len, iv, aad, text)
    if p.dec:
        # decrypt a ciphertext made by the model; every third tag is corrupted
        _, tag = model.encrypt(key, iv, text, aad, tag_len)
        if rng.random() < 0.33:
            i = rng.randrange(tag_len)
            tag = tag[:i] + bytes([tag[i] ^ (1 << rng.randrange(8))]) + tag[i + 1:]
        p.tag = tag
    return p


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def spec_test_cases(dut):
    """The GCM specification's test cases 1-18, encrypted and then decrypted (tag checked)."""
    rng = axis.seeded()
    await init(dut)
    cases = [c for c in spec.load() if KEY is None or c["K"] == KEY]
    cocotb.log.info(f"{len(cases)} spec test cases use this core's key")
    for case in cases:
        key = case["K"]
        await load_key(dut, key)
        enc = Packet(GCM, False, 16, case["IV"], case["A"], case["P"])
        dec = Packet(GCM, True, 16, case["IV"], case["A"], case["C"], tag=case["T"])
        got = await run(dut, rng, key, [enc, dec], 0.2, 0.2)
        want_c = text_beats(case["C"])
        tag_beat = {"tdata": int.from_bytes(case["T"], "little"), "tkeep": 0xFFFF, "tuser": 1, "tlast": 1}
        assert got[0] == want_c + [tag_beat], f"spec test case {case.number}: encryption"
        assert got[1] == expect(key, dec), f"spec test case {case.number}: decryption"
        assert got[1][-1]["tuser"] == 1, f"spec test case {case.number}: tag rejected"


@cocotb.test(timeout_time=40 + PACKETS // 10, timeout_unit="ms")
async def random_packets(dut):
    """Random key sizes, IV lengths 1..64, AAD and text 0..300 bytes, every tag length, GCM, GMAC and
    CTR (counters whose low 32 bits wrap), encrypt and decrypt with corrupted tags, back-to-back
    packets with random valid/ready gaps, key changes between bursts."""
    rng = axis.seeded()
    await init(dut)
    done = 0
    while done < PACKETS:
        key = pick_key(rng)
        await load_key(dut, key)
        burst = [random_packet(rng, key) for _ in range(min(PACKETS - done, rng.randrange(1, 12)))]
        gaps = (rng.choice([0.0, 0.0, 0.3]), rng.choice([0.0, 0.0, 0.3]))
        got = await run(dut, rng, key, burst, *gaps)
        for k, (p, g) in enumerate(zip(burst, got, strict=True)):
            shapes = "; ".join(show(key, q) for q in burst)
            assert g == expect(key, p), f"packet {k} of the burst [{shapes}], gaps {gaps}"
        if done // 5000 != (done + len(burst)) // 5000:
            dut._log.info(f"{done + len(burst)} of {PACKETS} random packets checked")
        done += len(burst)


def span(taken: list[int], first: int, last: int) -> int:
    return taken[last] - taken[first]


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def throughput_and_overhead(dut):
    """Text and AAD stream at one block per max(AES, GHASH) period; a 96-bit-IV packet costs the
    header, the IV and the length block beyond its AAD and text beats. AAD is timed where the core
    takes it, text where it leaves (the output always ready here): with the input FIFO (IN_REG 1)
    the first text beats are taken before their keystream is there, and the output is the rate the
    text crosses the core at."""
    rng = axis.seeded()
    await init(dut)
    key = pick_key(rng, 16)
    await load_key(dut, key)
    period = max(PERIOD, GH_PERIOD)
    n_aad, n_txt = 24 // LANES, 40 // LANES  # beats of 24 and 40 blocks
    p = Packet(GCM, False, 16, rng.randbytes(12), rng.randbytes(16 * 24), rng.randbytes(16 * 40))
    ready: list[int] = []
    valid: list[int] = []
    mon = cocotb.start_soon(axis.sample_each_cycle(dut, "s_axis_tready", ready))
    mon2 = cocotb.start_soon(axis.sample_each_cycle(dut, "s_axis_tvalid", valid))
    out_valid: list[int] = []
    mon3 = cocotb.start_soon(axis.sample_each_cycle(dut, "m_axis_tvalid", out_valid))
    [got] = await run(dut, rng, key, [p])
    mon.cancel()
    mon2.cancel()
    mon3.cancel()
    assert got == expect(key, p)
    taken = [i for i, (r, v) in enumerate(zip(ready, valid, strict=False)) if r and v]
    aad = span(taken, 2, 2 + n_aad - 1)
    left = [i for i, v in enumerate(out_valid) if v]   # m_axis_tready is high throughout (gap_out 0)
    assert len(left) >= n_txt, f"{len(left)} output beats for {n_txt} text beats"   # the tag's may end the run
    txt = span(left, 0, n_txt - 1)
    cocotb.log.info(f"24 AAD blocks over {aad} cycles, 40 text blocks over {txt} cycles (period {period}, "
                    f"{LANES} block(s) a beat)")
    assert aad <= (n_aad - 1) * GH_PERIOD + 1, f"AAD: {aad} cycles for 24 blocks"
    assert txt <= (n_txt - 1) * period + 1, f"text: {txt} cycles for 40 blocks"
    # Back-to-back GMAC packets with a 96-bit IV and 3 AAD blocks: header + IV + 3 AAD + length
    # block, for the shortest and the longest AES pipeline.
    for n in ((len(KEY),) if KEY else (16, 32)):
        key = pick_key(rng, n)
        await load_key(dut, key)
        # 16 packets: more than the tag unit's queue holds, so a queue too short for the AES
        # pipeline's latency shows as a stall (the DEEP engines' queues were, and 8 hid it). Then
        # the same with a 16-byte IV, hashed to J0: one cycle more for the IV's length block, and
        # one more if the IV fills its last beat (its end shows only with the next beat), the next
        # packet's IV hashed while the counter generator still waits for this one's J0 (with the
        # two-lane GHASH's 7 cycles of latency it was 8.8 cycles a packet, against the bound's 6).
        aad_beats = -(-48 // BEAT)
        for iv_len, bound in ((12, 3 + aad_beats), (16, 4 + aad_beats + (16 % BEAT == 0))):
            ps = [Packet(GMAC, False, 16, rng.randbytes(iv_len), rng.randbytes(48)) for _ in range(16)]
            ready.clear()
            valid.clear()
            mon = cocotb.start_soon(axis.sample_each_cycle(dut, "s_axis_tready", ready))
            mon2 = cocotb.start_soon(axis.sample_each_cycle(dut, "s_axis_tvalid", valid))
            got = await run(dut, rng, key, ps)
            mon.cancel()
            mon2.cancel()
            assert got == [expect(key, q) for q in ps]
            taken = [i for i, (r, v) in enumerate(zip(ready, valid, strict=False)) if r and v]
            per = (taken[15 * (2 + aad_beats)] - taken[0]) / 15
            # 12 bytes: the paper's 3 + ceil(AAD/128), in beats of BEAT bytes
            cocotb.log.info(f"AES-{8 * n} GMAC packet, {iv_len}-byte IV, 3 AAD blocks: {per:.1f} cycles each, "
                            f"back to back (bound {bound})")
            if GH_PERIOD == 1 and PERIOD == 1:
                assert per <= bound, f"AES-{8 * n}, {iv_len}-byte IV: {per} cycles per packet"


def iv_for_j0(key: bytes, j0: int) -> bytes:
    """A 16-byte IV whose J0 = GHASH_H(IV || 0^64 || [128]_64) is ``j0``: GHASH is linear, so
    IV = (J0 + L*H) * H^-2 with L the length block."""
    h = int.from_bytes(model.hash_key(key), "big")
    length = 128  # bits of IV, in the low half of the length block
    iv = gf128.mul(j0 ^ gf128.mul(length, h), gf128.power(gf128.inverse(h), 2))
    return iv.to_bytes(16, "big")


@cocotb.test(timeout_time=20, timeout_unit="ms")
async def gcm_counter_wraps_in_its_low_32_bits(dut):
    """IVs chosen so that J0 ends in ...fffffffd..ffffffff: the text's counters wrap to ...00000000
    inside the packet, and the high 96 bits must stay (the spec's inc32)."""
    rng = axis.seeded()
    await init(dut)
    key = pick_key(rng, 16)
    await load_key(dut, key)
    packets = []
    for low in (0xFFFFFFFD, 0xFFFFFFFE, 0xFFFFFFFF):
        j0 = (rng.getrandbits(96) << 32) | low
        iv = iv_for_j0(key, j0)
        assert model.trace(key, iv, b"", b"").y0 == j0.to_bytes(16, "big"), "the IV construction"
        packets.append(Packet(GCM, False, 16, iv, rng.randbytes(7), rng.randbytes(16 * 4 + 5)))
    got = await run(dut, rng, key, packets, 0.2, 0.2)
    for p, g in zip(packets, got, strict=True):
        assert g == expect(key, p), f"J0 low word {model.trace(key, p.iv, b'', b'').y0[-4:].hex()}"


@cocotb.test(timeout_time=20, timeout_unit="ms", skip=FIXED)
async def key_change_latency(dut):
    rng = axis.seeded()
    await init(dut)
    for n in ((len(KEY),) if KEY else (16, 24, 32)):
        key = pick_key(rng, n)
        cycles = await load_key(dut, key)
        nr = {16: 10, 24: 12, 32: 14}[n]
        # E_K(0) enters the AES pipeline one cycle after the key (the schedule stays ahead of it; up
        # to PERIOD - 1 more for the input unit's boundary), crosses Nr rounds of PERIOD cycles (one
        # more per round with the block-RAM S-box) and its output register, and H is loaded the cycle
        # it leaves: Nr * PERIOD + PERIOD + 3 cycles, the paper's Nr + 4 at 128 bits. The
        # key-specialized core with 128-bit block RAM checks the built-in H a cycle later (its AES
        # output is a LUT-RAM read): one more.
        # The DEEP engine: five cycles a round (two with the S-box table in LUTs), its input register,
        # three output registers (before the output FIFO, the FIFO's read register and its output
        # register) and its registered key port (the schedule starts a cycle after the take).
        rounds = CFG.round_cycles * nr + 5 if CFG.deep else nr * PERIOD + (nr if ROM else 0)
        bound = rounds + PERIOD + 3 + (1 if KEY and ROM and PERIOD == 1 else 0)
        cocotb.log.info(f"AES-{8 * n}: key change latency {cycles + 1} cycles (bound {bound}; paper {nr + 4})")
        assert cycles + 1 <= bound
        p = Packet(GCM, False, 16, rng.randbytes(12), rng.randbytes(20), rng.randbytes(33))
        assert (await run(dut, rng, key, [p]))[0] == expect(key, p)


@cocotb.test(timeout_time=40, timeout_unit="ms")
async def protocol_errors(dut):
    """Each malformed packet ends with one error beat, pulses error once, and the next packet works."""
    rng = axis.seeded()
    await init(dut)
    key = pick_key(rng, 16)
    errors: list[int] = []
    mon = cocotb.start_soon(axis.sample_each_cycle(dut, "error", errors))
    if not FIXED:
        # No key yet: the packet is refused.
        good = Packet(GCM, False, 16, rng.randbytes(12), rng.randbytes(5), rng.randbytes(7))
        got = await run(dut, rng, key, [good])
        assert got[0] == [ERROR_BEAT], "a packet without a key"
        # key_len = 3 is refused.
        await load_key(dut, key, key_len=3)
        assert dut.key_loaded.value == 0
    await load_key(dut, key)
    iv = rng.randbytes(12)
    bad_cases = {
        "missing header": [{"tdata": 0, "tkeep": 0xFFF, "tuser": IV, "tlast": 0},
                           {"tdata": 5, "tkeep": 1, "tuser": AAD, "tlast": 1}],
        "bad mode": beats_of(Packet(header=bytes([3, 16]), iv=iv)),
        "bad tag length": beats_of(Packet(header=bytes([0, 10]), iv=iv)),
        "header only": beats_of(Packet()),
        "second IV": beats_of(Packet(iv=iv, aad=b"a")) [:-1] + [{"tdata": 1, "tkeep": 0xFFF, "tuser": IV, "tlast": 1}],
        "AAD after text": beats_of(Packet(iv=iv, text=b"t" * 20))[:-1] +
                          [{"tdata": 1, "tkeep": 1, "tuser": TXT, "tlast": 0},
                           {"tdata": 1, "tkeep": 1, "tuser": AAD, "tlast": 1}],
        "partial beat not last": beats_of(Packet(iv=iv, aad=b"x" * 3)) [:-1] +
                                 [{"tdata": 1, "tkeep": 0x7, "tuser": AAD, "tlast": 0},
                                  {"tdata": 1, "tkeep": 0xF, "tuser": AAD, "tlast": 1}],
        "broken tkeep": beats_of(Packet(iv=iv))[:-1] + [{"tdata": 0, "tkeep": 0b101, "tuser": AAD, "tlast": 1}],
        "text in GMAC": beats_of(Packet(mode=GMAC, iv=iv, text=b"t" * 5)),
        "AAD in CTR": beats_of(Packet(mode=CTR, iv=rng.randbytes(16), aad=b"a" * 5)),
        "short CTR counter": beats_of(Packet(mode=CTR, iv=iv)),
        "missing tag": beats_of(Packet(dec=True, iv=iv, text=b"c" * 9)),
        "short tag": beats_of(Packet(dec=True, iv=iv, text=b"c" * 9, tag=b"t" * 15)),
        "tag when encrypting": beats_of(Packet(iv=iv, text=b"c" * 9, tag=b"t" * 16)),
    }
    for name, beats in bad_cases.items():
        before = sum(errors)
        following = Packet(GCM, False, rng.choice(TAG_LENGTHS), rng.randbytes(rng.randrange(1, 40)),
                           rng.randbytes(rng.randrange(40)), rng.randbytes(rng.randrange(40)))
        sender = cocotb.start_soon(axis.send(dut, beats + beats_of(following), rng, 0.2))
        got = await collect_packets(dut, 2, rng, 0.2)
        await sender
        await dropped_then_next(dut, key, name, got, following, errors, before)
    mon.cancel()


async def dropped_then_next(dut, key: bytes, name: str, got: list[list[dict[str, int]]], following: Packet,
                            errors: list[int], before: int) -> None:
    """A malformed packet ended with one error beat and one error pulse; the next one is right."""
    assert got[0][-1] == ERROR_BEAT, f"{name}: {got[0]}"
    assert got[1] == expect(key, following), f"{name}: the next packet"
    for _ in range(3):
        await RisingEdge(dut.clk)
    assert sum(errors) - before == 1, f"{name}: error pulsed {sum(errors) - before} times"


@cocotb.test(timeout_time=40, timeout_unit="ms", skip=LEN_W is None)
async def length_limits(dut):
    """With a narrow LEN_W, each phase holds up to 2^W - 32 bytes: packets at the limit match the
    model, and one byte more in the IV, the AAD or the text is a protocol error (one error beat, one
    error pulse) after which the next packet works."""
    rng = axis.seeded()
    await init(dut)
    key = pick_key(rng, 16)
    await load_key(dut, key)
    limit = (1 << min(LEN_W, 32)) - 32, (1 << LEN_W) - 32  # IV; AAD and text
    good = [Packet(GCM, False, 16, rng.randbytes(limit[0]), rng.randbytes(limit[1]), rng.randbytes(limit[1])),
            Packet(GCM, False, 12, rng.randbytes(12), rng.randbytes(limit[1] - 5), rng.randbytes(limit[1] - 16)),
            Packet(CTR, False, 16, rng.randbytes(16), b"", rng.randbytes(limit[1]))]
    dec = Packet(GCM, True, 16, rng.randbytes(limit[0] - 1), rng.randbytes(limit[1]), rng.randbytes(limit[1]))
    dec.tag = model.encrypt(key, dec.iv, dec.text, dec.aad, 16)[1]
    good.append(dec)
    got = await run(dut, rng, key, good, 0.2, 0.2)
    for p, g in zip(good, got, strict=True):
        assert g == expect(key, p), f"at the limit: {show(key, p)}"
    errors: list[int] = []
    mon = cocotb.start_soon(axis.sample_each_cycle(dut, "error", errors))
    over = {"IV": Packet(GCM, False, 16, rng.randbytes(limit[0] + 1), b"a", b"t"),
            "AAD": Packet(GCM, False, 16, rng.randbytes(12), rng.randbytes(limit[1] + 1), b"t"),
            "text": Packet(GCM, False, 16, rng.randbytes(12), b"", rng.randbytes(limit[1] + 1)),
            "CTR text": Packet(CTR, False, 16, rng.randbytes(16), b"", rng.randbytes(limit[1] + 16))}
    for name, p in over.items():
        before = sum(errors)
        following = Packet(GCM, False, 16, rng.randbytes(12), rng.randbytes(20), rng.randbytes(40))
        got = await run(dut, rng, key, [p, following], 0.2, 0.2)
        await dropped_then_next(dut, key, f"{name} one byte over the limit", got, following, errors, before)
    mon.cancel()


@cocotb.test(timeout_time=40, timeout_unit="ms")
async def reset_and_key_clear_mid_packet(dut):
    rng = axis.seeded()
    await init(dut)
    for clear in ("rst", "key_clear"):
        key = pick_key(rng, 32)
        await load_key(dut, key)
        long = Packet(GCM, False, 16, rng.randbytes(12), rng.randbytes(40), rng.randbytes(200))
        sender = cocotb.start_soon(axis.send(dut, beats_of(long), rng, 0.1))
        for _ in range(rng.randrange(4, 30)):
            await RisingEdge(dut.clk)
            dut.m_axis_tready.value = rng.randrange(2)
        sender.cancel()
        await ReadOnly()
        assert dut.erased.value == 0, "erased is high while H is loaded"
        await axis.clear_mid_stream(dut, clear)
        assert dut.m_axis_tvalid.value == 0 and dut.key_loaded.value == 0, f"{clear} left state behind"
        if not FIXED:
            # every register that held H or values derived from it is zero: the core's erased port
            # (ERASE_CHECK = 1) covers H, every entry of the AES output FIFO and of the E_K(J0) and S
            # queues, the prepared tag, GHASH's state and the output register
            assert dut.erased.value == 1, f"{clear} left key-derived state behind"
        await RisingEdge(dut.clk)
        key = pick_key(rng, 16)
        await load_key(dut, key)
        p = Packet(GCM, True, 12, rng.randbytes(30), rng.randbytes(17), rng.randbytes(50))
        p.tag = model.encrypt(key, p.iv, p.text, p.aad, 12)[1]
        assert (await run(dut, rng, key, [p], 0.2, 0.2))[0] == expect(key, p), f"after {clear}"


@cocotb.test(timeout_time=20, timeout_unit="ms", skip=KEY is None or FIXED)
async def key_mismatch_refused(dut):
    """A key-specialized core loaded with another key raises key_mismatch and refuses packets."""
    rng = axis.seeded()
    await init(dut)
    other = rng.randbytes(len(KEY))
    await load_key(dut, other)  # returns in the ReadOnly phase
    assert dut.key_mismatch.value == 1 and dut.key_loaded.value == 0
    p = Packet(GCM, False, 16, rng.randbytes(12), rng.randbytes(5), rng.randbytes(7))
    assert (await run(dut, rng, other, [p]))[0] == [ERROR_BEAT]
    await load_key(dut, KEY)
    assert dut.key_mismatch.value == 0 and dut.key_loaded.value == 1
    assert (await run(dut, rng, KEY, [p]))[0] == expect(KEY, p)


@cocotb.test(timeout_time=1_000_000, timeout_unit="ms")
async def batch(dut):
    """Jobs from AUTHCORE_JOBS: {"gcm": [[dir, key, iv, text, aad, tag_or_taglen], ...]} with dir "e"
    (tag length in bytes) or "d" (expected tag); results: "e" -> [ct, tag], "d" -> pt or null."""
    if "AUTHCORE_JOBS" not in os.environ:
        return
    jobs = axis.read_jobs()["gcm"]
    rng = axis.seeded()
    await init(dut)
    out: list[object] = []
    key = None
    i = 0
    while i < len(jobs):
        if jobs[i][1] != key:
            key = jobs[i][1]
            await load_key(dut, bytes.fromhex(key))
        j = i
        while j < len(jobs) and jobs[j][1] == key and j - i < 32:
            j += 1
        packets = []
        for d, _, iv, text, aad, t in jobs[i:j]:
            if d == "e":
                packets.append(Packet(GCM, False, int(t), bytes.fromhex(iv), bytes.fromhex(aad), bytes.fromhex(text)))
            else:
                tag = bytes.fromhex(t)
                packets.append(Packet(GCM, True, len(tag), bytes.fromhex(iv), bytes.fromhex(aad),
                                      bytes.fromhex(text), tag))
        got = await run(dut, rng, bytes.fromhex(key), packets)
        for p, beats in zip(packets, got, strict=True):
            body = b"".join(b["tdata"].to_bytes(BEAT, "little")[: bin(b["tkeep"]).count("1")] for b in beats[:-1])
            final = beats[-1]
            if not p.dec:
                tag = final["tdata"].to_bytes(16, "little")[: bin(final["tkeep"]).count("1")]
                out.append([body.hex(), tag.hex()] if final["tuser"] == 1 else None)
            else:
                out.append(body.hex() if final["tuser"] == 1 and final["tdata"] == 1 else None)
        i = j
    axis.write_results({"gcm": out})
