"""The stream primitives of rtl/common, each on its own: axis_fifo in every memory style and
delay_line with and without reset. axis_fifo and axis_reg also run under cocotbext-axi's source and
sink (an independent driver) beside authcore's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from authcore.flow.sim import simulate
from authcore.testbench import HERE as TB

RTL = Path(__file__).resolve().parents[3] / "rtl" / "common"


def independent_driver_ran(sim_dir: Path, width: int) -> bool:
    """cocotbext-axi's source and sink ran (and passed) for whole-byte widths, and only there (a
    skipped cocotb test counts as passed, so the count alone would not show it)."""
    log = (sim_dir / "sim.log").read_text()
    return ("tb_common.cocotbext_axi_source_and_sink passed" in log) == (width % 8 == 0)


@pytest.mark.parametrize("style,depth,width,wipe,out_regs,eager,head_w", [
    ("block", 16, 37, 0, 1, 0, 0), ("distributed", 4, 129, 1, 1, 0, 0), ("logic", 2, 8, 1, 1, 1, 0),
    ("distributed", 32, 16, 0, 1, 1, 0), ("distributed", 8, 20, 0, 2, 0, 0), ("logic", 4, 9, 1, 2, 0, 0),
    ("logic", 8, 33, 1, 0, 0, 0), ("distributed", 4, 12, 1, 0, 1, 0), ("logic", 2, 5, 0, 0, 1, 0),
    ("distributed", 32, 24, 1, 0, 0, 0), ("distributed", 64, 10, 1, 1, 0, 0),
    ("logic", 2, 10, 1, 0, 1, 2), ("logic", 4, 9, 0, 0, 0, 9),
    ("distributed", 128, 24, 1, 3, 1, 0), ("distributed", 32, 9, 0, 3, 0, 0), ("distributed", 2, 16, 1, 3, 0, 0),
    ("logic", 4, 8, 1, 3, 0, 0),
])
def test_axis_fifo(tmp_path, rng, style, depth, width, wipe, out_regs, eager, head_w):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("axis_fifo", [RTL / "axis_fifo.v", RTL / "keep_reg.v"], "tb_common", [TB], tmp_path,
                              parameters={"WIDTH": width, "DEPTH": depth, "STYLE": f'"{style}"', "WIPE": wipe,
                                          "OUT_REGS": out_regs, "EAGER": eager, "HEAD_W": head_w}, env=env)
    assert (passed, failed) == (5, 0) and independent_driver_ran(tmp_path, width)


@pytest.mark.parametrize("delay,reset", [(0, 0), (1, 1), (5, 0), (17, 1)])
def test_delay_line(tmp_path, rng, delay, reset):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("delay_line", [RTL / "delay_line.v"], "tb_common", [TB], tmp_path,
                              parameters={"WIDTH": 9, "DELAY": delay, "RESET": reset}, env=env)
    assert (passed, failed) == (1, 0)


@pytest.mark.parametrize("params,message", [
    ({"DEPTH": 12}, "axis_fifo_DEPTH_must_be_a_power_of_two_of_at_least_2"),
    ({"STYLE": '"ultra"'}, "axis_fifo_STYLE_must_be_block_distributed_or_logic"),
    ({"OUT_REGS": 2}, "axis_fifo_OUT_REGS_must_be_0_to_3_and_1_with_block_RAM"),
    ({"OUT_REGS": 0}, "axis_fifo_OUT_REGS_must_be_0_to_3_and_1_with_block_RAM"),
    ({"OUT_REGS": 3}, "axis_fifo_OUT_REGS_must_be_0_to_3_and_1_with_block_RAM"),
    ({"STYLE": '"distributed"', "OUT_REGS": 4}, "axis_fifo_OUT_REGS_must_be_0_to_3_and_1_with_block_RAM"),
    ({"STYLE": '"logic"', "HEAD_W": 2}, "axis_fifo_HEAD_W_must_be_0_or_up_to_WIDTH_with_logic_and_OUT_REGS_0"),
    ({"STYLE": '"logic"', "OUT_REGS": 0, "WIDTH": 4, "HEAD_W": 5},
     "axis_fifo_HEAD_W_must_be_0_or_up_to_WIDTH_with_logic_and_OUT_REGS_0"),
])
def test_axis_fifo_refuses_illegal_parameters(tmp_path, params, message):
    from authcore.errors import ToolError

    with pytest.raises(ToolError):
        simulate("axis_fifo", [RTL / "axis_fifo.v"], "tb_common", [TB], tmp_path, parameters=params)
    assert message in (tmp_path / "build.log").read_text()


@pytest.mark.parametrize("mode,width,wipe,eager", [(0, 8, 0, 0), (1, 33, 0, 1), (1, 7, 1, 0), (1, 9, 1, 1),
                                                   (2, 129, 0, 0), (2, 16, 1, 0), (2, 12, 0, 1)])
def test_axis_reg(tmp_path, rng, mode, width, wipe, eager):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("axis_reg", [RTL / "axis_reg.v"], "tb_common", [TB], tmp_path,
                              parameters={"WIDTH": width, "MODE": mode, "WIPE": wipe, "EAGER": eager}, env=env)
    assert (passed, failed) == (5, 0) and independent_driver_ran(tmp_path, width)


@pytest.mark.parametrize("nbytes", [1, 4, 16, 32])
def test_axis_keep(tmp_path, rng, nbytes):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("axis_keep", [RTL / "axis_keep.v"], "tb_common", [TB], tmp_path,
                              parameters={"BYTES": nbytes}, env=env)
    assert (passed, failed) == (1, 0)


@pytest.mark.parametrize("width,group", [(128, 16), (256, 16), (256, 32), (64, 4), (8, 1)])
def test_byte_rev(tmp_path, rng, width, group):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("byte_rev", [RTL / "byte_rev.v"], "tb_common", [TB], tmp_path,
                              parameters={"WIDTH": width, "GROUP": group}, env=env)
    assert (passed, failed) == (1, 0)


@pytest.mark.parametrize("top,params,message", [
    ("axis_reg", {"MODE": 3}, "axis_reg_MODE_must_be_0_pass_1_simple_or_2_skid"),
    ("axis_reg", {"WIPE": 2}, "axis_reg_WIPE_must_be_0_or_1"),
    ("axis_reg", {"EAGER": 2}, "axis_reg_EAGER_must_be_0_or_1"),
    ("axis_fifo", {"EAGER": 2}, "axis_fifo_EAGER_must_be_0_or_1"),
    ("axis_keep", {"BYTES": 0}, "axis_keep_BYTES_must_be_at_least_1"),
    ("byte_rev", {"WIDTH": 136}, "byte_rev_WIDTH_must_be_a_multiple_of_8_GROUP"),
    ("byte_rev", {"WIDTH": 64, "GROUP": 16}, "byte_rev_WIDTH_must_be_a_multiple_of_8_GROUP"),
    ("byte_rev", {"GROUP": 0}, "byte_rev_WIDTH_must_be_a_multiple_of_8_GROUP"),
])
def test_primitives_refuse_illegal_parameters(tmp_path, top, params, message):
    from authcore.errors import ToolError

    with pytest.raises(ToolError):
        simulate(top, [RTL / f"{top}.v"], "tb_common", [TB], tmp_path, parameters=params)
    assert message in (tmp_path / "build.log").read_text()
