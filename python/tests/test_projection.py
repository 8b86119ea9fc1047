"""Trajectories to 2-D and loss on a plane (numpy only)."""
import numpy as np

import opta


def test_pca_finds_the_plane_a_trajectory_moves_in():
    rng = np.random.default_rng(1)
    basis = np.linalg.qr(rng.standard_normal((50, 2)))[0].T  # two orthonormal directions in 50-D
    t = np.linspace(0, 1, 40)
    coords = np.stack([np.cos(3 * t) * (1 - t), t ** 2], axis=1)
    trajectory = coords @ basis + rng.standard_normal(50)
    p = opta.project(trajectory, method="pca")
    assert p.xy.shape == (40, 2) and np.allclose(p.xy[-1], 0)
    assert p.explained.sum() > 0.999
    # Distances are kept: the trajectory lies in the plane the PCA directions span.
    d = np.linalg.norm(trajectory[:, None] - trajectory[None], axis=2)
    dp = np.linalg.norm(p.xy[:, None] - p.xy[None], axis=2)
    assert np.allclose(d, dp, atol=1e-9)
    fig = opta.Landscape(expression="x^2 + y^2", domain=(-2, 2, -2, 2), size=(60, 40)).add_path(p, name="pca")
    assert fig.path("pca")[0].shape == (40, 2)


def test_random_directions_are_orthonormal_and_seeded():
    traj = np.random.default_rng(0).standard_normal((10, 30))
    a, b = opta.project(traj, "random", seed=3), opta.project(traj, "random", seed=3)
    assert np.allclose(a.directions @ a.directions.T, np.eye(2))
    assert np.array_equal(a.xy, b.xy)


def test_plane_is_filter_normalized_and_ordered_like_numpy():
    weights = [np.ones((4, 3)) * 2.0, np.ones(4)]  # a layer's filters, then its biases
    seen = []

    def f(params):
        seen.append(params)
        return float(sum(np.sum(p ** 2) for p in params))

    plane = opta.plane(f, weights, n=5, span=1.0, seed=0)
    assert plane.grid.shape == (5, 5) and len(seen) == 25
    assert isinstance(seen[0], list) and seen[0][0].shape == (4, 3)
    d1 = plane.d1
    for k in range(4):  # each filter of d1 has the norm of the same filter of the weights
        assert np.isclose(np.linalg.norm(d1[0][k]), np.linalg.norm(weights[0][k]))
    assert np.all(d1[1] == 0)  # biases stay put
    # grid[j, i] is f at x[i], y[j]: check one corner by hand.
    corner = [weights[0] + plane.x[4] * plane.d1[0] + plane.y[0] * plane.d2[0], weights[1]]
    assert np.isclose(plane.grid[0, 4], f(corner))


def test_flat_vectors():
    center = np.array([1.0, -2.0, 0.5])
    plane = opta.plane(lambda p: float(p @ p), center, n=3)
    assert plane.grid.shape == (3, 3)
    assert np.isclose(plane.grid[1, 1], center @ center)
    assert np.isclose(np.linalg.norm(opta.filter_normalize(np.ones(3), center, [(0, 3, True)])), np.linalg.norm(center))
