"""The compiled software GHASH methods (authcore.sw, the spec's Section 4.1) against the model, and
`authcore bench ghash-sw`."""

from __future__ import annotations

import json

import pytest

from authcore import sw
from authcore.cli import main
from authcore.errors import InvalidParameter
from authcore.model import gf128, tables


@pytest.mark.parametrize("method", list(sw.METHODS))
def test_every_method_equals_the_model(rng, method):
    edge_h = [bytes(16), gf128.ONE.to_bytes(16, "big"), b"\xff" * 16, (1).to_bytes(16, "big")]
    for h in edge_h + [rng.randbytes(16) for _ in range(20)]:
        hi = int.from_bytes(h, "big")
        g = sw.Ghash(method, h)
        blocks = [rng.getrandbits(128) for _ in range(rng.randrange(1, 9))]
        g.update(b"".join(b.to_bytes(16, "big") for b in blocks[:2]))   # in two calls: the state carries
        g.update(b"".join(b.to_bytes(16, "big") for b in blocks[2:]))
        assert g.value == gf128.ghash_chain(hi, blocks)[-1].to_bytes(16, "big"), (method, h.hex())
        g.close()


def test_table_sizes_are_the_spec_s(rng):
    """The memory per key the spec's Table 1 gives, and the model's table classes agree."""
    h = rng.randbytes(16)
    for name, size in (("shoup4", 256), ("shoup8", 4096), ("simple4", 8192), ("simple8", 65536)):
        assert sw.Ghash(name, h).table_bytes == size == tables.METHODS[name](int.from_bytes(h, "big")).table_bytes


def test_errors():
    with pytest.raises(InvalidParameter, match="unknown GHASH method"):
        sw.Ghash("shoup16", bytes(16))
    with pytest.raises(InvalidParameter, match="16 bytes"):
        sw.Ghash("ct", bytes(8))
    with pytest.raises(InvalidParameter, match="whole 16-byte blocks"):
        sw.Ghash("ct", bytes(16)).update(bytes(20))


def test_close_erases_the_key_table(rng):
    g = sw.Ghash("shoup8", rng.randbytes(16))
    table = g._table
    assert any(table.raw)
    g.close()
    assert not any(table.raw)


def test_bench_cli_json(capsys, monkeypatch):
    """--json: one object per method with its table size, cycles and bytes per second per message
    size, plus the AES-GCM reference; the measurement is real (short runs here)."""
    from authcore.sw import bench

    monkeypatch.setattr(bench, "TARGET_S", 0.002)
    monkeypatch.setattr(bench, "RUNS", 1)
    assert main(["bench", "ghash-sw", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["method"] for r in rows] == [*sw.METHODS, "aes-gcm (cryptography)"]
    for r in rows:
        assert set(r["bytes_per_second"]) == set(r["cycles_per_byte"]) == {"64", "1024", "65536"}
        assert all(v > 0 for v in r["bytes_per_second"].values())
    by = {r["method"]: r for r in rows}
    assert by["simple8"]["table_bytes"] == 65536 and by["ct"]["constant_time"] is True
