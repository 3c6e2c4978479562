"""The density study (Crenne et al., Fig. 3): how many zeros the matrix T of x*H has over keys.

For N AES-128 keys drawn from a seeded Mersenne Twister, H = E(K, 0^128) and T's column j is
(unit vector j)*H: the fraction of zeros is what the synthesizer gets to drop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from authcore.model.aes_batch import encrypt128

R_HI = np.uint64(0xE1 << 56)


@dataclass
class DensityStudy:
    keys: int
    seed: int
    zeros: np.ndarray  # fraction of zeros per key

    def summary(self) -> dict[str, float | int]:
        z = self.zeros
        return {"keys": self.keys, "seed": self.seed, "min": float(z.min()), "mean": float(z.mean()),
                "max": float(z.max()), "std": float(z.std())}


def zero_fraction(h: np.ndarray) -> np.ndarray:
    """h: (N, 16) uint8 hash keys. Fraction of zeros in each 128x128 matrix."""
    hi = np.zeros(h.shape[0], dtype=np.uint64)
    lo = np.zeros(h.shape[0], dtype=np.uint64)
    for k in range(8):
        hi = (hi << np.uint64(8)) | h[:, k].astype(np.uint64)
        lo = (lo << np.uint64(8)) | h[:, 8 + k].astype(np.uint64)
    ones = np.zeros(h.shape[0], dtype=np.int64)
    one = np.uint64(1)
    for _ in range(128):
        ones += np.bitwise_count(hi).astype(np.int64) + np.bitwise_count(lo).astype(np.int64)
        carry = lo & one
        lo = (lo >> one) | ((hi & one) << np.uint64(63))
        hi = (hi >> one) ^ np.where(carry == one, R_HI, np.uint64(0))
    return 1.0 - ones / (128 * 128)


def study(keys: int, seed: int, chunk: int = 100_000) -> DensityStudy:
    rng = random.Random(seed)
    parts = []
    left = keys
    while left > 0:
        n = min(chunk, left)
        k = np.frombuffer(rng.randbytes(16 * n), dtype=np.uint8).reshape(n, 16)
        parts.append(zero_fraction(encrypt128(k, bytes(16))))
        left -= n
    return DensityStudy(keys, seed, np.concatenate(parts))


def plot(st: DensityStudy, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.hist(st.zeros * 100, bins=80, color="tab:blue")
    ax.set_xlabel("zeros in the matrix T of x*H (%)")
    ax.set_ylabel("keys")
    s = st.summary()
    ax.set_title(f"{st.keys:,} AES-128 keys (MT seed {st.seed}): mean {s['mean'] * 100:.2f}%, "
                 f"min {s['min'] * 100:.2f}%, max {s['max'] * 100:.2f}%", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
