#!/usr/bin/env python3
"""Opta's cost curves: frame time against the size of the work, drawn by Opta itself.

Four sweeps, each point one `opta bench --json` run of a scene built here:
  pixels  R1 (Rosenbrock heatmap, 16 contours, Adam's path) from 640x360 to 7680x4320
  surface R3 (Himmelblau height field) with N = 64 ... 1024 vertices a side, at 1920x1080
  graph   R2-like graphs of 1k ... 100k nodes with 4x as many edges, fixed layout, at 1920x1080
  grid    R1's Rosenbrock sampled on 101^2 ... 4001^2 (.npy written with numpy), drawn like R1

For each sweep it writes NAME.csv (the raw numbers) and NAME.png, a log-log chart drawn by Opta's
convergence chart (`"xScale": "log"`) from the numbers written as a logged run (NAME.jsonl in
the work folder: step = x, f = ms), and fits.csv with each curve's fitted slopes. numpy is the only dependency.

Each point is measured `--rounds` times (default 2) and the run with the lowest p50 kept, with
10 to 60 frames (about 1.5 s of frames) after a tenth as many warm-up frames.

Usage: bench_curves.py --opta .build/release/opta --out docs/bench-curves [--work DIR] [--rounds 2] [--only pixels,grid]
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = os.path.join(HERE, "..", "Scenarios")


def frames_for(estimate_ms):
    """(measured frames, warm-up frames) for a point whose frame takes about `estimate_ms`:
    about 1.5 s of measuring per point, at least 10 frames and at most 60."""
    frames = int(min(60, max(10, 1500 / max(estimate_ms, 1e-3))))
    return frames, max(2, frames // 10)


def bench(opta, scenario, frames, warmup, extra=()):
    """One `opta bench --json` run: its JSON object."""
    cmd = [opta, "bench", scenario, "--json", "--frames", str(frames), "--warmup", str(warmup), *extra]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f)


def r1_scenario():
    with open(os.path.join(SCENARIOS, "r1-landscape2d.json")) as f:
        scenario = json.load(f)
    scenario["pathsFile"] = os.path.abspath(os.path.join(SCENARIOS, "r1-adam.csv"))
    return scenario


# Each sweep yields (x, scenario path, extra bench flags) for its points.

def pixels_points(work):
    path = os.path.join(work, "r1.json")
    write_json(path, r1_scenario())
    for w, h in [(640, 360), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160), (7680, 4320)]:
        yield w * h, path, ["--width", str(w), "--height", str(h)], f"{w}x{h}"


def surface_points(work):
    with open(os.path.join(SCENARIOS, "r3-surface3d.json")) as f:
        base = json.load(f)
    for n in [64, 128, 256, 512, 1024]:
        base["surface"]["resolution"] = n
        base["title"] = f"Himmelblau surface (R3, N = {n})"
        path = os.path.join(work, f"r3-{n}.json")
        write_json(path, base)
        yield 2 * (n - 1) ** 2, path, [], f"N={n}"


def r2_like_graph(nodes, edges, seed, width=1920.0, height=1080.0, margin=12.0):
    """Node positions and edges as R2's generator makes them (ReferenceGraph.r2): uniform nodes;
    each edge leaves a random node in a random direction for 40...430 px and ends at a node near
    that target (the nearest of the four nodes around the target's cell in row order, cells of
    about one node each); self-loops, edges over 450 px and repeats are drawn again."""
    rng = np.random.default_rng(seed)
    pos = np.column_stack([margin + rng.random(nodes) * (width - 2 * margin),
                           margin + rng.random(nodes) * (height - 2 * margin)])
    pos = np.round(pos * 8) / 8
    cell = math.sqrt(width * height / nodes)
    cols = int(math.ceil(width / cell))

    def cell_of(p):
        cx = np.clip((p[:, 0] // cell).astype(np.int64), 0, cols - 1)
        cy = np.clip((p[:, 1] // cell).astype(np.int64), 0, int(math.ceil(height / cell)) - 1)
        return cy * cols + cx

    order = np.argsort(cell_of(pos), kind="stable")
    sorted_cells = cell_of(pos)[order]
    keys = np.empty(0, dtype=np.int64)
    while keys.size < edges:
        want = (edges - keys.size) * 11 // 10 + 16
        a = rng.integers(0, nodes, want)
        angle = rng.random(want) * 2 * math.pi
        length = 40 + rng.random(want) * 390
        target = pos[a] + np.column_stack([np.cos(angle), np.sin(angle)]) * length[:, None]
        # Of the nodes just before and after the target's cell in row order, the nearest.
        at = np.searchsorted(sorted_cells, cell_of(target))
        near = order[np.clip(at[:, None] + np.arange(-2, 2)[None, :], 0, nodes - 1)]
        distance = np.linalg.norm(pos[near] - target[:, None, :], axis=2)
        b = near[np.arange(want), np.argmin(distance, axis=1)]
        # Self-loops, and the few targets whose row-order neighbours are not near (at a row's end).
        ok = (a != b) & (np.linalg.norm(pos[a] - pos[b], axis=1) <= 450)
        new = np.minimum(a[ok], b[ok]) * nodes + np.maximum(a[ok], b[ok])
        keys = np.concatenate([keys, new])
        _, first = np.unique(keys, return_index=True)
        keys = keys[np.sort(first)]
    keys = keys[:edges]
    return pos, np.column_stack([keys // nodes, keys % nodes])


def graph_points(work):
    with open(os.path.join(SCENARIOS, "r2-graph.json")) as f:
        base = json.load(f)
    for nodes in [1000, 3000, 10000, 30000, 100000]:
        pos, pairs = r2_like_graph(nodes, 4 * nodes, seed=nodes)
        edges_file = os.path.join(work, f"graph-{nodes}-edges.csv")
        with open(edges_file, "w") as f:
            f.write("from,to\n")
            f.writelines(f"n{a},n{b}\n" for a, b in pairs)
        base["graph"]["nodes"] = [{"id": f"n{i}", "position": [float(x), float(y)]} for i, (x, y) in enumerate(pos)]
        base["graph"]["edgesFile"] = os.path.basename(edges_file)
        path = os.path.join(work, f"graph-{nodes}.json")
        write_json(path, base)
        mean_length = float(np.mean(np.linalg.norm(pos[pairs[:, 0]] - pos[pairs[:, 1]], axis=1)))
        yield 4 * nodes, path, [], f"{nodes} nodes, mean edge {mean_length:.0f} px"


def grid_points(work):
    base = r1_scenario()
    for n in [101, 501, 1001, 2001, 4001]:
        xs = np.linspace(-2, 2, n)
        ys = np.linspace(-1, 3, n)
        x, y = np.meshgrid(xs, ys)
        np.save(os.path.join(work, f"grid-{n}.npy"), ((1 - x) ** 2 + 100 * (y - x * x) ** 2).astype(np.float32))
        base["landscape"].pop("function", None)
        base["landscape"]["grid"] = {"file": f"grid-{n}.npy"}
        base["title"] = f"Rosenbrock sampled on {n} × {n}"
        path = os.path.join(work, f"grid-{n}.json")
        write_json(path, base)
        yield n * n, path, [], f"{n}x{n}"


SWEEPS = {
    # name: (points, x column, x axis title, unit the fitted cost is per, chart title)
    "pixels": (pixels_points, "pixels", "pixels per frame", "pixel", "R1 landscape: frame time against frame size"),
    "surface": (surface_points, "triangles", "triangles (R3, N = 64 … 1024, 1920×1080)", "triangle",
                "R3 surface: frame time against mesh size"),
    "graph": (graph_points, "edges", "edges (nodes = edges / 4, 1920×1080)", "edge", "R2-like graph: frame time against graph size"),
    "grid": (grid_points, "samples", "grid samples (101² … 4001², 1920×1080)", "sample", "Sampled landscape: frame time against grid size"),
}


def fit(xs, ys):
    """Least squares on the log-log points: (slope, local slopes between neighbours), and the
    marginal cost (ms per unit) from a straight-line fit of the three largest points."""
    lx, ly = np.log10(xs), np.log10(ys)
    slope = float(np.polyfit(lx, ly, 1)[0])
    local = [float((ly[i + 1] - ly[i]) / (lx[i + 1] - lx[i])) for i in range(len(xs) - 1)]
    marginal = float(np.polyfit(xs[-3:], ys[-3:], 1)[0])
    return slope, local, marginal


def chart(opta, work, out, name, title, x_title, xs, p50, p99, slope_p50, slope_p99):
    """out/NAME.png, drawn from work/NAME.jsonl: the points as a logged run (step = x, f = ms)."""
    jsonl = os.path.join(work, f"{name}.jsonl")
    with open(jsonl, "w") as f:
        for label, ys in [(f"p50 (slope {slope_p50:.2f})", p50), (f"p99 (slope {slope_p99:.2f})", p99)]:
            for x, y in zip(xs, ys):
                f.write(json.dumps({"path": label, "step": int(x), "x": 0, "y": 0, "f": float(y)}) + "\n")
    scenario = {
        "version": 1, "title": title, "size": {"width": 1200, "height": 720},
        "landscape": {"expression": "x*x + y*y + 1", "domain": {"x": [-1, 1], "y": [-1, 1]}},
        "pathsFile": f"{name}.jsonl",
        "axes": {"legend": {"position": "upper left"}},
        "panels": [{"view": "convergence", "xScale": "log", "xTitle": x_title, "yTitle": f"ms per frame ({os.cpu_count()} threads)",
                    "best": False, "points": True}],
    }
    path = os.path.join(work, f"{name}.chart.json")
    write_json(path, scenario)
    subprocess.run([opta, "render", path, "--output", os.path.join(out, f"{name}.png")], check=True,
                   stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--opta", default=".build/release/opta")
    parser.add_argument("--out", default="docs/bench-curves")
    parser.add_argument("--work", default=".build/bench-curves")
    parser.add_argument("--rounds", type=int, default=2, help="runs per point; the one with the lowest p50 is kept")
    parser.add_argument("--only", default=",".join(SWEEPS), help="comma-separated sweeps: " + ", ".join(SWEEPS))
    args = parser.parse_args()
    opta = os.path.abspath(args.opta)
    os.makedirs(args.out, exist_ok=True)
    os.makedirs(args.work, exist_ok=True)
    fits = []
    started = time.monotonic()
    for name in args.only.split(","):
        if name not in SWEEPS:
            sys.exit(f"bench_curves: --only: unknown sweep {name!r}; one of {', '.join(SWEEPS)}")
        points, x_name, x_title, unit, title = SWEEPS[name]
        rows = []
        for x, scenario, extra, label in points(args.work):
            # One short run first gives the frame time the frame count is chosen for.
            estimate = bench(opta, scenario, 3, 1, extra)["p50_ms"]
            frames, warmup = frames_for(estimate)
            # Of `rounds` runs, the one with the lowest p50: other work on the host only adds time.
            r = min((bench(opta, scenario, frames, warmup, extra) for _ in range(args.rounds)), key=lambda r: r["p50_ms"])
            rows.append({x_name: x, "p50_ms": r["p50_ms"], "p99_ms": r["p99_ms"], "max_ms": r["max_ms"],
                         "frames": frames, "warmup": warmup, "point": label})
            print(f"{name:8s} {label:32s} {x:>11d} {x_name:9s} p50 {r['p50_ms']:8.2f} ms  p99 {r['p99_ms']:8.2f} ms"
                  f"  ({frames} frames)", flush=True)
        with open(os.path.join(args.out, f"{name}.csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        xs = np.array([r[x_name] for r in rows], dtype=float)
        p50 = np.array([r["p50_ms"] for r in rows])
        p99 = np.array([r["p99_ms"] for r in rows])
        slope, local, marginal = fit(xs, p50)
        slope99, _, _ = fit(xs, p99)
        fits.append({"curve": name, "unit": unit, "loglog_slope_p50": round(slope, 3), "loglog_slope_p99": round(slope99, 3),
                     "local_slopes_p50": " ".join(f"{s:.2f}" for s in local),
                     "marginal_ns_per_unit": round(marginal * 1e6, 3)})
        print(f"{name:8s} slope {slope:.2f} (p99 {slope99:.2f}); local {fits[-1]['local_slopes_p50']}; "
              f"marginal {marginal * 1e6:.3f} ns per {unit}", flush=True)
        chart(opta, args.work, args.out, name, title, x_title, xs, p50, p99, slope, slope99)
    if set(args.only.split(",")) == set(SWEEPS):
        with open(os.path.join(args.out, "fits.csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(fits[0]))
            writer.writeheader()
            writer.writerows(fits)
    print(f"bench_curves: {time.monotonic() - started:.0f} s; pictures and numbers in {args.out}")


if __name__ == "__main__":
    main()
