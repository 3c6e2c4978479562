"""The configuration a testbench runs with: one typed object per testbench.

The test builds the object (``GcmTb(lanes=2, key=...)``) and hands it to
:func:`authcore.flow.sim.simulate`, which passes it, together with the parameters the DUT was
elaborated with, as one JSON document in the environment variable ``AUTHCORE_TB_CONFIG``. Inside
the simulator the testbench reads it back with ``GcmTb.load()`` (typed, defaults for what the test
left out, an unknown field or a config of another testbench an error) and the parameters with
:func:`parameters`. Nothing else reaches a testbench by environment but the run's seed and the
job and result files of batch runs (``AUTHCORE_SEED``, ``AUTHCORE_JOBS``, ``AUTHCORE_RESULTS``).
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from typing import Any, TypeVar

ENV = "AUTHCORE_TB_CONFIG"

T = TypeVar("T", bound="TbConfig")


_TYPES: dict[str, type[TbConfig]] = {}


@dataclass(frozen=True)
class TbConfig:
    """Base of every testbench's configuration."""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        _TYPES[cls.__name__] = cls

    @classmethod
    def load(cls: type[T]) -> T:
        """This testbench's configuration from the environment: the test's object (of this class or
        a subclass, as a self-test's config extends its core's), or the defaults when it gave none."""
        doc = _document()
        name = doc.get("type")
        if name is None:
            return cls()
        sub = _TYPES.get(name)
        if sub is None or not issubclass(sub, cls):
            raise TypeError(f"{ENV} holds a {name}, not the {cls.__name__} this testbench reads")
        names = {f.name for f in dataclasses.fields(sub)}
        unknown = set(doc["fields"]) - names
        if unknown:
            raise TypeError(f"{name} has no field {', '.join(sorted(unknown))}")
        return sub(**doc["fields"])  # type: ignore[return-value]


def document(toplevel: str, parameters: dict[str, object] | None, config: TbConfig | None) -> str:
    """The JSON :func:`authcore.flow.sim.simulate` hands the simulator in ``AUTHCORE_TB_CONFIG``."""
    return json.dumps({"toplevel": toplevel, "type": type(config).__name__ if config else None,
                       "fields": dataclasses.asdict(config) if config else {},
                       "parameters": {k: _plain(v) for k, v in (parameters or {}).items()}}, sort_keys=True)


def parameters() -> dict[str, Any]:
    """The parameters the DUT was elaborated with, as the test gave them (a string parameter with
    its Verilog quotes removed)."""
    return {k: v.strip('"') if isinstance(v, str) else v for k, v in _document().get("parameters", {}).items()}


def toplevel() -> str | None:
    """The DUT's module name."""
    return _document().get("toplevel")


def _document() -> dict[str, Any]:
    raw = os.environ.get(ENV)
    return json.loads(raw) if raw else {}


def _plain(v: object) -> object:
    return v if isinstance(v, (int, str, bool, float)) or v is None else str(v)


@dataclass(frozen=True)
class GcmTb(TbConfig):
    """tb_gcm: gcm_core, or a generated gcm_top."""
    period: int = 1          # cycles per block the AES datapath promises (128 / DATA_W)
    ghash_period: int = 1    # cycles per block of the GHASH multiplier
    rom: bool = False        # block-RAM S-boxes: one more cycle per round
    deep: bool = False       # the AES engine's DEEP variant: round_cycles a round, four more registers
    round_cycles: int = 5    # DEEP: cycles a round (5 with block RAM or composite logic, 2 with the table in LUTs)
    packets: int = 60        # random packets
    key: str | None = None   # hex: the one key a key-specialized core accepts; every test then uses it
    fixed: bool = False      # the core has no key port (generate gcm --specialize all)
    lanes: int = 1           # blocks per beat (2: 32-byte beats)
    len_w: int | None = None  # the core's LEN_W when narrow enough for its limits to be tested


@dataclass(frozen=True)
class AesTb(TbConfig):
    """tb_aes: aes_enc_pipe or aes_enc_iter."""
    iter: bool = False       # aes_enc_iter (one round unit) rather than aes_enc_pipe
    period: int = 1          # cycles per block the datapath promises
    pace: int = 1            # cycles a key-schedule step takes (aes_key_expand PACE)
    key_reg: bool = False    # the key port is registered (aes_key_expand KEY_REG: the DEEP cores)


@dataclass(frozen=True)
class HashTb(TbConfig):
    """tb_md_compress: md_compress or sha256_compress, or a core around them."""
    alg: str = "sha1"        # sha1, md5, both (md5sha1_core), sha2 (sha256_compress)
    pipeline: int = 1


@dataclass(frozen=True)
class HmacTb(TbConfig):
    """tb_hmac_core."""
    hash: str = "sha1"       # sha1, md5, both (HASH 2), sha2 (HASH 3: SHA-256 and SHA-224)
    pipeline: int = 1


@dataclass(frozen=True)
class GcmSelftestTb(GcmTb):
    """tb_gcm_selftest: gcm_selftest, or a generated gcm_top with its self-test."""
    expect: str = "pass"     # pass, or fail (the KAT cannot pass)


@dataclass(frozen=True)
class HmacSelftestTb(HmacTb):
    """tb_hmac_selftest."""
    expect: str = "pass"     # pass, or fail (the expected MAC cannot match)


@dataclass(frozen=True)
class GhashKeyspecTb(TbConfig):
    """tb_ghash_keyspec: a generated key-specialized GHASH top."""
    h: str = ""              # hex: the H the netlist was generated for
    lanes: int = 1
    arch: str = "feedback"   # feedback or pipelined
    deep: bool = False       # pipelined --deep: input register, two-step loop, registered FIFO
    msgs: int = 40


@dataclass(frozen=True)
class GhashCrenneTb(TbConfig):
    """tb_ghash_crenne: a generated Crenne chain."""
    h: str = ""              # hex
    manifest: str = ""       # the generator's manifest (stages, stage registers, feedback)


@dataclass(frozen=True)
class GhashCoreTb(TbConfig):
    """tb_ghash_core (the block width comes from the DUT's WIDTH parameter)."""
    h: str | None = None     # hex: the H built into a generated multiplier (MULT = 3)
