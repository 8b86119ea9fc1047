#!/usr/bin/env python3
"""How fast `opta view --follow` ingests a log while keeping its frame budget.

A generator appends JSON Lines points ({"path", "step", "x", "y", "f"}) to a file at a fixed rate
(default 100,000 points/s, in 100 batches a second, spread over several paths: noisy gradient
descent runs, or with --walk random, random walks over the whole plot) while `opta view SCENARIO --follow FILE --stats ...` runs; then the viewer
is asked to quit (SIGTERM, as closing the window) and its statistics are read: frame time p50/p99,
and `followed_points`, the points it held when it quit. The same view without --follow, for the
same time, gives the baseline.

Run headless with the dummy driver (the default here) or under a real X server:
    python3 Benchmarks/follow_rate.py --opta .build/release/opta
    xvfb-run -a -s "-screen 0 1280x720x24" python3 Benchmarks/follow_rate.py --driver x11
Compare two builds in the same minutes, alternating: --opta OLD --opta NEW --rounds 2.
"""
import argparse
import json
import math
import os
import random
import signal
import subprocess
import sys
import tempfile
import time


def run_viewer(args, follow, stats, seconds, generate=None):
    env = dict(os.environ)
    if args.driver:
        env["SDL_VIDEODRIVER"] = args.driver
    # The followed runs are recorded, as users' are, but into a store of the run's own (removed
    # with its folder), not the user's.
    env["OPTA_STORE"] = os.path.join(os.path.dirname(stats), "runs.sqlite")
    command = [args.opta, "view", args.scenario, "--width", str(args.width), "--height", str(args.height),
               "--stats", stats]
    if follow:
        command += ["--follow", follow]
    viewer = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if follow:
        # Wait until the window is open and the reader running ("following FILE").
        line = viewer.stdout.readline()
        if not line.startswith("following"):
            viewer.kill()
            sys.exit(f"the viewer did not start: {line}{viewer.stderr.read()}")
    else:
        time.sleep(0.5)
    started = time.perf_counter()
    written = generate(seconds) if generate else time.sleep(seconds)
    elapsed = time.perf_counter() - started
    viewer.send_signal(signal.SIGTERM)
    out, err = viewer.communicate(timeout=120)
    if viewer.returncode != 0:
        sys.exit(f"the viewer failed ({viewer.returncode}): {err}")
    with open(stats) as f:
        return json.load(f), written, elapsed


def step_sgd(w, rng):
    """Noisy gradient descent on Rosenbrock, as a training run's two coordinates move."""
    gx = -2 * (1 - w[0]) - 400 * w[0] * (w[1] - w[0] ** 2)
    gy = 200 * (w[1] - w[0] ** 2)
    w[0] = min(2, max(-2, w[0] - 2e-4 * gx + rng.gauss(0, 3e-3)))
    w[1] = min(3, max(-1, w[1] - 2e-4 * gy + rng.gauss(0, 3e-3)))


def step_random(w, rng):
    """A random walk over the whole landscape: the worst case for drawing (nothing to thin)."""
    w[0] = min(2, max(-2, w[0] + rng.gauss(0, 0.01)))
    w[1] = min(3, max(-1, w[1] + rng.gauss(0, 0.01)))


def generator(path, rate, paths, walk):
    """Appends `rate` points a second to `path` for `seconds`; returns how many it wrote."""
    move = step_sgd if walk == "sgd" else step_random

    def generate(seconds):
        rng = random.Random(1)
        walkers = [[rng.uniform(-1.5, 1.5), rng.uniform(-0.5, 2.5)] for _ in range(paths)]
        batches_per_second = 100
        per_batch = max(1, rate // batches_per_second)
        written = 0
        start = time.perf_counter()
        with open(path, "a", encoding="utf-8") as log:
            while True:
                now = time.perf_counter() - start
                if now >= seconds:
                    break
                due = int(min(now + 1 / batches_per_second, seconds) * rate)
                lines = []
                while written < due:
                    k = written % paths
                    w = walkers[k]
                    move(w, rng)
                    f = (1 - w[0]) ** 2 + 100 * (w[1] - w[0] ** 2) ** 2
                    lines.append(f'{{"path": "run{k}", "step": {written // paths}, "x": {w[0]:.6f}, "y": {w[1]:.6f}, "f": {f:.6g}}}\n')
                    written += 1
                log.write("".join(lines))
                log.flush()
                sleep = (written / rate) - (time.perf_counter() - start)
                if sleep > 0:
                    time.sleep(sleep)
        return written
    return generate


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--opta", action="append",
                        help="the opta binary (default .build/release/opta); give it twice or more to compare builds")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each binary, alternating (ABAB…)")
    parser.add_argument("--no-base", action="store_true", help="skip the run without --follow")
    parser.add_argument("--scenario", default=os.path.join(root, "Examples", "panels.json"))
    parser.add_argument("--rate", type=int, default=100_000, help="points per second written")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--paths", type=int, default=3)
    parser.add_argument("--walk", choices=["sgd", "random"], default="sgd",
                        help="sgd: noisy gradient descent settling in the valley (a training run); "
                             "random: a random walk over the whole plot (the worst case)")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=720)
    parser.add_argument("--driver", default="dummy", help="SDL_VIDEODRIVER (empty: leave it as it is)")
    args = parser.parse_args()
    binaries = args.opta or [os.path.join(root, ".build", "release", "opta")]
    print(f"scenario {os.path.basename(args.scenario)} at {args.width}x{args.height}, driver {args.driver or 'default'}, "
          f"{args.walk} paths, {args.rate:,} points/s for {args.seconds} s; load average {os.getloadavg()[0]:.1f}")
    results = []
    for number in range(args.rounds):
        for opta in binaries:
            args.opta = opta
            with tempfile.TemporaryDirectory(prefix="opta-follow-rate-") as folder:
                if not args.no_base:
                    base, _, base_time = run_viewer(args, None, os.path.join(folder, "base.json"), args.seconds)
                    print(f"{opta} without --follow: {base['frames']} frames in {base_time:.1f} s, "
                          f"p50 {base['p50_ms']} ms, p99 {base['p99_ms']} ms, skipped {base['skipped_frames']}")
                log = os.path.join(folder, "run.jsonl")
                open(log, "w").close()
                followed, written, elapsed = run_viewer(args, log, os.path.join(folder, "follow.json"), args.seconds,
                                                        generator(log, args.rate, args.paths, args.walk))
                size = os.path.getsize(log)
            print(f"{opta} with --follow: {followed['frames']} frames in {elapsed:.1f} s, p50 {followed['p50_ms']} ms, "
                  f"p99 {followed['p99_ms']} ms, over budget {followed['over_budget_share']}, "
                  f"skipped {followed['skipped_frames']}; written {written:,} points ({written / elapsed:,.0f}/s, "
                  f"{size / 1e6:.0f} MB), held when it quit {followed['followed_points']:,} "
                  f"({followed['followed_points'] / elapsed:,.0f}/s); load average {os.getloadavg()[0]:.1f}", flush=True)
            results.append({"opta": opta, "round": number, "follow": followed, "written": written, "seconds": elapsed})
    print(json.dumps(results))


if __name__ == "__main__":
    main()
