"""Garbage through the C ABI never crashes the process: every input is accepted or an OptaError."""
import ctypes
import json
import random

import numpy as np

import opta
from opta import _lib
from opta._lib import lib
from opta._session import Session

VALID = json.dumps({
    "version": 1, "size": {"width": 48, "height": 32},
    "landscape": {"expression": "sin(x)*y^2 + log(x)", "domain": {"x": [-1, 2], "y": [-1, 1]}, "contours": {"count": 4}},
    "paths": [{"name": "p", "points": [[0, 0], [1, 0.5]]}],
    "solvers": [{"method": "nelder-mead", "start": [0.5, 0.5], "steps": 5}],
})


def mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(len(chars))
        action = rng.random()
        if action < 0.4:
            chars[k] = rng.choice('{}[]":,0123456789-.eE xyz\\\u00e9\u2603')
        elif action < 0.7:
            del chars[k]
        else:
            chars.insert(k, rng.choice(['1e308', '-', 'null', '"', '[', '}', '9' * 40, 'NaN']))
    return "".join(chars)


def test_mutated_scenarios_and_actions():
    rng = random.Random(23)
    accepted = 0
    for _ in range(300):
        try:
            session = Session(mutate(VALID, rng))
        except opta.OptaError as e:
            assert str(e)
            continue
        accepted += 1
        out = np.empty((32, 48, 4), np.uint8)
        session.solve()
        session.render_into(out, 1)
        # pan by ±1e308 then orbit overflowed the 2D camera to NaN (a trap in Camera2D before the fix).
        for action in ('{"type": "zoom", "factor": 1e-300}', '{"type": "pan", "by": [1e308, -1e308]}', '{"type": 7}',
                       '{"type": "orbit", "yaw": 1, "pitch": 2}', "\u2603", '{"type": "select", "id": null}'):
            try:
                session.dispatch(json.loads(action) if action.startswith("{") else action)
            except (opta.OptaError, json.JSONDecodeError):
                pass
        session.render_into(out, 1)
        session.state()
        session.tree()
    assert accepted > 0


def test_raw_bytes_that_are_not_utf8():
    handle = ctypes.c_void_p()
    error = ctypes.c_void_p()
    status = lib.opta_session_create(b"\xff\xfe{\"version\": 1}\x80", None, ctypes.byref(handle), ctypes.byref(error))
    assert status == _lib.ERROR_DATA and "JSON" in _lib.take_string(error)
