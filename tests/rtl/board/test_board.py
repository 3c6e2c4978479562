"""board_top in simulation: the host's checks of `authcore board run` over the UART bridge, the
serial line driven bit by bit, for both cores; and the board build's constraints."""

import pytest

from authcore.flow import board
from authcore.flow.sim import simulate
from authcore.flow.targets import sources
from authcore.testbench import HERE as TB


# the GCM board top simulates its block-RAM S-boxes slowly (about a minute): make test-full
@pytest.mark.parametrize("core", [pytest.param("gcm", marks=pytest.mark.full), "hmac"])
def test_board_top_with_host_code(tmp_path, rng, core):
    env = {"AUTHCORE_SEED": str(rng.randrange(1 << 30))}
    passed, failed = simulate("board_top", sources("board_top"), "tb_board", [TB], tmp_path,
                              parameters={"CORE": f'"{core}"', "CLK_HZ": 40, "BAUD": 10, "RESET_CYCLES": 16},
                              env=env)
    assert failed == 0 and passed == 2


@pytest.mark.parametrize("name", list(board.BOARDS))
def test_constraints_cover_every_port(name):
    b = board.BOARDS[name]
    text = board.lpf(b)
    ports = {"clk", "uart_rx", "uart_tx", *(f"led[{i}]" for i in range(b.leds))}
    assert set(b.pins) == ports
    for p in ports:
        assert f'LOCATE COMP "{p}"' in text and f'IOBUF PORT "{p}" IO_TYPE=LVCMOS33;' in text
    assert f'FREQUENCY PORT "clk" {b.clk_hz / 1e6:g} MHZ;' in text


def test_build_refuses_unknown_board_and_core(tmp_path):
    from authcore.errors import InvalidParameter

    with pytest.raises(InvalidParameter, match="unknown board"):
        board.build("de0-nano", "gcm", tmp_path)
    with pytest.raises(InvalidParameter, match="unknown core"):
        board.build("ulx3s-85f", "sha3", tmp_path)


@pytest.mark.full
@pytest.mark.parametrize("name", list(board.BOARDS))
@pytest.mark.parametrize("core", board.CORES)
def test_board_build_meets_timing(tmp_path, name, core):
    """The whole build (make test-full: a few minutes each): a bitstream, and the placed design
    meets the clock its constraints set (build raises otherwise)."""
    out = tmp_path / "build"                          # the tools run in it (relative names)
    r = board.build(name, core, out)
    bit = out / f"{name}-{core}.bit"
    assert r["met"] and bit.exists() and bit.stat().st_size > 100_000
    head = bit.read_bytes()[:64]
    assert head[:2] == b"\xff\x00" and b"LFE5U-85F" in head   # an ECP5 bitstream, for the board's part
