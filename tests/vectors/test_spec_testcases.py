"""The transcribed spec test cases, checked value by value against the model."""

import pytest

from authcore.model import gcm
from authcore.vectors import spec

CASES = spec.load()


def test_all_eighteen_cases_present():
    assert [c.number for c in CASES] == list(range(1, 19))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"tc{c.number}")
def test_every_intermediate(case):
    t = gcm.trace(case["K"], case["IV"], case["P"], case["A"])
    assert t.h == case["H"]
    assert t.n_chain == case.indexed("N")
    if len(case["IV"]) != 12:
        assert case["LENIV"] == (8 * len(case["IV"])).to_bytes(16, "big")
    assert t.y0 == case["Y0"]
    assert t.e_y0 == case["EY0"]
    assert t.counters == case.indexed("Y")
    assert t.keystream == case.indexed("EY")
    assert t.x_chain == case.indexed("X")
    assert t.len_block == case["LEN"]
    assert t.ghash == case["GHASH"]
    assert t.ciphertext == case["C"]
    assert t.tag == case["T"]
    assert gcm.decrypt(case["K"], case["IV"], case["C"], case["A"], case["T"]) == case["P"]


def test_parser_rejects_garbage():
    from authcore.errors import VectorFormatError

    with pytest.raises(VectorFormatError):
        spec.parse("K 00\n")
    with pytest.raises(VectorFormatError):
        spec.parse("Test Case 1\nK zz\n")
