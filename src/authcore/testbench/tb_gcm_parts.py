"""cocotb testbenches of gcm_core's parts on their own ports (the parts' contracts, beside the
whole core's tests in tb_gcm). The DUT's name and parameters come from tbconfig."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from authcore.testbench import tbconfig

TOP = tbconfig.toplevel()
P = tbconfig.parameters()


async def pulse(dut, name: str) -> None:
    """One cycle of ``name`` high; returns settled (ReadOnly) in the cycle after."""
    await RisingEdge(dut.clk)
    getattr(dut, name).value = 1
    await RisingEdge(dut.clk)
    getattr(dut, name).value = 0
    await ReadOnly()

if TOP == "gcm_lengths":
    LEN_W = int(P.get("LEN_W", 36))
    BW = int(P.get("BW", 16))
    IVL_W = min(LEN_W, 32)
    PH_IV, PH_AAD, PH_TXT = 1, 2, 3

    async def lengths_init(dut) -> None:
        for s in ("key_clear", "clear", "take", "phase", "nbytes", "full"):
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)

    async def beat(dut, phase: int, nbytes: int) -> int:
        """Take one beat; returns `over` as it was when the beat was offered."""
        await RisingEdge(dut.clk)
        dut.take.value, dut.phase.value, dut.nbytes.value, dut.full.value = 1, phase, nbytes, int(nbytes == BW)
        await ReadOnly()
        over = int(dut.over.value)
        await RisingEdge(dut.clk)
        dut.take.value = 0
        return over

    @cocotb.test(timeout_time=20, timeout_unit="ms")
    async def counts_and_length_blocks(dut):
        """Random packets: the length blocks are [len(A) || len(C)] and [0 || len(IV)] in bits, and
        the header's clear zeroes them for the next packet."""
        rng = axis.seeded()
        await lengths_init(dut)
        for _ in range(40):
            lens = {}
            for ph in (PH_IV, PH_AAD, PH_TXT):
                n = rng.randrange(0, 6 * BW)
                lens[ph] = n
                for i in range(0, n, BW):
                    assert await beat(dut, ph, min(BW, n - i)) == 0
            await ReadOnly()
            assert int(dut.len_blk.value) == ((8 * lens[PH_AAD]) << 64) | (8 * lens[PH_TXT])
            assert int(dut.iv_len_blk.value) == 8 * lens[PH_IV]
            await pulse(dut, "clear")
            assert int(dut.len_blk.value) == 0 and int(dut.iv_len_blk.value) == 0

    @cocotb.test(timeout_time=200, timeout_unit="ms")
    async def limit_sets_over_exactly_at_the_limit(dut):
        """Each phase holds up to 2^W - 32 bytes: the beat that reaches it is taken, the next one
        sees over (only with a narrow LEN_W can a simulation get there)."""
        await lengths_init(dut)
        for ph, w in ((PH_AAD, LEN_W), (PH_TXT, LEN_W), (PH_IV, IVL_W)):
            if w > 12:
                return
            beats = ((1 << w) - 32) // BW
            for i in range(beats):
                assert await beat(dut, ph, BW) == 0, f"phase {ph} over early, beat {i}"
            assert await beat(dut, ph, BW) == 1, f"phase {ph}: no over past {(1 << w) - 32} bytes"
            # key_clear empties every count and flag
            await pulse(dut, "key_clear")
            assert int(dut.over.value) == 0 and int(dut.len_blk.value) == 0

