"""GCM and GMAC with AES (McGrew & Viega; NIST SP 800-38D), bit-exact with the spec's Equations 1-2.

Byte strings in and out. Limits from the spec, in bytes: plaintext at most 2^36 - 32 bytes
(2^39 - 256 bits), AAD and IV below 2^61 bytes (2^64 bits); IV at least one byte; tag 16, 15, 14,
13, 12, 8 or 4 bytes (SP 800-38D Section 5.2.1.2). The 96-bit IV takes the fast path
Y0 = IV || 0^31 || 1; any other length is hashed: Y0 = GHASH(H, {}, IV). incr() adds one modulo
2^32 to the low 32 bits only, so a counter that wraps does not carry into the IV part.
"""

from __future__ import annotations

import hmac as _hmac
from dataclasses import dataclass, field

from authcore.errors import AuthenticationError, InvalidParameter
from authcore.model.aes import AES, KEY_SIZES
from authcore.model.gf128 import block_to_int, ghash_chain, int_to_block, length_block, pad_blocks

TAG_LENGTHS = (16, 15, 14, 13, 12, 8, 4)
MAX_PLAINTEXT = (1 << 36) - 32
MAX_AAD = (1 << 61) - 1
MAX_IV = (1 << 61) - 1


def _check_key(key: bytes) -> None:
    if not isinstance(key, (bytes, bytearray)):
        raise InvalidParameter("key must be bytes")
    if len(key) not in KEY_SIZES:
        raise InvalidParameter(f"AES key must be 16, 24 or 32 bytes, got {len(key)}")


def _check_common(key: bytes, iv: bytes, aad: bytes, text_len: int, tag_len: int) -> None:
    _check_key(key)
    if len(iv) < 1:
        raise InvalidParameter("IV must be at least 1 byte")
    if len(iv) > MAX_IV:
        raise InvalidParameter("IV is longer than GCM allows (2^64 - 1 bits)")
    if len(aad) > MAX_AAD:
        raise InvalidParameter("AAD is longer than GCM allows (2^64 - 1 bits)")
    if text_len > MAX_PLAINTEXT:
        raise InvalidParameter("text is longer than GCM allows (2^39 - 256 bits)")
    if tag_len not in TAG_LENGTHS:
        raise InvalidParameter(
            f"tag length {tag_len} bytes is not allowed; use one of {', '.join(map(str, TAG_LENGTHS))}"
        )


def incr(y: int) -> int:
    """The spec's incr(): the low 32 bits count modulo 2^32, the high 96 bits stay."""
    return (y & ~0xFFFFFFFF) | ((y + 1) & 0xFFFFFFFF)


@dataclass
class Trace:
    """Every intermediate value of one GCM computation, named as in the spec's Appendix B."""

    h: bytes
    n_chain: list[bytes]  # N_i: GHASH chain over the IV when it is not 96 bits
    y0: bytes
    e_y0: bytes
    counters: list[bytes]  # Y_1..Y_n
    keystream: list[bytes]  # E(K, Y_1)..E(K, Y_n)
    x_chain: list[bytes]  # X_1..X_{m+n}, AAD blocks first
    len_block: bytes
    ghash: bytes
    ciphertext: bytes
    tag: bytes
    extra: dict[str, bytes] = field(default_factory=dict)


def _j0(h: int, iv: bytes) -> tuple[int, list[int]]:
    if len(iv) == 12:
        return (int.from_bytes(iv, "big") << 32) | 1, []
    blocks = pad_blocks(iv) + [length_block(0, len(iv))]
    chain = ghash_chain(h, blocks)
    return chain[-1], chain[:-1]


def _run(key: bytes, iv: bytes, text: bytes, aad: bytes, tag_len: int, decrypting: bool) -> Trace:
    _check_common(key, iv, aad, len(text), tag_len)
    cipher = AES(bytes(key))
    h = block_to_int(cipher.encrypt(bytes(16)))
    y0, n_chain = _j0(h, bytes(iv))
    e_y0 = cipher.encrypt(int_to_block(y0))
    counters = []
    keystream = []
    out = bytearray()
    y = y0
    for i in range(0, len(text), 16):
        y = incr(y)
        ek = cipher.encrypt(int_to_block(y))
        counters.append(int_to_block(y))
        keystream.append(ek)
        chunk = text[i : i + 16]
        out += bytes(a ^ b for a, b in zip(chunk, ek, strict=False))  # the last chunk may be short
    ct = bytes(text) if decrypting else bytes(out)
    result = bytes(out)
    blocks = pad_blocks(bytes(aad)) + pad_blocks(ct)
    lb = length_block(len(aad), len(ct))
    chain = ghash_chain(h, blocks + [lb])
    s = chain[-1]
    full_tag = int_to_block(s ^ int.from_bytes(e_y0, "big"))
    return Trace(
        h=int_to_block(h),
        n_chain=[int_to_block(v) for v in n_chain],
        y0=int_to_block(y0),
        e_y0=e_y0,
        counters=counters,
        keystream=keystream,
        x_chain=[int_to_block(v) for v in chain[:-1]],
        len_block=int_to_block(lb),
        ghash=int_to_block(s),
        ciphertext=result,
        tag=full_tag[:tag_len],
    )


def trace(key: bytes, iv: bytes, plaintext: bytes, aad: bytes = b"", tag_len: int = 16) -> Trace:
    """Encrypt and return every intermediate value, for debugging hardware."""
    return _run(key, iv, plaintext, aad, tag_len, decrypting=False)


def encrypt(
    key: bytes, iv: bytes, plaintext: bytes, aad: bytes = b"", tag_len: int = 16
) -> tuple[bytes, bytes]:
    t = _run(key, iv, plaintext, aad, tag_len, decrypting=False)
    return t.ciphertext, t.tag


def decrypt(key: bytes, iv: bytes, ciphertext: bytes, aad: bytes, tag: bytes) -> bytes:
    """Plaintext, or :class:`AuthenticationError` when the tag does not match (compared in constant time)."""
    if len(tag) not in TAG_LENGTHS:
        raise InvalidParameter(
            f"tag length {len(tag)} bytes is not allowed; use one of {', '.join(map(str, TAG_LENGTHS))}"
        )
    t = _run(key, iv, ciphertext, aad, len(tag), decrypting=True)
    if not _hmac.compare_digest(t.tag, bytes(tag)):
        raise AuthenticationError("authentication failed")
    return t.ciphertext


def gmac(key: bytes, iv: bytes, aad: bytes, tag_len: int = 16) -> bytes:
    """GMAC: GCM with an empty text, authenticating only ``aad``."""
    return _run(key, iv, b"", aad, tag_len, decrypting=False).tag


def hash_key(key: bytes) -> bytes:
    """H = E(K, 0^128). Secret: callers must not print or log it."""
    _check_key(key)
    return AES(bytes(key)).encrypt(bytes(16))
