"""A sweep on a distributed engine: figures pickle, libopta loads in worker processes, and 20
scenarios render through Dask distributed (LocalCluster, 2 workers). Runs when dask[distributed]
is installed (`make test-sweep`); skipped otherwise."""
import numpy as np
import pytest

import opta

distributed = pytest.importorskip("dask.distributed")


def render(fig):
    image = fig.render(160, 120)
    return fig.scenario["solvers"][0]["params"]["learningRate"], image


def test_twenty_scenarios_on_two_workers():
    figures = []
    for lr in np.geomspace(1e-3, 0.3, 20):
        fig = opta.Landscape("rosenbrock", domain=(-2, 2, -1, 3), size=(160, 120))
        figures.append(fig.add_solver("adam", start=(-1.5, 2.5), lr=float(lr), steps=100))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        results = client.gather(client.map(render, figures))
    assert len(results) == 20
    for fig, (lr, image) in zip(figures, results):
        assert image.shape == (120, 160, 4)
        assert np.array_equal(image, fig.render(160, 120))  # the workers drew what this process draws
