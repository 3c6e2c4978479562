"""Simulation with cocotb 2.x and Icarus Verilog, driven from Python (and so from pytest).

``simulate()`` builds the sources, runs one cocotb test module (or the named tests of it) and
returns the pass/fail counts from cocotb's results file; a failure raises :class:`ToolError` naming the log.
"""

from __future__ import annotations

import sys
from pathlib import Path

from authcore.errors import ToolError


def simulate(toplevel: str, sources: list[str | Path], test_module: str, test_dir: str | Path | list[str | Path],
             build_dir: str | Path, parameters: dict[str, object] | None = None,
             env: dict[str, str] | None = None, timescale: tuple[str, str] = ("1ns", "1ps"),
             testcase: str | list[str] | None = None) -> tuple[int, int]:
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    build = Path(build_dir).resolve()
    build.mkdir(parents=True, exist_ok=True)
    runner = get_runner("icarus")
    runner.build(sources=[str(Path(s).resolve()) for s in sources], hdl_toplevel=toplevel,
                 parameters=dict(parameters or {}), build_dir=build, always=True, timescale=timescale,
                 log_file=build / "build.log")
    # The runner hands the simulator's Python this process's sys.path: put the testbench folder on it.
    dirs = [str(Path(d).resolve()) for d in (test_dir if isinstance(test_dir, list) else [test_dir])]
    sys.path[:0] = dirs
    try:
        xml = runner.test(hdl_toplevel=toplevel, test_module=test_module, build_dir=build, testcase=testcase,
                          test_dir=build, extra_env=dict(env or {}), log_file=build / "sim.log",
                          results_xml=str(build / "results.xml"))
    finally:
        for d in dirs:
            sys.path.remove(d)
    total, failed = get_results(Path(xml))
    if failed:
        raise ToolError(f"{failed} of {total} cocotb tests of {toplevel} failed", str(build / "sim.log"))
    return total - failed, failed
