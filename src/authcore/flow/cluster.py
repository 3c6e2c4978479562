"""Where the tasks of a sweep or a key portfolio run when ``--scheduler ADDRESS`` names a Dask
cluster (Dask distributed: its scheduler, workers, retries and TLS; authcore adds no scheduler of
its own). Without it, sweeps run on local processes as they always have.

- A task is a plain function of picklable arguments; every worker has authcore installed (the same
  pinned package and tools as the client), so the function travels by name and a task carries only
  its inputs: the source files' bytes, never a path of the client's machine.
- A worker that dies takes only its running task with it: the scheduler gives the task to another
  worker (Dask's ``allowed-failures``, 3 by default, bounds how often one task may kill workers).
  A run that fails for a design reason returns its error as a result and is not retried.
- Key material travels only over TLS: :func:`connect` with ``need_tls`` refuses any address that
  is not ``tls://`` and any set-up without certificates, and encryption is required on the client's
  side (``require_encryption``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from authcore.errors import InvalidParameter, ToolError


@dataclass(frozen=True)
class Tls:
    """The client's certificates for a tls:// scheduler: the CA that signed the cluster's
    certificates, and this client's certificate and private key (PEM files)."""
    ca: Path
    cert: Path
    key: Path

    @staticmethod
    def from_args(ca: str | None, cert: str | None, key: str | None) -> Tls | None:
        """From the command line, else from AUTHCORE_TLS_CA / _CERT / _KEY; None when none is set."""
        vals = [ca or os.environ.get("AUTHCORE_TLS_CA"), cert or os.environ.get("AUTHCORE_TLS_CERT"),
                key or os.environ.get("AUTHCORE_TLS_KEY")]
        if not any(vals):
            return None
        if not all(vals):
            raise InvalidParameter("TLS needs all three of --tls-ca, --tls-cert and --tls-key "
                                   "(or AUTHCORE_TLS_CA, AUTHCORE_TLS_CERT, AUTHCORE_TLS_KEY)")
        paths = [Path(v) for v in vals]  # type: ignore[arg-type]
        for p in paths:
            if not p.is_file():
                raise InvalidParameter(f"TLS file not found: {p}")
        return Tls(*paths)


