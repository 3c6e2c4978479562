"""The GCM specification's software GHASH methods, compiled (ghash_sw.c), called through ctypes.

``Ghash(method, h)`` builds one key's table in C and hashes whole blocks. :data:`METHODS` names
them as the spec's Table 1 does, with the per-key memory the C code uses. The reference model
(:mod:`authcore.model.gf128` and :mod:`authcore.model.tables`) stays the oracle; the tests compare
every method with it. The C file is compiled by the package build (``make setup``) into the
extension module ``authcore.sw._ghash_sw``.

Key material: a table is a function of H, which is secret. It lives in C memory owned by the
``Ghash`` object, which overwrites it with zeros when closed or collected.
"""

from __future__ import annotations

import ctypes
import functools
from dataclasses import dataclass

from authcore.errors import InvalidParameter


@dataclass(frozen=True)
class Method:
    name: str
    code: int
    title: str
    constant_time: bool


METHODS = {m.name: m for m in (
    Method("none", 0, "no tables (Algorithm 1)", False),
    Method("shoup4", 1, "Shoup's 4-bit tables", False),
    Method("shoup8", 2, "Shoup's 8-bit tables", False),
    Method("simple4", 3, "4-bit tables M_i (Algorithm 2)", False),
    Method("simple8", 4, "8-bit tables M_i (Algorithm 2)", False),
    Method("ct", 5, "constant time: carry-less multiply by integer multiplies, no tables", True),
)}


@functools.cache
def lib() -> ctypes.CDLL:
    """The compiled library (the extension module's shared object)."""
    try:
        from authcore.sw import _ghash_sw
    except ImportError as e:
        raise InvalidParameter("the compiled GHASH library is missing; run 'make setup' (it builds the "
                               f"package's C extension): {e}") from None
    so = ctypes.CDLL(_ghash_sw.__file__)
    u8p, vp, u64, u64p = ctypes.c_char_p, ctypes.c_void_p, ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)
    so.ghash_sw_table_bytes.argtypes = [ctypes.c_int]
    so.ghash_sw_table_bytes.restype = ctypes.c_size_t
    so.ghash_sw_init.argtypes = [ctypes.c_int, u8p, vp]
    so.ghash_sw_update.argtypes = [ctypes.c_int, vp, vp, u8p, ctypes.c_size_t]
    so.ghash_sw_bench.argtypes = [ctypes.c_int, vp, u8p, ctypes.c_size_t, ctypes.c_size_t, u64, u64p, u64p, vp]
    so.ghash_sw_bench_init.argtypes = [ctypes.c_int, u8p, vp, u64, u64p, u64p]
    so.ghash_sw_ticks.restype = u64
    return so


class Ghash:
    """One key's GHASH state in C: ``update(blocks)`` over whole 16-byte blocks, ``value``."""

    def __init__(self, method: str, h: bytes) -> None:
        if method not in METHODS:
            raise InvalidParameter(f"unknown GHASH method {method!r}; use one of {', '.join(METHODS)}")
        if len(h) != 16:
            raise InvalidParameter(f"hash key H must be 16 bytes, got {len(h)}")
        self.method = METHODS[method]
        so = lib()
        self.table_bytes = int(so.ghash_sw_table_bytes(self.method.code))
        self._table = ctypes.create_string_buffer(self.table_bytes)
        self._x = ctypes.create_string_buffer(16)
        if so.ghash_sw_init(self.method.code, bytes(h), self._table) != 0:
            raise InvalidParameter(f"method {method} was refused by the library")

    def update(self, data: bytes) -> Ghash:
        if len(data) % 16:
            raise InvalidParameter(f"GHASH takes whole 16-byte blocks, got {len(data)} bytes")
        lib().ghash_sw_update(self.method.code, self._table, self._x, bytes(data), len(data) // 16)
        return self

    @property
    def value(self) -> bytes:
        return self._x.raw

    def bench(self, pool: bytes, size: int, reps: int) -> tuple[int, int]:
        """``reps`` GHASH computations in C over messages of ``size`` bytes (whole blocks), taken in
        turn from ``pool`` (its whole messages): (nanoseconds, TSC ticks)."""
        if size % 16 or size == 0 or len(pool) < size:
            raise InvalidParameter("a benchmark message is at least one whole 16-byte block, inside the pool")
        ns, ticks = ctypes.c_uint64(), ctypes.c_uint64()
        out = ctypes.create_string_buffer(16)
        lib().ghash_sw_bench(self.method.code, self._table, bytes(pool), size, len(pool) // size, reps,
                             ctypes.byref(ns), ctypes.byref(ticks), out)
        return ns.value, ticks.value

    def close(self) -> None:
        """Overwrite the key's table (a function of H) and the state with zeros."""
        if getattr(self, "_table", None) is not None:
            ctypes.memset(self._table, 0, self.table_bytes)
            ctypes.memset(self._x, 0, 16)
            self._table = None  # type: ignore[assignment]

    def __del__(self) -> None:
        self.close()


def bench_init(method: str, h: bytes, reps: int) -> tuple[int, int]:
    """Building one key's table ``reps`` times in C: (nanoseconds, TSC ticks) in all."""
    m = METHODS[method]
    so = lib()
    table = ctypes.create_string_buffer(int(so.ghash_sw_table_bytes(m.code)))
    ns, ticks = ctypes.c_uint64(), ctypes.c_uint64()
    so.ghash_sw_bench_init(m.code, bytes(h), table, reps, ctypes.byref(ns), ctypes.byref(ticks))
    ctypes.memset(table, 0, len(table))
    return ns.value, ticks.value


def has_tsc() -> bool:
    return int(lib().ghash_sw_ticks()) != 0
