"""``python -m authcore.regs --write``: rewrite the C headers and docs tables from the maps;
``--check``: exit 1 when a generated file is not current."""

from __future__ import annotations

import sys

from authcore.regs import emit


def main(argv: list[str]) -> int:
    outputs = emit.outputs()
    stale = [p for p, text in outputs.items() if not p.exists() or p.read_text() != text]
    if "--write" in argv:
        for p in stale:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(outputs[p])
            print(f"wrote {p}")
        return 0
    for p in stale:
        print(f"not current: {p} (python -m authcore.regs --write)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
