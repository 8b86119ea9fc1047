"""R1 (1920×1080) from Python: Opta's render against `opta bench`, and against matplotlib drawing
the same figure in the same process.

Not part of `make test` (timings need a quiet machine). Run after `pip install ./python`, with
matplotlib installed for the side-by-side (`pip install matplotlib`):

    python python/benchmarks/r1_from_python.py --rounds 5

Each round runs a child process (which loads $OPTA_LIBRARY when set) that alternates `--pairs`
times between Python and `opta bench`, so both see the same machine load within a second: it
renders `--frames` frames from Python in three forms, frame by frame in turn, 2 threads as `opta
bench` draws — `fig.render(1920, 1080)` (a new array each frame), into one reused array a first
`fig.render` returned, and into one reused `np.empty` array (numpy's arrays start 16 bytes past a
cache line) — then runs `opta bench` for as many frames. Reported: the median over pairs of each
pair's p50 and p99 (nearest rank, as `opta bench`), and the median of the pairs' p50 ratios.
`--old LIBRARY CLI` adds an older build's library and CLI, its round after each new one.
"""
import argparse
import csv
import json
import math
import os
import re
import subprocess
import sys
import time

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
R1 = os.path.join(REPO, "Benchmarks", "Scenarios", "r1-landscape2d.json")


def percentiles(times_ms) -> tuple[float, float]:
    """(p50, p99) by nearest rank, as `opta bench` computes them."""
    ordered = sorted(times_ms)
    rank = lambda p: ordered[max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))]
    return rank(50), rank(99)


FORMS = ("render(1920, 1080)", "out=render()", "out=np.empty")


def python_frames(frames: int, fig=None) -> dict[str, list[float]]:
    """Frame times in ms of `fig.render` of R1 in each of FORMS, 2 threads (this process)."""
    import opta
    fig = fig or opta.Landscape.from_scenario(R1)
    reused, numpy_array = fig.render(1920, 1080, threads=2), np.empty((1080, 1920, 4), np.uint8)
    draws = {
        FORMS[0]: lambda: fig.render(1920, 1080, threads=2),
        FORMS[1]: lambda: fig.render(out=reused, threads=2),
        FORMS[2]: lambda: fig.render(out=numpy_array, threads=2),
    }
    for _ in range(20):
        for draw in draws.values():
            draw()
    times = {form: [] for form in draws}
    for _ in range(frames):
        for form, draw in draws.items():
            start = time.perf_counter()
            draw()
            times[form].append((time.perf_counter() - start) * 1e3)
    return times


def pairs_in_child(frames: int, cli: str, pairs: int) -> list[dict]:
    """`pairs` times: Python frames in each form, then `opta bench`; (p50, p99) of each."""
    import opta
    fig = opta.Landscape.from_scenario(R1)
    results = []
    for _ in range(pairs):
        python = {form: percentiles(times) for form, times in python_frames(frames, fig).items()}
        results.append({"python": python, "bench": bench_round(cli, frames)})
    return results


def python_round(frames: int, library: str | None, cli: str, pairs: int) -> list[dict]:
    """A child process's pairs (see pairs_in_child), with `library` loaded (None: the installed one)."""
    env = dict(os.environ)
    if library:
        env["OPTA_LIBRARY"] = library
    text = subprocess.run([sys.executable, __file__, "--child", str(frames), "--cli", cli, "--pairs", str(pairs)], env=env,
                          capture_output=True, text=True, check=True).stdout
    return json.loads(text)


def bench_round(cli: str, frames: int) -> tuple[float, float]:
    text = subprocess.run([cli, "bench", R1, "--frames", str(frames), "--threads", "2"],
                          capture_output=True, text=True, check=True).stdout
    return (float(re.search(r"p50 ([0-9.]+) ms", text).group(1)), float(re.search(r"p99 ([0-9.]+) ms", text).group(1)))


