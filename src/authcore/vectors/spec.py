"""The GCM specification's AES test cases 1-18 with every intermediate value (data/gcm_spec_testcases.txt)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources

from authcore.errors import VectorFormatError


@dataclass
class SpecCase:
    number: int
    values: dict[str, bytes] = field(default_factory=dict)

    def __getitem__(self, name: str) -> bytes:
        return self.values[name]

    def get(self, name: str) -> bytes | None:
        return self.values.get(name)

    def indexed(self, prefix: str) -> list[bytes]:
        """X1, X2, ... (or N1.., Y1.., EY1..) in order; stops at the first missing index."""
        out = []
        i = 1
        while f"{prefix}{i}" in self.values:
            out.append(self.values[f"{prefix}{i}"])
            i += 1
        return out


_HEX = re.compile(r"^[0-9a-fA-F]+$")
_CONT = re.compile(r"^(?:[0-9a-f]{2})+$")


def parse(text: str) -> list[SpecCase]:
    cases: list[SpecCase] = []
    current: SpecCase | None = None
    last: str | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("Test Case "):
            current = SpecCase(int(line.split()[2]))
            cases.append(current)
            last = None
            continue
        if current is None:
            raise VectorFormatError(f"spec test cases line {lineno}: value before a test case")
        parts = line.split()
        # Names are upper case (P, A, X1, GHASH); a continuation line is lower-case hex only.
        if len(parts) == 1 and _CONT.match(parts[0]) and last is not None:
            current.values[last] += bytes.fromhex(parts[0])
            continue
        name = parts[0]
        value = parts[1] if len(parts) > 1 else ""
        if len(parts) > 2 or (value and not _HEX.match(value)):
            raise VectorFormatError(f"spec test cases line {lineno}: cannot parse {line!r}")
        current.values[name] = bytes.fromhex(value)
        last = name
    return cases


def load() -> list[SpecCase]:
    text = resources.files("authcore.vectors").joinpath("data/gcm_spec_testcases.txt").read_text()
    return parse(text)
