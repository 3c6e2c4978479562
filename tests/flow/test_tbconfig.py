"""The testbenches' typed configuration: what a test hands simulate() is what the testbench reads."""

from __future__ import annotations

import pytest

from authcore.testbench import tbconfig
from authcore.testbench.tbconfig import ENV, GcmSelftestTb, GcmTb, HashTb, HmacTb


def test_round_trip_with_parameters_and_toplevel(monkeypatch):
    cfg = GcmTb(period=4, lanes=2, key="00" * 16, fixed=True, len_w=8)
    monkeypatch.setenv(ENV, tbconfig.document("gcm_top", {"DATA_W": 32, "STYLE": '"block"'}, cfg))
    assert GcmTb.load() == cfg
    assert tbconfig.parameters() == {"DATA_W": 32, "STYLE": "block"}   # Verilog quotes removed
    assert tbconfig.toplevel() == "gcm_top"


def test_defaults_without_a_config(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert HashTb.load() == HashTb() and tbconfig.parameters() == {} and tbconfig.toplevel() is None
    monkeypatch.setenv(ENV, tbconfig.document("sha1_core", {"PIPELINE": 4}, None))
    assert HashTb.load() == HashTb(alg="sha1", pipeline=1) and tbconfig.parameters() == {"PIPELINE": 4}


def test_a_subclass_config_serves_the_base_testbench(monkeypatch):
    """tb_gcm_selftest imports tb_gcm: both read the one GcmSelftestTb."""
    monkeypatch.setenv(ENV, tbconfig.document("gcm_selftest", {}, GcmSelftestTb(expect="fail", lanes=2)))
    assert GcmTb.load() == GcmSelftestTb(expect="fail", lanes=2)
    assert GcmSelftestTb.load().expect == "fail"


def test_another_testbenchs_config_is_refused(monkeypatch):
    monkeypatch.setenv(ENV, tbconfig.document("hmac_core", {}, HmacTb(hash="md5")))
    with pytest.raises(TypeError, match="HmacTb, not the GcmTb"):
        GcmTb.load()


def test_an_unknown_field_is_refused(monkeypatch):
    monkeypatch.setenv(ENV, '{"type": "HashTb", "fields": {"alg": "md5", "pipeline_depth": 4}, "parameters": {}}')
    with pytest.raises(TypeError, match="pipeline_depth"):
        HashTb.load()
