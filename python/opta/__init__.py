"""Opta from Python: optimization landscapes, solver paths and logged runs drawn by Opta's renderer.

    import opta
    fig = opta.Landscape("rosenbrock", domain=(-2, 2, -1, 3), scale="log")
    fig.add_solver("adam", start=(-1.5, 2.5), lr=0.1)
    image = fig.render(800, 600)          # numpy (600, 800, 4) uint8
    fig.save("rosenbrock.png")

See python/README.md.
"""
from ._lib import version as library_version
from .errors import OptaError
from .figure import Figure, Graph, Landscape
from .live import live
from .projection import Plane, Projection, filter_normalize, plane, project

__version__ = "0.1.0"
__all__ = ["Figure", "Graph", "Landscape", "OptaError", "Plane", "Projection", "filter_normalize", "library_version", "live",
           "plane", "project"]
