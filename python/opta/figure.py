"""Figures: a scenario (docs/scenario.md) built from Python values, drawn by libopta."""
from __future__ import annotations

import copy
import json
import os
import threading

import numpy as np

from . import arrays
from ._session import Session
from .errors import OptaError


class Figure:
    """A scenario plus the arrays it draws, and a library session showing it.

    The session starts on first use. Like ``opta render``, the first ``render`` runs every solver to
    the end of its budget unless ``step`` or ``solve`` moved it already. Changing the scenario (a
    new solver, an option) starts a fresh session; adding points to a path feeds the live one.
    Figures pickle as their scenario and arrays; the session is rebuilt where they are unpickled.
    """

    def __init__(self, scenario: dict, base_folder: str | None = None):
        self._scenario = copy.deepcopy(scenario)
        self._paths: dict[str, np.ndarray] = {}
        self._path_values: dict[str, np.ndarray] = {}
        self._path_options: dict[str, dict] = {}
        self.base_folder = base_folder
        self._session: Session | None = None
        self._moved = False
        self._lock = threading.RLock()

    # The scenario ---------------------------------------------------------------------------------

    @property
    def scenario(self) -> dict:
        """The scenario as JSON-ready values (a copy): what ``opta render`` would read."""
        scenario = copy.deepcopy(self._scenario)
        if self._paths:
            inline = [dict(name=name, points=points.tolist(), **self._path_options.get(name, {}))
                      for name, points in self._paths.items()]
            scenario["paths"] = list(scenario.get("paths", [])) + inline
        return scenario

    @property
    def scenario_json(self) -> str:
        return json.dumps(self.scenario, indent=2)

    def _changed(self) -> None:
        # The session is dropped, not closed: a render running on another thread holds a reference
        # to it, and the handle is freed when the last reference goes (Session.__del__).
        with self._lock:
            self._session = None
            self._moved = False

    def add_path(self, xy, f=None, name: str | None = None, color=None, markers: bool | None = None) -> "Figure":
        """Draws a logged path: `xy` an (N, 2) array of points, `f` optionally their N values.

        A name already used extends that path (what a training loop logging step by step wants).
        """
        name = name or f"path {len(self._paths) + 1}"
        points = arrays.points(xy, "xy")
        values = None if f is None else arrays.values(f, "f", points.shape[0])
        with self._lock:
            if name in self._paths:
                self._paths[name] = np.concatenate([self._paths[name], points])
                if values is not None or name in self._path_values:
                    old = self._path_values.get(name, np.full(len(self._paths[name]) - len(points), np.nan))
                    new = values if values is not None else np.full(len(points), np.nan)
                    self._path_values[name] = np.concatenate([old, new])
                if self._session is not None:
                    self._session.append_path(name, points)
                return self
            self._paths[name] = points
            if values is not None:
                self._path_values[name] = values
            options = {}
            if color is not None:
                options["color"] = [float(c) for c in color]
            if markers is not None:
                options["markers"] = bool(markers)
            self._path_options[name] = options
            if self._session is not None and not options:
                self._session.append_path(name, points)
            else:
                self._changed()
        return self

    def path(self, name: str) -> tuple[np.ndarray, np.ndarray | None]:
        """A logged path's points and values (None when none were given)."""
        return self._paths[name].copy(), (None if name not in self._path_values else self._path_values[name].copy())

    def add_solver(self, method: str, start, lr: float | None = None, steps: int | None = None,
                   id: str | None = None, seed: int | None = None, color=None, **params) -> "Figure":
        """Runs one of Opta's solvers (docs/scenario.md, "solvers") from `start`; `lr` is the
        learning rate, other hyper-parameters by their scenario names (``beta1=0.8``). The id (the
        legend's name) defaults to the method, "adam 2" for a second one."""
        start = arrays.points(np.asarray(start, dtype=float).reshape(1, -1) if np.ndim(start) == 1 else start, "start")
        if start.shape[0] != 1:
            raise OptaError(f"start must be one point [x, y], got {start.shape[0]} points", code=1)
        spec: dict = {"method": method, "start": start[0].tolist()}
        used = {str(other.get("id", other.get("method"))) for other in self._scenario.get("solvers", [])}
        if id is None and method in used:
            # Ids must be unique: a second Adam is "adam 2" (a given id is the user's to choose).
            id = next(f"{method} {k}" for k in range(2, len(used) + 3) if f"{method} {k}" not in used)
        if id is not None:
            spec["id"] = id
        if steps is not None:
            spec["steps"] = int(steps)
        if seed is not None:
            spec["seed"] = int(seed)
        if color is not None:
            spec["color"] = [float(c) for c in color]
        if lr is not None:
            params = {"learningRate": float(lr), **params}
        if params:
            spec["params"] = params
        self._scenario.setdefault("solvers", []).append(spec)
        self._changed()
        return self

    # The session ----------------------------------------------------------------------------------

    def _live(self) -> Session:
        with self._lock:
            if self._session is None:
                self._session = Session(json.dumps(self.scenario), self.base_folder)
                self._moved = False
            return self._session

    def _finished(self) -> Session:
        """The session, its solvers run to the end unless the user moved it already."""
        with self._lock:
            session = self._live()
            if not self._moved:
                session.solve()
                self._moved = True
            return session

    def dispatch(self, action: dict) -> "Figure":
        """Applies an action as traces record them, e.g. ``{"type": "zoom", "factor": 2}``."""
        self._live().dispatch(action)
        return self

    def step(self, frames: int = 1) -> "Figure":
        """Advances `frames` frames (solvers take the scenario's stepsPerFrame steps per frame)."""
        with self._lock:
            self._live().step(frames)
            self._moved = True
        return self

    def solve(self) -> list[dict]:
        """Runs every solver to the end of its budget; returns per solver its id, method, final
        point and f, status, step count and `trajectory` as an (N, 2) array."""
        with self._lock:
            session = self._live()
            session.solve()
            self._moved = True
        return self.state()["solvers"]

    def state(self) -> dict:
        """The session's state: frame, camera domain, colormap, solvers (trajectories as arrays)."""
        state = self._live().state()
        for solver in state["solvers"]:
            solver["trajectory"] = np.asarray(solver["trajectory"], dtype=float).reshape(-1, 2)
            solver["values"] = np.asarray([np.nan if v is None else v for v in solver["values"]], dtype=float)
        return state

    def tree(self, width: int | None = None, height: int | None = None) -> dict:
        """The frame's accessibility tree (``opta a11y --json``) as a dict."""
        w, h = self._size(width, height)
        return self._finished().tree(w, h)

    # Pictures -------------------------------------------------------------------------------------

    def _size(self, width, height) -> tuple[int, int]:
        size = self._scenario.get("size", {})
        return arrays.size(width if width is not None else size.get("width", 1920),
                           height if height is not None else size.get("height", 1080))

    def render(self, width: int | None = None, height: int | None = None, out: np.ndarray | None = None,
               threads: int = 0) -> np.ndarray:
        """The frame as an (height, width, 4) uint8 RGBA array (straight alpha, as in a PNG).

        With `out`, draws into that array (no copy) and returns it: to draw frame after frame, pass
        the array an earlier ``render`` returned, which starts on a cache line (see
        ``arrays.frame``). The GIL is released while Opta draws. `threads` 0 uses one per core.
        """
        if out is not None and width is None and height is None and isinstance(out, np.ndarray) and out.ndim == 3:
            width, height = out.shape[1], out.shape[0]
        w, h = self._size(width, height)
        if out is None:
            out = arrays.frame(w, h)
        else:
            arrays.pixels(out, w, h)
        if not isinstance(threads, int) or not 0 <= threads <= 256:
            raise OptaError(f"threads must be from 0 (one per core) to 256, got {threads!r}", code=1)
        self._finished().render_into(out, threads)
        return out

    def png(self, width: int | None = None, height: int | None = None) -> bytes:
        """The frame as PNG bytes."""
        w, h = self._size(width, height)
        return self._finished().render_png(w, h)

    def save(self, path, width: int | None = None, height: int | None = None, **video) -> str:
        """Writes the frame to a ``.png``; ``.mp4``, ``.webm`` and ``.gif`` go through the ``opta``
        command line's video export (``frames=(0, 199)``, ``fps=30``; see opta.video)."""
        path = os.fspath(path)
        lower = path.lower()
        if lower.endswith((".mp4", ".webm", ".gif")):
            from . import video as _video
            return _video.export(self, path, width=width, height=height, **video)
        if not lower.endswith(".png"):
            raise OptaError(f"{path}: Opta writes .png pictures and .mp4, .webm or .gif videos", code=1)
        if video:
            raise OptaError(f"{', '.join(sorted(video))} only apply to videos, not to {path}", code=1)
        w, h = self._size(width, height)
        self._finished().render_png_file(path, w, h)
        return path

    def animate(self, frames=(0, 199), path=None, **video):
        """The run as a video (an .mp4 in a temporary folder unless `path` is given), shown inline
        in Jupyter: frame k is what ``step`` shows after k + 1 frames."""
        import tempfile
        from . import video as _video
        if path is None:
            path = os.path.join(tempfile.mkdtemp(prefix="opta-animation-"), "run.mp4")
        return _video.Video(self.save(path, frames=frames, **video))

    def _repr_png_(self) -> bytes:
        """Jupyter shows figures as PNG, at the scenario's size (or ``display_size``)."""
        w, h = getattr(self, "display_size", None) or (None, None)
        return self.png(w, h)

    # Pickling: the scenario and its arrays; the library session is rebuilt on use. ----------------

    def __getstate__(self) -> dict:
        return {"scenario": self._scenario, "paths": self._paths, "values": self._path_values,
                "options": self._path_options, "base_folder": self.base_folder,
                "display_size": getattr(self, "display_size", None)}

    def __setstate__(self, state: dict) -> None:
        Figure.__init__(self, state["scenario"], state["base_folder"])
        self._paths, self._path_values, self._path_options = state["paths"], state["values"], state["options"]
        if state.get("display_size"):
            self.display_size = state["display_size"]

    def close(self) -> None:
        """Lets go of the library session (freed at once unless another thread is still using it)."""
        self._changed()

    def __repr__(self) -> str:
        return f"<opta.{type(self).__name__} {self._scenario.get('title') or self._describe()}>"

    def _describe(self) -> str:
        return "figure"


