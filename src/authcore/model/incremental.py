"""Incremental GHASH and GMAC (the GCM spec's Section 6: GCM can act as an incremental MAC).

GHASH is linear in its blocks: over blocks B_1..B_n (the length block last),
S = B_1*H^n xor B_2*H^(n-1) xor ... xor B_n*H. Changing block i from old to new therefore changes S by
(old xor new) * H^(n - i + 1): one multiplication by a power of H, whatever n is, where recomputing
from scratch costs n. :func:`update_ghash` does that; :class:`PowerCache` keeps the powers it has
computed (square-and-multiply, so H^k costs O(log k) multiplications the first time).

A tag must then be re-masked under a **fresh IV** (:func:`gmac_tag`): T = S xor E_K(Y0). Two tags
under one IV for two messages that differ in block i satisfy T1 xor T2 = (old xor new) * H^(n-i+1),
and both differences are known to anyone who sees the messages and tags; for the length block
(i = n) that is delta * H, so H = (T1 xor T2) / delta directly, and with H an attacker forges tags
for any message under that IV. The same holds for any reuse of an IV, incremental or not.

Blocks are 16-byte strings (the spec's block order); indices are 1-based as in the spec's X_i.
H is key material: nothing here prints or stores it beyond the cache object the caller owns.
"""

from __future__ import annotations

from authcore.errors import InvalidParameter
from authcore.model import gf128


class PowerCache:
    """H^k for k >= 1, by square-and-multiply, remembered. Holds key material (powers of H):
    call :meth:`clear` when done."""

    def __init__(self, h: bytes) -> None:
        if len(h) != 16:
            raise InvalidParameter(f"hash key H must be 16 bytes, got {len(h)}")
        self._h = int.from_bytes(h, "big")
        self._powers: dict[int, int] = {1: self._h}
        self.multiplications = 0

    def power(self, k: int) -> int:
        if k < 1:
            raise InvalidParameter(f"a power of H must be at least 1, got {k}")
        if k in self._powers:
            return self._powers[k]
        acc, base, e, first = gf128.ONE, self._h, k, True
        while e:
            if e & 1:
                acc = base if first else gf128.mul(acc, base)
                self.multiplications += 0 if first else 1
                first = False
            e >>= 1
            if e:
                base = gf128.mul(base, base)
                self.multiplications += 1
        self._powers[k] = acc
        return acc

    def clear(self) -> None:
        self._powers.clear()
        self._h = 0


def update_ghash(s: bytes, h: bytes | PowerCache, n_blocks: int, index: int, old: bytes, new: bytes) -> bytes:
    """The GHASH of the blocks after block ``index`` (1..n) changed from ``old`` to ``new``, from
    the GHASH ``s`` before: s xor (old xor new) * H^(n - index + 1). The block count n does not
    change (a change of length changes the length block and the blocks after it: recompute)."""
    if len(s) != 16 or len(old) != 16 or len(new) != 16:
        raise InvalidParameter("GHASH values and blocks are 16 bytes")
    if not 1 <= index <= n_blocks:
        raise InvalidParameter(f"block index must be 1 to {n_blocks}, got {index}")
    cache = h if isinstance(h, PowerCache) else PowerCache(h)
    delta = int.from_bytes(old, "big") ^ int.from_bytes(new, "big")
    if delta == 0:
        return bytes(s)
    out = int.from_bytes(s, "big") ^ gf128.mul(delta, cache.power(n_blocks - index + 1))
    return out.to_bytes(16, "big")


def update_gmac_aad(s: bytes, h: bytes | PowerCache, aad_len: int, offset: int, old: bytes, new: bytes) -> bytes:
    """GMAC's GHASH (blocks of A, then the length block) after the bytes at ``offset`` of the AAD
    changed from ``old`` to ``new`` (same length, inside the AAD): one update per block touched."""
    if len(old) != len(new):
        raise InvalidParameter("an incremental edit keeps the length: old and new must have one length")
    if offset < 0 or offset + len(old) > aad_len:
        raise InvalidParameter("the edit must lie inside the AAD")
    n = -(-aad_len // 16) + 1
    out = bytes(s)
    cache = h if isinstance(h, PowerCache) else PowerCache(h)
    i = 0
    while i < len(old):
        blk = (offset + i) // 16
        start = (offset + i) % 16
        take = min(16 - start, len(old) - i)
        o = bytes(start) + old[i : i + take] + bytes(16 - start - take)
        w = bytes(start) + new[i : i + take] + bytes(16 - start - take)
        out = update_ghash(out, cache, n, blk + 1, o, w)
        i += take
    return out


def gmac_tag(key: bytes, iv: bytes, s: bytes, tag_len: int = 16) -> bytes:
    """T = S xor E_K(Y0) under ``iv``, which must be fresh (never used with this key before: see
    the module's note). Y0 as in GCM: IV || 0^31 1 for 12 bytes, GHASH of the IV otherwise."""
    from authcore.model import gcm
    from authcore.model.aes import AES

    if tag_len not in gcm.TAG_LENGTHS:
        raise InvalidParameter(f"tag length {tag_len} bytes is not allowed")
    if len(iv) < 1:
        raise InvalidParameter("IV must be at least 1 byte")
    cipher = AES(bytes(key))
    h = int.from_bytes(cipher.encrypt(bytes(16)), "big")
    y0, _ = gcm._j0(h, bytes(iv))
    e_y0 = int.from_bytes(cipher.encrypt(y0.to_bytes(16, "big")), "big")
    return (int.from_bytes(s, "big") ^ e_y0).to_bytes(16, "big")[:tag_len]
