"""XOR networks for a constant GF(2) matrix: which XOR2 gates compute every row.

A network is a list of gates ``(a, b)`` over signals: signals 0..n_in-1 are the inputs, signal
n_in + k is gate k. ``outputs[i]`` is the signal of row i, or -1 for a row of zeros.

* ``naive``: one balanced XOR tree per row, nothing shared (the baseline; ones - 1 gates per row).
* ``lut6`` (the default) and ``lut4``: sharing with cancellation sized for 6-input (xc7) or
  4-input (ECP5, iCE40) LUTs, see :func:`lut6`; ``lut6-small`` and ``lut4-small`` the same without
  its depth bound. Their networks are also emitted already mapped: :func:`lut_cover` groups the
  gates into XOR nodes of at most that many inputs, one LUT each.
* ``cse``: Paar's greedy common-subexpression elimination: repeatedly give the pair of signals
  that occurs together in the most rows its own gate, until no pair is shared by two rows, then
  finish each row with a depth-balanced tree. Ties go to the lowest signal numbers, so the result
  is deterministic. A lazy max-heap keeps it near n^2 log n instead of n^3.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from functools import cache

import numpy as np


@dataclass
class Network:
    n_in: int
    gates: list[tuple[int, int]] = field(default_factory=list)
    outputs: list[int] = field(default_factory=list)
    name: str = ""

    @property
    def xor2(self) -> int:
        return len(self.gates)

    def depths(self) -> list[int]:
        d = [0] * (self.n_in + len(self.gates))
        for k, (a, b) in enumerate(self.gates):
            d[self.n_in + k] = 1 + max(d[a], d[b])
        return d

    @property
    def depth(self) -> int:
        d = self.depths()
        return max((d[o] for o in self.outputs if o >= 0), default=0)

    def evaluate(self, x: int) -> int:
        v = [(x >> j) & 1 for j in range(self.n_in)]
        for a, b in self.gates:
            v.append(v[a] ^ v[b])
        y = 0
        for i, o in enumerate(self.outputs):
            if o >= 0 and v[o]:
                y |= 1 << i
        return y


def _tree(net: Network, sigs: list[int], depth: list[int]) -> int:
    """XOR ``sigs`` with the two shallowest combined first (minimum depth for the count)."""
    if not sigs:
        return -1
    heap = [(depth[s], s) for s in sigs]
    heapq.heapify(heap)
    while len(heap) > 1:
        da, a = heapq.heappop(heap)
        db, b = heapq.heappop(heap)
        net.gates.append((min(a, b), max(a, b)))
        s = net.n_in + len(net.gates) - 1
        depth.append(max(da, db) + 1)
        heapq.heappush(heap, (depth[s], s))
    return heap[0][1]


def _pair_state(rows: list[list[int]], n_in: int, min_share: int) -> tuple[np.ndarray, np.ndarray, list]:
    """Row-by-signal incidence, pair co-occurrence counts, and a max-heap of the pairs shared by at
    least ``min_share`` rows (lazy: entries are checked against ``count`` when popped)."""
    ones = sum(len(r) for r in rows)
    smax = n_in + max(ones, 1)
    a_mat = np.zeros((len(rows), smax), dtype=np.int32)
    for i, r in enumerate(rows):
        a_mat[i, r] = 1
    count = np.zeros((smax, smax), dtype=np.int32)
    base = a_mat[:, :n_in]
    count[:n_in, :n_in] = base.T @ base
    np.fill_diagonal(count, 0)
    ii, jj = np.nonzero(np.triu(count[:n_in, :n_in], 1) >= min_share)
    heap = [(-int(count[a, b]), a, b) for a, b in zip(ii.tolist(), jj.tolist(), strict=True)]
    heapq.heapify(heap)
    return a_mat, count, heap


def naive(rows: list[list[int]], n_in: int = 128) -> Network:
    net = Network(n_in, name="naive")
    depth = [0] * n_in
    net.outputs = [_tree(net, list(r), depth) for r in rows]
    return net


def cse(rows: list[list[int]], n_in: int = 128, min_share: int = 2) -> Network:
    n_rows = len(rows)
    a_mat, count, heap = _pair_state(rows, n_in, min_share)
    net = Network(n_in, name="cse")
    depth = [0] * n_in
    s = n_in
    while heap:
        neg, a, b = heapq.heappop(heap)
        cur = int(count[a, b])
        if cur != -neg:
            if cur >= min_share:
                heapq.heappush(heap, (-cur, a, b))
            continue
        rws = np.nonzero(a_mat[:, a] & a_mat[:, b])[0]
        t = s
        s += 1
        net.gates.append((a, b))
        depth.append(max(depth[a], depth[b]) + 1)
        v = a_mat[rws, :t].sum(axis=0)
        v[a] = 0
        v[b] = 0
        a_mat[rws, a] = 0
        a_mat[rws, b] = 0
        a_mat[rws, t] = 1
        for x in (a, b):
            count[x, :t] -= v
            count[:t, x] -= v
        count[a, b] -= len(rws)
        count[b, a] -= len(rws)
        count[t, :t] = v
        count[:t, t] = v
        for o in np.nonzero(v >= min_share)[0].tolist():
            heapq.heappush(heap, (-int(v[o]), o, t))
    net.outputs = [_tree(net, np.nonzero(a_mat[i, :s])[0].tolist(), depth) for i in range(n_rows)]
    return net


OPTIMIZERS = {"naive": naive, "cse": cse}


def _fewest_luts(items: list, width: int, join):
    """The ``width``-ary Huffman tree with the fewest LUTs over ``items`` (ordered by depth first):
    the first LUT takes the remainder, every other one ``width`` of the shallowest.
    ``join(ins, last)`` makes the item of a LUT over ``ins`` (``last``: the tree's root). Returns
    the root's item (the only item when there is one, None when there are none)."""
    heap = list(items)
    heapq.heapify(heap)
    take = (len(heap) - 2) % (width - 1) + 2
    while len(heap) > 1:
        ins = [heapq.heappop(heap) for _ in range(min(take, len(heap)))]
        take = width
        heapq.heappush(heap, join(ins, not heap))
    return heap[0] if heap else None


@cache
def _cover_depth(hist: tuple[int, ...], width: int) -> int:
    """LUT levels of the tree :func:`lut_cover` builds over leaves at the levels ``hist`` counts
    (``hist[l]`` leaves at level l)."""
    top = _fewest_luts([lv for lv, c in enumerate(hist) for _ in range(c)], width,
                       lambda ins, last: max(ins) + 1)
    return 0 if top is None else top


def lut6(rows: list[list[int]], n_in: int = 128, width: int = 6, levels: int | None = 4,
         regen: int = 8) -> Network:
    """LUT-aware sharing with cancellation: XOR nodes of up to ``width`` signals (one LUT each),
    each used by every row it shortens, including rows that hold only some of its signals.

    A row is a set of signals XORed together. Using node T (the XOR of signals T) in row R turns R
    into (R xor T) + {T}: the signals both have cancel, those only T has are added back. That pays
    when R holds more than half of T: with 6 signals, a row holding all six saves five, five saves
    three, four saves one. Greedy on the rows' total signals (a row of m finishes in
    ceil((m - 1) / (width - 1)) LUTs): a node is created while the signals it removes, over
    ``width - 1``, exceed the LUT it costs; then, in a second phase, while it saves a whole LUT
    under the rows' exact finishing cost.

    Candidates grow from every live signal by the signal that saves the most (one matrix product
    per step for all of them); they wait in a lazy max-heap, are re-scored when popped, and are
    regrown every ``regen`` nodes (using a node changes other candidates' rows in both
    directions). ``levels`` bounds the cover's depth in LUTs: nodes are at most ``levels - 1``
    deep, and a row takes a node only while its own LUT tree (as :func:`lut_cover` builds it over
    the row's signals at their depths) stays within ``levels``; the rows a bound turns away are
    left out of the node's score. 4 for 6-input LUTs is plain sharing's depth for 128 x 128; None:
    no bound, fewest LUTs, two or three levels deeper.
    Deterministic: exact small-integer arithmetic, ties to the lowest signals.
    """
    n_rows = len(rows)
    per = width - 1
    cap = n_in + 256
    a_mat = np.zeros((n_rows, cap), dtype=np.float32)  # row-by-signal incidence (0/1)
    for i, r in enumerate(rows):
        a_mat[i, r] = 1
    rsize = a_mat.sum(axis=1)  # signals in each row, kept up to date as nodes are used
    lvl = np.zeros(cap, dtype=np.int64)  # a signal's depth in LUTs (inputs 0)
    node_levels = None if levels is None else levels - 1
    hist = np.zeros((n_rows, (levels or 0) + 1), dtype=np.int64)  # a row's signals per depth
    hist[:, 0] = rsize
    net = Network(n_in, name=f"lut{width}")
    depth = [0] * n_in
    s = n_in  # signals so far (a node's chain gates other than its last never enter rows)

    def finish(m: np.ndarray) -> np.ndarray:  # LUTs to finish rows of m signals
        return np.ceil(np.maximum(m - 1, 0) / per)

    def value(d: np.ndarray, left: np.ndarray, exact: bool) -> np.ndarray:  # a node's gain in LUTs
        if exact:
            return (finish(left) - finish(left - d)).sum(axis=-1) - 1 + 1e-4 * d.sum(axis=-1)
        return d.sum(axis=-1) / per - 1

    def score(cnt: np.ndarray, k: int, left: np.ndarray, exact: bool) -> tuple[np.ndarray, np.ndarray]:
        d = np.maximum(0, 2 * cnt - k - 1)  # signals each row sheds
        return value(d, left, exact), d

    def grow(exact: bool) -> dict[tuple[int, ...], float]:
        m = np.ascontiguousarray(a_mat[:, :s])
        if node_levels is not None:
            m[:, lvl[:s] >= node_levels] = 0
        left = rsize
        live = np.nonzero(m.sum(axis=0) >= 2)[0]
        t_sets = live[:, None]
        cnt = m[:, live].T  # candidate x row: signals of the candidate the row holds
        out: dict[tuple[int, ...], float] = {}
        for k in range(1, width):
            # gain of adding signal c: rows holding c shed one more, the others one fewer
            w1 = np.maximum(0, 2 * cnt - k)
            w0 = np.maximum(0, 2 * cnt - k - 2)
            gains = (w1 - w0) @ m + w0.sum(axis=1, keepdims=True)
            np.put_along_axis(gains, t_sets, -1, axis=1)
            c = np.argmax(gains, axis=1)
            ok = gains[np.arange(len(c)), c] > 0
            t_sets = np.concatenate([t_sets, c[:, None]], axis=1)[ok]
            cnt = (cnt + m[:, c].T)[ok]
            if not len(t_sets):
                break
            g, _ = score(cnt, k + 1, left[None, :], exact)
            for j in np.nonzero(g > 0)[0].tolist():
                key = tuple(sorted(t_sets[j].tolist()))
                out[key] = max(out.get(key, g[j]), float(g[j]))
        return out

    exact = False
    heap: list[tuple[float, tuple[int, ...]]] = []
    since, fresh = regen, False
    while True:
        if since >= regen or not heap:
            if not heap and fresh:  # nothing pays in this phase
                if exact:
                    break
                exact = True
            heap = [(-g, t) for t, g in grow(exact).items()]
            heapq.heapify(heap)
            since, fresh = 0, True
            continue
        _, t_set = heapq.heappop(heap)
        ts = list(t_set)
        cnt = a_mat[:, ts].sum(axis=1)
        g, d = score(cnt, len(ts), rsize, exact)
        if g <= (0.5 if exact else 0.0):  # exact: the node must save a whole LUT
            continue
        if levels is not None:  # rows whose tree would grow too deep do not take the node
            use = np.nonzero(d > 0)[0]
            new = hist[use]
            held = a_mat[np.ix_(use, ts)].astype(np.int64)
            for j, x in enumerate(ts):
                new[:, lvl[x]] += 1 - 2 * held[:, j]
            new[:, 1 + int(lvl[ts].max())] += 1
            deep = [r for r, h in zip(use.tolist(), map(tuple, new.tolist()), strict=True)
                    if _cover_depth(h, width) > levels]
            if deep:
                d[deep] = 0
                g = value(d, rsize, exact)
                if g <= (0.5 if exact else 0.0):
                    continue
        if heap and g < -heap[0][0]:
            heapq.heappush(heap, (-float(g), t_set))
            continue
        acc = ts[0]
        for x in ts[1:]:  # the node: a chain of XOR2 whose inner gates have one fanout (one LUT)
            net.gates.append((min(acc, x), max(acc, x)))
            depth.append(max(depth[acc], depth[x]) + 1)
            acc = n_in + len(net.gates) - 1
        s = acc + 1
        if s >= cap:
            cap = 2 * s
            a_mat = np.concatenate([a_mat, np.zeros((n_rows, cap - a_mat.shape[1]), dtype=np.float32)], axis=1)
            lvl = np.concatenate([lvl, np.zeros(cap - len(lvl), dtype=np.int64)])
        lvl[acc] = 1 + int(lvl[ts].max())
        use = np.nonzero(d > 0)[0]
        a_mat[np.ix_(use, ts)] = 1 - a_mat[np.ix_(use, ts)]
        a_mat[use, acc] = 1
        if levels is not None:
            for x in ts:  # each of the node's signals entered or left the row; the node entered
                hist[use, lvl[x]] += 2 * a_mat[use, x].astype(np.int64) - 1
            hist[use, lvl[acc]] += 1
        rsize[use] += len(ts) + 1 - 2 * cnt[use]  # held cnt of the node's signals, now the rest and it
        since, fresh = since + 1, False
    net.outputs = [_tree(net, np.nonzero(a_mat[i, :s])[0].tolist(), depth) for i in range(n_rows)]
    return net


OPTIMIZERS["lut6"] = lut6


def _lut_variant(name: str, width: int, levels: int | None):
    """:func:`lut6` with nodes of at most ``width`` signals (4 for 4-input LUT fabrics: ECP5,
    iCE40) and the cover at most ``levels`` LUTs deep (None, the "-small" variants: fewest LUTs, a
    deeper cover)."""
    def run(rows: list[list[int]], n_in: int = 128) -> Network:
        net = lut6(rows, n_in, width=width, levels=levels)
        net.name = name
        return net
    run.__name__ = name.replace("-", "_")
    return run


lut4 = _lut_variant("lut4", 4, 5)
lut6_small = _lut_variant("lut6-small", 6, None)
lut4_small = _lut_variant("lut4-small", 4, None)
OPTIMIZERS.update({"lut4": lut4, "lut6-small": lut6_small, "lut4-small": lut4_small})

# Optimizers whose networks are emitted as LUT nodes (see lut_cover), and the LUT size they target.
LUT_WIDTH = {"lut6": 6, "lut4": 4, "lut6-small": 6, "lut4-small": 4}


def lut_cover(net: Network, width: int) -> list[tuple[int, list[int]]]:
    """Group the network's gates into XOR nodes of at most ``width`` inputs: one LUT each.

    A gate whose value is used once, and is not an output, belongs to the node of its user, so
    every signal used twice or more (a shared node, or an output) is the root of an XOR of leaves.
    A root with m leaves needs ceil((m - 1) / (width - 1)) LUTs; they are built as a
    ``width``-ary Huffman tree on depth (the first node takes the remainder), which reaches that
    count with the smallest depth. Returns ``(signal, inputs)`` per LUT in topological order;
    signal numbers above the network's are the extra LUTs of a wide root, whose last LUT takes the
    root's own number. Deterministic: ties go to the lower signal.
    """
    n = net.n_in
    total = n + len(net.gates)
    fan = [0] * total
    for a, b in net.gates:
        fan[a] += 1
        fan[b] += 1
    outs = {o for o in net.outputs if o >= 0}
    root = [s >= n and (fan[s] != 1 or s in outs) for s in range(total)]
    depth = [0] * total
    luts: list[tuple[int, list[int]]] = []

    def join(ins: list[tuple[int, int]], sig: int | None) -> tuple[int, int]:
        """One LUT over ``ins``: the root's own signal, or (None) a new one above the network's."""
        d = max(i[0] for i in ins) + 1
        if sig is None:
            sig = len(depth)
            depth.append(d)
        else:
            depth[sig] = d
        luts.append((sig, [i[1] for i in ins]))
        return d, sig

    for s in range(n, total):
        if not root[s]:
            continue
        leaves: list[int] = []
        stack = [s]
        while stack:
            t = stack.pop()
            if t < n or (root[t] and t != s):
                leaves.append(t)
            else:
                a, b = net.gates[t - n]
                stack += [b, a]
        _fewest_luts([(depth[t], t) for t in leaves], width, lambda ins, last, s=s: join(ins, s if last else None))
    return luts