if TOP == "gcm_ctr_gen":
    LANES = int(P.get("LANES", 1))
    GCM, GMAC, CTR = 0, 1, 2
    K_GEN, K_J0, K_H = 0, 1, 2
    INPUTS = ("key_clear", "h_start", "h_abort", "mode", "iv_wait", "iv_blk", "start_direct", "start_hash",
              "ghash_j0", "j0_pop", "text_done", "ready")

    def inc32(v: int, n: int) -> int:
        return (v & ~0xFFFFFFFF) | ((v + n) & 0xFFFFFFFF)

    async def ctr_init(dut) -> None:
        for s in INPUTS:
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)

    async def take_blocks(dut, rng, count: int, gap: float) -> list[tuple[int, int]]:
        """Accept ``count`` offered blocks with random ready gaps; (blk, kind) of each, in order.
        Returns with ready low, in the cycle after the last one."""
        got: list[tuple[int, int]] = []
        while len(got) < count:
            await RisingEdge(dut.clk)
            dut.ready.value = int(rng.random() >= gap)
            await ReadOnly()
            if dut.valid.value == 1 and dut.ready.value == 1:
                got.append((int(dut.blk.value), int(dut.kind.value)))
        await RisingEdge(dut.clk)
        dut.ready.value = 0
        return got

    async def end_text(dut) -> None:
        """text_done for a cycle in which nothing is taken (ready low); back in idle after it."""
        dut.text_done.value = 1
        await RisingEdge(dut.clk)
        dut.text_done.value = 0
        await ReadOnly()
        assert dut.idle.value == 1

    @cocotb.test(timeout_time=20, timeout_unit="ms")
    async def counters_per_mode(dut):
        """H's zero block; GCM: E_K(J0) then inc32(J0) by LANES, across the low word's wrap; CTR: the
        counter block as given; GMAC: J0 only; a J0 from GHASH after waiting."""
        rng = axis.seeded()
        await ctr_init(dut)
        dut.h_start.value = 1
        await RisingEdge(dut.clk)
        dut.h_start.value = 0
        assert await take_blocks(dut, rng, 1, 0.5) == [(0, K_H)]
        for _ in range(30):
            mode = rng.choice([GCM, GMAC, CTR])
            iv = rng.getrandbits(128)
            if rng.random() < 0.3:   # near the low word's wrap
                iv |= 0xFFFFFFF0
            n = rng.randrange(1, 12) if mode != GMAC else 0
            hashed = mode != CTR and rng.random() < 0.4
            await RisingEdge(dut.clk)
            dut.mode.value, dut.iv_wait.value, dut.iv_blk.value = mode, 1, iv
            if hashed:   # a long IV: J0 comes from GHASH
                dut.start_hash.value = 1
                await RisingEdge(dut.clk)
                dut.iv_wait.value = dut.start_hash.value = 0
                for _ in range(rng.randrange(0, 5)):
                    await RisingEdge(dut.clk)
                    await ReadOnly()
                    assert dut.waiting.value == 1 and dut.valid.value == 0
                await RisingEdge(dut.clk)
                j0 = rng.getrandbits(128)
                dut.ghash_j0.value, dut.j0_pop.value = j0, 1
                await RisingEdge(dut.clk)
                dut.j0_pop.value = 0
            else:
                dut.start_direct.value = 1
                await RisingEdge(dut.clk)
                dut.iv_wait.value = dut.start_direct.value = 0
                j0 = iv if mode == CTR else (iv & ~0xFFFFFFFF) | 1
            got = await take_blocks(dut, rng, n + (mode != CTR), 0.4)
            if mode == CTR:
                want = [(inc32(j0, LANES * i), K_GEN) for i in range(n)]
            else:
                want = [(j0, K_J0)] + [(inc32(j0, 1 + LANES * i), K_GEN) for i in range(n)]
            assert got == want, f"mode {mode}, {n} blocks, hashed {hashed}"
            if mode != GMAC:
                await end_text(dut)
            else:
                await ReadOnly()
                assert dut.idle.value == 1 and dut.valid.value == 0, "GMAC issues no keystream"

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def key_clear_stops_the_counters(dut):
        """key_clear mid-packet: back to idle, nothing offered, the counter zeroed."""
        rng = axis.seeded()
        await ctr_init(dut)
        await RisingEdge(dut.clk)
        dut.mode.value, dut.iv_wait.value, dut.iv_blk.value, dut.start_direct.value = CTR, 1, rng.getrandbits(128), 1
        await RisingEdge(dut.clk)
        dut.iv_wait.value = dut.start_direct.value = 0
        await take_blocks(dut, rng, 3, 0.0)
        dut.key_clear.value = 1
        await RisingEdge(dut.clk)
        dut.key_clear.value = 0
        await ReadOnly()
        assert dut.idle.value == 1 and dut.valid.value == 0 and int(dut.blk.value) == 0

