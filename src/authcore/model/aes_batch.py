"""AES-128 encryption of one block under many keys at once (numpy), for key-population studies.

Same algorithm as :mod:`authcore.model.aes` in T-table form over arrays of keys; tests check it
against the scalar model. Used by the density study, which needs H = E(K, 0) for 10^6 keys.
"""

from __future__ import annotations

import numpy as np

from authcore.model.aes import RCON, SBOX, gf256_mul

_S = np.array(SBOX, dtype=np.uint32)


def _table(shift: int) -> np.ndarray:
    t = []
    for a in range(256):
        s = SBOX[a]
        w = (gf256_mul(s, 2) << 24) | (s << 16) | (s << 8) | gf256_mul(s, 3)
        t.append(((w >> shift) | (w << (32 - shift))) & 0xFFFFFFFF)
    return np.array(t, dtype=np.uint32)


T0, T1, T2, T3 = (_table(s) for s in (0, 8, 16, 24))


def _sub_word(w: np.ndarray) -> np.ndarray:
    return ((_S[(w >> 24) & 0xFF] << 24) | (_S[(w >> 16) & 0xFF] << 16)
            | (_S[(w >> 8) & 0xFF] << 8) | _S[w & 0xFF])


def encrypt128(keys: np.ndarray, block: bytes) -> np.ndarray:
    """keys: (N, 16) uint8. Returns (N, 16) uint8 ciphertexts of ``block`` under each key."""
    n = keys.shape[0]
    kw = keys.reshape(n, 4, 4).astype(np.uint32)
    w = [(kw[:, i, 0] << 24) | (kw[:, i, 1] << 16) | (kw[:, i, 2] << 8) | kw[:, i, 3] for i in range(4)]
    for i in range(4, 44):
        t = w[i - 1]
        if i % 4 == 0:
            t = _sub_word(((t << 8) | (t >> 24)) & 0xFFFFFFFF) ^ np.uint32(RCON[i // 4 - 1] << 24)
        w.append(w[i - 4] ^ t)
    b = np.frombuffer(block, dtype=np.uint8).astype(np.uint32)
    s = [np.full(n, (b[4 * c] << 24) | (b[4 * c + 1] << 16) | (b[4 * c + 2] << 8) | b[4 * c + 3], dtype=np.uint32)
         ^ w[c] for c in range(4)]
    for r in range(1, 10):
        s = [T0[(s[c] >> 24) & 0xFF] ^ T1[(s[(c + 1) % 4] >> 16) & 0xFF] ^ T2[(s[(c + 2) % 4] >> 8) & 0xFF]
             ^ T3[s[(c + 3) % 4] & 0xFF] ^ w[4 * r + c] for c in range(4)]
    out = [((_S[(s[c] >> 24) & 0xFF] << 24) | (_S[(s[(c + 1) % 4] >> 16) & 0xFF] << 16)
            | (_S[(s[(c + 2) % 4] >> 8) & 0xFF] << 8) | _S[s[(c + 3) % 4] & 0xFF]) ^ w[40 + c] for c in range(4)]
    res = np.zeros((n, 16), dtype=np.uint8)
    for c in range(4):
        for k in range(4):
            res[:, 4 * c + k] = (out[c] >> (24 - 8 * k)) & 0xFF
    return res
