import hashlib
import hmac as std_hmac

import pytest

from authcore.errors import InvalidParameter
from authcore.model import hmac, md5, sha1

EDGE_LENGTHS = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 200]


def test_sha1_md5_random_and_edge_lengths(rng):
    lengths = EDGE_LENGTHS + [rng.randrange(0, 1000) for _ in range(30)]
    for n in lengths:
        m = rng.randbytes(n)
        assert sha1.sha1(m) == hashlib.sha1(m).digest(), n
        assert md5.md5(m) == hashlib.md5(m).digest(), n


def test_streaming_updates_match_one_shot(rng):
    m = rng.randbytes(300)
    for cls, ref in ((sha1.SHA1, hashlib.sha1), (md5.MD5, hashlib.md5)):
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
    for cls, ref in ((sha1.SHA1, hashlib.sha1), (md5.MD5, hashlib.md5)):
        state = cls.compress(cls.IV, m[:64])
        resumed = cls(m[64:], state=state, length=64)
        assert resumed.digest() == ref(m).digest()
    with pytest.raises(InvalidParameter):
        sha1.SHA1(state=sha1.SHA1.IV, length=10)


@pytest.mark.parametrize("name", ["sha1", "md5", "sha256"])
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
    for name, cls in (("sha1", sha1.SHA1), ("md5", md5.MD5)):
        k, m = rng.randbytes(rng.randrange(0, 150)), rng.randbytes(rng.randrange(0, 150))
        inner, outer = hmac.key_states(name, k)
        ih = cls(m, state=inner, length=64).digest()
        assert cls(ih, state=outer, length=64).digest() == hmac.hmac(name, k, m)
