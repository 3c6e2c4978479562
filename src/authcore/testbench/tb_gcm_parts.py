"""cocotb testbenches of gcm_core's parts on their own ports (the parts' contracts, beside the
whole core's tests in tb_gcm). The DUT's name and parameters come from tbconfig."""

from __future__ import annotations

import axis  # noqa: I001 - the testbench folder is on the path inside the simulator
import cocotb
from cocotb.triggers import ReadOnly, RisingEdge, Timer

from authcore.testbench import tbconfig

TOP = tbconfig.toplevel()
P = tbconfig.parameters()
GCM, GMAC, CTR = 0, 1, 2   # packet modes (gcm_core's header)
K_GEN, K_J0, K_H = 0, 1, 2  # the kinds of AES blocks (gcm_ctr_gen, gcm_aes_out)


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

    async def beat(dut, phase: int, nbytes: int, idle: bool = True) -> int:
        """Take one beat; returns `over` as it was when the beat was offered. With ``idle`` the
        next cycle takes none (the outputs are then read in the cycle right after the beat);
        without, the next beat() follows in the next cycle (back to back, as the parser takes
        them: a count and a flag must be current for the very next beat)."""
        await RisingEdge(dut.clk)
        dut.take.value, dut.phase.value, dut.nbytes.value, dut.full.value = 1, phase, nbytes, int(nbytes == BW)
        await ReadOnly()
        over = int(dut.over.value)
        if idle:
            await RisingEdge(dut.clk)
            dut.take.value = 0
        return over

    def length_blocks_are(dut, lens: dict[int, int], when: str) -> None:
        """[0 || len(IV)] and [len(A) || len(C)] in bits, for the byte counts ``lens``."""
        assert int(dut.iv_len_blk.value) == 8 * lens[PH_IV], f"IV length {when}"
        assert int(dut.len_blk.value) == ((8 * lens[PH_AAD]) << 64) | (8 * lens[PH_TXT]), \
            f"[len(A) || len(C)] {when}"

    @cocotb.test(timeout_time=20, timeout_unit="ms")
    async def counts_and_length_blocks(dut):
        """Random packets: the length blocks are [len(A) || len(C)] and [0 || len(IV)] in bits, and
        the header's clear zeroes them for the next packet."""
        rng = axis.seeded()
        await lengths_init(dut)
        for _ in range(40):
            lens = {PH_IV: 0, PH_AAD: 0, PH_TXT: 0}
            for ph in (PH_IV, PH_AAD, PH_TXT):
                n = rng.randrange(0, 6 * BW) if rng.random() < 0.75 else 0   # empty phases too
                lens[ph] = n
                for i in range(0, n, BW):
                    # the phase's last beat and a random third of the others leave a cycle
                    idle = i + BW >= n or rng.random() < 0.3
                    assert await beat(dut, ph, min(BW, n - i), idle) == 0
                if n == 0:
                    continue
                # read in the cycle right after the phase's last beat, as the parser may
                await ReadOnly()
                length_blocks_are(dut, lens, f"after phase {ph}")
            await RisingEdge(dut.clk)
            await ReadOnly()
            length_blocks_are(dut, lens, "a cycle after the packet")
            await pulse(dut, "clear")
            assert int(dut.len_blk.value) == 0 and int(dut.iv_len_blk.value) == 0

    @cocotb.test(timeout_time=200, timeout_unit="ms")
    async def limit_sets_over_exactly_at_the_limit(dut):
        """Each phase holds up to 2^W - 32 bytes: the beat that reaches it is taken, the next one
        sees over (only with a narrow LEN_W can a simulation get there)."""
        rng = axis.seeded()
        await lengths_init(dut)
        for ph, w in ((PH_AAD, LEN_W), (PH_TXT, LEN_W), (PH_IV, IVL_W)):
            if w > 12:
                return
            beats = ((1 << w) - 32) // BW
            for i in range(beats):
                # the beat that reaches the limit comes right before the refused one for text,
                # a cycle before it for AAD and IV (the others with random gaps)
                idle = rng.random() < 0.5 if i < beats - 1 else ph != PH_TXT
                assert await beat(dut, ph, BW, idle) == 0, f"phase {ph} over early, beat {i}"
            assert await beat(dut, ph, BW) == 1, f"phase {ph}: no over past {(1 << w) - 32} bytes"
            # key_clear empties every count and flag
            await pulse(dut, "key_clear")
            assert int(dut.over.value) == 0 and int(dut.len_blk.value) == 0

