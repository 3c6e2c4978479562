"""RTL targets for ``authcore verify --target rtl``: the vector batch goes to a cocotb testbench as a
JSON job file, one simulation per batch, and the results come back the same way.

``RtlTarget`` implements the :class:`authcore.vectors.run.Target` protocol for the hash, HMAC and
AES cores; a batch for an algorithm the configured core does not compute is an InvalidParameter.
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import weakref
from dataclasses import dataclass, field
from pathlib import Path

from authcore import rtl
from authcore.errors import InvalidParameter, ToolError
from authcore.testbench.tbconfig import AesTb, GcmTb, HashTb, HmacTb, TbConfig

CORES = ("sha1", "md5", "sha256", "hmac", "aes", "gcm")


def sources(top: str) -> list[Path]:
    """The Verilog files that ``top`` needs (authcore.rtl: found from the sources' instances)."""
    return rtl.files(top)


SIZES = {"sha1": 20, "md5": 16, "sha256": 32, "sha224": 28}


@dataclass
class RtlTarget:
    core: str
    hash_name: str | None = None
    precompute: int = 1
    pipeline: int = 1
    combined: bool = False
    data_width: int = 128
    sbox: str = "lut"
    arch: str = "pipe"
    ghash: str | None = None
    seed: int | None = None
    simulator: str | None = None
    name: str = "rtl"
    # One work folder per target: each configuration is built once and reused for every batch (a
    # Verilator build is most of a small file's time), and the folder goes when the target does,
    # unless a simulation failed, whose logs the error names.
    _work: Path | None = field(default=None, init=False, repr=False)
    _builds: dict = field(default_factory=dict, init=False, repr=False)
    _cleanup: object = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.core not in CORES:
            raise InvalidParameter(f"unknown RTL core {self.core!r}; available: {', '.join(CORES)}")
        if self.precompute not in (0, 1):
            raise InvalidParameter("--precompute must be 0 or 1")
        if self.pipeline not in (1, 4):
            raise InvalidParameter("--pipeline must be 1 or 4")
        if self.combined and self.pipeline != 1:
            raise InvalidParameter("the combined MD5/SHA-1 core is a rolling loop: use --pipeline 1")

        if self.hash_name not in (None, "sha1", "md5", "sha256", "sha224"):
            raise InvalidParameter(f"--hash must be sha1, md5, sha256 or sha224, not {self.hash_name!r}")
        if self.core in ("sha1", "md5") and self.hash_name not in (None, self.core):
            raise InvalidParameter(f"core {self.core} computes {self.core}, not {self.hash_name}")
        if self.core == "sha256" and self.hash_name not in (None, "sha256", "sha224"):
            raise InvalidParameter(f"core sha256 computes sha256 and sha224, not {self.hash_name}")
        if self.data_width not in (128, 64, 32, 16):
            raise InvalidParameter("--data-width must be 128, 64, 32 or 16")
        if self.sbox not in rtl.SBOXES:
            raise InvalidParameter(f"--sbox must be one of {', '.join(rtl.SBOXES)}")
        if self.arch not in ("pipe", "iter"):
            raise InvalidParameter("--arch must be pipe or iter")
        if self.arch == "iter" and self.data_width != 128:
            raise InvalidParameter("the iterative AES core has a 128-bit round: leave out --data-width")
        from authcore.flow.sim import simulator_name

        self.simulator = simulator_name(self.simulator)
        if self.ghash is not None and self.core != "gcm":
            raise InvalidParameter("--ghash applies to --core gcm")
        if self.core == "gcm":
            from authcore.keyspec.gcm import GcmConfig

            if self.arch != "pipe":
                raise InvalidParameter("gcm_core is built on the unrolled AES core: leave out --arch")
            if self.ghash == "keyspec":
                raise InvalidParameter("a key-specialized GHASH serves one key, and the vectors have many: "
                                       "use `authcore generate gcm --specialize ghash` and its tests")
            self._gcm = GcmConfig(self.data_width, self.sbox, self.ghash or "parallel").check()
        if self.seed is None:
            self.seed = random.SystemRandom().randrange(1 << 30)

    # -- the protocol ------------------------------------------------------------------------------

    def hash(self, hash_name: str, msgs: list[bytes]) -> list[bytes]:
        self._check_alg(hash_name)
        out = self._run(self._compress_top(), "tb_md_compress", {"hash": [[hash_name, m.hex()] for m in msgs]})
        return [bytes.fromhex(d) for d in out["hash"]]

    def monte_chain(self, hash_name: str, seed: bytes, checkpoints: int) -> list[bytes]:
        """The SHAVS Monte Carlo chain run inside the simulation (one job instead of 100,000)."""
        self._check_alg(hash_name)
        out = self._run(self._compress_top(), "tb_md_compress", {"monte": [hash_name, seed.hex(), checkpoints]})
        return [bytes.fromhex(d) for d in out["monte"]]

    def hmac(self, hash_name: str, items: list[tuple[bytes, bytes]]) -> list[bytes]:
        if self.core != "hmac":
            raise InvalidParameter(f"core {self.core} does not compute HMAC; use --core hmac")
        self._check_alg(hash_name)
        name = self.hash_name or hash_name
        hash_param = 2 if self.combined else {"sha1": 0, "md5": 1, "sha256": 3, "sha224": 3}[name]
        tb_hash = "both" if self.combined else ("sha2" if hash_param == 3 else hash_name)
        top = ("hmac_core", sources("hmac_core"),
               {"HASH": hash_param, "PRECOMPUTE": self.precompute, "PIPELINE": self.pipeline},
               HmacTb(hash=tb_hash, pipeline=self.pipeline))
        out = self._run(top, "tb_hmac_core", {"hmac": [[hash_name, k.hex(), m.hex()] for k, m in items]})
        # A MAC flagged bad by the core comes back as None and fails its comparison.
        return [bytes.fromhex(m) if m is not None else b"" for m in out["hmac"]]

    def aes_encrypt(self, items: list[tuple[bytes, bytes]]) -> list[bytes]:
        if self.core != "aes":
            raise InvalidParameter(f"core {self.core} does not compute AES; use --core aes")
        top = f"aes_enc_{self.arch}"
        params: dict[str, object] = {"SBOX": rtl.SBOXES[self.sbox]}
        if self.arch == "pipe":
            params["DATA_W"] = self.data_width
        period = 128 // self.data_width if self.arch == "pipe" else 10 * (2 if self.sbox == "rom" else 1)
        cfg = AesTb(period=period, iter=self.arch == "iter")
        out = self._run((top, sources(top), params, cfg), "tb_aes", {"aes": [[k.hex(), b.hex()] for k, b in items]})
        return [bytes.fromhex(c) for c in out["aes"]]

    def gcm_encrypt(self, items: list[tuple[bytes, bytes, bytes, bytes, int]]) -> list[tuple[bytes, bytes]]:
        out = self._gcm_run([["e", k.hex(), iv.hex(), p.hex(), a.hex(), t] for k, iv, p, a, t in items])
        # A packet the core flagged comes back as None and fails its comparison.
        return [(bytes.fromhex(r[0]), bytes.fromhex(r[1])) if r is not None else (b"", b"") for r in out]

    def gcm_decrypt(self, items: list[tuple[bytes, bytes, bytes, bytes, bytes]]) -> list[bytes | None]:
        out = self._gcm_run([["d", k.hex(), iv.hex(), c.hex(), a.hex(), t.hex()] for k, iv, c, a, t in items])
        return [bytes.fromhex(r) if r is not None else None for r in out]

    # -- helpers -----------------------------------------------------------------------------------

    def _gcm_run(self, jobs: list[list[object]]) -> list:
        if self.core != "gcm":
            raise InvalidParameter(f"core {self.core} does not compute GCM; use --core gcm")
        ghash, digit = self._gcm
        params = {"DATA_W": self.data_width, "SBOX": rtl.SBOXES[self.sbox], "GHASH": ghash, "DIGIT": digit}
        if ghash == 4:  # the hybrid multiplier: which composite field
            from authcore.keyspec.gcm import HYBRID_FIELDS

            params["FIELD"] = HYBRID_FIELDS[str(self.ghash)]
        cfg = GcmTb(period=128 // self.data_width)
        return self._run(("gcm_core", sources("gcm_core"), params, cfg), "tb_gcm", {"gcm": jobs})["gcm"]

    def _check_alg(self, hash_name: str) -> None:
        if self.core in ("aes", "gcm"):
            raise InvalidParameter(f"core {self.core} does not hash; use --core sha1, md5 or hmac")
        if hash_name not in SIZES:
            raise InvalidParameter(f"the RTL cores compute SHA-1, MD5, SHA-256 and SHA-224, not {hash_name}")
        if self.core == "sha256" and self.hash_name is None:
            wanted = hash_name if hash_name in ("sha256", "sha224") else "sha256"   # one datapath for both
        else:
            wanted = self.hash_name or (self.core if self.core in SIZES else None)
        if wanted is not None and hash_name != wanted and not self.combined:
            raise InvalidParameter(f"these are {hash_name} vectors, and the core computes {wanted}"
                                   " (--combined serves both)")

    def _compress_top(self) -> tuple[str, list[Path], dict[str, object], TbConfig]:
        if self.combined:
            top, params, alg = "md5sha1_core", {"PRECOMPUTE": self.precompute}, "both"
        elif self.core == "sha256":
            top, alg = "sha256_compress", "sha2"
            params = {"PRECOMPUTE": self.precompute, "PIPELINE": self.pipeline}
        else:
            top, alg = f"{self.core}_core", self.core
            params = {"PRECOMPUTE": self.precompute, "PIPELINE": self.pipeline}
        return (top, sources(top), params | {"USER_W": 4},
                HashTb(alg=alg, pipeline=self.pipeline))

    def _run(self, top: tuple[str, list[Path], dict[str, object], TbConfig], tb: str,
             jobs: dict[str, object]) -> dict[str, list]:
        from authcore.flow.sim import simulate
        from authcore.testbench import HERE as TB

        toplevel, sources, params, cfg = top
        if self._work is None:
            self._work = Path(tempfile.mkdtemp(prefix="authcore-rtl-"))
            self._cleanup = weakref.finalize(self, shutil.rmtree, str(self._work), True)
        key = json.dumps([toplevel, [str(f) for f in sources], sorted(params.items()), tb, repr(cfg)], default=str)
        built = key in self._builds
        if not built:
            self._builds[key] = self._work / f"{toplevel}-{len(self._builds)}"
        work = self._builds[key]
        work.mkdir(parents=True, exist_ok=True)
        (work / "jobs.json").write_text(json.dumps(jobs))
        (work / "results.json").unlink(missing_ok=True)
        env = {"AUTHCORE_JOBS": str(work / "jobs.json"), "AUTHCORE_RESULTS": str(work / "results.json"),
                     "AUTHCORE_SEED": str(self.seed)}
        try:
            simulate(toplevel, sources, tb, [TB], work / "sim", parameters=params, env=env, testcase="batch",
                     simulator=self.simulator, rebuild=not built, config=cfg)
            results = work / "results.json"
            if not results.exists():
                raise ToolError(f"the {toplevel} simulation wrote no results", str(work / "sim" / "sim.log"))
            return json.loads(results.read_text())
        except ToolError:
            self._cleanup.detach()   # keep the logs the error names
            raise
