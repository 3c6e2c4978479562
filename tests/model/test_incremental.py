"""Incremental GHASH/GMAC (spec Section 6) against recomputation from scratch."""

from __future__ import annotations

import pytest

from authcore.errors import InvalidParameter
from authcore.model import gcm, gf128, incremental


def _ghash(h: bytes, blocks: list[bytes]) -> bytes:
    return gf128.ghash_chain(int.from_bytes(h, "big"), [int.from_bytes(b, "big") for b in blocks])[-1].to_bytes(
        16, "big")


def test_block_edits_match_recomputation(rng):
    for _ in range(40):
        h = rng.randbytes(16)
        n = rng.randrange(1, 12)
        blocks = [rng.randbytes(16) for _ in range(n)]
        s = _ghash(h, blocks)
        cache = incremental.PowerCache(h)
        for index in {1, n, rng.randrange(1, n + 1)}:   # the first, the last (the length block), any
            new = rng.randbytes(16)
            edited = list(blocks)
            old, edited[index - 1] = edited[index - 1], new
            s2 = incremental.update_ghash(s, cache, n, index, old, new)
            assert s2 == _ghash(h, edited), (n, index)
            blocks, s = edited, s2
        assert incremental.update_ghash(s, h, n, 1, blocks[0], blocks[0]) == s


def test_power_cache_is_square_and_multiply(rng):
    cache = incremental.PowerCache(rng.randbytes(16))
    hi = cache.power(1)
    assert cache.power(13) == gf128.power(hi, 13)
    assert cache.multiplications <= 2 * (13).bit_length()
    before = cache.multiplications
    cache.power(13)
    assert cache.multiplications == before   # cached
    cache.clear()
    with pytest.raises(InvalidParameter):
        cache.power(0)


def test_gmac_aad_edit_and_remask_equal_a_fresh_gmac(rng):
    key = rng.randbytes(16)
    h = gcm.hash_key(key)
    for _ in range(20):
        aad = bytearray(rng.randbytes(rng.randrange(1, 70)))
        off = rng.randrange(len(aad))
        span = rng.randrange(1, len(aad) - off + 1)
        new = rng.randbytes(span)
        s = gf128.ghash(h, bytes(aad), b"")
        s2 = incremental.update_gmac_aad(s, h, len(aad), off, bytes(aad[off : off + span]), new)
        aad[off : off + span] = new
        assert s2 == gf128.ghash(h, bytes(aad), b"")
        iv = rng.randbytes(rng.choice([12, 8, 20]))   # fresh for the edited message
        assert incremental.gmac_tag(key, iv, s2, 12) == gcm.gmac(key, iv, bytes(aad), 12)


def test_iv_reuse_reveals_h(rng):
    """Why the IV must be fresh: two tags of a length-block edit under one IV give H outright."""
    key = rng.randbytes(16)
    h = int.from_bytes(gcm.hash_key(key), "big")
    iv = rng.randbytes(12)
    s1 = rng.randbytes(16)
    delta = rng.randbytes(16)
    s2 = incremental.update_ghash(s1, gcm.hash_key(key), 3, 3, bytes(16), delta)   # the length block
    t1, t2 = incremental.gmac_tag(key, iv, s1), incremental.gmac_tag(key, iv, s2)
    diff = int.from_bytes(t1, "big") ^ int.from_bytes(t2, "big")
    assert gf128.mul(diff, gf128.inverse(int.from_bytes(delta, "big"))) == h


def test_errors():
    with pytest.raises(InvalidParameter, match="block index"):
        incremental.update_ghash(bytes(16), bytes(16), 3, 4, bytes(16), bytes(16))
    with pytest.raises(InvalidParameter, match="inside the AAD"):
        incremental.update_gmac_aad(bytes(16), bytes(16), 10, 8, b"abc", b"xyz")
    with pytest.raises(InvalidParameter, match="one length"):
        incremental.update_gmac_aad(bytes(16), bytes(16), 10, 0, b"ab", b"xyz")