def connect(address: str, tls: Tls | None = None, need_tls: bool = False, timeout: float = 30):
    """A Dask client of the scheduler at ``address``. ``need_tls``: the tasks carry key material, so
    only an encrypted, authenticated connection is accepted."""
    scheme = address.split("://", 1)[0] if "://" in address else "tcp"
    if need_tls and scheme != "tls":
        raise InvalidParameter(f"key material travels only over TLS: the scheduler must be tls://..., "
                               f"not {address!r}")
    if scheme == "tls" and tls is None:
        raise InvalidParameter("a tls:// scheduler needs --tls-ca, --tls-cert and --tls-key")
    from distributed import Client
    from distributed.security import Security

    security = None
    if tls is not None:
        security = Security(tls_ca_file=str(tls.ca), tls_client_cert=str(tls.cert), tls_client_key=str(tls.key),
                            require_encryption=True)
    try:
        return Client(address, security=security, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as e:
        raise ToolError(f"cannot reach the Dask scheduler at {address}: {e}") from None


@dataclass
class Status:
    done: int
    running: dict[str, list[str]]   # worker -> names of the tasks it runs
    queued: int


class DaskPool:
    """Named tasks on a Dask cluster, their results as they finish, and who runs what."""

    def __init__(self, client) -> None:
        self.client = client
        self._futs: dict[object, str] = {}   # future -> task name
        self._done = 0

    def submit(self, name: str, fn: Callable, *args: object) -> None:
        key = f"{name}-{len(self._futs)}-{os.getpid()}-{time.monotonic_ns()}"
        fut = self.client.submit(fn, *args, key=key, pure=False, retries=0)
        self._futs[fut] = name

    def status(self) -> Status:
        names = {f.key: n for f, n in self._futs.items()}
        try:
            proc = self.client.processing()
        except Exception:  # a status line is not worth failing a sweep over
            proc = {}
        running = {w: [names[k] for k in keys if k in names] for w, keys in proc.items()}
        running = {w: ns for w, ns in running.items() if ns}
        busy = sum(len(ns) for ns in running.values())
        return Status(self._done, running, max(0, len(self._futs) - busy))

    def results(self, tick: Callable[[Status], None] | None = None,
                period: float = 1.0) -> Iterator[tuple[str, object, BaseException | None]]:
        """(name, result, None) or (name, None, exception) for each task as it finishes; ``tick``
        gets the status about every ``period`` seconds while they run."""
        from distributed import as_completed

        if not self._futs:
            return
        done_iter = as_completed(list(self._futs), loop=self.client.loop)
        last = time.monotonic()
        while not done_iter.is_empty():
            batch = done_iter.next_batch(block=False) if done_iter.has_ready() else []
            if not batch:
                time.sleep(0.1)
            for fut in batch:
                name = self._futs.pop(fut)
                self._done += 1
                try:
                    yield name, fut.result(), None
                except Exception as e:  # noqa: BLE001 - the task's own failure, reported per run
                    yield name, None, e
                fut.release()
            if tick is not None and (batch or time.monotonic() - last >= period):
                last = time.monotonic()
                tick(self.status())


def describe(status: Status, total: int) -> str:
    """One line for a progress bar: runs done, running (and where), queued."""
    where = "; ".join(f"{_short(w)}: {', '.join(ns)}" for w, ns in sorted(status.running.items()) if ns)
    busy = sum(len(ns) for ns in status.running.values())
    return f"{status.done}/{total} done, {busy} running, {status.queued} queued" + (f"  [{where}]" if where else "")


def _short(worker: str) -> str:
    return worker.split("://", 1)[-1]


def worker_name() -> str | None:
    """The address of the Dask worker this runs on (None outside a worker)."""
    try:
        from distributed import get_worker

        return get_worker().address
    except (ImportError, ValueError):
        return None


@dataclass
class Started:
    """A scheduler and workers started as local processes (tests, benchmarks, a one-machine cluster)."""
    address: str
    scheduler: object            # subprocess.Popen
    workers: list[object]        # subprocess.Popen, one session each (kill one: os.killpg)


def start_local(folder: Path, workers: int = 2, tls: Tls | None = None, env: dict[str, str] | None = None,
                timeout: float = 60) -> Started:
    """Start ``dask scheduler`` and ``workers`` ``dask worker`` processes (one thread, no nanny,
    each in its own folder and session) from this environment; stop them with :func:`stop_local`.
    With ``tls`` the cluster speaks only TLS and uses the same certificates for every party."""
    import json
    import subprocess
    import sys

    folder.mkdir(parents=True, exist_ok=True)
    dask = str(Path(sys.executable).parent / "dask")
    sec: list[str] = []
    if tls is not None:
        sec = ["--tls-ca-file", str(tls.ca), "--tls-cert", str(tls.cert), "--tls-key", str(tls.key)]
    run_env = {**os.environ, **(env or {})}
    sfile = folder / "scheduler.json"
    sfile.unlink(missing_ok=True)
    log = open(folder / "scheduler.log", "wb")  # noqa: SIM115 - open as long as the process runs
    sched = subprocess.Popen([dask, "scheduler", "--scheduler-file", str(sfile), "--port", "0",
                              "--no-dashboard", "--host", "127.0.0.1", *(["--protocol", "tls"] if tls else []), *sec],
                             cwd=folder, env=run_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    started = Started("", sched, [])
    t0 = time.monotonic()
    while not sfile.exists():
        if sched.poll() is not None or time.monotonic() - t0 > timeout:
            stop_local(started)
            raise ToolError(f"the Dask scheduler did not start (see {folder / 'scheduler.log'})")
        time.sleep(0.1)
    while True:  # the file may be seen before it is written whole
        try:
            started.address = json.loads(sfile.read_text())["address"]
            break
        except (json.JSONDecodeError, KeyError):
            time.sleep(0.1)
    for i in range(workers):
        wdir = folder / f"worker{i}"
        wdir.mkdir(exist_ok=True)
        wlog = open(wdir / "worker.log", "wb")  # noqa: SIM115
        started.workers.append(subprocess.Popen(
            [dask, "worker", started.address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
             "--name", f"worker{i}", "--local-directory", str(wdir), "--host", "127.0.0.1", *sec],
            cwd=wdir, env=run_env, stdout=wlog, stderr=subprocess.STDOUT, start_new_session=True))
    client = connect(started.address, tls)
    try:
        client.wait_for_workers(workers, timeout=timeout)
    except TimeoutError:
        stop_local(started)
        raise ToolError(f"the Dask workers did not start (see {folder}/worker*/worker.log)") from None
    finally:
        client.close()
    return started


def stop_local(started: Started) -> None:
    import signal

    for p in [*started.workers, started.scheduler]:
        try:
            os.killpg(p.pid, signal.SIGKILL)  # type: ignore[attr-defined]
        except (ProcessLookupError, PermissionError):
            pass
        p.wait()  # type: ignore[attr-defined]


def self_signed(folder: Path, host: str = "127.0.0.1") -> Tls:
    """A CA and one certificate it signs (for ``host``, server and client use), written to
    ``folder`` (the private keys 0600): enough for a one-machine TLS cluster, the tests and the
    benchmarks. A real cluster's certificates come from its own CA (docs/scale.md)."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    folder.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.UTC)

    def build(subject: str, key, issuer: str, issuer_key, ca: bool):  # type: ignore[no-untyped-def]
        b = (x509.CertificateBuilder()
             .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject)]))
             .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)]))
             .public_key(key.public_key()).serial_number(x509.random_serial_number())
             .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=30))
             .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
        if not ca:
            try:
                alt: x509.GeneralName = x509.IPAddress(ipaddress.ip_address(host))
            except ValueError:
                alt = x509.DNSName(host)
            b = (b.add_extension(x509.SubjectAlternativeName([alt]), critical=False)
                  .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH,
                                                        ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False))
        return b.sign(issuer_key, hashes.SHA256())

    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_cert = build("authcore test CA", ca_key, "authcore test CA", ca_key, True)
    key = ec.generate_private_key(ec.SECP256R1())
    cert = build(host, key, "authcore test CA", ca_key, False)
    tls = Tls(folder / "ca.pem", folder / "cert.pem", folder / "key.pem")
    tls.ca.write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    tls.cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    fd = os.open(tls.key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()))
    return tls
