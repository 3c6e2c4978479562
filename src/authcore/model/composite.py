"""GF(2^128) as the composite field GF((2^16)^8): Lemsitzer et al.'s hybrid multiplier, in Python.

The subfield GF(2^16) is GF(2)[x]/R(x); the extension is GF(2^16)[y]/Q(y) with Q irreducible of
degree 8 over GF(2^16). A composite element is 128 bits: word j (bits 16j..16j+15 of the int) is
the coefficient of y^j, and bit k of a word the coefficient of x^k.

The two representations of GF(2^128) are isomorphic (Paar's method): pick a root omega of R and a
root theta of Q (its coefficients read through omega) in the GCM field; then the composite
element sum_j c_j(x) y^j is the GCM element sum_j c_j(omega) theta^j. That map is linear over
GF(2), so it is a 128x128 bit matrix (``map_inv``: composite -> GCM, column 16j+k is
omega^k theta^j); ``map_fwd`` is its inverse. Both are exact field isomorphisms, so
map_inv(map_fwd(a) * map_fwd(b)) = a * b (checked by the tests and by :func:`check`).

Everything here is derived, nothing typed in: Q is searched for (:func:`find_q`), the roots are
found by Cantor-Zassenhaus root finding in the GCM field and the smallest (as an int) is taken,
so the result is deterministic. ``authcore.keyspec.hybrid`` writes ``rtl/gf128/gf128_hybrid_map.v``
from it, and a test checks that file against this module.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

from authcore.errors import InvalidParameter
from authcore.model import gf128

# The paper's subfield polynomial: x^16 + x^15 + x^13 + x^12 + x^11 + x^9 + x^8 + x^7 + x^5 + x^4 + 1,
# eleven non-zero coefficients (bit i is the coefficient of x^i).
R_PAPER = (1 << 16) | (1 << 15) | (1 << 13) | (1 << 12) | (1 << 11) | (1 << 9) | (1 << 8) | (1 << 7) \
    | (1 << 5) | (1 << 4) | 1
FIELDS = ("paper", "sparse")


# ---- GF(2^16) = GF(2)[x]/R ------------------------------------------------------------------------

def clmul(a: int, b: int) -> int:
    """Carry-less product of two bit polynomials (bit i = coefficient of x^i)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        b >>= 1
    return r


def pmod(a: int, m: int) -> int:
    """a mod m over GF(2)."""
    dm = m.bit_length() - 1
    while a.bit_length() - 1 >= dm:
        a ^= m << (a.bit_length() - 1 - dm)
    return a


def mul16(a: int, b: int, r: int) -> int:
    return pmod(clmul(a, b), r)


def pow16(a: int, e: int, r: int) -> int:
    acc = 1
    while e:
        if e & 1:
            acc = mul16(acc, a, r)
        a = mul16(a, a, r)
        e >>= 1
    return acc


def inv16(a: int, r: int) -> int:
    if a == 0:
        raise InvalidParameter("zero has no inverse in GF(2^16)")
    return pow16(a, (1 << 16) - 2, r)


