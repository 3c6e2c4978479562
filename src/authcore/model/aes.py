"""AES (FIPS-197) encryption for 128, 192 and 256-bit keys; own implementation.

The S-box is derived from its definition (inverse in GF(2^8) then the affine map), not pasted,
so the hardware S-box tests can compare against an independent source. Key expansion is exposed
because RTL tests compare round keys.
"""

from __future__ import annotations

from authcore.errors import InvalidParameter

KEY_SIZES = (16, 24, 32)


def _xtime(a: int) -> int:
    a <<= 1
    return (a ^ 0x11B) & 0xFF if a & 0x100 else a


def gf256_mul(a: int, b: int) -> int:
    p = 0
    while b:
        if b & 1:
            p ^= a
        a = _xtime(a)
        b >>= 1
    return p


def _build_sbox() -> list[int]:
    inv = [0] * 256
    for a in range(1, 256):
        for b in range(1, 256):
            if gf256_mul(a, b) == 1:
                inv[a] = b
                break
    sbox = []
    for a in range(256):
        x = inv[a]
        y = x
        for k in range(1, 5):
            y ^= ((x << k) | (x >> (8 - k))) & 0xFF
        sbox.append(y ^ 0x63)
    return sbox


SBOX: list[int] = _build_sbox()
RCON = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36]


def rounds_for(key: bytes) -> int:
    if len(key) not in KEY_SIZES:
        raise InvalidParameter(f"AES key must be 16, 24 or 32 bytes, got {len(key)}")
    return {16: 10, 24: 12, 32: 14}[len(key)]


def expand_key(key: bytes) -> list[bytes]:
    """Round keys 0..Nr, each 16 bytes, as FIPS-197 Section 5.2 defines them."""
    nr = rounds_for(key)
    nk = len(key) // 4
    w = [list(key[4 * i : 4 * i + 4]) for i in range(nk)]
    for i in range(nk, 4 * (nr + 1)):
        t = list(w[i - 1])
        if i % nk == 0:
            t = t[1:] + t[:1]
            t = [SBOX[b] for b in t]
            t[0] ^= RCON[i // nk - 1]
        elif nk > 6 and i % nk == 4:
            t = [SBOX[b] for b in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t, strict=True)])
    return [bytes(sum(w[4 * r : 4 * r + 4], [])) for r in range(nr + 1)]


def _mix_column(c: list[int]) -> list[int]:
    a0, a1, a2, a3 = c
    return [
        _xtime(a0) ^ _xtime(a1) ^ a1 ^ a2 ^ a3,
        a0 ^ _xtime(a1) ^ _xtime(a2) ^ a2 ^ a3,
        a0 ^ a1 ^ _xtime(a2) ^ _xtime(a3) ^ a3,
        _xtime(a0) ^ a0 ^ a1 ^ a2 ^ _xtime(a3),
    ]


def encrypt_round_keys(round_keys: list[bytes], block: bytes) -> bytes:
    """Encrypt one block with already-expanded round keys (state is column-major, as FIPS-197)."""
    if len(block) != 16:
        raise InvalidParameter(f"AES block must be 16 bytes, got {len(block)}")
    s = [b ^ k for b, k in zip(block, round_keys[0], strict=True)]
    nr = len(round_keys) - 1
    for r in range(1, nr + 1):
        s = [SBOX[b] for b in s]
        # ShiftRows: byte (row, col) at index 4*col + row moves from column col + row.
        s = [s[4 * ((c + row) % 4) + row] for c in range(4) for row in range(4)]
        if r != nr:
            s = sum((_mix_column(s[4 * c : 4 * c + 4]) for c in range(4)), [])
        s = [b ^ k for b, k in zip(s, round_keys[r], strict=True)]
    return bytes(s)


def encrypt_block(key: bytes, block: bytes) -> bytes:
    return encrypt_round_keys(expand_key(key), block)


class AES:
    """A key schedule expanded once, for encrypting many blocks under one key."""

    def __init__(self, key: bytes) -> None:
        self.round_keys = expand_key(bytes(key))
        self.rounds = len(self.round_keys) - 1

    def encrypt(self, block: bytes) -> bytes:
        return encrypt_round_keys(self.round_keys, block)
