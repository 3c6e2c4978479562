"""XOR networks for a constant GF(2) matrix: which XOR2 gates compute every row.

A network is a list of gates ``(a, b)`` over signals: signals 0..n_in-1 are the inputs, signal
n_in + k is gate k. ``outputs[i]`` is the signal of row i, or -1 for a row of zeros.

* ``naive``: one balanced XOR tree per row, nothing shared (the baseline; ones - 1 gates per row).
* ``lut6`` (the default) and ``lut4``: sharing sized for 6-input (xc7) or 4-input (ECP5, iCE40)
  LUTs, see :func:`lut6`. Their networks are also emitted already mapped: :func:`lut_cover`
  groups the gates into XOR nodes of at most that many inputs, one LUT each.
* ``cse``: Paar's greedy common-subexpression elimination: repeatedly give the pair of signals
  that occurs together in the most rows its own gate, until no pair is shared by two rows, then
  finish each row with a depth-balanced tree. Ties go to the lowest signal numbers, so the result
  is deterministic. A lazy max-heap keeps it near n^2 log n instead of n^3.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

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


def lut6(rows: list[list[int]], n_in: int = 128, width: int = 6, candidates: int = 32) -> Network:
    """LUT6-aware sharing: each shared node XORs up to ``width`` signals (one LUT), and is created
    only when the rows it serves save more than the LUT it costs.

    A row of m signals costs ceil((m - 1) / 5) LUT6 to finish (see :func:`lut_cover`); a node of
    s signals replaces s of a row's signals by one, and the node costs one LUT. The gain of a
    candidate is exactly the LUTs its rows save minus that one, ties broken towards the node that
    removes the most signals. Candidates start from the most shared pairs (the same lazy heap as
    ``cse``) and grow greedily by the signal that keeps the most rows.
    """
    n_rows = len(rows)
    a_mat, count, heap = _pair_state(rows, n_in, 2)
    net = Network(n_in, name="lut6")
    depth = [0] * n_in
    s = n_in
    per_lut = width - 1
    rsize = np.array([len(r) for r in rows])  # signals left in each row
    while heap:
        tops: list[tuple[int, int, int]] = []
        while heap and len(tops) < candidates:
            neg, a, b = heapq.heappop(heap)
            cur = int(count[a, b])
            if cur != -neg:
                if cur >= 2:
                    heapq.heappush(heap, (-cur, a, b))
                continue
            tops.append((neg, a, b))
        if not tops:
            break
        best: tuple[float, list[int], np.ndarray] | None = None
        for _, a, b in tops:
            t_set = [a, b]
            rmask = (a_mat[:, a] & a_mat[:, b]).astype(bool)
            while True:
                r = rsize[rmask]
                ns = len(t_set)
                saved = (-((1 - r) // per_lut) + ((ns - r) // per_lut)).sum()  # ceil((r-1)/5) - ceil((r-ns)/5)
                gain = float(saved) - 1 + 1e-3 * len(r) * (ns - 1)
                if best is None or gain > best[0]:
                    best = (gain, list(t_set), rmask.copy())
                if len(t_set) == width:
                    break
                sub = a_mat[rmask, :s].sum(axis=0)
                sub[t_set] = -1
                c = int(np.argmax(sub))
                if sub[c] < 2:
                    break
                t_set.append(c)
                rmask = rmask & a_mat[:, c].astype(bool)
        for item in tops:
            heapq.heappush(heap, item)
        assert best is not None
        gain, t_set, rmask = best
        if gain <= 0:
            break
        rws = np.nonzero(rmask)[0]
        rsize[rws] -= len(t_set) - 1
        # the node: a chain of XOR2 whose inner gates have one fanout (one LUT after mapping)
        acc = t_set[0]
        for x in t_set[1:]:
            net.gates.append((min(acc, x), max(acc, x)))
            depth.append(max(depth[acc], depth[x]) + 1)
            acc = n_in + len(net.gates) - 1
        t = acc
        old_s = s
        # signals created for the chain's inner gates never enter rows: keep the matrix aligned
        s = t + 1
        v = np.zeros(t, dtype=np.int32)
        v[:old_s] = a_mat[rws, :old_s].sum(axis=0)
        v[t_set] = 0
        for x in t_set:
            a_mat[rws, x] = 0
        if a_mat.shape[1] <= s:
            a_mat = np.concatenate([a_mat, np.zeros((n_rows, s + 1 - a_mat.shape[1]), dtype=np.int32)], axis=1)
            grow = s + 1 - count.shape[0]
            count = np.pad(count, ((0, grow), (0, grow)))
        a_mat[rws, t] = 1
        for x in t_set:
            count[x, :t] -= v
            count[:t, x] -= v
        for x in t_set:
            for y in t_set:
                if x != y:
                    count[x, y] -= len(rws)
        count[t, :t] = v
        count[:t, t] = v
        for o in np.nonzero(v >= 2)[0].tolist():
            heapq.heappush(heap, (-int(v[o]), o, t))
    net.outputs = [_tree(net, np.nonzero(a_mat[i, :s])[0].tolist(), depth) for i in range(n_rows)]
    return net


OPTIMIZERS["lut6"] = lut6


def lut4(rows: list[list[int]], n_in: int = 128) -> Network:
    """:func:`lut6` with nodes of at most four signals, for 4-input LUT fabrics (ECP5, iCE40)."""
    net = lut6(rows, n_in, width=4)
    net.name = "lut4"
    return net


OPTIMIZERS["lut4"] = lut4

# Optimizers whose networks are emitted as LUT nodes (see lut_cover), and the LUT size they target.
LUT_WIDTH = {"lut6": 6, "lut4": 4}


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
    extra = total
    luts: list[tuple[int, list[int]]] = []
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
        heap = [(depth[t], t) for t in leaves]
        heapq.heapify(heap)
        take = (len(heap) - 2) % (width - 1) + 2
        while len(heap) > 1:
            ins = [heapq.heappop(heap) for _ in range(min(take, len(heap)))]
            take = width
            d = max(i[0] for i in ins) + 1
            if heap:
                sig = extra
                extra += 1
                depth.append(d)
            else:
                sig = s
                depth[s] = d
            luts.append((sig, [i[1] for i in ins]))
            heapq.heappush(heap, (d, sig))
    return luts
