"""Loads libopta (the C ABI of opta.h) and declares its functions for ctypes.

ctypes releases the GIL for the length of every call, so a long render never blocks other Python
threads. The library is found at $OPTA_LIBRARY when set (a development build), else beside this
file as ``libopta.so`` (where ``pip install`` puts it).
"""
from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, c_char_p, c_double, c_int32, c_int64, c_size_t, c_void_p

from .errors import OptaError

_HERE = os.path.dirname(os.path.abspath(__file__))

#: opta_status codes (opta.h).
OK, ERROR_ARGUMENT, ERROR_DATA, ERROR_IO = 0, 1, 2, 3


def _library_path() -> str:
    explicit = os.environ.get("OPTA_LIBRARY")
    if explicit:
        return explicit
    return os.path.join(_HERE, "libopta.so")


def _load() -> ctypes.CDLL:
    path = _library_path()
    if not os.path.exists(path):
        raise ImportError(
            f"libopta not found at {path}; install the package with `pip install ./python` from an Opta "
            "clone (it builds the library), or set OPTA_LIBRARY to a built libOptaC.so")
    lib = ctypes.CDLL(path)
    # Returned strings are declared c_void_p so we keep the pointer to free it (c_char_p would copy
    # and lose it).
    out_str = POINTER(c_void_p)
    sigs = {
        "opta_version": (c_char_p, []),
        "opta_session_create": (c_int32, [c_char_p, c_char_p, POINTER(c_void_p), out_str]),
        "opta_session_free": (None, [c_void_p]),
        "opta_dispatch": (c_int32, [c_void_p, c_char_p, out_str]),
        "opta_step": (c_int32, [c_void_p, c_int64, out_str]),
        "opta_solve": (c_int32, [c_void_p, out_str]),
        "opta_append_path": (c_int32, [c_void_p, c_char_p, POINTER(c_double), c_size_t, out_str]),
        "opta_state": (c_int32, [c_void_p, out_str, out_str]),
        "opta_tree": (c_int32, [c_void_p, c_int32, c_int32, out_str, out_str]),
        "opta_render_rgba": (c_int32, [c_void_p, c_void_p, c_int32, c_int32, c_size_t, c_int32, out_str]),
        "opta_render_png_file": (c_int32, [c_void_p, c_char_p, c_int32, c_int32, c_int32, out_str]),
        "opta_render_png": (c_int32, [c_void_p, c_int32, c_int32, c_int32, POINTER(c_void_p), POINTER(c_size_t), out_str]),
        "opta_recorder_open": (c_int32, [c_char_p, c_char_p, c_char_p, c_char_p, POINTER(c_void_p), out_str]),
        "opta_recorder_log": (c_int32, [c_void_p, c_char_p, c_int64, c_double, c_double, c_double, out_str]),
        "opta_recorder_close": (c_int32, [c_void_p, out_str]),
        "opta_string_free": (None, [c_void_p]),
        "opta_bytes_free": (None, [c_void_p]),
    }
    for name, (restype, argtypes) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


lib = _load()


def take_string(pointer: c_void_p) -> str:
    """The library's string at `pointer` as Python text; frees it."""
    if not pointer.value:
        return ""
    try:
        return ctypes.string_at(pointer.value).decode("utf-8", errors="replace")
    finally:
        lib.opta_string_free(pointer)


def call(fn, *args) -> None:
    """Calls a library function that ends with `char **error`; a failure raises OptaError."""
    error = c_void_p()
    status = fn(*args, ctypes.byref(error))
    if status != OK:
        message = take_string(error) or f"Opta error {status}"
        raise OptaError(message, code=status)


def version() -> str:
    """The version of the loaded libopta."""
    return lib.opta_version().decode()
