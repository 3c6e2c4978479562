"""Timing diagrams from simulation: signals sampled every cycle, drawn as WaveDrom JSON (docs'
diagrams come from here, so they cannot drift from the RTL: tests compare them)."""

from __future__ import annotations

import json
import os

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge


class Recorder:
    """Samples signals every cycle (settled) until stopped; ``wavedrom`` draws chosen windows."""

    def __init__(self, dut, signals: list[tuple[str, str | None]]) -> None:
        self.dut = dut
        self.signals = signals
        self.rows: list[dict[str, int]] = []
        self.on = True
        self.task = cocotb.start_soon(self._run())

    async def _run(self) -> None:
        while self.on:
            await RisingEdge(self.dut.clk)
            await ReadOnly()
            row: dict[str, int | None] = {}
            for n, _ in self.signals:
                v = getattr(self.dut, n).value
                row[n] = int(v) if v.is_resolvable else None   # X or Z: drawn as x
            self.rows.append(row)

    async def stop(self) -> None:
        self.on = False
        await self.task

    async def until_irq_then(self, read, title: str) -> dict:
        """The wrappers' diagrams: the writes so far, then the cycles around irq rising and
        ``read()`` (the first result word)."""
        return await self.until_then(lambda: int(self.dut.irq.value), read, title)

    async def until_then(self, cond, after, title: str) -> dict:
        """The stimulus so far; then, after a cut if the wait is long, the cycles from just before
        ``cond()`` holds through ``await after()`` and two more. Written as WaveDrom JSON to
        AUTHCORE_WAVE when it is set."""
        first = len(self.rows)
        while not cond():
            await RisingEdge(self.dut.clk)
        gap = len(self.rows)
        await after()
        for _ in range(2):
            await RisingEdge(self.dut.clk)
        await self.stop()
        cut = gap - 2 > first + 3        # a long wait is cut out; a short one is drawn whole
        wave = self.wavedrom([(0, first + 3), (gap - 2, len(self.rows))] if cut else [(0, len(self.rows))], title)
        out = os.environ.get("AUTHCORE_WAVE")
        if out:
            with open(out, "w") as f:
                json.dump(wave, f, indent=None, separators=(",", ":"))
                f.write("\n")
        return wave

    def wavedrom(self, windows: list[tuple[int, int]], title: str) -> dict:
        """WaveDrom JSON of rows[a:b] for each window, a '|' between windows."""
        rows: list[dict[str, int] | None] = []
        for a, b in windows:
            if rows:
                rows.append(None)
            rows += self.rows[a:b]
        sig = [{"name": "clk", "wave": "".join("|" if r is None else "p" if i == 0 else "."
                                               for i, r in enumerate(rows))}]
        for name, kind in self.signals:
            wave, data, last = "", [], None
            for row in rows:
                if row is None:
                    wave += "|"
                    continue
                v = row[name]
                if v == last:
                    wave += "."
                elif v is None:
                    wave += "x"
                elif kind == "hex":
                    wave += "="
                    data.append(f"{v:x}")
                else:
                    wave += str(v)
                last = v
            entry = {"name": name, "wave": wave}
            if data:
                entry["data"] = data
            sig.append(entry)
        return {"signal": sig, "head": {"text": title}}
