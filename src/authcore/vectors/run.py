"""Run a vector file against a target and count passes and failures.

A *target* computes; this module checks. Targets take whole batches so that a hardware target
can stream every vector of a file through one simulation. ``TARGETS`` maps the names accepted by
``authcore verify --target`` to factories; later issues add the RTL targets there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from authcore.errors import AuthenticationError, InvalidParameter
from authcore.model import gcm as gcm_model
from authcore.model import hmac as hmac_model
from authcore.model.aes import AES
from authcore.model.md5 import md5
from authcore.model.sha1 import sha1
from authcore.model.sha256 import sha224, sha256
from authcore.vectors import cavp

V = TypeVar("V", cavp.HashVector, cavp.HmacVector)
GcmEncItem = tuple[bytes, bytes, bytes, bytes, int]  # key, iv, plaintext, aad, tag_len
GcmDecItem = tuple[bytes, bytes, bytes, bytes, bytes]  # key, iv, ciphertext, aad, tag


class Target(Protocol):
    name: str

    def gcm_encrypt(self, items: list[GcmEncItem]) -> list[tuple[bytes, bytes]]: ...
    def gcm_decrypt(self, items: list[GcmDecItem]) -> list[bytes | None]: ...
    def hash(self, hash_name: str, msgs: list[bytes]) -> list[bytes]: ...
    def hmac(self, hash_name: str, items: list[tuple[bytes, bytes]]) -> list[bytes]: ...
    def aes_encrypt(self, items: list[tuple[bytes, bytes]]) -> list[bytes]: ...


class ModelTarget:
    """The Python reference model (authcore.model)."""

    name = "model"

    def gcm_encrypt(self, items: list[GcmEncItem]) -> list[tuple[bytes, bytes]]:
        return [gcm_model.encrypt(k, iv, p, a, t) for k, iv, p, a, t in items]

    def gcm_decrypt(self, items: list[GcmDecItem]) -> list[bytes | None]:
        out: list[bytes | None] = []
        for k, iv, c, a, t in items:
            try:
                out.append(gcm_model.decrypt(k, iv, c, a, t))
            except AuthenticationError:
                out.append(None)
        return out

    def hash(self, hash_name: str, msgs: list[bytes]) -> list[bytes]:
        fn: dict[str, Callable[[bytes], bytes]] = {"sha1": sha1, "md5": md5, "sha256": sha256, "sha224": sha224}
        return [fn[hash_name](m) for m in msgs]

    def hmac(self, hash_name: str, items: list[tuple[bytes, bytes]]) -> list[bytes]:
        return [hmac_model.hmac(hash_name, k, m) for k, m in items]

    def aes_encrypt(self, items: list[tuple[bytes, bytes]]) -> list[bytes]:
        return [AES(k).encrypt(b) for k, b in items]


def _rtl(**options: object) -> Target:
    from authcore.flow.targets import RtlTarget

    return RtlTarget(**options)  # type: ignore[arg-type]


def _model(**options: object) -> Target:
    if any(v not in (None, False) for v in options.values()):
        raise InvalidParameter(f"the model target takes no core options (got {', '.join(options)})")
    return ModelTarget()


# Factories take the core options of ``authcore verify`` (--core, --precompute, ...).
TARGETS: dict[str, Callable[..., Target]] = {"model": _model, "rtl": _rtl}


@dataclass
class Report:
    path: str
    kind: str
    target: str
    total: int = 0
    passed: int = 0
    failures: list[dict[str, object]] = field(default_factory=list)

    @property
    def failed(self) -> int:
        return self.total - self.passed

    def check(self, ok: bool, where: str, what: str) -> None:
        self.total += 1
        if ok:
            self.passed += 1
        else:
            self.failures.append({"where": where, "what": what})

    def as_dict(self) -> dict[str, object]:
        return {
            "path": self.path,
            "kind": self.kind,
            "target": self.target,
            "total": self.total,
            "passed": self.passed,
            "failed": self.failed,
            "failures": self.failures,
        }


def _run_gcm(path: Path, target: Target, report: Report, sample: int | None = None) -> None:
    vectors = cavp.read_gcm(path)
    if sample is not None:
        vectors = sample_groups(vectors, sample)
    check_gcm(vectors, target, report, path.name)


def sample_groups(vectors: list[cavp.GcmVector], n: int) -> list[cavp.GcmVector]:
    """About ``n`` groups spread evenly over the file (key, IV, text, AAD and tag lengths): from each,
    its first vector and, in a decryption file, its first FAIL vector too."""
    if n < 1:
        raise InvalidParameter("--sample must be at least 1")
    groups: dict[str, list[cavp.GcmVector]] = {}
    for v in vectors:
        groups.setdefault(v.group, []).append(v)
    names = list(groups)
    step = max(1, len(names) // n)
    picked: list[cavp.GcmVector] = []
    for name in names[::step][:n]:
        vs = groups[name]
        picked.append(vs[0])
        fails = [v for v in vs if v.fail]
        if fails and fails[0] is not vs[0]:
            picked.append(fails[0])
    return picked


def check_gcm(vectors: list[cavp.GcmVector], target: Target, report: Report, label: str) -> None:
    """Run GCM vectors (encrypt and decrypt, FAIL cases included) and record each result."""
    enc = [v for v in vectors if v.direction == "encrypt"]
    dec = [v for v in vectors if v.direction == "decrypt"]
    if enc:
        results = target.gcm_encrypt([(v.key, v.iv, v.plaintext or b"", v.aad, len(v.tag)) for v in enc])
        for v, (ct, tag) in zip(enc, results, strict=True):
            ok = ct == v.ciphertext and tag == v.tag
            report.check(ok, f"{label}:{v.line}", f"[{v.group}] Count={v.count}: ciphertext or tag differ")
    if dec:
        results2 = target.gcm_decrypt([(v.key, v.iv, v.ciphertext, v.aad, v.tag) for v in dec])
        for v, pt in zip(dec, results2, strict=True):
            if v.fail:
                ok, what = pt is None, "expected an authentication failure, got plaintext"
            else:
                ok, what = pt == v.plaintext, "plaintext differs or authentication failed"
            report.check(ok, f"{label}:{v.line}", f"[{v.group}] Count={v.count}: {what}")


def _by_hash(vectors: list[V]) -> dict[str, list[V]]:
    """Vectors grouped by hash, in file order, so a target gets one batch per algorithm."""
    groups: dict[str, list[V]] = {}
    for v in vectors:
        groups.setdefault(v.hash_name, []).append(v)
    return groups


def _run_hash(path: Path, target: Target, report: Report) -> None:
    for name, vs in _by_hash(cavp.read_hash(path)).items():
        for v, d in zip(vs, target.hash(name, [v.msg for v in vs]), strict=True):
            report.check(d == v.digest, f"{path.name}:{v.line}", f"{name} of {len(v.msg)} bytes differs")


def monte(target: Target, mv: cavp.MonteVector, checkpoints: int | None = None) -> list[bytes]:
    """The SHAVS Monte Carlo chain: MD_i = H(MD_{i-3} || MD_{i-2} || MD_{i-1}), 1000 per checkpoint."""
    count = len(mv.checkpoints) if checkpoints is None else min(checkpoints, len(mv.checkpoints))
    chain = getattr(target, "monte_chain", None)
    if chain is not None:  # a simulated target runs the whole chain in one simulation
        return chain(mv.hash_name, mv.seed, count)
    seed = mv.seed
    out = []
    for _ in range(count):
        md = [seed, seed, seed]
        for _ in range(1000):
            md = [md[1], md[2], target.hash(mv.hash_name, [md[0] + md[1] + md[2]])[0]]
        seed = md[2]
        out.append(seed)
    return out


def _run_monte(path: Path, target: Target, report: Report, limit: int | None = None) -> None:
    mv = cavp.read_monte(path)
    got = monte(target, mv, limit)
    for j, (g, want) in enumerate(zip(got, mv.checkpoints, strict=False)):  # got stops at the limit
        report.check(g == want, f"{path.name}:COUNT={j}", f"{mv.hash_name} Monte checkpoint {j} differs")


def _run_hmac(path: Path, target: Target, report: Report) -> None:
    for name, vs in _by_hash(cavp.read_hmac(path)).items():
        macs = target.hmac(name, [(v.key, v.msg) for v in vs])
        for v, mac in zip(vs, macs, strict=True):
            ok = mac[: len(v.mac)] == v.mac
            report.check(ok, f"{path.name}:{v.line}", f"HMAC-{name} ({len(v.key)}-byte key) differs")


def _run_aes(path: Path, target: Target, report: Report) -> None:
    vectors = cavp.read_aes(path)
    items = [(v.key, v.plaintext[i : i + 16]) for v in vectors for i in range(0, len(v.plaintext), 16)]
    out = iter(target.aes_encrypt(items))
    for v in vectors:
        got = b"".join(next(out) for _ in range(len(v.plaintext) // 16))
        report.check(got == v.ciphertext, f"{path.name}:{v.line}", f"AES-{8 * len(v.key)} ciphertext differs")


RUNNERS = {"aes": _run_aes, "gcm": _run_gcm, "hash": _run_hash, "monte": _run_monte, "hmac": _run_hmac}


def make_target(target_name: str = "model", **options: object) -> Target:
    if target_name not in TARGETS:
        raise InvalidParameter(f"unknown target {target_name!r}; available: {', '.join(TARGETS)}")
    return TARGETS[target_name](**options)


def run_file(path: str | Path, target_name: str = "model", monte_limit: int | None = None,
             target: Target | None = None, sample: int | None = None) -> Report:
    path = Path(path)
    kind = cavp.detect(path)
    if sample is not None and kind != "gcm":
        raise InvalidParameter(f"--sample applies to GCM files; {path.name} holds {kind} vectors")
    target = target or make_target(target_name)
    report = Report(str(path), kind, target_name)
    if kind == "monte":
        _run_monte(path, target, report, monte_limit)
    elif kind == "gcm":
        _run_gcm(path, target, report, sample)
    else:
        RUNNERS[kind](path, target, report)
    return report


def package_vectors() -> Path:
    """The root of the installed ``cryptography-vectors`` data."""
    import cryptography_vectors

    return Path(cryptography_vectors.__file__).parent
