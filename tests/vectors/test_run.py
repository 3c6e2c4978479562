"""The vector runner's helpers."""


def test_sample_groups_spreads_and_keeps_fail_cases(vectors_root):
    from authcore.vectors import cavp
    from authcore.vectors.run import sample_groups

    vs = cavp.read_gcm(vectors_root / "ciphers/AES/GCM/gcmDecrypt128.rsp")
    picked = sample_groups(vs, 10)
    groups = {v.group for v in picked}
    assert len(groups) == 10
    assert any(v.fail for v in picked) and any(not v.fail for v in picked)
    # spread over the file: the picked groups span IV and text lengths
    assert len({g.split()[1] for g in groups}) > 1 and len({g.split()[2] for g in groups}) > 1
