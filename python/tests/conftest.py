"""Shared helpers: the CLI built from this clone, a tiny PNG decoder (no Pillow), scenarios."""
import json
import os
import struct
import subprocess
import tempfile
import zlib

import numpy as np
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Runs the tests record (opta.live) go to a store of their own, never the user's.
os.environ["OPTA_STORE"] = os.path.join(tempfile.mkdtemp(prefix="opta-pytest-"), "runs.sqlite")


def cli_path() -> str:
    return os.environ.get("OPTA_CLI") or os.path.join(REPO, ".build", "release", "opta")


def run_cli(*arguments, check=True):
    done = subprocess.run([cli_path(), *arguments], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"opta {' '.join(arguments)} failed: {done.stderr}")
    return done


def decode_png(data: bytes) -> np.ndarray:
    """8-bit RGBA, non-interlaced PNG (what Opta writes) → (h, w, 4) uint8."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    at, idat, width = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        crc = struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0]
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind}"
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, color, interlace) == (8, 6, 0)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1).astype(np.int32)
        cur = np.zeros(stride, dtype=np.int32)
        for x in range(stride):
            a = cur[x - 4] if x >= 4 else 0
            b = prev[x]
            c = prev[x - 4] if x >= 4 else 0
            if kind == 0:
                p = 0
            elif kind == 1:
                p = a
            elif kind == 2:
                p = b
            elif kind == 3:
                p = (a + b) // 2
            else:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            cur[x] = (line[x] + p) & 255
        out[y] = cur
        prev = cur
    return out.reshape(height, width, 4)


SMALL = {
    "version": 1,
    "size": {"width": 96, "height": 72},
    "landscape": {"function": "rosenbrock", "domain": {"x": [-2, 2], "y": [-1, 3]}, "scale": "log"},
}


@pytest.fixture
def small():
    return json.loads(json.dumps(SMALL))