if TOP == "gcm_ctr_gen":
    LANES = int(P.get("LANES", 1))
    INPUTS = ("key_clear", "h_start", "h_abort", "mode", "iv_wait", "iv_blk", "start_direct", "start_hash",
              "ghash_j0", "j0_pop", "text_done", "ready")

    def inc32(v: int, n: int) -> int:
        return (v & ~0xFFFFFFFF) | ((v + n) & 0xFFFFFFFF)

    async def ctr_init(dut) -> None:
        for s in INPUTS:
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)

    def offer(dut) -> tuple[int, int]:
        """(blk, kind) offered now; the second lane's block is inc32(blk, 1) for every kind but H."""
        blk, kind = int(dut.blk.value), int(dut.kind.value)
        if kind != K_H:
            assert int(dut.blk1.value) == inc32(blk, 1), f"second lane's block for {blk:#x}"
        return blk, kind

    async def take_blocks(dut, rng, count: int, gap: float) -> list[tuple[int, int]]:
        """Accept ``count`` offered blocks with random ready gaps; (blk, kind) of each, in order.
        Returns with ready low, in the cycle after the last one."""
        got: list[tuple[int, int]] = []
        while len(got) < count:
            await RisingEdge(dut.clk)
            dut.ready.value = int(rng.random() >= gap)
            await ReadOnly()
            if dut.valid.value == 1 and dut.ready.value == 1:
                got.append(offer(dut))
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
        """key_clear mid-packet: back to idle, nothing offered, both counters zeroed (erased)."""
        rng = axis.seeded()
        await ctr_init(dut)
        await RisingEdge(dut.clk)
        dut.mode.value, dut.iv_wait.value, dut.iv_blk.value, dut.start_direct.value = CTR, 1, rng.getrandbits(128), 1
        await RisingEdge(dut.clk)
        dut.iv_wait.value = dut.start_direct.value = 0
        await take_blocks(dut, rng, 3, 0.0)
        await ReadOnly()
        assert dut.erased.value == 0, "erased while the counters run"
        await RisingEdge(dut.clk)
        dut.key_clear.value = 1
        await RisingEdge(dut.clk)
        dut.key_clear.value = 0
        await ReadOnly()
        assert dut.idle.value == 1 and dut.valid.value == 0 and int(dut.blk.value) == 0
        assert dut.erased.value == 1, "key_clear left a counter behind"

    @cocotb.test(timeout_time=100, timeout_unit="ms")
    async def hashed_j0_pending_behind_a_packet(dut):
        """The parser's side played at random: direct starts only when idle, hash starts whenever
        there is room, so a hashed packet is often kept pending behind the previous one; its mode and
        a text that ends before it starts (GMAC, an empty text) are kept with it. GHASH gives the
        hashed J0s in start order, whenever the generator waits. Every packet's blocks come in order:
        E_K(J0) (its J0) then inc32(J0, 1 + LANES i), as many as its text took and at most one
        leftover (CTR: the counter block on); a packet whose text ended before it started, none."""
        rng = axis.seeded()
        await ctr_init(dut)
        packets = []
        for _ in range(300):
            mode = rng.choice([GCM, GCM, GMAC, CTR])
            hashed = mode != CTR and rng.random() < 0.7
            n = 0 if mode == GMAC else (rng.randrange(1, 6) if mode == CTR or rng.random() < 0.6 else 0)
            packets.append((mode, hashed, n, rng.getrandbits(128), rng.getrandbits(128)))
        got: list[tuple[int, int]] = []
        j0_queue: list[int] = []   # hashed J0s started and not yet popped, in order
        pending_seen = 0

        async def consumer() -> None:
            while True:
                await RisingEdge(dut.clk)
                dut.ready.value = int(rng.random() < 0.6)
                await ReadOnly()
                if dut.valid.value == 1 and dut.ready.value == 1:
                    got.append(offer(dut))

        async def ghash() -> None:
            while True:
                await RisingEdge(dut.clk)
                dut.j0_pop.value = 0
                await ReadOnly()
                pop = dut.waiting.value == 1 and j0_queue and rng.random() < 0.3
                await RisingEdge(dut.clk)
                if pop:
                    dut.ghash_j0.value, dut.j0_pop.value = j0_queue.pop(0), 1

        cons = cocotb.start_soon(consumer())
        gh = cocotb.start_soon(ghash())
        j0_before = 0   # J0 blocks of the packets before this one
        for mode, hashed, n, iv, j0 in packets:
            # wait for the generator's permission, as the parser does, then start
            for _ in range(2_000):
                await RisingEdge(dut.clk)
                await ReadOnly()
                if (dut.room.value if hashed else dut.idle.value) == 1 and rng.random() < 0.7:
                    break
                if dut.room.value == 0:
                    assert dut.idle.value == 0 and dut.j0_busy.value == 1, "a pending packet, idle"
            else:
                raise AssertionError("no room or idle for 2,000 cycles: a packet never ends")
            await RisingEdge(dut.clk)
            mark = len(got)
            dut.mode.value, dut.iv_wait.value, dut.iv_blk.value = mode, 1, iv
            dut.start_hash.value, dut.start_direct.value = int(hashed), int(not hashed)
            if hashed:
                j0_queue.append(j0)
            await RisingEdge(dut.clk)
            dut.iv_wait.value = dut.start_hash.value = dut.start_direct.value = 0
            dut.mode.value = rng.choice([GCM, GMAC, CTR])   # the parser's mode moves on
            await ReadOnly()
            pending_seen += int(dut.room.value == 0)
            # the text: wait for n keystream blocks of this packet, then end it (just after the
            # edge, with every block taken so far recorded: a block taken with text_done is a leftover)
            await RisingEdge(dut.clk)
            while n:
                if mode == CTR:
                    start = mark   # idle when it started: every block since is its own
                else:
                    js = [i for i, (_, k) in enumerate(got) if k == K_J0]
                    start = js[j0_before] + 1 if len(js) > j0_before else len(got)
                if sum(k == K_GEN for _, k in got[start:]) >= n:
                    break
                await RisingEdge(dut.clk)
            dut.text_done.value = 1
            await RisingEdge(dut.clk)
            dut.text_done.value = 0
            j0_before += mode != CTR
        for _ in range(200):
            await RisingEdge(dut.clk)
        await ReadOnly()
        assert dut.idle.value == 1 and dut.room.value == 1 and not j0_queue, "packets left unfinished"
        cons.cancel()
        gh.cancel()
        # the model over the recorded blocks
        popped = [p[4] for p in packets if p[1]]
        i = 0
        for k, (mode, hashed, n, iv, _) in enumerate(packets):
            if mode == CTR:
                base, lo = iv, 0
            else:
                want = popped.pop(0) if hashed else (iv & ~0xFFFFFFFF) | 1
                assert got[i] == (want, K_J0), f"packet {k}: J0 {got[i]}"
                base, lo, i = want, 1, i + 1
            c = 0
            while i < len(got) and got[i][1] == K_GEN:
                if c >= n + 1 or (c >= n and k + 1 < len(packets) and packets[k + 1][0] == CTR
                                  and got[i][0] == packets[k + 1][3]):   # the next CTR packet's first
                    break
                assert got[i][0] == inc32(base, lo + LANES * c), f"packet {k}: keystream block {c}"
                c += 1
                i += 1
            assert n <= c <= n + 1, f"packet {k} (mode {mode}, hashed {hashed}): {c} keystream blocks for {n}"
        assert i == len(got), "blocks beyond the packets'"
        assert pending_seen > 20, f"only {pending_seen} packets were kept pending"

