"""The register maps: generated files current, the RTL's addresses equal to the map's, the C header
compiles to the map's numbers, the map refuses overlaps, the driver packs and refuses fields."""

import asyncio
import subprocess

import pytest

from authcore import rtl
from authcore.errors import InvalidParameter
from authcore.regs import MAPS, Field, Register, RegMap, emit
from authcore.regs.driver import BusError, DeviceError, HmacAxil, Regs, SyncBus


def test_generated_files_are_current():
    stale = [str(p) for p, text in emit.outputs().items() if not p.exists() or p.read_text() != text]
    assert not stale, f"run python -m authcore.regs --write: {stale}"


@pytest.mark.parametrize("name", list(MAPS))
def test_rtl_addresses_match_the_map(name):
    m = MAPS[name]
    found = emit.verilog_localparams(rtl.modules()[name])
    want = {r.name: r.offset for r in m.registers}
    assert found == want, "the wrapper's R_* localparams and src/authcore/regs/maps.py differ"
    text = rtl.modules()[name].read_text()
    for k, v in m.consts.items():
        assert f"localparam [31:0] {k} = 32'h{v:08X};" in text, f"{name}: {k} differs from the map"


@pytest.mark.parametrize("name", list(MAPS))
def test_c_header_compiles_to_the_map(tmp_path, name):
    m = MAPS[name]
    up = name.upper()
    checks = [f"_Static_assert({up}_{r.name} == {r.offset}u, \"{r.name}\");" for r in m.registers]
    checks += [f"_Static_assert({up}_{r.name}_{f.name}_MASK == {f.mask}u, \"{f.name}\");"
               for r in m.registers for f in r.fields if f.width < 32]
    src = tmp_path / "t.c"
    src.write_text(f'#include "authcore/{name}.h"\n' + "\n".join(checks) + "\nint main(void) { return 0; }\n")
    proc = subprocess.run(["gcc", "-std=c11", "-Wall", "-Werror", "-I", str(emit.HEADERS.parent), "-c", str(src),
                           "-o", str(tmp_path / "t.o")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_map_refuses_overlaps_and_bad_fields():
    with pytest.raises(ValueError, match="share offset"):
        RegMap("x", "x", "x", (Register("A", 0, "RO", "a"), Register("B", 0, "RO", "b")))
    with pytest.raises(ValueError, match="overlapping"):
        Register("A", 0, "RW", "a", (Field("F", 0, 4, "f"), Field("G", 3, 2, "g")))
    with pytest.raises(ValueError, match="word-aligned"):
        Register("A", 2, "RW", "a")
    with pytest.raises(ValueError, match="access"):
        Register("A", 0, "RX", "a")
    with pytest.raises(ValueError, match="address space"):
        RegMap("x", "x", "x", (Register("A", 0xFC, "RO", "a", count=2),))


def test_driver_packs_fields_and_refuses_what_does_not_fit():
    regs = Regs(None, MAPS["hmac_axil"])
    assert regs.pack("MSG_CTRL", LEN=5, ALG=1, TID=3) == 5 | 1 << 16 | 3 << 24
    assert regs.unpack("STATUS", 1 << 6 | 5 << 16)["MAC_WORDS"] == 5
    with pytest.raises(InvalidParameter):
        regs.pack("KEY_CTRL", LEN=1 << 16)
    with pytest.raises(InvalidParameter):
        regs.addr("MAC", 8)
    with pytest.raises(KeyError):
        regs.pack("CTRL", NOPE=1)


def test_driver_over_a_blocking_bus_reports_errors():
    """SyncBus carries a blocking transport (the board's serial bridge); the driver names the
    register a refusal came from and stops waiting after ``polls``."""
    mem = {0x00: 0x12345678}

    def read32(a):
        if a not in mem:
            raise BusError("read", a)
        return mem[a]

    drv = HmacAxil(SyncBus(read32, lambda a, v: mem.__setitem__(a, v)), polls=3)
    with pytest.raises(DeviceError, match="not an hmac_axil"):
        asyncio.run(drv.identify())
    mem[0x0C] = 0                                  # STATUS: never a MAC
    with pytest.raises(DeviceError, match="within 3 polls"):
        asyncio.run(drv.result())
    with pytest.raises(InvalidParameter):
        asyncio.run(drv.load_key(bytes(70000)))
