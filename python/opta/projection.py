"""From a network's parameters to a picture: trajectories projected to 2-D, loss on a plane.

numpy only. A PyTorch user passes snapshots as arrays, e.g.
``np.concatenate([p.detach().cpu().numpy().ravel() for p in model.parameters()])`` per step.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .errors import OptaError


@dataclass
class Projection:
    """A trajectory in 2-D: `xy` (N, 2) coordinates along `directions` (2, D) about `origin` (D,).

    It behaves as its `xy` array (``fig.add_path(opta.project(snapshots))`` works). For PCA,
    `explained` is the share of the trajectory's variance each direction explains.
    """
    xy: np.ndarray
    directions: np.ndarray
    origin: np.ndarray
    explained: np.ndarray | None = None

    def __array__(self, dtype=None, copy=None):
        return self.xy if dtype is None else self.xy.astype(dtype)

    def __len__(self) -> int:
        return len(self.xy)


def _trajectory(trajectory) -> np.ndarray:
    t = np.asarray(trajectory, dtype=float)
    if t.ndim != 2 or t.shape[0] < 2 or t.shape[1] < 2:
        raise OptaError(f"trajectory must have shape (N, D) with N ≥ 2 snapshots of D ≥ 2 parameters, got {t.shape}", code=1)
    if not np.all(np.isfinite(t)):
        row = int(np.argwhere(~np.isfinite(t))[0][0])
        raise OptaError(f"trajectory[{row}] holds NaN or infinity", code=1)
    return t


def project(trajectory, method: str = "pca", seed: int = 0) -> Projection:
    """Projects an (N, D) parameter trajectory to 2-D about its last point (the trained model).

    ``"pca"``: the two principal directions of the trajectory (Li et al. 2018, section 7), which show
    how it actually moved. ``"random"``: two random orthonormal directions (seeded), which show how
    little of a high-dimensional path a random plane sees.
    """
    t = _trajectory(trajectory)
    origin = t[-1]
    if method == "pca":
        centered = t - t.mean(axis=0)
        _, s, vt = np.linalg.svd(centered, full_matrices=False)
        directions = vt[:2]
        variance = s ** 2
        explained = variance[:2] / variance.sum() if variance.sum() > 0 else np.zeros(2)
    elif method == "random":
        rng = np.random.default_rng(seed)
        q, _ = np.linalg.qr(rng.standard_normal((t.shape[1], 2)))
        directions, explained = q.T, None
    else:
        raise OptaError(f'method must be "pca" or "random", got {method!r}', code=1)
    xy = (t - origin) @ directions.T
    return Projection(np.ascontiguousarray(xy), directions, origin, explained)


@dataclass
class Plane:
    """f sampled on a plane: ``grid[j, i] = f(center + x[i]·d1 + y[j]·d2)`` (rows are y, as numpy
    and matplotlib order them). ``landscape()`` turns it into an ``opta.Landscape``."""
    grid: np.ndarray
    x: np.ndarray
    y: np.ndarray
    d1: object
    d2: object
    extra: dict = field(default_factory=dict)

    def landscape(self, **options):
        """A Landscape of this grid."""
        from .figure import Landscape
        return Landscape(grid=self.grid, x=self.x, y=self.y, **options)


def _flatten(center):
    """A flat float64 vector, the filter groups of filter normalization, and a function that gives
    a flat vector the caller's structure back."""
    if isinstance(center, (list, tuple)) and len(center) > 0 and all(np.ndim(p) >= 1 for p in center):
        parts = [np.asarray(p, dtype=float) for p in center]
        shapes = [p.shape for p in parts]
        flat = np.concatenate([p.ravel() for p in parts])
        groups, start = [], 0
        for p in parts:
            if p.ndim == 1:
                groups.append((start, start + p.size, False))  # biases and norms: direction zero (Li et al.)
            else:
                size = p.size // p.shape[0]
                for k in range(p.shape[0]):
                    groups.append((start + k * size, start + (k + 1) * size, True))
            start += p.size

        def restore(vector):
            out, at = [], 0
            for shape in shapes:
                n = int(np.prod(shape))
                out.append(vector[at:at + n].reshape(shape))
                at += n
            return out
        return flat, groups, restore
    flat = np.asarray(center, dtype=float).ravel()
    return flat, [(0, flat.size, True)], lambda vector: vector


def filter_normalize(direction: np.ndarray, center: np.ndarray, groups) -> np.ndarray:
    """Scales each filter of `direction` to the norm of the same filter of `center` (Li et al. 2018,
    eq. 1); groups marked False (biases, norms) are set to zero."""
    d = np.array(direction, dtype=float)
    for start, stop, scaled in groups:
        if not scaled:
            d[start:stop] = 0
            continue
        norm = np.linalg.norm(d[start:stop])
        d[start:stop] *= (np.linalg.norm(center[start:stop]) / norm) if norm > 0 else 0
    return d


def plane(f, center, d1=None, d2=None, n: int = 51, span: float = 1.0, seed: int = 0) -> Plane:
    """Evaluates the callable `f` on the plane through `center` spanned by `d1` and `d2`.

    `center` is a flat vector or a list of arrays (e.g. a model's parameters as numpy arrays): for a
    list, each array's first axis is its filters and 1-D arrays (biases, norms) are held fixed,
    as Li et al. do. Directions left out are random (seeded); all directions are filter-normalized.
    `f` receives points in `center`'s structure. The grid has n × n samples over ±span.
    """
    if not callable(f):
        raise OptaError(f"f must be a callable taking parameters and returning a number, got {type(f).__name__}", code=1)
    if not isinstance(n, (int, np.integer)) or not 2 <= n <= 4096:
        raise OptaError(f"n must be a whole number from 2 to 4096, got {n!r}", code=1)
    flat, groups, restore = _flatten(center)
    rng = np.random.default_rng(seed)
    directions = []
    for name, d in (("d1", d1), ("d2", d2)):
        if d is None:
            d = rng.standard_normal(flat.size)
        else:
            d = _flatten(d)[0]
            if d.size != flat.size:
                raise OptaError(f"{name} has {d.size} values, center has {flat.size}", code=1)
        directions.append(filter_normalize(d, flat, groups))
    alphas = np.linspace(-span, span, n)
    betas = np.linspace(-span, span, n)
    grid = np.empty((n, n))
    for j, b in enumerate(betas):
        for i, a in enumerate(alphas):
            grid[j, i] = float(f(restore(flat + a * directions[0] + b * directions[1])))
    return Plane(grid, alphas, betas, restore(directions[0]), restore(directions[1]))
