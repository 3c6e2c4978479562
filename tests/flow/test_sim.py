"""The simulation flow: both simulators run a design with parameters, the choice is checked, and
Verilator starts unreset registers at seeded random values (its stand-in for Icarus's X)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from authcore.errors import InvalidParameter, ToolError
from authcore.flow.sim import SIMULATORS, make_overrides, simulate, simulator_name

DATA = Path(__file__).parent / "data"


def probe(tmp_path: Path, simulator: str, seed: int = 1, w: int = 12) -> str:
    out = tmp_path / f"probe-{simulator}-{seed}.json"
    passed, failed = simulate("sim_probe", [DATA / "sim_probe.v"], "tb_sim_probe", [DATA],
                              tmp_path / f"sim-{simulator}-{seed}", parameters={"W": w},
                              env={"PROBE_W": str(w), "PROBE_OUT": str(out), "AUTHCORE_SEED": str(seed)},
                              simulator=simulator)
    assert (passed, failed) == (1, 0)
    return json.loads(out.read_text())["kept"]


def test_simulator_choice(monkeypatch):
    assert simulator_name() == "icarus"
    assert simulator_name("Verilator") == "verilator"
    monkeypatch.setenv("AUTHCORE_SIM", "verilator")
    assert simulator_name() == "verilator"
    monkeypatch.setenv("AUTHCORE_SIM", "modelsim")
    with pytest.raises(InvalidParameter, match="unknown simulator 'modelsim'"):
        simulator_name()
    assert SIMULATORS == ("icarus", "verilator")


def test_verilator_build_settings(monkeypatch, tmp_path):
    """ccache when it is on the PATH; AUTHCORE_VERILATOR_OPT sets the model's and runtime's -O level,
    and anything else is refused before a build starts."""
    monkeypatch.delenv("AUTHCORE_VERILATOR_OPT", raising=False)
    monkeypatch.setattr("shutil.which", lambda name: None)
    base = make_overrides()
    assert "CXX=c++" in base and not any(a.startswith(("OBJCACHE=", "OPT_")) for a in base)
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setenv("AUTHCORE_VERILATOR_OPT", "-O0")
    assert make_overrides() == [*base, "OBJCACHE=ccache", "OPT_FAST=-O0", "OPT_GLOBAL=-O0"]
    monkeypatch.setenv("AUTHCORE_VERILATOR_OPT", "-O2 -march=native")
    with pytest.raises(InvalidParameter, match="AUTHCORE_VERILATOR_OPT"):
        make_overrides()
    with pytest.raises(InvalidParameter, match="AUTHCORE_VERILATOR_OPT"):
        simulate("sim_probe", [DATA / "sim_probe.v"], "tb_sim_probe", [DATA], tmp_path / "b", simulator="verilator")
    assert not (tmp_path / "b" / "build.log").exists()


def test_icarus_starts_unreset_registers_at_x(tmp_path):
    assert probe(tmp_path, "icarus").lower() == "x" * 64


def test_verilator_starts_unreset_registers_at_seeded_random_values(tmp_path):
    first, again = probe(tmp_path, "verilator", 5), probe(tmp_path, "verilator", 5)
    other = probe(tmp_path, "verilator", 6)
    assert set(first) <= {"0", "1"} and len(first) == 64
    assert first == again            # the same seed, the same start
    assert first != other            # another seed, another start (2^-64 to collide)
    assert first.count("1") > 8      # random, not zero


def test_a_failing_cocotb_test_raises_and_names_the_log(tmp_path):
    for sim in SIMULATORS:
        env = {"PROBE_W": "8", "PROBE_OUT": str(tmp_path / "x.json"), "PROBE_COUNT": "11"}
        with pytest.raises(ToolError, match=rf"1 of 1 cocotb tests of sim_probe \({sim}\) failed") as e:
            simulate("sim_probe", [DATA / "sim_probe.v"], "tb_sim_probe", [DATA], tmp_path / f"bad-{sim}",
                     parameters={"W": 8}, env=env, simulator=sim)
        assert e.value.log_path.endswith("sim.log")


def test_a_build_error_raises_and_names_the_build_log(tmp_path):
    bad = tmp_path / "bad.v"
    bad.write_text("module sim_probe(input wire clk); always @(posedge clk) q <= ; endmodule\n")
    for sim in SIMULATORS:
        with pytest.raises(ToolError) as e:
            simulate("sim_probe", [bad], "tb_sim_probe", [DATA], tmp_path / f"build-{sim}", simulator=sim)
        assert e.value.log_path.endswith("build.log")


def test_the_rtl_target_checks_its_simulator(capsys):
    from authcore.cli import main
    from authcore.flow.targets import RtlTarget

    assert RtlTarget(core="gcm", simulator="verilator").simulator == "verilator"
    with pytest.raises(InvalidParameter, match="unknown simulator 'xsim'"):
        RtlTarget(core="gcm", simulator="xsim")
    code = main(["verify", "--simulator", "verilator", "--vectors", "x.rsp"])
    err = capsys.readouterr().err
    assert code == 2 and "--simulator applies to --target rtl only" in err and "Traceback" not in err


@pytest.mark.parametrize("simulator", SIMULATORS)
def test_a_build_is_reused_when_asked(tmp_path, simulator):
    build = tmp_path / "b"
    env = {"PROBE_W": "8", "PROBE_OUT": str(tmp_path / "p.json")}
    args = ("sim_probe", [DATA / "sim_probe.v"], "tb_sim_probe", [DATA], build)
    assert simulate(*args, parameters={"W": 8}, env=env, simulator=simulator) == (1, 0)
    stamp = (build / "build.log").stat().st_mtime_ns
    assert simulate(*args, parameters={"W": 8}, env=env, simulator=simulator, rebuild=False) == (1, 0)
    assert (build / "build.log").stat().st_mtime_ns == stamp       # not built again
    other = SIMULATORS[1 - SIMULATORS.index(simulator)]
    with pytest.raises(InvalidParameter, match=f"holds a {simulator} build"):
        simulate(*args, parameters={"W": 8}, env=env, simulator=other, rebuild=False)


def test_the_rtl_target_builds_once_and_cleans_up(tmp_path):
    import gc
    import hashlib

    from authcore.flow.targets import RtlTarget

    t = RtlTarget(core="sha1", seed=3)
    msgs = [b"", b"abc", bytes(range(100))]
    assert t.hash("sha1", msgs) == [hashlib.sha1(m).digest() for m in msgs]
    assert t.hash("sha1", msgs[1:]) == [hashlib.sha1(m).digest() for m in msgs[1:]]
    assert len(t._builds) == 1
    work = t._work
    assert work.is_dir()
    del t
    gc.collect()
    assert not work.exists()
