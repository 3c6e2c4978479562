from authcore.model import gf128, tables


def test_identity_and_commutativity(rng):
    for _ in range(50):
        x, y = rng.getrandbits(128), rng.getrandbits(128)
        assert gf128.mul(x, gf128.ONE) == x
        assert gf128.mul(x, y) == gf128.mul(y, x)
        assert gf128.mul(x, 0) == 0


def test_distributive_and_associative(rng):
    for _ in range(20):
        x, y, z = (rng.getrandbits(128) for _ in range(3))
        assert gf128.mul(x, y ^ z) == gf128.mul(x, y) ^ gf128.mul(x, z)
        assert gf128.mul(gf128.mul(x, y), z) == gf128.mul(x, gf128.mul(y, z))


def test_reduction_constant():
    # a^127 * a = a^128 = 1 + a + a^2 + a^7: spec bits 0, 1, 2, 7 -> 0xE1 in the first byte.
    assert gf128.mul(1, 1 << 126) == 0xE1 << 120


def test_spec_product():
    # GCM spec test case 2: X1 = C1 * H.
    h = 0x66E94BD4EF8A2C3B884CFA59CA342B2E
    c = 0x0388DACE60B6A392F328C2B971B2FE78
    assert gf128.mul(c, h) == 0x5E2EC746917062882C85B0685353DEB7


def test_power(rng):
    h = rng.getrandbits(128)
    assert gf128.power(h, 1) == h
    assert gf128.power(h, 3) == gf128.mul(gf128.mul(h, h), h)


def test_table_methods_agree_with_algorithm_1(rng):
    for _ in range(3):
        h = rng.getrandbits(128)
        objs = {name: cls(h) for name, cls in tables.METHODS.items()}
        for _ in range(40):
            x = rng.getrandbits(128)
            want = gf128.mul(x, h)
            for name, o in objs.items():
                assert o.mul(x) == want, name


def test_table_sizes_match_the_spec():
    h = 0x66E94BD4EF8A2C3B884CFA59CA342B2E
    assert tables.Simple8(h).table_bytes == 64 * 1024
    assert tables.Simple4(h).table_bytes == 8 * 1024
    assert tables.Shoup8(h).table_bytes == 4 * 1024
    assert tables.Shoup4(h).table_bytes == 256
    assert len(tables.R8) == 256 and len(tables.R4) == 16


def test_algorithm_3_m0():
    h = 0xB83B533708BF535D0AA6E52980D53B78
    m0 = tables.build_m0(h, 8)
    assert m0[0] == 0 and m0[0x80] == h
    for i in range(256):
        assert m0[i] == gf128.mul(i << 120, h)
