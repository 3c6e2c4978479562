"""Register maps of the AXI4-Lite wrappers: one description per wrapper, everything else from it.

A map is a list of 32-bit registers, each with fields. From the description come the Verilog
header the wrapper includes (``rtl/axil/<name>_regs.vh``: addresses, field positions, reset values),
the C header (``include/authcore/<name>.h``), the register tables in ``docs/axil.md`` and the
Python driver's addresses (:mod:`authcore.regs.driver` reads the map itself). ``python -m
authcore.regs --write`` rewrites the generated files; ``tests/regs`` checks they are current and
that the RTL answers every register as its access says.

Access, per register: ``RO`` read only (a write is answered SLVERR), ``WO`` write only (a read is
answered SLVERR: keys and data words are never readable), ``RW``, ``W1C`` (read; writing a one
clears that bit). A field of an ``RW`` register may be ``pulse``: it reads zero and a written one
acts once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ACCESS = ("RO", "WO", "RW", "W1C")


@dataclass(frozen=True)
class Field:
    name: str
    lsb: int
    width: int
    doc: str
    reset: int = 0
    pulse: bool = False            # reads zero; a written one acts once

    @property
    def mask(self) -> int:
        return ((1 << self.width) - 1) << self.lsb


@dataclass(frozen=True)
class Register:
    name: str
    offset: int
    access: str
    doc: str
    fields: tuple[Field, ...] = ()
    count: int = 1                 # an array of equal registers, 4 bytes apart (the MAC words)

    def __post_init__(self) -> None:
        if self.access not in ACCESS:
            raise ValueError(f"{self.name}: access {self.access} is not one of {ACCESS}")
        if self.offset % 4:
            raise ValueError(f"{self.name}: offset {self.offset:#x} is not word-aligned")
        used = 0
        for f in self.fields:
            if f.lsb + f.width > 32 or used & f.mask:
                raise ValueError(f"{self.name}.{f.name}: outside the word or overlapping")
            used |= f.mask

    @property
    def reset(self) -> int:
        return sum(f.reset << f.lsb for f in self.fields)


@dataclass(frozen=True)
class RegMap:
    name: str                      # the wrapper module's name
    title: str
    doc: str
    registers: tuple[Register, ...]
    addr_w: int = 8                # the AXI4-Lite address width
    consts: dict[str, int] = field(default_factory=dict)   # other numbers the RTL and driver share

    def __post_init__(self) -> None:
        seen: dict[int, str] = {}
        for r in self.registers:
            for i in range(r.count):
                a = r.offset + 4 * i
                if a in seen:
                    raise ValueError(f"{self.name}: {r.name} and {seen[a]} share offset {a:#x}")
                if a >= 1 << self.addr_w:
                    raise ValueError(f"{self.name}: {r.name} beyond the {self.addr_w}-bit address space")
                seen[a] = r.name

    def reg(self, name: str) -> Register:
        for r in self.registers:
            if r.name == name:
                return r
        raise KeyError(name)

    def field(self, reg: str, name: str) -> Field:
        for f in self.reg(reg).fields:
            if f.name == name:
                return f
        raise KeyError(f"{reg}.{name}")


from authcore.regs.maps import MAPS  # noqa: E402  (the maps use the classes above)

__all__ = ["ACCESS", "MAPS", "Field", "RegMap", "Register"]
