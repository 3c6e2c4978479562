"""Floorplans: fixed block-RAM sites for cores whose RAMs nextpnr's placer scatters.

A floorplan names a core's block RAMs by their cells' hierarchical names and gives each a site on
the device; ``apply`` writes the sites into the synthesized netlist as ``BEL`` attributes, which
nextpnr honours as user placement (the placer then places the logic around them). Only the RAMs are
fixed: everything else is still nextpnr's.

``aes-deep`` (ECP5 LFE5U-85): the DEEP 128-bit AES engine (``aes_enc_pipe DEEP = 1``, alone or in
``gcm_core``) has fourteen round units of eight S-box RAMs each, in a chain (unit k feeds unit
k + 1). Left to itself, HeAP puts a unit's RAMs in one RAM row and its logic in another, tens of
rows away, and each unit's clear and data then cross the device every cycle (issue #38: 7 ns of
routing on a 6.4 ns clock). The floorplan gives each unit eight adjacent sites of one RAM row, five
units a row, the rows in a snake (left to right, then right to left), so consecutive units are
neighbours and the logic between a unit's RAMs and the next unit's is short.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from authcore.errors import InvalidParameter
from authcore.flow.synth import _ECP5_DEV

# LFE5U-85 block-RAM sites of one RAM row, left to right: (column, EBR index in its tile). Read from
# nextpnr's own placement of the DEEP engine (the NEXTPNR_BEL attributes of its 112 DP16KD cells):
# four sites every nine columns, one gap at the device's centre.
_ECP5_85_EBR_X = [(x0 + 2 * i, i) for x0 in (4, 13, 22, 31, 40, 49, 58, 69, 78, 87, 96) for i in range(4)]
_ECP5_85_EBR_ROWS = (22, 46, 70)   # the RAM rows used (the device has more; these three are evenly spread)

# A round unit's RAM n, wherever the engine sits (alone, or gcm_core's u_aes) and whatever generate
# scopes lie between the unit and its RAMs (g_rom since the LUT S-box form of DEEP).
_AES_RAM = re.compile(r"g_deep\[(\d+)\]\.u_round\.(?:[\w$]+\.)*?g_ram\[(\d+)\]\.")
UNITS_PER_ROW = 5
RAMS_PER_UNIT = 8


def aes_deep_sites(units: int) -> list[list[str]]:
    """Each unit's eight sites (nextpnr bel names), unit 0 first."""
    per_row = UNITS_PER_ROW
    if units > per_row * len(_ECP5_85_EBR_ROWS):
        raise InvalidParameter(f"floorplan aes-deep: {units} round units do not fit "
                               f"{per_row * len(_ECP5_85_EBR_ROWS)} places")
    out = []
    for u in range(units):
        row, pos = divmod(u, per_row)
        line = _ECP5_85_EBR_X[::-1] if row % 2 else _ECP5_85_EBR_X   # the snake: odd rows right to left
        cols = line[pos * RAMS_PER_UNIT:(pos + 1) * RAMS_PER_UNIT]
        out.append([f"X{x}/Y{_ECP5_85_EBR_ROWS[row]}/EBR{z}" for x, z in cols])
    return out


def apply(netlist: Path, name: str, device: str) -> int:
    """Write floorplan ``name``'s sites into ``netlist`` (Yosys JSON) in place; returns how many cells
    it fixed. ``name`` is one of synth.FLOORPLANS, which synth.request has checked, and ``device`` a
    device it has validated. Raises InvalidParameter when the floorplan does not fit the device or
    the design."""
    dev = _ECP5_DEV.match(device)
    if dev is None or dev.group(2) != "85":
        raise InvalidParameter(f"floorplan {name}: sites are known for the LFE5U-85 only, not {device}")
    data = json.loads(netlist.read_text())
    rams: dict[tuple[int, int], dict[str, object]] = {}
    for mod in data["modules"].values():
        for cname, cell in mod.get("cells", {}).items():
            m = _AES_RAM.search(cname)
            if m and cell["type"] == "DP16KD":
                key = (int(m[1]), int(m[2]))
                if key in rams:
                    raise InvalidParameter(f"floorplan {name}: round unit {key[0]}'s RAM {key[1]} occurs twice "
                                           "(more than one AES engine in the design)")
                rams[key] = cell
    if not rams:
        raise InvalidParameter(f"floorplan {name}: the design has no DEEP AES round units "
                               "(aes_enc_pipe DEEP = 1 with block-RAM S-boxes)")
    units = 1 + max(k for k, _ in rams)
    if sorted(rams) != [(k, n) for k in range(units) for n in range(RAMS_PER_UNIT)]:
        raise InvalidParameter(f"floorplan {name}: expected {RAMS_PER_UNIT} RAMs in each of {units} round units, "
                               f"found {len(rams)}")
    sites = aes_deep_sites(units)
    for (k, n), cell in rams.items():
        cell.setdefault("attributes", {})["BEL"] = sites[k][n]  # type: ignore[index]
    netlist.write_text(json.dumps(data))
    return len(rams)