if TOP == "gcm_tag_unit":
    GCM, GMAC, CTR = 0, 1, 2
    TAG_LENGTHS = (4, 8, 12, 13, 14, 15, 16)

    def byte_mask(n: int) -> int:
        """The first n bytes of a block (block order: byte 0 in the top bits)."""
        return ((1 << (8 * n)) - 1) << (8 * (16 - n))

    @cocotb.test(timeout_time=50, timeout_unit="ms")
    async def final_beats_in_order(dut):
        """Random packet ends with their S and E_K(J0) arriving at random times and the output free
        at random: every final beat in order, T = S ^ E_K(J0) cut to its length, decryption's
        verdict from every byte of the tag and none beyond it, error beats for failed packets."""
        rng = axis.seeded()
        for s in ("key_clear", "push", "mode", "dec", "err", "need_s", "need_j0", "tag_keep", "exp_tag", "s",
                  "s_push", "ej", "ej_valid", "out_free"):
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)
        packets, s_vals, ej_vals, want = [], [], [], []
        for _ in range(600):
            mode, dec, err = rng.choice([GCM, GMAC, CTR]), rng.random() < 0.5, rng.random() < 0.15
            need = mode != CTR and (not err or rng.random() < 0.5)
            n = 16 if rng.random() < 0.4 else rng.choice(TAG_LENGTHS)   # every byte lane often
            sv, ev = rng.getrandbits(128), rng.getrandbits(128)
            tag = (sv ^ ev) & byte_mask(n)
            exp = tag
            verdict = rng.random()
            if verdict < 0.3:      # one bit wrong inside the tag (often its last byte): must fail
                byte = n - 1 if rng.random() < 0.5 else rng.randrange(n)
                exp ^= 1 << (8 * (16 - byte) - 1 - rng.randrange(8))
            elif verdict < 0.5 and n < 16:   # wrong only beyond the tag's length: must pass
                exp ^= 1 << rng.randrange(8 * (16 - n))
            else:
                exp |= rng.getrandbits(128) & ~byte_mask(n)
            packets.append((mode, int(dec), int(err), int(need), int(need), (1 << n) - 1, exp))
            if need:
                s_vals.append(sv)
                ej_vals.append(ev)
            stat = dec or mode == CTR
            want.append((int(err), int(stat and not err),
                         int(not err and dec and mode != CTR and exp & byte_mask(n) != tag),
                         tag if not err and not stat else None))
        got = []

        async def feed_s() -> None:
            for v in s_vals:
                while True:
                    await RisingEdge(dut.clk)
                    go = rng.random() < 0.5
                    dut.s.value, dut.s_push.value = v, int(go)
                    await ReadOnly()
                    if go and dut.s_room.value == 1:
                        break
                await RisingEdge(dut.clk)
                dut.s_push.value = 0

        async def feed_ej() -> None:
            """gcm_aes_out's E_K(J0) queue head: each value arrives after a random wait and stays
            valid until popped; a pop without a valid head is a failure."""
            i, valid = 0, 0
            while i < len(ej_vals):
                await RisingEdge(dut.clk)
                valid = valid or int(rng.random() < 0.3)
                dut.ej.value, dut.ej_valid.value = ej_vals[i], valid
                await ReadOnly()
                if dut.ej_pop.value == 1:
                    assert valid, "E_K(J0) popped while none was offered"
                    i, valid = i + 1, 0
            await RisingEdge(dut.clk)
            dut.ej_valid.value = 0

        async def push_ends() -> None:
            for p in packets:
                while True:
                    await RisingEdge(dut.clk)
                    for name, v in zip(("mode", "dec", "err", "need_s", "need_j0", "tag_keep", "exp_tag"), p,
                                       strict=True):
                        getattr(dut, name).value = v
                    go = rng.random() < 0.7
                    dut.push.value = int(go)
                    await ReadOnly()
                    if go and dut.full.value == 0:
                        break
                await RisingEdge(dut.clk)
                dut.push.value = 0

        tasks = [cocotb.start_soon(t()) for t in (feed_s, feed_ej, push_ends)]
        while len(got) < len(want):
            await RisingEdge(dut.clk)
            dut.out_free.value = int(rng.random() < 0.6)
            await ReadOnly()
            if dut.emit.value == 1:
                err, stat, fail = int(dut.f_err.value), int(dut.f_stat.value), int(dut.f_fail.value)
                w = want[len(got)]
                tag = int(dut.f_tag.value) if not err and not stat else None
                got.append((err, int(stat and not err), int(fail and not err), tag))
                assert got[-1] == w, f"packet {len(got) - 1}: {got[-1]} != {w}"
        for t in tasks:
            await t

