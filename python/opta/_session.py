"""A libopta session owned by a Python object: created from scenario JSON, freed with it."""
from __future__ import annotations

import ctypes
import json
import os
import threading

import numpy as np

from . import _lib
from ._lib import lib


class Session:
    """One `opta_session`. The library locks inside, so a Session may be shared between threads.
    The handle is freed when the Session is garbage (every call in flight holds a reference, so
    that is never during a call), or by close(), which the caller must not race with calls."""

    def __init__(self, scenario_json: str, base_folder: str | None = None):
        handle = ctypes.c_void_p()
        folder = None if base_folder is None else os.fsencode(base_folder)
        _lib.call(lib.opta_session_create, scenario_json.encode("utf-8"), folder, ctypes.byref(handle))
        self._handle = handle
        self._close_lock = threading.Lock()

    @property
    def handle(self) -> ctypes.c_void_p:
        if not self._handle:
            raise ValueError("this Opta session is closed")
        return self._handle

    def close(self) -> None:
        with self._close_lock:
            if self._handle:
                lib.opta_session_free(self._handle)
                self._handle = ctypes.c_void_p()

    def __del__(self):
        # At interpreter exit the module globals may already be gone.
        try:
            self.close()
        except Exception:
            pass

    def dispatch(self, action: dict) -> None:
        _lib.call(lib.opta_dispatch, self.handle, json.dumps(action).encode())

    def step(self, frames: int) -> None:
        _lib.call(lib.opta_step, self.handle, int(frames))

    def solve(self) -> None:
        _lib.call(lib.opta_solve, self.handle)

    def append_path(self, name: str, xy: np.ndarray) -> None:
        """Appends an (N, 2) C-contiguous float64 array's points to the path `name`."""
        pointer = xy.ctypes.data_as(ctypes.POINTER(ctypes.c_double))
        _lib.call(lib.opta_append_path, self.handle, name.encode("utf-8"), pointer, xy.shape[0])

    def state(self) -> dict:
        out = ctypes.c_void_p()
        _lib.call(lib.opta_state, self.handle, ctypes.byref(out))
        return json.loads(_lib.take_string(out))

    def tree(self, width: int = 0, height: int = 0) -> dict:
        out = ctypes.c_void_p()
        _lib.call(lib.opta_tree, self.handle, width, height, ctypes.byref(out))
        return json.loads(_lib.take_string(out))

    def render_into(self, out: np.ndarray, threads: int = 0) -> None:
        """Draws into `out` (uint8, (h, w, 4), rows contiguous): the library writes the caller's memory."""
        height, width = out.shape[0], out.shape[1]
        _lib.call(lib.opta_render_rgba, self.handle, ctypes.c_void_p(out.ctypes.data), width, height,
                  out.strides[0], threads)

    def render_png(self, width: int = 0, height: int = 0, threads: int = 0) -> bytes:
        data, count = ctypes.c_void_p(), ctypes.c_size_t()
        _lib.call(lib.opta_render_png, self.handle, width, height, threads, ctypes.byref(data), ctypes.byref(count))
        try:
            return ctypes.string_at(data.value, count.value)
        finally:
            lib.opta_bytes_free(data)

    def render_png_file(self, path: str, width: int = 0, height: int = 0, threads: int = 0) -> None:
        _lib.call(lib.opta_render_png_file, self.handle, os.fsencode(path), width, height, threads)