def _domain(domain) -> dict:
    """`(xmin, xmax, ymin, ymax)`, `((xmin, xmax), (ymin, ymax))` or a scenario dict."""
    if isinstance(domain, dict):
        return domain
    flat = np.asarray(domain, dtype=float).ravel()
    if flat.shape != (4,):
        raise OptaError(f"domain must be (xmin, xmax, ymin, ymax), got {domain!r}", code=1)
    return {"x": flat[:2].tolist(), "y": flat[2:].tolist()}


class Landscape(Figure):
    """A 2D landscape: a built-in test function, your formula, or (when grid landscapes land, see
    below) a sampled grid, with paths and solvers on top.

    >>> fig = opta.Landscape("rosenbrock", domain=(-2, 2, -1, 3), scale="log")
    >>> fig.add_solver("adam", start=(-1.5, 2.5), lr=0.1)
    >>> image = fig.render(800, 600)        # (600, 800, 4) uint8
    """

    def __init__(self, function: str | None = None, *, expression: str | None = None, domain=None,
                 scale: str | None = None, colormap: str | None = None, contours=None, title: str | None = None,
                 size: tuple[int, int] | None = None, grid=None, x=None, y=None, view: str | None = None,
                 base_folder: str | None = None, **landscape):
        land: dict = {}
        if grid is not None:
            land["grid"] = _grid(grid, x, y)
        elif x is not None or y is not None:
            raise OptaError("x and y give a grid's coordinates: pass them with grid=Z", code=1)
        if function is not None:
            land["function"] = function
        if expression is not None:
            land["expression"] = expression
        if function is None and expression is None and grid is None:
            land["function"] = "rosenbrock"
        if domain is not None:
            land["domain"] = _domain(domain)
        for key, value in (("scale", scale), ("colormap", colormap), ("contours", contours)):
            if value is not None:
                land[key] = value
        land.update(landscape)
        scenario: dict = {"version": 1, "landscape": land}
        if title is not None:
            scenario["title"] = title
        if view is not None:
            scenario["view"] = view
        if size is not None:
            w, h = arrays.size(*size)
            scenario["size"] = {"width": w, "height": h}
        super().__init__(scenario, base_folder)

    @classmethod
    def from_scenario(cls, path) -> "Figure":
        """A figure from a scenario file; relative files in it resolve beside it."""
        path = os.fspath(path)
        with open(path, encoding="utf-8") as f:
            scenario = json.load(f)
        return Figure(scenario, base_folder=os.path.dirname(os.path.abspath(path)))

    @classmethod
    def from_file(cls, path, **options) -> "Landscape":
        """A sampled landscape from a file: ``loss.npy``, Li et al.'s ``surface.h5``, a CSV matrix.

        Builds ``"landscape": {"grid": {"file": PATH}}`` (see docs/grids.md for the layouts read).
        """
        path = os.path.abspath(os.fspath(path))
        fig = cls(**options)
        land = fig._scenario["landscape"]
        land.pop("function", None)
        land["grid"] = {"file": path}
        fig.base_folder = os.path.dirname(path)
        return fig

    def _describe(self) -> str:
        land = self._scenario["landscape"]
        return land.get("function") or land.get("expression") or "grid"


