"""R1 (1920×1080) from Python: Opta's render against `opta bench`'s p50, and against matplotlib
drawing the same figure in the same process.

Not part of `make test` (timings need a quiet machine). Run after `pip install ./python`, with
matplotlib installed for the side-by-side (`pip install matplotlib`):

    python python/benchmarks/r1_from_python.py --rounds 5

Each round renders 200 frames from Python (into one reused array, 2 threads, as `opta bench`
draws), then runs `opta bench` for 200 frames; rounds alternate so both see the same machine load,
and the median of the rounds' p50s is reported.
"""
import argparse
import csv
import os
import re
import subprocess
import time

import numpy as np

import opta
from opta import _cli

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
R1 = os.path.join(REPO, "Benchmarks", "Scenarios", "r1-landscape2d.json")


def opta_p50(fig, frames: int) -> float:
    out = np.empty((1080, 1920, 4), np.uint8)
    for _ in range(20):
        fig.render(out=out, threads=2)
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        fig.render(out=out, threads=2)
        times.append(time.perf_counter() - start)
    return float(np.median(times)) * 1e3


def bench_p50(frames: int) -> float:
    text = subprocess.run([_cli.executable(), "bench", R1, "--frames", str(frames), "--threads", "2"],
                          capture_output=True, text=True, check=True).stdout
    return float(re.search(r"p50 ([0-9.]+) ms", text).group(1))


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
    for _ in range(frames):
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
    args = parser.parse_args()
    fig = opta.Landscape.from_scenario(R1)
    python, bench = [], []
    for _ in range(args.rounds):
        python.append(opta_p50(fig, args.frames))
        bench.append(bench_p50(args.frames))
    p, b = float(np.median(python)), float(np.median(bench))
    print(f"R1 1920×1080, 2 threads: Python fig.render p50 {p:.2f} ms, opta bench p50 {b:.2f} ms "
          f"({(p / b - 1) * 100:+.1f} %); rounds: python {[round(v, 2) for v in python]}, bench {[round(v, 2) for v in bench]}")
    try:
        redraw, scratch = matplotlib_p50(args.matplotlib_frames)
    except ImportError:
        print("matplotlib not installed: no side-by-side")
        return
    print(f"matplotlib, same figure, same process: redraw {redraw:.1f} ms ({redraw / p:.1f}× Opta), "
          f"build and draw {scratch:.1f} ms ({scratch / p:.1f}× Opta)")


if __name__ == "__main__":
    main()