def matplotlib_p50(frames: int) -> tuple[float, float]:
    """(redraw of a built figure, build and draw from scratch) in ms, both to an RGBA array."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import colors

    with open(os.path.join(REPO, "Benchmarks", "Scenarios", "r1-adam.csv")) as f:
        path = np.array([[float(r["x"]), float(r["y"])] for r in csv.DictReader(f)])

    def build():
        x, y = np.linspace(-2, 2, 1400), np.linspace(-1, 3, 900)
        X, Y = np.meshgrid(x, y)
        Z = (1 - X) ** 2 + 100 * (Y - X ** 2) ** 2
        fig, ax = plt.subplots(figsize=(19.2, 10.8), dpi=100)
        image = ax.imshow(Z + 1e-3, extent=(-2, 2, -1, 3), origin="lower", aspect="auto", cmap="viridis",
                          norm=colors.LogNorm(vmin=Z.min() + 1e-3, vmax=Z.max() + 1e-3), interpolation="nearest")
        ax.contour(X, Y, Z, levels=np.logspace(-1, np.log10(3162.2776601683795), 16), colors="white", linewidths=0.8)
        fig.colorbar(image, ax=ax)
        ax.set_title("Rosenbrock with Adam (R1)")
        ax.plot(path[:, 0], path[:, 1], color="#E69F00", linewidth=1.5, marker="o", markersize=3, label="Adam")
        ax.legend(loc="upper right")
        return fig

    def grab(fig):
        fig.canvas.draw()
        return np.asarray(fig.canvas.buffer_rgba())

    fig = build()
    grab(fig)
    redraw = []
    for _ in range(max(3, frames)):
        start = time.perf_counter()
        grab(fig)
        redraw.append(time.perf_counter() - start)
    plt.close(fig)
    scratch = []
    for _ in range(max(3, frames // 10)):
        start = time.perf_counter()
        fig = build()
        grab(fig)
        scratch.append(time.perf_counter() - start)
        plt.close(fig)
    return float(np.median(redraw)) * 1e3, float(np.median(scratch)) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--matplotlib-frames", type=int, default=20)
    parser.add_argument("--old", nargs=2, metavar=("LIBRARY", "CLI"), help="an older libOptaC.so and opta to alternate with")
    parser.add_argument("--pairs", type=int, default=4, help="Python and opta bench alternations per round")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--cli", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(pairs_in_child(args.child, args.cli, args.pairs)))
        return
    from opta import _cli
    builds = [("new", os.environ.get("OPTA_LIBRARY"), _cli.executable())]
    if args.old:
        builds.append(("old", *args.old))
    kinds = FORMS + ("bench",)
    rounds = {(name, kind): [] for name, _, _ in builds for kind in kinds}
    for _ in range(args.rounds):
        for name, library, cli in builds:
            for pair in python_round(args.frames, library, cli, args.pairs):
                for form, p in pair["python"].items():
                    rounds[name, form].append(p)
                rounds[name, "bench"].append(pair["bench"])
    median = lambda pairs, i: float(np.median([pair[i] for pair in pairs]))
    print(f"R1 1920×1080, 2 threads, {args.rounds} rounds of {args.pairs} pairs of {args.frames} frames, "
          f"load average {os.getloadavg()[0]:.1f}")
    for name, _, _ in builds:
        bench = rounds[name, "bench"]
        b50 = median(bench, 0)
        print(f"  {name}: opta bench p50 {b50:.2f} ms p99 {median(bench, 1):.2f} ms; pair p50s {[round(v[0], 2) for v in bench]}")
        for form in FORMS:
            py = rounds[name, form]
            p50 = median(py, 0)
            paired = float(np.median([a[0] / b[0] for a, b in zip(py, bench)]))
            print(f"    fig.{form}: p50 {p50:.2f} ms p99 {median(py, 1):.2f} ms; against bench {(p50 / b50 - 1) * 100:+.1f} % "
                  f"(median of the pairs' ratios {(paired - 1) * 100:+.1f} %); pair p50s {[round(v[0], 2) for v in py]}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("matplotlib not installed: no side-by-side")
        return
    # Opta and matplotlib one after the other in this process.
    p = percentiles(python_frames(args.frames)[FORMS[0]])[0]
    redraw, scratch = matplotlib_p50(args.matplotlib_frames)
    print(f"this process: Opta fig.render p50 {p:.2f} ms; matplotlib, same figure: redraw {redraw:.1f} ms "
          f"({redraw / p:.1f}× Opta), build and draw {scratch:.1f} ms ({scratch / p:.1f}× Opta)")


if __name__ == "__main__":
    main()
