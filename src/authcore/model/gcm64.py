"""GCM for 64-bit block ciphers (the GCM specification's Appendix A), bit-exact, any 64-bit cipher.

GF(2^64) with the field polynomial 1 + a + a^3 + a^4 + a^64, in GCM's bit order: a 64-bit block is
``int.from_bytes(block, "big")``, its leftmost bit is the coefficient of a^0, the spec's
rightshift is ``>> 1`` and the reduction constant is R64 = 11011000 || 0^56 (a^64 = 1 + a + a^3 +
a^4). GHASH64 runs over the AAD blocks, the text blocks, then len(A) and len(C) as two separate
64-bit blocks, each multiplied by H like any other block. H = E_K(0^64).

The counter: a 32-bit IV gives Y0 = IV || 0^31 1; any other IV length gives Y0 = GHASH64(H, {}, IV).
incr() adds one modulo 2^32 to the low 32 bits (the 128-bit GCM's rule, carried over). The issue
that asked for this module wrote the fast path as 0^31 1 || IV; with incr() on the low 32 bits
that ordering would count through the IV field itself, so the counter blocks of one IV would be
the first blocks of the next IV's (IV + 1's Y0 is IV's Y1). The ordering here keeps the counter
apart from the IV, as the 128-bit rule does (docs/model.md says so).

Tags are 4 to 8 bytes (up to the 64-bit block). The text holds at most 2^32 - 2 blocks (the
counter's range less Y0). The cipher is any ``encrypt_block(block: bytes) -> bytes`` on 8-byte
blocks; :func:`tdea` builds TDEA (Triple DES) from the `cryptography` package, the 64-bit cipher
users still meet. Keys of 16 bytes are two-key TDEA (K1 K2 K1), 24 bytes three-key.

No published test vectors exist for this mode: :func:`gf64_mul_bitwise` (the spec's Algorithm 1
with 64-bit operands) and :func:`gf64_mul_clmul` (a carry-less product reduced modulo the
polynomial) are two independent formulations, and ``src/authcore/vectors/data/gcm64_vectors.txt``
publishes what this module computes (``python -m authcore.model.gcm64 --write`` regenerates it).
"""

from __future__ import annotations

import hmac as _hmac
import random
from collections.abc import Callable
from dataclasses import dataclass

from authcore.errors import AuthenticationError, InvalidParameter

R64 = 0xD8 << 56
MASK64 = (1 << 64) - 1
ONE64 = 1 << 63               # the field's 1: the leftmost bit
POLY_LOW = 0b11011            # 1 + a + a^3 + a^4, in polynomial bit order (bit i = a^i)
TAG_LENGTHS = (4, 5, 6, 7, 8)
MAX_TEXT_BLOCKS = (1 << 32) - 2
BLOCK = 8

BlockCipher = Callable[[bytes], bytes]