if TOP == "gcm_tag_unit":
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

if TOP == "gcm_aes_out":
    LANES = int(P.get("LANES", 1))

    @cocotb.test(timeout_time=100, timeout_unit="ms")
    async def keystream_and_j0_routing(dut):
        """gcm_ctr_gen and the parser played around the router: packets (GCM, GMAC, CTR) issue
        E_K(J0) and keystream slots into an AES pipeline of random latency; the text takes a random
        number of slots and ends, often with slots still in flight (leftovers). Every text beat
        gets its own packet's keystream in order and never a leftover, E_K(J0) reaches the tag unit
        in packet order, H leaves through h_arrives only, and key_clear in the middle of traffic
        erases every entry of both queues (erased), which reads 0 while one holds data."""
        rng = axis.seeded()
        for s in ("key_clear", "aes_q", "aes_q_kind", "aes_q_valid", "issue_gen", "text_done", "j0_busy",
                  "ks_use", "ej_pop"):
            getattr(dut, s).value = 0
        await axis.start_clock(dut)
        await axis.reset(dut)
        cycle = 0
        pipe: list[tuple[int, int, int]] = []   # (kind, value, cycle it may leave) in the AES
        offered = None                         # the AES output held until taken
        ks_checked = ej_checked = h_seen = dropped_any = 0

        async def settle() -> None:
            """After the edge, with the registers updated: the point where the environment decides."""
            await RisingEdge(dut.clk)
            await Timer(1, "ns")

        for phase in range(6):
            pipe.append((K_H, rng.getrandbits(128 * LANES), cycle + rng.randrange(1, 12)))
            ej_want = []
            packets = []
            for _ in range(40):
                mode = rng.choice((GCM, GCM, GMAC, CTR))
                slots = 0 if mode == GMAC else (0 if rng.random() < 0.15 else rng.randrange(1, 12))
                packets.append((mode, slots))
            for mode, slots in packets:
                j0_done = mode == CTR            # CTR: no J0
                used, stop, text_end_sent = 0, False, False
                keys: list[int] = []              # this packet's keystream, in issue order
                gap = rng.randrange(0, 4)
                while True:
                    await settle()
                    cycle += 1
                    # the AES output: hold the offer until taken, else the next block whose time came
                    if offered is None and pipe and pipe[0][2] <= cycle and rng.random() < 0.7:
                        offered = pipe.pop(0)
                    dut.aes_q_valid.value = int(offered is not None)
                    if offered is not None:
                        dut.aes_q_kind.value, dut.aes_q.value = offered[0], offered[1]
                    # the text: take a slot when one is at the head, end after `slots`
                    ks_valid = int(dut.ks_valid.value)
                    use = ks_valid == 1 and used < slots and rng.random() < 0.6
                    if use:
                        got = int(dut.keystream.value)
                        assert got == keys[used], f"phase {phase}: keystream slot {used} is not its packet's"
                        used += 1
                        ks_checked += 1
                    done = used == slots and not text_end_sent and gap == 0 and rng.random() < 0.5
                    gap = max(0, gap - 1)
                    j0_busy = not j0_done
                    dut.ks_use.value, dut.text_done.value, dut.j0_busy.value = int(use), int(done), int(j0_busy)
                    # the counter generator: J0 first, then slots until the text ends (a slot issued
                    # in the cycle the text ends is a leftover; after it, only a J0 still due goes)
                    gen = False
                    if len(pipe) < 12 and rng.random() < 0.6:
                        if not j0_done:
                            v = rng.getrandbits(128)
                            pipe.append((K_J0, v, cycle + rng.randrange(2, 14)))
                            ej_want.append(v)
                            j0_done = True
                        elif mode != GMAC and not stop:
                            v = rng.getrandbits(128 * LANES)
                            pipe.append((K_GEN, v, cycle + rng.randrange(2, 14)))
                            keys.append(v)
                            gen = True
                    if done:
                        text_end_sent = stop = True
                    dut.issue_gen.value = int(gen)
                    # the tag unit: E_K(J0) in packet order
                    pop = dut.ej_valid.value == 1 and rng.random() < 0.4
                    if pop:
                        assert int(dut.ej.value) == ej_want[0], f"phase {phase}: E_K(J0) out of order"
                        ej_want.pop(0)
                        ej_checked += 1
                    dut.ej_pop.value = int(pop)
                    await ReadOnly()
                    assert dut.ej_empty.value == 1 - int(dut.ej_valid.value)
                    if dut.ej_valid.value == 1 or ks_valid:
                        assert dut.erased.value == 0, "erased while a queue holds key-derived data"
                    taken = offered is not None and dut.aes_q_ready.value == 1
                    assert int(dut.h_arrives.value) == int(taken and offered[0] == K_H)
                    if taken:
                        h_seen += offered[0] == K_H
                        offered = None
                    if text_end_sent and j0_done:
                        dropped_any += len(keys) > slots
                        break
            # key_clear in the middle of traffic, after a few idle cycles (in the last of them): the AES
            # pipeline is flushed with it (the AES core's own key_clear); both queues must read zero
            # the cycle after
            for _ in range(rng.randrange(1, 7)):
                await RisingEdge(dut.clk)
                dut.issue_gen.value = dut.ks_use.value = dut.text_done.value = dut.ej_pop.value = 0
                dut.aes_q_valid.value = 0
            dut.key_clear.value = 1
            await RisingEdge(dut.clk)
            dut.key_clear.value = 0
            await ReadOnly()
            assert dut.erased.value == 1 and dut.ks_valid.value == 0 and dut.ej_valid.value == 0
            pipe.clear()
            offered = None
        assert h_seen == 6, f"H taken {h_seen} times, expected one per key"
        assert ks_checked > 500 and ej_checked > 100 and dropped_any > 20, (ks_checked, ej_checked, dropped_any)

