"""The peer for Opta's video export: matplotlib's FuncAnimation + FFMpegWriter drawing R1.

R1 as `opta render Benchmarks/Scenarios/r1-landscape2d.json --frames 0...299 --reveal --output r1.mp4`
draws it: Rosenbrock over [-2, 2] x [-1, 3] on a log colour scale (viridis), 16 log-spaced white
contours from 0.1 to 3162, Adam's logged path (r1-adam.csv) growing by one step a frame, 1920x1080,
300 frames at 30 fps, H.264 yuv420p CRF 18 +faststart (the same ffmpeg settings Opta uses).

Not part of `make test`. Run with a matplotlib from PyPI in a virtual environment outside the repo:
    python3 -m venv /work/venv-mpl && /work/venv-mpl/bin/pip install matplotlib numpy
    /work/venv-mpl/bin/python Benchmarks/peers/matplotlib_video.py --output /tmp/r1-mpl.mp4
It prints the total time and the share spent drawing frames (the rest is ffmpeg and piping).
"""
import argparse
import csv
import io
import os
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib import animation, colors  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default="r1-matplotlib.mp4")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--fps", type=int, default=30)
    args = parser.parse_args()

    with open(os.path.join(HERE, "..", "Scenarios", "r1-adam.csv")) as f:
        rows = list(csv.DictReader(f))
    path = np.array([[float(r["x"]), float(r["y"])] for r in rows])

    # The heatmap sampled per output pixel of the plot area, as Opta evaluates it per pixel.
    x = np.linspace(-2, 2, 1400)
    y = np.linspace(-1, 3, 900)
    X, Y = np.meshgrid(x, y)
    Z = (1 - X) ** 2 + 100 * (Y - X**2) ** 2
    levels = np.logspace(np.log10(0.1), np.log10(3162.2776601683795), 16)

    dpi = 100
    fig, ax = plt.subplots(figsize=(19.2, 10.8), dpi=dpi)
    image = ax.imshow(Z + 1e-3, extent=(-2, 2, -1, 3), origin="lower", aspect="auto", cmap="viridis",
                      norm=colors.LogNorm(vmin=Z.min() + 1e-3, vmax=Z.max() + 1e-3), interpolation="nearest")
    ax.contour(X, Y, Z, levels=levels, colors="white", linewidths=0.8)
    fig.colorbar(image, ax=ax)
    ax.set_title("Rosenbrock with Adam (R1)")
    ax.set_xticks(np.arange(-2, 2.01, 0.5))
    ax.set_yticks(np.arange(-1, 3.01, 0.5))
    (line,) = ax.plot([], [], color="#E69F00", linewidth=1.5, marker="o", markersize=3, label="Adam")
    ax.legend(loc="upper right")

    drawing = [0.0]

    def update(k):
        start = time.perf_counter()
        n = min(len(path), k + 2)  # frame k shows k+1 steps, as Opta's --reveal
        line.set_data(path[:n, 0], path[:n, 1])
        drawing[0] += time.perf_counter() - start
        return (line,)

    writer = animation.FFMpegWriter(fps=args.fps, codec="h264",
                                    extra_args=["-pix_fmt", "yuv420p", "-crf", "18", "-movflags", "+faststart"])
    anim = animation.FuncAnimation(fig, update, frames=args.frames, blit=False)

    # What FFMpegWriter.grab_frame does (savefig as raw RGBA into ffmpeg's pipe), split in two so
    # the drawing is timed apart from the pipe write (which waits while ffmpeg is behind).
    rendering = [0.0]

    def timed_grab(**kwargs):
        start = time.perf_counter()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="rgba", dpi=dpi)
        rendering[0] += time.perf_counter() - start
        writer._proc.stdin.write(buffer.getbuffer())

    writer.grab_frame = timed_grab
    start = time.perf_counter()
    anim.save(args.output, writer=writer, dpi=dpi)
    total = time.perf_counter() - start
    print(f"matplotlib {matplotlib.__version__}: {args.frames} frames 1920x1080 in {total:.2f} s; "
          f"drawing {rendering[0] + drawing[0]:.2f} s ({100 * (rendering[0] + drawing[0]) / total:.1f} %)")


if __name__ == "__main__":
    main()
