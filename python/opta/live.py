"""Live logging from a training loop: ``with opta.live(fig) as run: run.log_step(...)``.

Each step is one JSON Lines record, ``{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}``,
appended to a file that ``opta view SCENARIO --follow FILE`` reads as it grows, and added to the
figure too (so ``fig.render()`` afterwards shows the whole run), and recorded in the run store
(docs/runs.md) through libopta: one run per path name, method "logged", source "python". ``store``
names the store file (default: $OPTA_STORE, else the standard location); ``record=False`` opts out.
A store that cannot be used is a warning, never an error: the training loop goes on.

The viewer's ``--follow`` is not there yet: ``live(fig, view=True)`` says so; ``view=False``
(logging to the file and the figure) works.
"""
from __future__ import annotations

import json
import math
import os
import subprocess
import tempfile
import warnings
from ctypes import byref, c_void_p

import numpy as np

from . import _cli, _lib
from .errors import OptaError


class _Recorder:
    """The run store side of a log: an `opta_recorder` of libopta."""

    def __init__(self, fig, store: str | None, label: str | None):
        encode = lambda text: None if text is None else os.fspath(text).encode()
        self._handle = c_void_p()
        _lib.call(_lib.lib.opta_recorder_open, encode(store), json.dumps(fig.scenario).encode(),
                  encode(fig.base_folder), encode(label), byref(self._handle))

    def log(self, path: str, step: int, x: float, y: float, loss: float) -> None:
        _lib.call(_lib.lib.opta_recorder_log, self._handle, path.encode(), step, x, y, loss)

    def close(self) -> None:
        handle, self._handle = self._handle, c_void_p()
        if handle.value:
            _lib.call(_lib.lib.opta_recorder_close, handle)


class Run:
    """An open log: `log_step` writes one line and flushes it, so a follower sees it at once, and
    hands the step to the run store's background writer."""

    def __init__(self, fig, path: str, viewer: subprocess.Popen | None, recorder: _Recorder | None = None):
        self.fig, self.path, self.viewer, self._recorder = fig, path, viewer, recorder
        self._file = open(path, "a", encoding="utf-8")

    def log_step(self, path: str, step: int, x: float, y: float, loss: float | None = None) -> None:
        x, y = float(x), float(y)
        if not (math.isfinite(x) and math.isfinite(y)):
            raise OptaError(f"log_step({path!r}, step {step}): x and y must be finite, got ({x}, {y})", code=1)
        record = {"path": str(path), "step": int(step), "x": x, "y": y}
        if loss is not None and math.isfinite(float(loss)):
            record["f"] = float(loss)
        if self._recorder:
            # First, so a step the store refuses (steps of a path must increase) is refused whole.
            self._recorder.log(record["path"], record["step"], x, y, record.get("f", math.nan))
        self._file.write(json.dumps(record) + "\n")
        self._file.flush()
        self.fig.add_path(np.array([[x, y]]), f=None if loss is None else [float(loss)], name=str(path))

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()
        if self._recorder:
            recorder, self._recorder = self._recorder, None
            try:
                recorder.close()
            except OptaError as error:
                warnings.warn(f"opta: {error}", RuntimeWarning, stacklevel=2)


class live:
    """Opens a log (and, with ``view=True``, the viewer following it) for the figure's run."""

    def __init__(self, fig, file: str | None = None, view: bool = True, store: str | None = None,
                 record: bool = True, label: str | None = None):
        self.fig, self.view, self.store, self.record, self.label = fig, view, store, record, label
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
        recorder = None
        if self.record:
            try:
                recorder = _Recorder(self.fig, self.store, self.label)
            except OptaError as error:
                warnings.warn(f"opta: {error}; this run is not recorded", RuntimeWarning, stacklevel=2)
        self.run = Run(self.fig, self.file, viewer, recorder)
        return self.run

    def __exit__(self, *exc) -> None:
        if self.run:
            self.run.close()
