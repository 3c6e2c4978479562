"""authcore.rtl: the file lists every tool takes come from the sources' instances."""

from __future__ import annotations

import pytest

from authcore import rtl
from authcore.errors import InvalidParameter


def test_files_follow_instances():
    names = rtl.names("gcm_core")
    assert names[0] == "gcm/gcm_core"
    # through ghash_core and aes_enc_pipe down to the primitives and the S-boxes
    assert {"ghash/ghash_core", "gf128/gf128_mul_digit", "aes/aes_key_expand", "aes/aes_sbox_rom",
            "common/axis_fifo"} <= set(names)
    assert len(names) == len(set(names))
    assert "hmac/hmac_core" not in names and "sha/md_compress" not in names


def test_every_module_resolves_and_is_found_only_where_instantiated():
    mods = rtl.modules()
    for name, path in mods.items():
        files = rtl.files(name)
        assert files[0] == path
        for p in files[1:]:   # everything below the top is instantiated by something in the list
            assert any(p.stem in rtl.instantiated(q) for q in files), (name, p)


def test_comments_are_not_instances(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "top.v").write_text("module top; // sub u_x ();\n/* sub u_y (); */ leaf u_l (); endmodule\n")
    (tmp_path / "a" / "sub.v").write_text("module sub; endmodule\n")
    (tmp_path / "a" / "leaf.v").write_text("module leaf; endmodule\n")
    assert [p.stem for p in rtl.files("top", tmp_path)] == ["top", "leaf"]


def test_unknown_top():
    with pytest.raises(InvalidParameter, match="no RTL module"):
        rtl.files("gcm_cor")


def test_needed_reads_a_generated_top_afresh(tmp_path):
    """A generator may rewrite a top at the same path with other instances (the feedback and the
    pipelined GHASH tops into one folder): needed() must not answer from the earlier text."""
    top = tmp_path / "top.v"
    top.write_text("module top; axis_keep #(.BYTES(2)) u_keep (); endmodule\n")
    assert [p.name for p in rtl.needed(top)] == ["axis_keep.v"]
    top.write_text("module top; ghash_chain u_chain (); axis_keep u_keep (); endmodule\n")
    assert [p.name for p in rtl.needed(top)] == ["axis_keep.v", "ghash_chain.v", "axis_fifo.v", "delay_line.v",
                                            "keep_reg.v"]