if TOP == "gcm_parser":
    LANES = int(P.get("LANES", 1))
    BEAT = 16 * LANES
    HDR, IV, AAD, TXT, TAG = 0, 1, 2, 3, 4

    def lanes_block(chunk: bytes) -> int:
        """A beat's bytes in block order, lane by lane (zero padded), as the GHASH input carries them."""
        v = 0
        for lane in range(LANES):
            v |= int.from_bytes(chunk[16 * lane:16 * lane + 16].ljust(16, b"\0"), "big") << (128 * lane)
        return v

    def lane_keep(n: int) -> int:
        return sum(1 << lane for lane in range(LANES) if 16 * lane < n)

    def chunks(data: bytes) -> list[bytes]:
        return [data[i:i + BEAT] for i in range(0, len(data), BEAT)]

    def xor_ks(chunk: bytes, ks: int) -> bytes:
        """A text chunk XOR the keystream slot (block order per lane)."""
        stream = b"".join(((ks >> (128 * lane)) & ((1 << 128) - 1)).to_bytes(16, "big") for lane in range(LANES))
        return bytes(a ^ b for a, b in zip(chunk, stream, strict=False))

    def parser_packet(rng) -> dict:
        """A packet's fields and beats; ``bad`` packets break the protocol in the header or with a
        tag beat on an encryption."""
        mode = rng.choices([GCM, GMAC, CTR], [5, 2, 2])[0]
        dec = mode != CTR and rng.random() < 0.4
        tag_len = 16 if mode == CTR else rng.choice((4, 8, 12, 13, 14, 15, 16))
        iv = rng.randbytes(16) if mode == CTR else (rng.randbytes(12) if rng.random() < 0.5
                                                    else rng.randbytes(rng.randrange(1, 3 * BEAT)))
        aad = b"" if mode == CTR else rng.randbytes(rng.choice([0, BEAT, rng.randrange(4 * BEAT)]))
        text = b"" if mode == GMAC else rng.randbytes(rng.choice([0, BEAT, rng.randrange(5 * BEAT)]))
        tag = rng.randbytes(tag_len) if dec else b""
        bad, hdr = None, bytes([mode | (int(dec) << 2), tag_len])
        r = rng.random()
        if r < 0.06:   # mode 3 does not exist; a 5-byte tag is refused (CTR ignores the tag length)
            bad = "header"
            hdr = bytes([mode, 5]) if mode != CTR and rng.random() < 0.5 else bytes([3 | (int(dec) << 2), tag_len])
        elif r < 0.12 and not dec and mode != CTR:
            bad, tag = "tag", rng.randbytes(tag_len)
        beats = axis.phase_beats([(HDR, hdr), (IV, iv), (AAD, aad), (TXT, text), (TAG, tag)], BEAT)
        return {"mode": mode, "dec": dec, "tag_len": tag_len, "iv": iv, "aad": aad, "text": text, "tag": tag,
                "bad": bad, "beats": beats}

    @cocotb.test(timeout_time=200, timeout_unit="ms")
    async def packets_to_ghash_text_and_ends(dut):
        """Random well-formed and broken packets under random backpressure from every neighbour: the
        GHASH input (IV blocks and [0 || len(IV)] for a hashed IV, then AAD, ciphertext and
        [len(A) || len(C)]) block for block, the text beats XOR their keystream slots, J0 from a
        12-byte IV or a CTR counter, each packet's end description, J0/S kinds of the GHASH results
        in order, and one error pulse per broken packet."""
        rng = axis.seeded()
        for s in ("key_clear", "s_axis_tdata", "s_axis_tkeep", "s_axis_tuser", "s_axis_tlast", "s_axis_tvalid",
                  "key_valid", "key_none", "cg_idle", "cg_room", "ks_valid", "keystream", "out_free", "tag_busy",
                  "tag_full", "gh_ready", "gh_pop"):
            getattr(dut, s).value = 0
        dut.key_ready.value = 1
        await axis.start_clock(dut)
        await axis.reset(dut)
        packets = [parser_packet(rng) for _ in range(250)]
        beats = [b for p in packets for b in p["beats"]]
        sender = cocotb.start_soon(axis.send(dut, beats, rng, 0.3))
        gh, txt, ends, starts, errors, kinds_seen = [], [], [], [], 0, []
        ks = rng.getrandbits(128 * LANES)
        pending: list[int] = []   # GHASH results outstanding: the cycle each may be popped
        cycle = 0
        while len(ends) < len(packets):
            await RisingEdge(dut.clk)
            cycle += 1
            cg_idle = rng.random() < 0.7
            dut.cg_idle.value = int(cg_idle)
            dut.cg_room.value = int(cg_idle or rng.random() < 0.5)   # idle has room
            dut.ks_valid.value = int(rng.random() < 0.7)
            dut.keystream.value = ks
            dut.out_free.value = int(rng.random() < 0.7)
            dut.tag_busy.value = int(rng.random() < 0.1)
            dut.tag_full.value = int(rng.random() < 0.2)
            dut.gh_ready.value = int(rng.random() < 0.7 and len(pending) < 2)
            pop = bool(pending) and pending[0] <= cycle and rng.random() < 0.5
            dut.gh_pop.value = int(pop)
            await ReadOnly()
            assert cycle < 200_000, "the parser stopped making progress"
            if pop:
                kinds_seen.append(int(dut.gh_kind.value))
                pending.pop(0)
            if dut.gh_valid.value == 1 and dut.gh_ready.value == 1:
                last = int(dut.gh_last.value)
                gh.append((int(dut.gh_blk.value), int(dut.gh_keep.value), last))
                if last:
                    pending.append(cycle + 3 + rng.randrange(4))
            if dut.txt_take.value == 1:
                assert dut.txt_load.value == 1, "a text beat taken without loading the output"
                assert dut.ks_valid.value == 1 and dut.out_free.value == 1 and dut.tag_busy.value == 0, \
                    "a text beat taken without its keystream, a free output or while a final beat waits"
                txt.append((int(dut.txt_data.value), int(dut.txt_keep.value), ks))
                ks = rng.getrandbits(128 * LANES)
            if dut.start_direct.value == 1:
                assert dut.iv_wait.value == 1 and dut.cg_idle.value == 1, "a J0 started while counters run"
                starts.append(("direct", int(dut.iv_blk.value)))
            if dut.start_hash.value == 1:
                assert dut.cg_room.value == 1, "a hash started with a packet already pending"
                starts.append(("hash", None))
            errors += int(dut.error.value)
            if dut.end_push.value == 1:
                assert dut.tag_full.value == 0, "a packet's end pushed into a full tag queue"
                ends.append((int(dut.end_mode.value), int(dut.end_dec.value), int(dut.end_err.value),
                             int(dut.end_need_s.value), int(dut.end_need_j0.value), int(dut.end_tag_keep.value),
                             int(dut.end_exp_tag.value)))
        await sender
        # the model, packet by packet, over what was recorded
        want_gh, want_starts, want_kinds = [], [], []
        ti = 0
        for n, p in enumerate(packets):
            end = ends[n]
            if p["bad"] == "header":
                assert end[2] == 1 and end[3] == 0 and end[4] == 0, f"packet {n}: {end}"
                continue
            mode, dec = p["mode"], p["dec"]
            if mode == CTR or len(p["iv"]) == 12:
                want_starts.append(("direct", int.from_bytes(p["iv"][:16].ljust(16, b"\0"), "big")))
            else:
                want_starts.append(("hash", None))
                for c in chunks(p["iv"]):
                    want_gh.append((lanes_block(c), lane_keep(len(c)), 0))
                want_gh.append((8 * len(p["iv"]), 1, 1))
                want_kinds.append(1)
            for c in chunks(p["aad"]):
                want_gh.append((lanes_block(c), lane_keep(len(c)), 0))
            for c in chunks(p["text"]):
                data, keep, k = txt[ti]
                ti += 1
                out = xor_ks(c, k)
                assert (data, keep) == (int.from_bytes(out, "little"), (1 << len(c)) - 1), \
                    f"packet {n}: text beat {ti - 1}"
                if mode != CTR:
                    want_gh.append((lanes_block(c if dec else out), lane_keep(len(c)), 0))
            # the length block closes the message; a broken packet (the tag beat on an encryption)
            # closes it only if it opened one, and then has no S to wait for otherwise
            need_s = mode != CTR and (p["bad"] is None or len(p["aad"]) + len(p["text"]) > 0)
            if need_s:
                want_gh.append(((8 * len(p["aad"])) << 64 | 8 * len(p["text"]), 1, 1))
                want_kinds.append(0)
            keep = (1 << p["tag_len"]) - 1
            want_end = (mode, int(dec), int(p["bad"] == "tag"), int(need_s), int(mode != CTR), keep)
            assert end[:6] == want_end, f"packet {n}: end {end[:6]} != {want_end}"
            if dec:
                assert end[6] == int.from_bytes(p["tag"].ljust(16, b"\0"), "big"), f"packet {n}: expected tag"
        assert ti == len(txt), "text beats beyond the packets' text"
        assert starts == want_starts
        assert len(gh) == len(want_gh)
        for i, (g, w) in enumerate(zip(gh, want_gh, strict=True)):
            assert g == w, f"GHASH input beat {i}: {g} != {w}"
        assert errors == sum(p["bad"] is not None for p in packets)
        assert kinds_seen == want_kinds[:len(kinds_seen)], "GHASH results' kinds (J0 or S) out of order"
        assert len(kinds_seen) >= len(want_kinds) - 2