if TOP == "gcm_key_ctl":
    FIXED = int(P.get("FIXED_KEY", 0)) == 1
    CHECK = int(P.get("CHECK", 0)) == 1
    CHECK_REG = int(P.get("CHECK_REG", 0)) == 1
    H_BUILTIN = int(P.get("H_BUILTIN", 0))

    async def key_init(dut) -> None:
        for s in ("key_clear", "key_take", "aes_key_loaded", "aes_error", "h_arrives", "aes_h"):
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)
        await ReadOnly()

    async def cycle(dut, **inputs: int) -> None:
        """One clock with these inputs (all others low); returns in ReadOnly after the edge."""
        await RisingEdge(dut.clk)
        for s in ("key_clear", "key_take", "aes_key_loaded", "aes_error", "h_arrives"):
            getattr(dut, s).value = inputs.get(s, 0)
        if "aes_h" in inputs:
            dut.aes_h.value = inputs["aes_h"]
        await ReadOnly()

    async def start_key(dut) -> None:
        """A key taken (or, FIXED_KEY, the schedule done): h_start must rise with it."""
        if FIXED:
            assert dut.busy.value == 1 and dut.none.value == 0, "a fixed-key core starts loading"
            await RisingEdge(dut.clk)
            dut.aes_key_loaded.value = 1
        else:
            assert dut.none.value == 1
            await RisingEdge(dut.clk)
            dut.key_take.value = 1
        await ReadOnly()
        assert dut.h_start.value == 1
        await cycle(dut)
        assert dut.busy.value == 1 and dut.ready.value == 0

    async def deliver_h(dut, hv: int) -> None:
        """H arrives; the verdict comes that cycle (or the next with CHECK_REG)."""
        await cycle(dut, h_arrives=1, aes_h=hv)
        await cycle(dut)
        assert int(dut.h.value) == hv and dut.h_load.value == 1
        if CHECK_REG:
            await cycle(dut)

    @cocotb.test(timeout_time=5, timeout_unit="ms")
    async def key_h_check_and_erase(dut):
        """The key's states end to end: H captured and loaded once; a built-in H compared (a wrong
        one leaves no key and raises key_mismatch); key_clear erases H (the erased port); a key the
        AES core refuses (aes_error) leaves no key."""
        rng = axis.seeded()
        await key_init(dut)
        for trial in range(6):
            await start_key(dut)
            wrong = CHECK and trial % 2 == 1
            hv = H_BUILTIN if CHECK and not wrong else rng.getrandbits(128) | 1
            if wrong:
                hv = H_BUILTIN ^ (1 << rng.randrange(128))
            await deliver_h(dut, hv)
            if wrong:
                assert dut.none.value == 1 and dut.key_mismatch.value == 1 and dut.ready.value == 0
            else:
                assert dut.ready.value == 1 and dut.key_mismatch.value == 0 and dut.none.value == 0
            await cycle(dut)
            assert dut.h_load.value == 0, "h_load is one cycle"
            assert dut.erased.value == 0
            await cycle(dut, key_clear=1)
            await cycle(dut)
            assert dut.erased.value == 1 and int(dut.h.value) == 0 and dut.ready.value == 0
            assert dut.key_mismatch.value == 0
        if not FIXED:   # a refused key (key_len 3): h_abort, no key
            await start_key(dut)
            await RisingEdge(dut.clk)
            dut.aes_error.value = 1
            await ReadOnly()
            assert dut.h_abort.value == 1
            await cycle(dut)
            assert dut.none.value == 1 and dut.busy.value == 0