def gf64_mul_bitwise(x: int, y: int) -> int:
    """X * Y in GF(2^64): the spec's Algorithm 1 with 64-bit operands and R64."""
    z = 0
    v = y
    for i in range(64):
        if (x >> (63 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ R64 if v & 1 else v >> 1
    return z


def _reverse64(v: int) -> int:
    return int(f"{v:064b}"[::-1], 2)


def gf64_mul_clmul(x: int, y: int) -> int:
    """X * Y in GF(2^64) another way: reverse the bits into polynomial order (bit i = a^i), take the
    carry-less product (127 bits), reduce a^64 = 1 + a + a^3 + a^4 from the top, reverse back."""
    a, b = _reverse64(x), _reverse64(y)
    c = 0
    for i in range(64):
        if (b >> i) & 1:
            c ^= a << i
    for i in range(126, 63, -1):
        if (c >> i) & 1:
            c ^= (1 << i) ^ (POLY_LOW << (i - 64))
    return _reverse64(c & MASK64)


gf64_mul = gf64_mul_bitwise


def mul_x64(v: int) -> int:
    """V * a: the rightshift with reduction (one step of Algorithm 1's V chain)."""
    return (v >> 1) ^ R64 if v & 1 else v >> 1


def pad_blocks64(data: bytes) -> list[int]:
    return [int.from_bytes(data[i : i + BLOCK].ljust(BLOCK, b"\0"), "big") for i in range(0, len(data), BLOCK)]


def ghash64_chain(h: int, blocks: list[int]) -> list[int]:
    """X_1..X_n of X_i = (X_{i-1} xor B_i) * H, X_0 = 0."""
    x = 0
    out = []
    for b in blocks:
        x = gf64_mul(x ^ b, h)
        out.append(x)
    return out


def ghash64_blocks(aad: bytes, ct: bytes) -> list[int]:
    """GHASH64's input: A's blocks, C's blocks, then len(A) and len(C) in bits, a block each."""
    return pad_blocks64(aad) + pad_blocks64(ct) + [(len(aad) * 8) & MASK64, (len(ct) * 8) & MASK64]


def ghash64(h: bytes, aad: bytes, ct: bytes) -> bytes:
    """GHASH64(H, A, C) of Appendix A."""
    if len(h) != BLOCK:
        raise InvalidParameter(f"the GHASH64 key H is 8 bytes, got {len(h)}")
    chain = ghash64_chain(int.from_bytes(h, "big"), ghash64_blocks(aad, ct))
    return chain[-1].to_bytes(BLOCK, "big")


def incr64(y: int) -> int:
    """Add one modulo 2^32 to the low 32 bits; the high 32 bits stay."""
    return (y & ~0xFFFFFFFF & MASK64) | ((y + 1) & 0xFFFFFFFF)


def tdea(key: bytes) -> BlockCipher:
    """TDEA encryption of one 8-byte block; 16-byte keys are two-key TDEA (K1 K2 K1)."""
    from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
    from cryptography.hazmat.primitives.ciphers import Cipher, modes

    if not isinstance(key, (bytes, bytearray)):
        raise InvalidParameter("a TDEA key must be bytes")
    if len(key) not in (16, 24):
        raise InvalidParameter(f"a TDEA key is 16 or 24 bytes, got {len(key)}")
    k = bytes(key) + bytes(key[:8]) if len(key) == 16 else bytes(key)
    enc = Cipher(TripleDES(k), modes.ECB()).encryptor()

    def encrypt_block(block: bytes) -> bytes:
        return enc.update(block)

    return encrypt_block


@dataclass
class Trace64:
    h: bytes
    y0: bytes
    e_y0: bytes
    x_chain: list[bytes]        # every GHASH64 value, the two length blocks' included
    ghash: bytes
    ciphertext: bytes
    tag: bytes


def _check(iv: bytes, text_len: int, tag_len: int) -> None:
    if len(iv) < 1:
        raise InvalidParameter("IV must be at least 1 byte")
    if -(-text_len // BLOCK) > MAX_TEXT_BLOCKS:
        raise InvalidParameter(f"text is longer than GCM-64 allows ({MAX_TEXT_BLOCKS} blocks of 8 bytes)")
    if tag_len not in TAG_LENGTHS:
        raise InvalidParameter(f"tag length {tag_len} bytes is not allowed for GCM-64; use 4 to 8")


def y0_of(h: int, iv: bytes) -> int:
    """The IV rule: a 4-byte IV is IV || 0^31 1, anything else goes through GHASH64."""
    if len(iv) == 4:
        return (int.from_bytes(iv, "big") << 32) | 1
    return ghash64_chain(h, ghash64_blocks(b"", iv))[-1]


def _run(cipher: BlockCipher, iv: bytes, text: bytes, aad: bytes, tag_len: int, decrypting: bool) -> Trace64:
    _check(iv, len(text), tag_len)
    h = int.from_bytes(cipher(bytes(BLOCK)), "big")
    y0 = y0_of(h, bytes(iv))
    e_y0 = cipher(y0.to_bytes(BLOCK, "big"))
    out = bytearray()
    y = y0
    for i in range(0, len(text), BLOCK):
        y = incr64(y)
        ek = cipher(y.to_bytes(BLOCK, "big"))
        out += bytes(a ^ b for a, b in zip(text[i : i + BLOCK], ek, strict=False))
    ct = bytes(text) if decrypting else bytes(out)
    chain = ghash64_chain(h, ghash64_blocks(bytes(aad), ct))
    s = chain[-1]
    tag = (s ^ int.from_bytes(e_y0, "big")).to_bytes(BLOCK, "big")[:tag_len]
    return Trace64(h.to_bytes(BLOCK, "big"), y0.to_bytes(BLOCK, "big"), e_y0,
                   [c.to_bytes(BLOCK, "big") for c in chain], s.to_bytes(BLOCK, "big"), bytes(out), tag)


def _cipher(key: bytes | None, cipher: BlockCipher | None) -> BlockCipher:
    if (key is None) == (cipher is None):
        raise InvalidParameter("give a TDEA key or a block cipher, not both and not neither")
    return cipher if cipher is not None else tdea(key)  # type: ignore[arg-type]


def trace(key: bytes | None, iv: bytes, plaintext: bytes, aad: bytes = b"", tag_len: int = 8,
          cipher: BlockCipher | None = None) -> Trace64:
    return _run(_cipher(key, cipher), iv, plaintext, aad, tag_len, decrypting=False)


def encrypt(key: bytes | None, iv: bytes, plaintext: bytes, aad: bytes = b"", tag_len: int = 8,
            cipher: BlockCipher | None = None) -> tuple[bytes, bytes]:
    t = _run(_cipher(key, cipher), iv, plaintext, aad, tag_len, decrypting=False)
    return t.ciphertext, t.tag


def decrypt(key: bytes | None, iv: bytes, ciphertext: bytes, aad: bytes, tag: bytes,
            cipher: BlockCipher | None = None) -> bytes:
    """Plaintext, or :class:`AuthenticationError` (tags compared in constant time)."""
    if len(tag) not in TAG_LENGTHS:
        raise InvalidParameter(f"tag length {len(tag)} bytes is not allowed for GCM-64; use 4 to 8")
    t = _run(_cipher(key, cipher), iv, ciphertext, aad, len(tag), decrypting=True)
    if not _hmac.compare_digest(t.tag, bytes(tag)):
        raise AuthenticationError("authentication failed")
    return t.ciphertext


def gmac(key: bytes | None, iv: bytes, aad: bytes, tag_len: int = 8, cipher: BlockCipher | None = None) -> bytes:
    return _run(_cipher(key, cipher), iv, b"", aad, tag_len, decrypting=False).tag


def hash_key(key: bytes) -> bytes:
    """H = E_K(0^64) under TDEA. Secret: callers must not print or log it."""
    return tdea(key)(bytes(BLOCK))


# ---- the published vectors ------------------------------------------------------------------------

VECTOR_SEED = 64064
VECTORS = "gcm64_vectors.txt"


def make_vectors() -> str:
    """GCM-64 over TDEA test vectors: a fixed seed, the IV fast path and the hashed IV, empty and
    partial AAD and text, every tag length, two- and three-key TDEA. Deterministic."""
    rng = random.Random(VECTOR_SEED)
    lines = [
        "# GCM for 64-bit block ciphers (GCM spec Appendix A) over TDEA: vectors made by authcore",
        "# (authcore/model/gcm64.py, `python -m authcore.model.gcm64 --write`; random values from",
        f"# Python's Mersenne Twister seeded with {VECTOR_SEED}). No published vectors exist for this mode;",
        "# the model's GF(2^64) multiplication is checked by two independent formulations, and these",
        "# values were computed by that model, so they check other implementations against it.",
        "# Field polynomial 1 + a + a^3 + a^4 + a^64; GCM bit order; GHASH64 over A, C, len(A), len(C);",
        "# Y0 = IV || 0^31 1 for a 4-byte IV, else GHASH64(H, {}, IV); incr() on the low 32 bits.",
        "# Fields: Count, Key (16: K1 K2 K1, 24: K1 K2 K3), IV, AAD, PT, CT, Tag, and H, Y0, GHASH.",
        "",
    ]
    shapes = [(4, 0, 0), (4, 0, 8), (4, 8, 0), (4, 5, 13), (4, 16, 24), (8, 0, 16), (1, 3, 7), (12, 20, 33),
              (4, 1, 1), (16, 9, 64), (4, 24, 40), (7, 0, 0)]
    count = 0
    for klen in (16, 24):
        for ivlen, alen, plen in shapes:
            key = rng.randbytes(klen)
            iv, aad, pt = rng.randbytes(ivlen), rng.randbytes(alen), rng.randbytes(plen)
            tag_len = TAG_LENGTHS[count % len(TAG_LENGTHS)]
            t = trace(key, iv, pt, aad, tag_len)
            lines += [f"Count = {count}", f"Key = {key.hex()}", f"IV = {iv.hex()}", f"AAD = {aad.hex()}",
                      f"PT = {pt.hex()}", f"CT = {t.ciphertext.hex()}", f"Tag = {t.tag.hex()}",
                      f"H = {t.h.hex()}", f"Y0 = {t.y0.hex()}", f"GHASH = {t.ghash.hex()}", ""]
            count += 1
    return "\n".join(lines)


def load_vectors() -> list[dict[str, bytes]]:
    """The published file as a list of {field: bytes} (Count as a 1-byte value is not kept)."""
    from importlib import resources

    text = resources.files("authcore.vectors").joinpath(f"data/{VECTORS}").read_text()
    out: list[dict[str, bytes]] = []
    cur: dict[str, bytes] | None = None
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        name, _, value = (part.strip() for part in s.partition("="))
        if name == "Count":
            cur = {}
            out.append(cur)
        elif cur is not None:
            cur[name] = bytes.fromhex(value)
    return out


def main() -> None:
    import argparse
    from pathlib import Path

    p = argparse.ArgumentParser(description=f"print or write src/authcore/vectors/data/{VECTORS}")
    p.add_argument("--write", action="store_true")
    a = p.parse_args()
    text = make_vectors()
    if a.write:
        out = Path(__file__).resolve().parents[1] / "vectors" / "data" / VECTORS
        out.write_text(text)
        print(out)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