def is_irreducible_gf2(m: int) -> bool:
    """Rabin's test for a bit polynomial of degree n: x^(2^n) = x mod m, and
    gcd(x^(2^(n/p)) - x, m) = 1 for every prime p dividing n."""
    n = m.bit_length() - 1
    if n < 1:
        return False

    def x_pow_2k(k: int) -> int:
        v = 2
        for _ in range(k):
            v = pmod(clmul(v, v), m)
        return v

    def gcd(a: int, b: int) -> int:
        while b:
            a, b = b, pmod(a, b)
        return a

    if x_pow_2k(n) != 2:
        return False
    primes = [p for p in range(2, n + 1) if n % p == 0 and all(p % q for q in range(2, p))]
    return all(gcd(x_pow_2k(n // p) ^ 2, m) == 1 for p in primes)


def sparsest_r() -> int:
    """The irreducible degree-16 polynomial with the fewest non-zero coefficients (there is no
    irreducible trinomial of degree 16, so a pentanomial), the smallest such as a number, whose x
    generates GF(2^16)^* (primitive, like the paper's R)."""
    best = None
    for a in range(1, 16):
        for b in range(1, a):
            for c in range(1, b):
                m = (1 << 16) | (1 << a) | (1 << b) | (1 << c) | 1
                if is_irreducible_gf2(m) and _primitive16(m) and (best is None or m < best):
                    best = m
    assert best is not None
    return best


def _primitive16(r: int) -> bool:
    return all(pow16(2, ((1 << 16) - 1) // p, r) != 1 for p in (3, 5, 17, 257))


# ---- polynomials over GF(2^16): coefficient lists, index = power of y -------------------------------

def _ptrim(p: list[int]) -> list[int]:
    while p and p[-1] == 0:
        p.pop()
    return p


def _pmod_ext(a: list[int], q: list[int], r: int) -> list[int]:
    """a mod q over GF(2^16) (q monic)."""
    a = _ptrim(list(a))
    dq = len(q) - 1
    while len(a) - 1 >= dq:
        c = a[-1]
        shift = len(a) - 1 - dq
        for i, qi in enumerate(q):
            if qi:
                a[shift + i] ^= mul16(c, qi, r)
        _ptrim(a)
    return a


def _pmul_ext(a: list[int], b: list[int], r: int) -> list[int]:
    out = [0] * max(len(a) + len(b) - 1, 0)
    for i, ai in enumerate(a):
        if ai:
            for j, bj in enumerate(b):
                if bj:
                    out[i + j] ^= mul16(ai, bj, r)
    return out


def _pgcd_ext(a: list[int], b: list[int], r: int) -> list[int]:
    a, b = _ptrim(list(a)), _ptrim(list(b))
    while b:
        inv = inv16(b[-1], r)
        b = [mul16(c, inv, r) for c in b]
        a, b = b, _pmod_ext(a, b, r)
    return a


def is_irreducible_ext(q: list[int], r: int) -> bool:
    """Rabin's test over GF(2^16) for a monic q of degree 8: y^(s^8) = y mod q and
    gcd(y^(s^4) - y, q) = 1, with s = 2^16 (8 has the one prime factor 2)."""
    if len(q) != 9 or q[-1] != 1:
        raise InvalidParameter("Q must be monic of degree 8")
    y = [0, 1]

    def frob(p: list[int]) -> list[int]:
        # p^(2^16): sixteen squarings; squaring is a coefficient-wise square in characteristic 2
        for _ in range(16):
            sq = [0] * (2 * len(p))
            for i, c in enumerate(p):
                sq[2 * i] = mul16(c, c, r)
            p = _pmod_ext(sq, q, r)
        return p

    p = y
    powers = []
    for _ in range(8):
        p = frob(p)
        powers.append(p)
    if _ptrim(list(powers[7])) != y:
        return False
    diff = list(powers[3]) + [0] * 2
    diff[1] ^= 1
    return len(_pgcd_ext(q, _ptrim(diff), r)) == 1


def _const_cost(beta: int, r: int) -> int:
    """XOR2 gates of a naive constant multiplier by beta in GF(2^16): ones in its matrix, less a
    row's first one."""
    cols = [mul16(1 << k, beta, r) for k in range(16)]
    rows = [sum((cols[k] >> i) & 1 for k in range(16)) for i in range(16)]
    return sum(max(n - 1, 0) for n in rows)


def find_q(r: int) -> list[int]:
    """A monic irreducible Q over GF(2^16), as cheap for the feedback as can be.

    The reduction of W*y adds w7 * q_i to every w_i, so each coefficient of 1 costs nothing and
    every other one a constant multiplier. Q = y^8 + beta is the eighth power of y + beta^(1/8)
    (characteristic 2), and no trinomial y^8 + g y^a + beta is irreducible (a Swan-type parity
    obstruction: none among the trinomials tried, against about one in eight of all degree-8
    polynomials), so the cheapest form is y^8 + y^a + y^b + beta: two free coefficients and one
    constant multiplier. beta = x^e (one bit); the cheapest multiplier by x^e (fewest XOR2), then
    the smallest a and b, is taken."""
    best: tuple[int, int, int, list[int]] | None = None
    for a in range(2, 8):
        for b in range(1, a):
            for e in range(1, 16):
                q = [1 << e] + [0] * 7 + [1]
                q[a] = q[b] = 1
                key = (_const_cost(1 << e, r), a, b)
                if (best is None or key < best[:3]) and is_irreducible_ext(q, r):
                    best = (*key, q)
    if best is None:
        raise InvalidParameter(f"no irreducible y^8 + y^a + y^b + x^e over GF(2)[x]/{r:#x}")
    return best[3]


# ---- root finding in the GCM field (Cantor-Zassenhaus, degree-1 factors) ---------------------------

def _fmul(a: int, b: int) -> int:
    """a * b in the GCM field; the moduli here are mostly monic with 0/1 coefficients, so the
    field's 1 is short-cut."""
    if a == gf128.ONE:
        return b
    if b == gf128.ONE:
        return a
    return gf128.mul(a, b)


def _fmod(a: list[int], m: list[int]) -> list[int]:
    """a mod m, polynomials over the GCM field (lists of ints, index = power of z)."""
    a = _ptrim(list(a))
    m = _ptrim(list(m))
    inv = gf128.ONE if m[-1] == gf128.ONE else gf128.inverse(m[-1])
    dm = len(m) - 1
    while len(a) - 1 >= dm:
        c = _fmul(a[-1], inv)
        shift = len(a) - 1 - dm
        for i, mi in enumerate(m):
            if mi:
                a[shift + i] ^= _fmul(c, mi)
        _ptrim(a)
    return a


def _fgcd(a: list[int], b: list[int]) -> list[int]:
    a, b = _ptrim(list(a)), _ptrim(list(b))
    while b:
        a, b = b, _fmod(a, b)
    inv = gf128.inverse(a[-1])
    return [gf128.mul(c, inv) for c in a]


def _fsquare_mod(p: list[int], m: list[int]) -> list[int]:
    sq = [0] * (2 * len(p))
    for i, c in enumerate(p):
        sq[2 * i] = gf128.mul(c, c)
    return _fmod(sq, m)


def _fdiv(a: list[int], b: list[int]) -> list[int]:
    """a / b over the GCM field when b divides a."""
    a, b = _ptrim(list(a)), _ptrim(list(b))
    inv = gf128.inverse(b[-1])
    out = [0] * (len(a) - len(b) + 1)
    while len(a) >= len(b):
        c = gf128.mul(a[-1], inv)
        shift = len(a) - len(b)
        out[shift] = c
        for i, bi in enumerate(b):
            if bi:
                a[shift + i] ^= gf128.mul(c, bi)
        _ptrim(a)
    assert not a, "not a divisor"
    return out


def roots(poly: list[int], seed: int = 1) -> list[int]:
    """Every root in the GCM field of ``poly`` (GCM field coefficients, index = power of z), which
    must split into distinct linear factors there. Equal-degree splitting with the absolute trace
    T(z) = sum_{i<128} (t z)^(2^i) mod poly: gcd(T, poly) keeps the roots whose t*root has trace 0."""
    rng = random.Random(seed)
    poly = _ptrim(list(poly))
    if len(poly) == 2:
        return [gf128.mul(poly[0], gf128.inverse(poly[1]))]
    while True:
        t = rng.getrandbits(128)
        s = _fmod([0, t], poly)
        acc = list(s)
        for _ in range(127):
            s = _fsquare_mod(s, poly)
            acc = [u ^ v for u, v in zip(acc + [0] * (len(s) - len(acc)), s + [0] * (len(acc) - len(s)), strict=True)]
        g = _fgcd(poly, acc)
        if 1 < len(g) < len(poly):
            return sorted(roots(g, rng.getrandbits(32)) + roots(_fdiv(poly, g), rng.getrandbits(32)))


# ---- the isomorphism ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Composite:
    """One composite representation: R, Q and the maps between it and the GCM field."""
    name: str
    r: int                      # subfield polynomial (bit i = coefficient of x^i, bit 16 set)
    q: tuple[int, ...]          # Q(y) coefficients q_0..q_8 (q_8 = 1), elements of GF(2^16)
    omega: int                  # the root of R in the GCM field that x maps to
    theta: int                  # the root of Q in the GCM field that y maps to
    inv_cols: tuple[int, ...]   # map_inv: column 16j+k (composite bit) = omega^k theta^j (GCM int)
    fwd_cols: tuple[int, ...]   # map_fwd: column i (GCM int bit i) = its composite element

    def map_inv(self, c: int) -> int:
        return _apply(self.inv_cols, c)

    def map_fwd(self, a: int) -> int:
        return _apply(self.fwd_cols, a)

    def mul(self, u: int, v: int) -> int:
        """The hybrid multiplier's algorithm on composite elements: eight word-serial steps, the
        words of u most significant first: W <- W*y + u_i * V, W*y reduced through Q."""
        w = [0] * 8
        vw = [(v >> (16 * j)) & 0xFFFF for j in range(8)]
        for i in range(7, -1, -1):
            ui = (u >> (16 * i)) & 0xFFFF
            top = w[7]
            w = [0] + w[:7]
            for j in range(8):
                w[j] ^= mul16(top, self.q[j], self.r) ^ mul16(ui, vw[j], self.r)
        return sum(c << (16 * j) for j, c in enumerate(w))


def _apply(cols: tuple[int, ...], v: int) -> int:
    out = 0
    i = 0
    while v:
        if v & 1:
            out ^= cols[i]
        v >>= 1
        i += 1
    return out


def _invert(cols: list[int]) -> list[int]:
    """The inverse of a 128x128 GF(2) matrix given by columns (Gauss-Jordan on [M | I])."""
    n = 128
    rows = []
    for i in range(n):
        row = sum(((cols[j] >> i) & 1) << j for j in range(n))
        rows.append(row | (1 << (n + i)))
    for c in range(n):
        p = next((i for i in range(c, n) if (rows[i] >> c) & 1), None)
        if p is None:
            raise InvalidParameter("the map is singular")
        rows[c], rows[p] = rows[p], rows[c]
        for i in range(n):
            if i != c and (rows[i] >> c) & 1:
                rows[i] ^= rows[c]
    inv_rows = [r >> n for r in rows]
    return [sum(((inv_rows[i] >> j) & 1) << i for i in range(n)) for j in range(n)]


def _embed(c: int, omega_pows: list[int]) -> int:
    out = 0
    for k in range(16):
        if (c >> k) & 1:
            out ^= omega_pows[k]
    return out


def _to_gcm(poly_bits: int) -> int:
    """A GF(2) polynomial (bit i = coefficient of z^i) as a GCM field element (z^i is int bit 127 - i)."""
    return sum(1 << (127 - i) for i in range(128) if (poly_bits >> i) & 1)


@functools.cache
def field(name: str = "paper") -> Composite:
    """The composite representation ``name``: "paper" (the paper's R) or "sparse" (the sparsest
    primitive pentanomial R)."""
    if name not in FIELDS:
        raise InvalidParameter(f"unknown composite field {name!r}; use one of {', '.join(FIELDS)}")
    r = R_PAPER if name == "paper" else sparsest_r()
    q = find_q(r)
    r_gcm = [1 if (r >> i) & 1 else 0 for i in range(17)]
    r_gcm = [gf128.ONE if c else 0 for c in r_gcm]
    omega = min(roots(r_gcm))
    opow = [gf128.ONE]
    for _ in range(15):
        opow.append(gf128.mul(opow[-1], omega))
    theta = min(roots([_embed(c, opow) for c in q]))
    tpow = [gf128.ONE]
    for _ in range(7):
        tpow.append(gf128.mul(tpow[-1], theta))
    inv_cols = [gf128.mul(opow[k], tpow[j]) for j in range(8) for k in range(16)]
    fwd_cols = _invert(inv_cols)
    return Composite(name, r, tuple(q), omega, theta, tuple(inv_cols), tuple(fwd_cols))


def check(f: Composite, samples: int = 8, seed: int = 0) -> None:
    """The map is a field isomorphism on random products (raises AssertionError otherwise)."""
    rng = random.Random(seed)
    for _ in range(samples):
        a, b = rng.getrandbits(128), rng.getrandbits(128)
        assert f.map_inv(f.mul(f.map_fwd(a), f.map_fwd(b))) == gf128.mul(a, b)