def _grid(grid, x, y) -> dict:
    """A sampled landscape Z[row = y index, column = x index] (numpy's and matplotlib's order).

    Builds the inline form, ``"landscape": {"grid": {"values": ..., "x": ..., "y": ...}}``.
    """
    z = np.asarray(grid)
    if z.dtype.kind not in "fiu":
        raise OptaError(f"grid must hold real numbers, got dtype {z.dtype}", code=1)
    if z.ndim != 2 or min(z.shape) < 2:
        raise OptaError(f"grid must be 2-D with at least 2×2 samples (rows are y, columns x), got shape {z.shape}", code=1)
    field: dict = {"values": [[None if not np.isfinite(v) else float(v) for v in row] for row in z]}
    for name, coords, count in (("x", x, z.shape[1]), ("y", y, z.shape[0])):
        if coords is None:
            continue
        c = np.asarray(coords, dtype=float)
        if c.ndim != 1 or c.shape[0] != count:
            axis = "columns" if name == "x" else "rows"
            raise OptaError(f"{name} must have one coordinate per grid {axis}: shape ({count},), got {c.shape}", code=1)
        if not np.all(np.isfinite(c)) or not np.all(np.diff(c) > 0):
            raise OptaError(f"{name} must be finite and strictly increasing", code=1)
        field[name] = c.tolist()
    return field


