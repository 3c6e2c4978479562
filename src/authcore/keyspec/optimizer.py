"""XOR networks for a constant GF(2) matrix: which XOR2 gates compute every row.

A network is a list of gates ``(a, b)`` over signals: signals 0..n_in-1 are the inputs, signal
n_in + k is gate k. ``outputs[i]`` is the signal of row i, or -1 for a row of zeros.

* ``naive``: one balanced XOR tree per row, nothing shared (the baseline; ones - 1 gates per row).
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


def naive(rows: list[list[int]], n_in: int = 128) -> Network:
    net = Network(n_in, name="naive")
    depth = [0] * n_in
    net.outputs = [_tree(net, list(r), depth) for r in rows]
    return net


def cse(rows: list[list[int]], n_in: int = 128) -> Network:
    n_rows = len(rows)
    ones = sum(len(r) for r in rows)
    smax = n_in + max(ones, 1)
    a_mat = np.zeros((n_rows, smax), dtype=np.int32)
    for i, r in enumerate(rows):
        a_mat[i, r] = 1
    count = np.zeros((smax, smax), dtype=np.int32)
    base = a_mat[:, :n_in]
    count[:n_in, :n_in] = base.T @ base
    np.fill_diagonal(count, 0)
    heap: list[tuple[int, int, int]] = []
    ii, jj = np.nonzero(np.triu(count[:n_in, :n_in], 1) >= 2)
    for a, b in zip(ii.tolist(), jj.tolist(), strict=True):
        heap.append((-int(count[a, b]), a, b))
    heapq.heapify(heap)
    net = Network(n_in, name="cse")
    depth = [0] * n_in
    s = n_in
    while heap:
        neg, a, b = heapq.heappop(heap)
        cur = int(count[a, b])
        if cur != -neg:
            if cur >= 2:
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
        for o in np.nonzero(v >= 2)[0].tolist():
            heapq.heappush(heap, (-int(v[o]), o, t))
    outputs = []
    for i in range(n_rows):
        sigs = np.nonzero(a_mat[i, :s])[0].tolist()
        outputs.append(_tree(net, sigs, depth))
    net.outputs = outputs
    return net


OPTIMIZERS = {"naive": naive, "cse": cse}
