"""Readers for the NIST CAVP ``.rsp`` layouts and the RFC test files of ``cryptography-vectors``.

All of them share one grammar: ``#`` comments, ``[NAME = VALUE]`` section headers that set
parameters for the records below them, and records of ``NAME = VALUE`` lines separated by blank
lines (a bare ``FAIL`` line marks an expected authentication failure). :func:`read_records`
parses that grammar once; the typed readers below turn records into vectors and
:func:`detect` tells which layout a file uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from authcore.errors import VectorFormatError

_SECTION = re.compile(r"^\[\s*([^=\]]+?)\s*(?:=\s*([^\]]*?)\s*)?\]$")


@dataclass
class Record:
    fields: dict[str, str]
    section: dict[str, str]
    line: int
    fail: bool = False


def read_records(path: str | Path) -> list[Record]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise VectorFormatError(f"vector file not found: {path}") from None
    except IsADirectoryError:
        raise VectorFormatError(f"vector path is a directory, not a file: {path}") from None
    records: list[Record] = []
    section: dict[str, str] = {}
    current: dict[str, str] = {}
    start = 0
    fail = False

    def flush() -> None:
        nonlocal current, fail
        if current:
            records.append(Record(current, dict(section), start, fail))
        current, fail = {}, False

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line:
                flush()
            continue
        m = _SECTION.match(line)
        if m:
            # Consecutive headers ([Keylen = 128] [IVlen = 96] ...) each set one parameter;
            # a later group rewrites them all, so updating in place is enough.
            flush()
            section = dict(section)
            section[m.group(1).strip()] = (m.group(2) or "").strip()
            continue
        if line == "FAIL":
            fail = True
            continue
        if "=" not in line:
            raise VectorFormatError(f"{path}:{lineno}: cannot parse line {line[:40]!r}")
        if not current:
            start = lineno
        name, _, value = line.partition("=")
        current[name.strip()] = value.strip()
    flush()
    return records


def _hex(rec: Record, name: str, path: Path) -> bytes:
    try:
        return bytes.fromhex(rec.fields[name])
    except KeyError:
        raise VectorFormatError(f"{path}:{rec.line}: record has no {name}") from None
    except ValueError:
        raise VectorFormatError(f"{path}:{rec.line}: {name} is not hex") from None


def _int(rec: Record, name: str, path: Path) -> int:
    try:
        return int(rec.fields[name])
    except (KeyError, ValueError):
        raise VectorFormatError(f"{path}:{rec.line}: record has no integer {name}") from None


# --- GCM -------------------------------------------------------------------------------------------


@dataclass
class GcmVector:
    direction: str  # "encrypt" or "decrypt"
    count: int
    key: bytes
    iv: bytes
    plaintext: bytes | None  # None for a decrypt vector that must FAIL
    aad: bytes
    ciphertext: bytes
    tag: bytes
    fail: bool
    group: str  # the section header, e.g. "Keylen=128 IVlen=96 PTlen=0 AADlen=0 Taglen=128"
    line: int


def _gcm_direction(path: Path, rec: Record) -> str:
    if "Decrypt" in path.name:
        return "decrypt"
    if "Encrypt" in path.name:
        return "encrypt"
    # Decrypt files list CT before PT (or FAIL); encrypt files list PT first.
    order = list(rec.fields)
    if rec.fail or ("CT" in order and "PT" in order and order.index("CT") < order.index("PT")):
        return "decrypt"
    return "encrypt"


def read_gcm(path: str | Path) -> list[GcmVector]:
    """gcmEncryptExtIV*.rsp and gcmDecrypt*.rsp."""
    path = Path(path)
    out = []
    for rec in read_records(path):
        if "Key" not in rec.fields:
            continue
        direction = _gcm_direction(path, rec)
        sec = rec.section
        group = " ".join(f"{k}={v}" for k, v in sec.items())
        iv_bits = int(sec.get("IVlen", "0") or 0)
        iv = _hex(rec, "IV", path)
        if iv_bits and iv_bits != 8 * len(iv):
            raise VectorFormatError(f"{path}:{rec.line}: IV is not IVlen={iv_bits} bits")
        out.append(
            GcmVector(
                direction=direction,
                count=_int(rec, "Count", path),
                key=_hex(rec, "Key", path),
                iv=iv,
                plaintext=None if rec.fail else _hex(rec, "PT", path),
                aad=_hex(rec, "AAD", path),
                ciphertext=_hex(rec, "CT", path),
                tag=_hex(rec, "Tag", path),
                fail=rec.fail,
                group=group,
                line=rec.line,
            )
        )
    if not out:
        raise VectorFormatError(f"{path}: no GCM vectors found")
    return out


# --- hashes ----------------------------------------------------------------------------------------

_HASH_BY_LEN = {16: "md5", 20: "sha1", 28: "sha224", 32: "sha256"}


@dataclass
class HashVector:
    hash_name: str
    msg: bytes
    digest: bytes
    line: int


@dataclass
class MonteVector:
    hash_name: str
    seed: bytes
    checkpoints: list[bytes] = field(default_factory=list)


def _hash_name(path: Path, digest_len: int, section: dict[str, str]) -> str:
    if "L" in section:
        try:
            return _HASH_BY_LEN[int(section["L"])]
        except (KeyError, ValueError):
            raise VectorFormatError(f"{path}: unsupported digest length L={section['L']}") from None
    name = path.name.lower()
    for cand in ("sha1", "md5", "sha224", "sha256"):
        if cand in name.replace("-", "").replace("_", ""):
            return cand
    try:
        return _HASH_BY_LEN[digest_len]
    except KeyError:
        raise VectorFormatError(f"{path}: cannot tell the hash of a {digest_len}-byte digest") from None


def read_hash(path: str | Path) -> list[HashVector]:
    """SHAVS ShortMsg/LongMsg and RFC 1321 (Len in bits; Len = 0 with Msg = 00 is the empty message)."""
    path = Path(path)
    out = []
    for rec in read_records(path):
        if "MD" not in rec.fields or "Msg" not in rec.fields:
            continue
        bits = _int(rec, "Len", path)
        if bits % 8:
            raise VectorFormatError(f"{path}:{rec.line}: bit-oriented messages are not supported")
        msg = _hex(rec, "Msg", path)[: bits // 8]
        digest = _hex(rec, "MD", path)
        out.append(HashVector(_hash_name(path, len(digest), rec.section), msg, digest, rec.line))
    if not out:
        raise VectorFormatError(f"{path}: no hash vectors found")
    return out


def read_monte(path: str | Path) -> MonteVector:
    """SHAVS Monte Carlo file: a Seed and 100 checkpoints."""
    path = Path(path)
    seed = None
    mv = None
    for rec in read_records(path):
        if "Seed" in rec.fields:
            seed = _hex(rec, "Seed", path)
            mv = MonteVector(_hash_name(path, len(seed), rec.section), seed)
        elif "MD" in rec.fields and mv is not None:
            mv.checkpoints.append(_hex(rec, "MD", path))
    if mv is None or seed is None or not mv.checkpoints:
        raise VectorFormatError(f"{path}: no Monte Carlo seed and checkpoints found")
    return mv


# --- HMAC ------------------------------------------------------------------------------------------


@dataclass
class HmacVector:
    hash_name: str
    key: bytes
    msg: bytes
    mac: bytes  # possibly truncated to Tlen bytes
    line: int


def read_hmac(path: str | Path) -> list[HmacVector]:
    """CAVP HMAC.rsp ([L=20] sections, Count/Klen/Tlen/Key/Msg/Mac) and RFC 2202 files (Key/Msg/MD)."""
    path = Path(path)
    out = []
    for rec in read_records(path):
        f = rec.fields
        if "Key" not in f or not ("Mac" in f or "MD" in f):
            continue
        key = _hex(rec, "Key", path)
        msg = _hex(rec, "Msg", path)
        if "Mac" in f:
            mac = _hex(rec, "Mac", path)
            if "Klen" in f and _int(rec, "Klen", path) != len(key):
                raise VectorFormatError(f"{path}:{rec.line}: Key is not Klen bytes")
            if "Tlen" in f and _int(rec, "Tlen", path) != len(mac):
                raise VectorFormatError(f"{path}:{rec.line}: Mac is not Tlen bytes")
            if "L" not in rec.section:
                raise VectorFormatError(f"{path}:{rec.line}: HMAC.rsp record outside an [L=..] section")
            name = _hash_name(path, 0, rec.section)
        else:
            mac = _hex(rec, "MD", path)
            if "Len" in f and _int(rec, "Len", path) != 8 * len(msg):
                raise VectorFormatError(f"{path}:{rec.line}: Msg is not Len bits")
            name = _hash_name(path, len(mac), {})
        out.append(HmacVector(name, key, msg, mac, rec.line))
    if not out:
        raise VectorFormatError(f"{path}: no HMAC vectors found")
    return out


@dataclass
class AesVector:
    key: bytes
    plaintext: bytes
    ciphertext: bytes
    line: int


def read_aes(path: str | Path) -> list[AesVector]:
    """AESAVS known-answer and MMT files for ECB (KEY/PLAINTEXT/CIPHERTEXT). [ENCRYPT] and [DECRYPT]
    records alike are pairs with E_K(PLAINTEXT) = CIPHERTEXT; MMT records hold several blocks."""
    path = Path(path)
    out = []
    for rec in read_records(path):
        if not {"KEY", "PLAINTEXT", "CIPHERTEXT"} <= set(rec.fields):
            continue
        key, pt, ct = _hex(rec, "KEY", path), _hex(rec, "PLAINTEXT", path), _hex(rec, "CIPHERTEXT", path)
        if len(key) not in (16, 24, 32):
            raise VectorFormatError(f"{path}:{rec.line}: KEY must be 16, 24 or 32 bytes")
        if len(pt) != len(ct) or not pt or len(pt) % 16:
            raise VectorFormatError(f"{path}:{rec.line}: PLAINTEXT and CIPHERTEXT must be whole, equal blocks")
        out.append(AesVector(key, pt, ct, rec.line))
    if not out:
        raise VectorFormatError(f"{path}: no AES vectors found")
    return out


# --- layout detection ------------------------------------------------------------------------------


def detect(path: str | Path) -> str:
    """One of "gcm", "hash", "monte", "hmac", "aes", or :class:`VectorFormatError`."""
    recs = read_records(path)
    names: set[str] = set()
    for r in recs[:20]:
        names |= set(r.fields)
    if {"Key", "IV", "Tag"} <= names:
        return "gcm"
    if "Seed" in names:
        return "monte"
    if "Key" in names and ("Mac" in names or "MD" in names):
        return "hmac"
    if {"Msg", "MD"} <= names:
        return "hash"
    if {"KEY", "PLAINTEXT", "CIPHERTEXT"} <= names:
        return "aes"
    raise VectorFormatError(f"{path}: not a GCM, SHAVS, Monte, HMAC, AESAVS or RFC vector file")