class Graph(Figure):
    """A node-link graph (docs/graph.md): nodes and edges, laid out by force (the default) or fixed.

    >>> g = opta.Graph(["a", "b", "c"], edges=[("a", "b"), ("b", "c")])
    >>> g = opta.Graph(5, edges=np.array([[0, 1], [1, 2], [3, 4]]))   # nodes 0…4, edges by index
    """

    def __init__(self, nodes, edges=None, *, layout: dict | None = None, style: dict | None = None,
                 title: str | None = None, size: tuple[int, int] | None = None, base_folder: str | None = None,
                 **graph):
        if isinstance(nodes, (int, np.integer)) and not isinstance(nodes, bool):
            nodes = [str(k) for k in range(int(nodes))]
        node_list = [n if isinstance(n, dict) else {"id": str(n)} for n in nodes]
        ids = [n.get("id") for n in node_list]
        spec: dict = {"nodes": node_list}
        if edges is not None:
            spec["edges"] = _edges(edges, ids)
        if layout is not None:
            spec["layout"] = layout
        if style is not None:
            spec["style"] = style
        spec.update(graph)
        scenario: dict = {"version": 1, "graph": spec}
        if title is not None:
            scenario["title"] = title
        if size is not None:
            w, h = arrays.size(*size)
            scenario["size"] = {"width": w, "height": h}
        super().__init__(scenario, base_folder)

    def _describe(self) -> str:
        return f"graph of {len(self._scenario['graph']['nodes'])} nodes"


def _edges(edges, ids) -> list:
    """Edges as scenario objects from dicts, (from, to) pairs of ids, or an (E, 2) integer array of
    node indices."""
    if isinstance(edges, np.ndarray):
        if edges.dtype.kind not in "iu" or edges.ndim != 2 or edges.shape[1] != 2:
            raise OptaError(f"edges must be an (E, 2) integer array of node indices, got {edges.dtype} {edges.shape}", code=1)
        if edges.size and (edges.min() < 0 or edges.max() >= len(ids)):
            raise OptaError(f"edges holds node index {int(edges.max() if edges.max() >= len(ids) else edges.min())}; "
                            f"nodes are 0…{len(ids) - 1}", code=1)
        return [{"from": ids[a], "to": ids[b]} for a, b in edges.tolist()]
    out = []
    for k, e in enumerate(edges):
        if isinstance(e, dict):
            out.append(e)
        elif isinstance(e, (tuple, list)) and len(e) in (2, 3):
            item = {"from": str(e[0]), "to": str(e[1])}
            if len(e) == 3:
                item["weight"] = float(e[2])
            out.append(item)
        else:
            raise OptaError(f"edges[{k}] must be (from, to), (from, to, weight) or an object, got {e!r}", code=1)
    return out
