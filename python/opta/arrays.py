"""Checks of the arrays users hand to Opta: every problem names the argument and what is wrong."""
from __future__ import annotations

import numpy as np

from .errors import OptaError


def points(value, name: str) -> np.ndarray:
    """`value` as a C-contiguous float64 array of shape (N, 2), N ≥ 1, all finite.

    Lists and other array-likes are converted; an ndarray of another float or integer dtype is
    converted too (that copy is the only one). Object, complex and boolean arrays are refused.
    """
    array = np.asarray(value)
    if array.dtype.kind not in "fiu":
        raise OptaError(f"{name} must hold real numbers, got dtype {array.dtype}", code=1)
    if array.ndim != 2 or array.shape[1] != 2:
        raise OptaError(f"{name} must have shape (N, 2) (one x, y row per point), got shape {array.shape}", code=1)
    if array.shape[0] == 0:
        raise OptaError(f"{name} is empty; give at least one point", code=1)
    array = np.ascontiguousarray(array, dtype=np.float64)
    finite = np.isfinite(array)
    if not finite.all():
        row = int(np.argwhere(~finite)[0][0])
        raise OptaError(f"{name}[{row}] is {array[row].tolist()}; points must be finite (no NaN or infinity)", code=1)
    return array


def values(value, name: str, count: int) -> np.ndarray:
    """`value` as a float64 vector of `count` entries (NaN allowed: a value not logged)."""
    array = np.asarray(value)
    if array.dtype.kind not in "fiu":
        raise OptaError(f"{name} must hold real numbers, got dtype {array.dtype}", code=1)
    if array.ndim != 1 or array.shape[0] != count:
        raise OptaError(f"{name} must have shape ({count},) (one value per point), got shape {array.shape}", code=1)
    return np.ascontiguousarray(array, dtype=np.float64)


def pixels(out, width: int, height: int, name: str = "out") -> np.ndarray:
    """A caller's frame buffer: uint8, shape (height, width, 4), rows may be padded (any row stride)
    but each row's pixels must be contiguous, and the array writable."""
    if not isinstance(out, np.ndarray):
        raise OptaError(f"{name} must be a numpy array, got {type(out).__name__}", code=1)
    if out.dtype != np.uint8:
        raise OptaError(f"{name} must have dtype uint8, got {out.dtype}", code=1)
    if out.shape != (height, width, 4):
        raise OptaError(f"{name} must have shape ({height}, {width}, 4) for a {width}×{height} frame, got {out.shape}", code=1)
    if out.strides[1:] != (4, 1) or out.strides[0] < 4 * width:
        raise OptaError(f"{name} is not contiguous within rows (strides {out.strides}); use np.empty((h, w, 4), np.uint8)", code=1)
    if not out.flags.writeable:
        raise OptaError(f"{name} is read-only", code=1)
    return out


def frame(width: int, height: int) -> np.ndarray:
    """An uninitialized (height, width, 4) uint8 array whose first pixel starts a 64-byte cache
    line (numpy's own arrays start 16 bytes past one), so that with a width that is a multiple of
    16 every row and every 64-pixel tile does. Opta draws tiles on several threads; R1 (1920×1080,
    2 threads) drew 7–10 % faster into such an array than into ``np.empty``'s (python/README)."""
    count = width * height * 4
    raw = np.empty(count + 64, dtype=np.uint8)
    start = -raw.ctypes.data % 64
    return raw[start:start + count].reshape(height, width, 4)


def size(width, height) -> tuple[int, int]:
    """A frame size in pixels, 1 to 16384 each."""
    for label, v in (("width", width), ("height", height)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise OptaError(f"{label} must be a whole number of pixels, got {v!r}", code=1)
        if not 1 <= int(v) <= 16384:
            raise OptaError(f"{label} must be from 1 to 16384, got {int(v)}", code=1)
    return int(width), int(height)