if TOP == "gcm_out":
    LANES = int(P.get("LANES", 1))
    BW = 16 * LANES

    def bswap16(v: int) -> int:
        return int.from_bytes(v.to_bytes(16, "big")[::-1], "big")

    @cocotb.test(timeout_time=20, timeout_unit="ms")
    async def text_and_final_beats_in_order(dut):
        """Text beats and final beats (tag, status, error) offered whenever the register is free,
        with random backpressure: every beat once, in order, in its documented form, and the
        output holds while it waits."""
        rng = axis.seeded()
        for s in ("key_clear", "txt_data", "txt_keep", "txt_load", "txt_take", "emit", "f_err", "f_stat",
                  "f_fail", "f_tag", "f_keep", "m_axis_tready"):
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)
        want, got = [], []
        valid_now, held = 0, None   # valid_now: the register holds a beat in this cycle
        while len(got) < 400:
            await RisingEdge(dut.clk)
            ready = int(rng.random() < 0.6)
            dut.m_axis_tready.value = ready
            free = not valid_now or ready
            dut.txt_load.value = dut.txt_take.value = dut.emit.value = 0
            loads = free and len(want) < 400 and rng.random() < 0.7
            if loads:
                if rng.random() < 0.7:   # a text beat
                    data, keep = rng.getrandbits(128 * LANES), (1 << rng.randrange(1, BW + 1)) - 1
                    dut.txt_data.value, dut.txt_keep.value = data, keep
                    dut.txt_load.value = dut.txt_take.value = 1
                    want.append((data, keep, 0, 0))
                else:                    # a final beat
                    err, stat, fail = rng.random() < 0.2, rng.random() < 0.4, rng.random() < 0.5
                    tag, n = rng.getrandbits(128), rng.choice((4, 8, 12, 16))
                    dut.f_err.value, dut.f_stat.value, dut.f_fail.value = int(err), int(stat), int(fail)
                    dut.f_tag.value, dut.f_keep.value, dut.emit.value = tag, (1 << n) - 1, 1
                    if err:
                        want.append((0, 1, 0b101, 1))
                    elif stat:
                        want.append((int(not fail), 1, 0b001 | (int(fail) << 1), 1))
                    else:
                        want.append((bswap16(tag), (1 << n) - 1, 0b001, 1))
            await ReadOnly()
            valid_seen = int(dut.m_axis_tvalid.value)
            assert valid_seen == valid_now, "m_axis_tvalid disagrees with the beats loaded and taken"
            valid_now = int(loads or (valid_seen and not ready))
            cur = (int(dut.m_axis_tdata.value), int(dut.m_axis_tkeep.value), int(dut.m_axis_tuser.value),
                   int(dut.m_axis_tlast.value)) if valid_seen else None
            if held is not None:
                assert cur == held, f"output changed while waiting: {held} -> {cur}"
            held = None
            if valid_seen:
                if ready:
                    got.append(cur)
                    assert got[-1] == want[len(got) - 1], f"beat {len(got) - 1}: {got[-1]} != {want[len(got) - 1]}"
                else:
                    held = cur
        await pulse(dut, "key_clear")
        assert dut.m_axis_tvalid.value == 0 and dut.erased.value == 1
