import hashlib
import hmac as std_hmac

import pytest

from authcore.errors import InvalidParameter
from authcore.model import hmac, md5, sha1, sha256

EDGE_LENGTHS = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 200]


def test_sha1_md5_sha2_random_and_edge_lengths(rng):
    lengths = EDGE_LENGTHS + [rng.randrange(0, 1000) for _ in range(30)]
    for n in lengths:
        m = rng.randbytes(n)
        assert sha1.sha1(m) == hashlib.sha1(m).digest(), n
        assert md5.md5(m) == hashlib.md5(m).digest(), n
        assert sha256.sha256(m) == hashlib.sha256(m).digest(), n
        assert sha256.sha224(m) == hashlib.sha224(m).digest(), n


def test_sha2_constants_are_the_standard_s():
    """K and the initial values are derived from the primes' roots; spot-check FIPS 180-4's tables."""
    assert sha256.K[:4] == (0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5) and sha256.K[-1] == 0xC67178F2
    assert sha256.IV256 == (0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C,
                            0x1F83D9AB, 0x5BE0CD19)
    assert sha256.IV224 == (0xC1059ED8, 0x367CD507, 0x3070DD17, 0xF70E5939, 0xFFC00B31, 0x68581511,
                            0x64F98FA7, 0xBEFA4FA4)


def test_streaming_updates_match_one_shot(rng):
    m = rng.randbytes(300)
    for cls, ref in ((sha1.SHA1, hashlib.sha1), (md5.MD5, hashlib.md5), (sha256.SHA256, hashlib.sha256),
                     (sha256.SHA224, hashlib.sha224)):
        h = cls()
        i = 0
        while i < len(m):
            step = rng.randrange(0, 70)
            h.update(m[i : i + step])
            i += step
        c = h.copy()
        assert h.digest() == ref(m).digest()
        c.update(b"x")
        assert c.digest() == ref(m + b"x").digest()


def test_loadable_chaining_value(rng):
    m = rng.randbytes(64 * 3 + 17)
    for cls, ref in ((sha1.SHA1, hashlib.sha1), (md5.MD5, hashlib.md5), (sha256.SHA256, hashlib.sha256),
                     (sha256.SHA224, hashlib.sha224)):
        state = cls.compress(cls.IV, m[:64])
        resumed = cls(m[64:], state=state, length=64)
        assert resumed.digest() == ref(m).digest()
    with pytest.raises(InvalidParameter):
        sha1.SHA1(state=sha1.SHA1.IV, length=10)


@pytest.mark.parametrize("name", ["sha1", "md5", "sha224", "sha256"])
def test_hmac_matches_stdlib(rng, name):
    for _ in range(30):
        k = rng.randbytes(rng.randrange(0, 200))
        m = rng.randbytes(rng.randrange(0, 300))
        want = std_hmac.new(k, m, name).digest()
        assert hmac.hmac(name, k, m) == want
        assert hmac.hmac_verify(name, k, m, want)
        assert hmac.hmac_verify(name, k, m, want[:10])
        assert not hmac.hmac_verify(name, k, m, bytes([want[0] ^ 1]) + want[1:12])


def test_hmac_verify_rejects_short_tags():
    with pytest.raises(InvalidParameter, match="10 to 20"):
        hmac.hmac_verify("sha1", b"k", b"m", bytes(9))
    with pytest.raises(InvalidParameter):
        hmac.hmac("sha3", b"k", b"m")


def test_key_states_reproduce_hmac(rng):
    for name, cls in (("sha1", sha1.SHA1), ("md5", md5.MD5), ("sha256", sha256.SHA256), ("sha224", sha256.SHA224)):
        k, m = rng.randbytes(rng.randrange(0, 150)), rng.randbytes(rng.randrange(0, 150))
        inner, outer = hmac.key_states(name, k)
        ih = cls(m, state=inner, length=64).digest()
        assert cls(ih, state=outer, length=64).digest() == hmac.hmac(name, k, m)
