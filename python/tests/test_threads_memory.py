"""The GIL is released while Opta draws; renders do not leak."""
import threading
import time

import numpy as np

import opta


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def test_python_keeps_running_during_a_long_render():
    fig = opta.Landscape("rastrigin", size=(1920, 1080))
    fig.render(64, 64)  # session ready, solvers done
    out = np.empty((1080, 1920, 4), dtype=np.uint8)
    ticks = 0
    stop = threading.Event()

    def count():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1

    counter = threading.Thread(target=count)
    counter.start()
    during = []
    try:
        time.sleep(0.05)
        for _ in range(3):
            before = ticks  # the main thread holds the GIL here: the counter is not running
            start = time.perf_counter()
            fig.render(out=out, threads=1)
            during.append((ticks - before, time.perf_counter() - start))
    finally:
        stop.set()
        counter.join()
    # Held for the call, the GIL would stop the counter for the whole render (a few ticks at most
    # at the hand-over); released, the counter runs while Opta draws.
    assert max(t for t, _ in during) > 10_000, f"counter ticks during renders (ticks, seconds): {during}"


def test_threads_share_a_figure():
    fig = opta.Landscape("himmelblau", size=(120, 90)).add_solver("adam", start=(0, 0), lr=0.1, steps=30)
    expected = fig.render().copy()
    results, errors = [], []

    def work():
        try:
            for _ in range(5):
                results.append(np.array_equal(fig.render(), expected))
                fig.state()
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and all(results) and len(results) == 20


def test_a_thousand_renders_grow_rss_less_than_10_mb():
    fig = opta.Landscape("rosenbrock", size=(160, 120)).add_solver("adam", start=(-1.5, 2.5), lr=0.1, steps=50)
    out = np.empty((120, 160, 4), dtype=np.uint8)
    for _ in range(50):
        fig.render(out=out)
        fig.png()
    before = rss_bytes()
    for i in range(1000):
        fig.render(out=out)
        if i % 10 == 0:
            fig.state()
            fig.png()
    grown = rss_bytes() - before
    assert grown < 10 * 1024 * 1024, f"RSS grew {grown / 1e6:.1f} MB"


def test_a_thousand_sessions_are_freed():
    out = np.empty((40, 40, 4), dtype=np.uint8)
    for _ in range(50):
        opta.Landscape("booth", size=(40, 40)).render(out=out)
    before = rss_bytes()
    for _ in range(1000):
        fig = opta.Landscape("booth", size=(40, 40))
        fig.render(out=out)
        fig.close()
    grown = rss_bytes() - before
    assert grown < 10 * 1024 * 1024, f"RSS grew {grown / 1e6:.1f} MB"


def test_changing_a_figure_while_another_thread_renders():
    fig = opta.Landscape("rosenbrock", size=(200, 150))
    shapes, errors = [], []

    def render():
        try:
            for _ in range(30):
                shapes.append(fig.render().shape)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    def change():
        try:
            for k in range(10):
                fig.add_solver("adam", start=(-1.5 + 0.1 * k, 2.5), lr=0.1, steps=20)  # a new session each time
                fig.add_path([[0.1 * k, 0.2]], name="log")
        except Exception as e:  # pragma: no cover
            errors.append(e)

    threads = [threading.Thread(target=render), threading.Thread(target=change)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and shapes == [(150, 200, 4)] * 30
    assert len(fig.solve()) == 10
