"""HMAC (RFC 2104 / FIPS 198-1) over SHA-1, MD5, SHA-224 and SHA-256, all own implementations.

``key_states`` gives the inner and outer chaining values after one block of K0 xor ipad / opad:
the values the HMAC hardware computes once at key load.
"""

from __future__ import annotations

import hmac as _stdhmac

from authcore.errors import InvalidParameter
from authcore.model.md5 import MD5
from authcore.model.sha1 import SHA1
from authcore.model.sha256 import SHA224, SHA256

BLOCK = 64
DIGEST_SIZES = {"sha1": 20, "md5": 16, "sha224": 28, "sha256": 32}
HASHES = {"sha1": SHA1, "md5": MD5, "sha224": SHA224, "sha256": SHA256}
MIN_TRUNCATED_TAG = 10


def _hash(name: str, data: bytes) -> bytes:
    if name not in HASHES:
        raise InvalidParameter(f"unknown hash {name!r}; use sha1, md5, sha224 or sha256")
    return HASHES[name](data).digest()


def key_block(hash_name: str, key: bytes) -> bytes:
    """K0: the key hashed when longer than the block, then zero-padded to 64 bytes."""
    key = bytes(key)
    if len(key) > BLOCK:
        key = _hash(hash_name, key)
    return key.ljust(BLOCK, b"\0")


def hmac(hash_name: str, key: bytes, msg: bytes) -> bytes:
    k0 = key_block(hash_name, key)
    inner = _hash(hash_name, bytes(b ^ 0x36 for b in k0) + bytes(msg))
    return _hash(hash_name, bytes(b ^ 0x5C for b in k0) + inner)


def hmac_verify(hash_name: str, key: bytes, msg: bytes, tag: bytes) -> bool:
    """True when ``tag`` is the HMAC or its leading bytes (at least 10); constant-time comparison."""
    full = hmac(hash_name, key, msg)
    if not MIN_TRUNCATED_TAG <= len(tag) <= len(full):
        raise InvalidParameter(
            f"HMAC tag must be {MIN_TRUNCATED_TAG} to {len(full)} bytes, got {len(tag)}"
        )
    return _stdhmac.compare_digest(full[: len(tag)], bytes(tag))


def key_states(hash_name: str, key: bytes) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(inner, outer) chaining values after compressing K0 xor ipad and K0 xor opad."""
    cls = HASHES.get(hash_name)
    if cls is None:
        raise InvalidParameter(f"unknown hash {hash_name!r}; use sha1, md5, sha224 or sha256")
    k0 = key_block(hash_name, key)
    inner = cls.compress(cls.IV, bytes(b ^ 0x36 for b in k0))
    outer = cls.compress(cls.IV, bytes(b ^ 0x5C for b in k0))
    return inner, outer
