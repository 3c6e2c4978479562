"""FuseSoC packaging: every core file parses, every RTL file belongs to exactly one core, and the GCM
core's lint target runs Verilator clean through FuseSoC (dependencies resolved from the core files)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from authcore.keyspec.gcm import GcmConfig, generate_gcm

ROOT = Path(__file__).resolve().parents[2]
RTL = ROOT / "rtl"
FUSESOC = shutil.which("fusesoc", path=str(ROOT / ".venv" / "bin")) or shutil.which("fusesoc")
needs_fusesoc = pytest.mark.skipif(FUSESOC is None, reason="fusesoc is installed by make setup")


def fusesoc(*args: str, cwd: Path) -> str:
    r = subprocess.run([FUSESOC, *args], capture_output=True, text=True, cwd=cwd, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Parse error" not in r.stderr, r.stderr
    return r.stdout


def test_every_rtl_file_in_one_core():
    listed: dict[Path, Path] = {}
    for core in RTL.glob("*/*.core"):
        text = core.read_text()
        for f in re.findall(r"^\s+- (\S+\.v)$", text, re.M):
            path = (core.parent / f).resolve()
            assert path.is_file(), f"{core.name} lists {f}, which does not exist"
            assert path not in listed, f"{f} is in {listed.get(path)} and {core}"
            listed[path] = core
    assert set(listed) == {p.resolve() for p in RTL.glob("*/*.v")}


@needs_fusesoc
def test_cores_parse_and_gcm_lints(tmp_path):
    out = fusesoc("--cores-root", str(RTL), "core", "list", cwd=tmp_path)
    names = set(re.findall(r"authcore:crypto:(\w+):", out))
    assert names == {"common", "gf128", "ghash", "aes", "gcm", "sha", "hmac", "axil", "board"}
    fusesoc("--cores-root", str(RTL), "run", "--build-root", str(tmp_path / "build"), "--target", "lint",
            "authcore:crypto:gcm", cwd=tmp_path)


@needs_fusesoc
def test_generated_folder_is_a_core(tmp_path):
    generate_gcm(tmp_path / "gen", GcmConfig(32, "rom", "digit:8"))
    out = fusesoc("--cores-root", str(tmp_path / "gen"), "core", "list", cwd=tmp_path)
    assert "authcore:generated:gcm_top" in out


def test_core_files_are_written_from_the_sources():
    """The .core files are authcore.rtl's: files in instance order, and a dependency on every area
    whose modules an area instantiates (`python -m authcore.rtl --write-cores` after a change)."""
    from authcore import rtl

    for area in rtl.AREAS:
        assert (RTL / area / f"{area}.core").read_text() == rtl.core_file(area), \
            f"rtl/{area}/{area}.core is stale: run python -m authcore.rtl --write-cores"
