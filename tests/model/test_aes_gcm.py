import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from authcore.errors import AuthenticationError, InvalidParameter
from authcore.model import aes, gcm, gf128


def test_fips197_appendix_c():
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    cases = {
        "000102030405060708090a0b0c0d0e0f": "69c4e0d86a7b0430d8cdb78070b4c55a",
        "000102030405060708090a0b0c0d0e0f1011121314151617": "dda97ca4864cdfe06eaf70a0ec0d7191",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f": "8ea2b7ca516745bfeafc49904b496089",
    }
    for k, c in cases.items():
        assert aes.encrypt_block(bytes.fromhex(k), pt).hex() == c


def test_fips197_key_expansion_appendix_a():
    rk = aes.expand_key(bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c"))
    assert len(rk) == 11
    assert rk[1].hex() == "a0fafe1788542cb123a339392a6c7605"
    assert rk[10].hex() == "d014f9a8c9ee2589e13f0cc8b6630ca6"
    rk256 = aes.expand_key(bytes.fromhex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"))
    assert len(rk256) == 15 and rk256[14].hex() == "fe4890d1e6188d0b046df344706c631e"


def test_sbox_known_entries():
    assert aes.SBOX[0x00] == 0x63 and aes.SBOX[0x53] == 0xED and aes.SBOX[0xFF] == 0x16
    assert sorted(aes.SBOX) == list(range(256))


def test_aes_matches_cryptography(rng):
    for klen in (16, 24, 32):
        for _ in range(20):
            k, b = rng.randbytes(klen), rng.randbytes(16)
            enc = Cipher(algorithms.AES(k), modes.ECB()).encryptor()
            assert aes.encrypt_block(k, b) == enc.update(b) + enc.finalize()


def test_gcm_matches_cryptography_random(rng):
    for _ in range(150):
        k = rng.randbytes(rng.choice((16, 24, 32)))
        iv = rng.randbytes(rng.choice((8, 12, 12, 16, 1 + rng.randrange(64))))
        p = rng.randbytes(rng.randrange(0, 100))
        a = rng.randbytes(rng.randrange(0, 60))
        ct, tag = gcm.encrypt(k, iv, p, a)
        if len(iv) >= 8:  # the OpenSSL backend refuses IVs under 64 bits
            assert ct + tag == AESGCM(k).encrypt(iv, p, a)
        assert gcm.decrypt(k, iv, ct, a, tag) == p
        for tl in gcm.TAG_LENGTHS:
            assert gcm.encrypt(k, iv, p, a, tl)[1] == tag[:tl]


def test_gmac_is_gcm_without_text(rng):
    k, iv, a = rng.randbytes(16), rng.randbytes(12), rng.randbytes(77)
    assert gcm.gmac(k, iv, a) == gcm.encrypt(k, iv, b"", a)[1]
    assert AESGCM(k).encrypt(iv, b"", a) == gcm.gmac(k, iv, a)


def test_decrypt_rejects_modified_inputs(rng):
    k, iv, p, a = rng.randbytes(16), rng.randbytes(12), rng.randbytes(40), rng.randbytes(9)
    ct, tag = gcm.encrypt(k, iv, p, a)
    bad_ct = bytes([ct[0] ^ 1]) + ct[1:]
    for args in ((bad_ct, a, tag), (ct, a + b"x", tag), (ct, a, bytes([tag[0] ^ 0x80]) + tag[1:])):
        with pytest.raises(AuthenticationError):
            gcm.decrypt(k, iv, *args)


def test_counter_wraps_in_low_32_bits():
    assert gcm.incr(0xFFFFFFFF) == 0
    y = (0xABCDEF << 32) | 0xFFFFFFFF
    assert gcm.incr(y) == 0xABCDEF << 32


def test_counter_wrap_against_cryptography(rng):
    # GHASH is linear, so a 16-byte IV with a chosen J0 can be built: J0 = (IV*H ^ L)*H with
    # L = len({})||len(IV). Choose J0 two steps before the low word wraps and let six blocks run.
    k = rng.randbytes(16)
    h = int.from_bytes(gcm.hash_key(k), "big")
    hinv = gf128.inverse(h)
    j0 = (rng.getrandbits(96) << 32) | 0xFFFFFFFE
    iv_int = gf128.mul(gf128.mul(j0, hinv) ^ gf128.length_block(0, 16), hinv)
    iv = iv_int.to_bytes(16, "big")
    p = rng.randbytes(16 * 6 - 5)
    t = gcm.trace(k, iv, p)
    assert int.from_bytes(t.y0, "big") == j0
    low = [int.from_bytes(c, "big") & 0xFFFFFFFF for c in t.counters]
    assert low == [0xFFFFFFFF, 0, 1, 2, 3, 4]
    assert all(c[:12] == t.y0[:12] for c in t.counters)  # no carry into the IV part
    assert t.ciphertext + t.tag == AESGCM(k).encrypt(iv, p, b"")


@pytest.mark.parametrize(
    "kwargs,msg",
    [
        ({"key": bytes(15)}, "16, 24 or 32"),
        ({"iv": b""}, "at least 1 byte"),
        ({"tag_len": 11}, "tag length"),
        ({"tag_len": 17}, "tag length"),
    ],
)
def test_invalid_parameters(kwargs, msg):
    args = {"key": bytes(16), "iv": bytes(12), "plaintext": b"", "aad": b"", "tag_len": 16} | kwargs
    with pytest.raises(InvalidParameter, match=msg):
        gcm.encrypt(**args)


def test_plaintext_limit_is_enforced_without_allocating():
    class Huge(bytes):
        def __len__(self) -> int:
            return (1 << 36) - 31

    with pytest.raises(InvalidParameter, match="2\\^39 - 256"):
        gcm.encrypt(bytes(16), bytes(12), Huge())
