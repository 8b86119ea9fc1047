"""Live logging from a training loop: ``with opta.live(fig) as run: run.log_step(...)``.

Each step is one JSON Lines record, ``{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}``,
appended to a file and flushed, and added to the figure too (so ``fig.render()`` afterwards shows
the whole run). With ``view=True`` (the default) ``opta view SCENARIO --follow FILE`` opens a
window on the figure's scenario that shows each path growing as the lines arrive, the convergence
chart with it (when the figure has one). The window stays open when the run ends: close it, or
call ``run.viewer.close()``. The file format: docs/follow.md.

Every step is also recorded in the run store (docs/runs.md) through libopta: one run per path name,
method "logged", source "python". ``store`` names the store file (default: $OPTA_STORE, else the
standard location); ``record=False`` opts out. A store that cannot be used is a warning, never an
error: the training loop goes on.
"""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
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


class Viewer:
    """The ``opta view SCENARIO --follow FILE`` window of a live run, as a child process.

    Its output is read as it comes: standard output lines ("following FILE", "announce: new path
    adam", the statistics line when it closes) are kept in ``lines``; standard error lines (a
    malformed line of the log, an error) in ``errors``, and passed on to this process's stderr.
    """

    def __init__(self, arguments: list[str]):
        self.process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace")
        self.lines: list[str] = []
        self.errors: list[str] = []
        self._changed = threading.Condition()
        self._readers = [threading.Thread(target=self._read, args=(self.process.stdout, self.lines, None), daemon=True),
                         threading.Thread(target=self._read, args=(self.process.stderr, self.errors, sys.stderr), daemon=True)]
        for reader in self._readers:
            reader.start()

    def _read(self, stream, into: list[str], echo) -> None:
        for line in stream:
            line = line.rstrip("\n")
            with self._changed:
                into.append(line)
                self._changed.notify_all()
            if echo is not None:
                print(line, file=echo, flush=True)
        with self._changed:
            self._changed.notify_all()

    def wait_for(self, text: str, timeout: float = 60.0) -> bool:
        """Waits until a line of the viewer's standard output contains ``text`` (True), or the
        viewer ended, or ``timeout`` seconds passed, without it (False)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                if any(text in line for line in self.lines):
                    return True
                remaining = deadline - time.monotonic()
                if remaining <= 0 or (self.process.poll() is not None and not self._readers[0].is_alive()):
                    return False
                self._changed.wait(min(remaining, 0.1))

    def close(self, timeout: float = 30.0) -> int:
        """Closes the window as its close button does (SIGTERM: the viewer writes its statistics
        and exits) and waits for it; returns its exit status."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        for reader in self._readers:
            reader.join(timeout)
        return status

    @property
    def statistics(self) -> dict | None:
        """What the viewer printed when it closed: ``frames``, ``p50_ms``, ``p99_ms``, …, and
        ``followed_points`` and ``followed_paths``, what it held of the log. None while it runs."""
        with self._changed:
            for line in reversed(self.lines):
                head, _, body = line.partition(" frames; ")
                if body.startswith("{") and head.isdigit():
                    return json.loads(body)
        return None


class Run:
    """An open log: `log_step` writes one line and flushes it, so a follower sees it at once, and
    hands the step to the run store's background writer. ``viewer`` is the window following it (a
    `Viewer`), or None with ``view=False``."""

    def __init__(self, fig, path: str, viewer: Viewer | None, recorder: _Recorder | None = None):
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
    """Opens a log (and, with ``view=True``, the viewer following it) for the figure's run.

    ``file``: where the log goes (default: a new temporary ``.jsonl``). Entering waits until the
    window is open and following the file; without a display (or an ``opta`` without
    ``--follow``) it raises `OptaError` with the viewer's message instead. Leaving closes the log
    and leaves the window open.
    """

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
        open(self.file, "a", encoding="utf-8").close()  # there before the viewer looks for it
        if self.view:
            from .video import scenario_file
            folder = tempfile.mkdtemp(prefix="opta-live-")
            viewer = Viewer([_cli.executable(), "view", scenario_file(self.fig, folder), "--follow", self.file])
            # The viewer prints "following FILE" once its window is open and the reader runs.
            if not viewer.wait_for("following ", timeout=120):
                status = viewer.close()
                message = "\n".join(viewer.errors).strip().removeprefix("opta: error: ")
                raise OptaError(message or f"the viewer ended with status {status} before following {self.file}", code=3)
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
