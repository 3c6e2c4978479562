"""GF(2^128) arithmetic of GCM, in the spec's bit order.

A block is a 16-byte string; as an int it is ``int.from_bytes(block, "big")``, so spec bit X_0 is
the int's bit 127 and the spec's "rightshift" is ``>> 1``. The field polynomial is
1 + a + a^2 + a^7 + a^128, which reduces a shifted-out a^128 into R = 0xE1 << 120.
"""

from __future__ import annotations

from authcore.errors import InvalidParameter

R = 0xE1 << 120
MASK128 = (1 << 128) - 1
ONE = 1 << 127  # the field's multiplicative identity: spec bit 0 set


def mul(x: int, y: int) -> int:
    """X * Y by Algorithm 1 of the GCM specification."""
    z = 0
    v = y
    for i in range(128):
        if (x >> (127 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1
    return z


def mul_x(v: int) -> int:
    """V * a (one step of Algorithm 1's V chain): the spec's rightshift with reduction."""
    return (v >> 1) ^ R if v & 1 else v >> 1


def power(h: int, n: int) -> int:
    """H^n for n >= 1 (the lane powers of a multi-block GHASH, inverses, subfield elements), by
    square and multiply."""
    if n < 1:
        raise InvalidParameter(f"power of H must be at least 1, got {n}")
    result = ONE
    while n:
        if n & 1:
            result = mul(result, h)
        h = mul(h, h)
        n >>= 1
    return result


def block_to_int(block: bytes) -> int:
    if len(block) != 16:
        raise InvalidParameter(f"a GF(2^128) block is 16 bytes, got {len(block)}")
    return int.from_bytes(block, "big")


def int_to_block(value: int) -> bytes:
    return value.to_bytes(16, "big")


def pad_blocks(data: bytes) -> list[int]:
    """Split into 128-bit blocks, the last one zero-padded on the right (the spec's A*, C*)."""
    out = []
    for i in range(0, len(data), 16):
        chunk = data[i : i + 16]
        out.append(int.from_bytes(chunk.ljust(16, b"\0"), "big"))
    return out


def length_block(aad_len: int, ct_len: int) -> int:
    """len(A) || len(C), each a 64-bit count of bits."""
    return ((aad_len * 8) << 64) | (ct_len * 8)


def ghash_chain(h: int, blocks: list[int]) -> list[int]:
    """X_1..X_n of X_i = (X_{i-1} xor B_i) * H with X_0 = 0."""
    x = 0
    chain = []
    for b in blocks:
        x = mul(x ^ b, h)
        chain.append(x)
    return chain


def ghash(h: bytes, aad: bytes, ct: bytes) -> bytes:
    """GHASH(H, A, C) of the GCM specification (Equation 2)."""
    hi = block_to_int(h)
    blocks = pad_blocks(aad) + pad_blocks(ct) + [length_block(len(aad), len(ct))]
    chain = ghash_chain(hi, blocks)
    return int_to_block(chain[-1])


def inverse(x: int) -> int:
    """x^-1 = x^(2^128 - 2) (Fermat), for constructing inputs with a chosen GHASH value."""
    if x == 0:
        raise InvalidParameter("zero has no inverse in GF(2^128)")
    return power(x, (1 << 128) - 2)
