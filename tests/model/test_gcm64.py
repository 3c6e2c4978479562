"""GCM for 64-bit block ciphers (spec Appendix A): GF(2^64) two ways, GHASH64's length blocks, the
IV rule, round trips, tag rejection, and the published vectors."""

from __future__ import annotations

from pathlib import Path

import pytest

from authcore.errors import AuthenticationError, InvalidParameter
from authcore.model import gcm64


def test_two_formulations_of_the_field_agree(rng):
    for _ in range(500):
        a, b = rng.getrandbits(64), rng.getrandbits(64)
        assert gcm64.gf64_mul_bitwise(a, b) == gcm64.gf64_mul_clmul(a, b)
    one = gcm64.ONE64
    for a in (0, 1, one, gcm64.MASK64, rng.getrandbits(64)):
        assert gcm64.gf64_mul_bitwise(a, one) == a == gcm64.gf64_mul_clmul(one, a)
    # a^63 * a = a^64 = 1 + a + a^3 + a^4: the reduction constant, the leftmost bits 11011
    assert gcm64.gf64_mul_bitwise(1, 1 << 62) == gcm64.R64


def test_field_is_a_field(rng):
    """Commutative, associative, distributive; a^(2^64 - 1) = 1 for a random non-zero a (the
    polynomial is irreducible, so every non-zero element has that order's divisor)."""
    m = gcm64.gf64_mul
    for _ in range(50):
        a, b, c = (rng.getrandbits(64) for _ in range(3))
        assert m(a, b) == m(b, a) and m(m(a, b), c) == m(a, m(b, c)) and m(a, b ^ c) == m(a, b) ^ m(a, c)
    a = rng.getrandbits(64) | 1
    acc, base, e = gcm64.ONE64, a, (1 << 64) - 1
    while e:
        if e & 1:
            acc = m(acc, base)
        base = m(base, base)
        e >>= 1
    assert acc == gcm64.ONE64


def test_ghash64_hashes_both_lengths_as_blocks(rng):
    h = rng.randbytes(8)
    hi = int.from_bytes(h, "big")
    aad, ct = rng.randbytes(11), rng.randbytes(19)
    blocks = gcm64.pad_blocks64(aad) + gcm64.pad_blocks64(ct)
    x = 0
    for b in blocks + [11 * 8, 19 * 8]:       # len(A), then len(C), each its own block
        x = gcm64.gf64_mul_clmul(x ^ b, hi)
    assert gcm64.ghash64(h, aad, ct) == x.to_bytes(8, "big")
    # the two lengths are not one block: swapping them changes the hash
    assert gcm64.ghash64(h, ct[:11], aad + bytes(8)) != gcm64.ghash64(h, aad, ct)


def test_iv_rule(rng):
    key = rng.randbytes(24)
    h = int.from_bytes(gcm64.hash_key(key), "big")
    iv = rng.randbytes(4)
    assert gcm64.trace(key, iv, b"").y0 == iv + bytes.fromhex("00000001")
    for n in (1, 3, 5, 8, 12):
        iv = rng.randbytes(n)
        want = gcm64.ghash64_chain(h, gcm64.pad_blocks64(iv) + [0, n * 8])[-1]
        assert gcm64.trace(key, iv, b"").y0 == want.to_bytes(8, "big")
    # the counter runs in the low 32 bits and wraps there, never into the IV
    assert gcm64.incr64(0x12345678FFFFFFFF) == 0x1234567800000000


def test_round_trips_and_every_single_bit_change_is_rejected(rng):
    for klen in (16, 24):
        key = rng.randbytes(klen)
        iv, aad, pt = rng.randbytes(4), rng.randbytes(5), rng.randbytes(13)
        ct, tag = gcm64.encrypt(key, iv, pt, aad, 8)
        assert gcm64.decrypt(key, iv, ct, aad, tag) == pt and len(ct) == len(pt)
        for field in ("ct", "aad", "tag", "iv"):
            vals = {"ct": ct, "aad": aad, "tag": tag, "iv": iv}
            data = vals[field]
            for bit in range(8 * len(data)):
                bad = bytearray(data)
                bad[bit // 8] ^= 0x80 >> (bit % 8)
                v = dict(vals, **{field: bytes(bad)})
                with pytest.raises(AuthenticationError):
                    gcm64.decrypt(key, v["iv"], v["ct"], v["aad"], v["tag"])


def test_any_64_bit_cipher_plugs_in(rng):
    """A cipher given as a function: the trace uses it, and H is its E(0^64)."""
    table: dict[bytes, bytes] = {}

    def toy(block: bytes) -> bytes:   # a random permutation, built lazily
        return table.setdefault(block, rng.randbytes(8))

    ct, tag = gcm64.encrypt(None, b"\0\0\0\1", b"plaintext", b"", 6, cipher=toy)
    assert gcm64.decrypt(None, b"\0\0\0\1", ct, b"", tag, cipher=toy) == b"plaintext"
    assert gcm64.trace(None, b"\0\0\0\1", b"", cipher=toy).h == toy(bytes(8))


def test_limits_and_errors():
    key = bytes(24)
    with pytest.raises(InvalidParameter, match="16 or 24 bytes"):
        gcm64.encrypt(bytes(8), b"abcd", b"")
    with pytest.raises(InvalidParameter, match="tag length 9"):
        gcm64.encrypt(key, b"abcd", b"", tag_len=9)
    with pytest.raises(InvalidParameter, match="tag length 3"):
        gcm64.decrypt(key, b"abcd", b"", b"", bytes(3))
    with pytest.raises(InvalidParameter, match="at least 1 byte"):
        gcm64.encrypt(key, b"", b"")
    with pytest.raises(InvalidParameter, match="not both"):
        gcm64.encrypt(key, b"abcd", b"", cipher=lambda b: b)


def test_published_vectors_are_current_and_check():
    path = Path(gcm64.__file__).parents[1] / "vectors" / "data" / gcm64.VECTORS
    assert path.read_text() == gcm64.make_vectors(), "regenerate with: python -m authcore.model.gcm64 --write"
    vecs = gcm64.load_vectors()
    assert len(vecs) == 24
    for v in vecs:
        t = gcm64.trace(v["Key"], v["IV"], v["PT"], v["AAD"], len(v["Tag"]))
        assert (t.ciphertext, t.tag, t.h, t.y0, t.ghash) == (v["CT"], v["Tag"], v["H"], v["Y0"], v["GHASH"])
        assert gcm64.decrypt(v["Key"], v["IV"], v["CT"], v["AAD"], v["Tag"]) == v["PT"]
