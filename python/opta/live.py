"""Live logging from a training loop: ``with opta.live(fig) as run: run.log_step(...)``.

Each step is one JSON Lines record, ``{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}``,
appended to a file that ``opta view SCENARIO --follow FILE`` reads as it grows, and added to the
figure too (so ``fig.render()`` afterwards shows the whole run).

The viewer's ``--follow`` is not there yet: ``live(fig, view=True)`` says so; ``view=False``
(logging to the file and the figure) works.
"""
from __future__ import annotations

import json
import math
import os
import subprocess
import tempfile

import numpy as np

from . import _cli
from .errors import OptaError


class Run:
    """An open log: `log_step` writes one line and flushes it, so a follower sees it at once."""

    def __init__(self, fig, path: str, viewer: subprocess.Popen | None):
        self.fig, self.path, self.viewer = fig, path, viewer
        self._file = open(path, "a", encoding="utf-8")

    def log_step(self, path: str, step: int, x: float, y: float, loss: float | None = None) -> None:
        x, y = float(x), float(y)
        if not (math.isfinite(x) and math.isfinite(y)):
            raise OptaError(f"log_step({path!r}, step {step}): x and y must be finite, got ({x}, {y})", code=1)
        record = {"path": str(path), "step": int(step), "x": x, "y": y}
        if loss is not None and math.isfinite(float(loss)):
            record["f"] = float(loss)
        self._file.write(json.dumps(record) + "\n")
        self._file.flush()
        self.fig.add_path(np.array([[x, y]]), f=None if loss is None else [float(loss)], name=str(path))

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


class live:
    """Opens a log (and, with ``view=True``, the viewer following it) for the figure's run."""

    def __init__(self, fig, file: str | None = None, view: bool = True):
        self.fig, self.view = fig, view
        if file is None:
            handle, file = tempfile.mkstemp(prefix="opta-live-", suffix=".jsonl")
            os.close(handle)
        self.file = os.fspath(file)
        self.run: Run | None = None

    def __enter__(self) -> Run:
        viewer = None
        if self.view:
            from .video import scenario_file
            folder = tempfile.mkdtemp(prefix="opta-live-")
            viewer = subprocess.Popen([_cli.executable(), "view", scenario_file(self.fig, folder), "--follow", self.file],
                                      stderr=subprocess.PIPE, text=True)
            try:
                _, err = viewer.communicate(timeout=0.5)
                # It ended at once: an old viewer without --follow, or no display.
                raise OptaError(err.strip().removeprefix("opta: error: ") or "the viewer ended at once", code=3)
            except subprocess.TimeoutExpired:
                pass
        self.run = Run(self.fig, self.file, viewer)
        return self.run

    def __exit__(self, *exc) -> None:
        if self.run:
            self.run.close()
