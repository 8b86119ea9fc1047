#!/bin/bash
# Run store benchmarks through the command line (`make bench`), in a temporary folder:
#   1. R1's frame time with 50 stored runs of 10,000 points overlaid ("runs": [{"query": "last=50"}])
#      against plain R1 (`opta bench`, p50/p99); the target is at most 1.5x.
#   2. `opta runs list` over a store of 10,000 runs, wall time of the whole command (p50/p99 of 20);
#      the target is 100 ms.
#   3. `opta solve` of 1,000,000 simulated-annealing steps and of 3,000,000 gradient-descent steps,
#      recorded and with --no-record, alternated (p50/p99 of 10 each, wall and CPU; the target is
#      at most 2 % slower), and the size of one recorded solve's fresh store.
# Inserting 1,000,000 iterates, and the solver thread's own CPU time recorded and not, are measured
# by the RunStore package benchmark (Benchmarks/RunStore).
# Usage: Benchmarks/store-bench.sh [path/to/opta]
set -euo pipefail
OPTA=${1:-.build/release/opta}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/opta-store-bench-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
STORE=$WORK/runs.sqlite

# 50 gradient descents of 10,000 points each on R1's landscape (small steps: none converges early).
python3 - "$WORK" "$ROOT/Benchmarks/Scenarios" <<'PY'
import json, os, sys
folder, scenarios = sys.argv[1], sys.argv[2]
solvers = [{"id": f"gd{i}", "method": "gradient-descent", "start": [-1.9 + 0.07 * i, 2.9 - 0.03 * i], "steps": 9999,
            "params": {"learningRate": 0.00002}} for i in range(50)]
json.dump({"version": 1, "landscape": {"function": "rosenbrock", "domain": {"x": [-2, 2], "y": [-1, 3]}}, "solvers": solvers},
          open(f"{folder}/fifty.json", "w"))
# 64 runs of 2 steps: 157 of these make the 10,000-run store.
small = [{"id": f"s{i}", "method": "adam", "start": [-1.5 + 0.01 * i, 2.5], "steps": 1} for i in range(64)]
json.dump({"version": 1, "landscape": {"function": "rosenbrock"}, "solvers": small}, open(f"{folder}/many.json", "w"))
r1 = json.load(open(f"{scenarios}/r1-landscape2d.json"))
r1["pathsFile"] = os.path.join(scenarios, "r1-adam.csv")
r1["runs"] = [{"query": "last=50"}]
json.dump(r1, open(f"{folder}/r1-overlay.json", "w"))
annealing = [{"id": "sa", "method": "simulated-annealing", "start": [-1.5, 2.5], "steps": 1000000}]
json.dump({"version": 1, "landscape": {"function": "rosenbrock"}, "solvers": annealing}, open(f"{folder}/annealing.json", "w"))
descent = [{"id": "gd", "method": "gradient-descent", "start": [-1.5, 2.5], "steps": 3000000, "params": {"learningRate": 0.00001}}]
json.dump({"version": 1, "landscape": {"function": "rosenbrock"}, "solvers": descent}, open(f"{folder}/descent.json", "w"))
PY
"$OPTA" solve "$WORK/fifty.json" --store "$STORE" > /dev/null
echo "== R1 with and without 50 stored runs of 10,000 points"
"$OPTA" bench --frames 300 --warmup 20 "$ROOT/Benchmarks/Scenarios/r1-landscape2d.json" "$WORK/r1-overlay.json" --store "$STORE"
# Wall times swing with other work on a shared machine; CPU time per frame (one thread, 300 frames
# less 1, so loading the scenario and the runs cancels out) is steadier.
python3 - "$OPTA" "$STORE" "$ROOT/Benchmarks/Scenarios/r1-landscape2d.json" "$WORK/r1-overlay.json" <<'PY'
import resource, subprocess, sys
opta, store, plain, overlay = sys.argv[1:]
def cpu(scenario, frames):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([opta, "bench", "--frames", str(frames), "--warmup", "0", "--threads", "1", scenario, "--store", store],
                   check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
per_frame = [(cpu(s, 301) - cpu(s, 1)) / 300 * 1000 for s in (plain, overlay)]
print(f"CPU per frame, one thread: R1 {per_frame[0]:.2f} ms, with the overlay {per_frame[1]:.2f} ms "
      f"({per_frame[1] / per_frame[0]:.2f}x; target 1.5x)")
PY

MANY=$WORK/many.sqlite
for _ in $(seq 1 157); do "$OPTA" solve "$WORK/many.json" --store "$MANY" > /dev/null; done
echo "== opta runs list over $("$OPTA" runs list --store "$MANY" --json | grep -c '"id"') runs (whole command, 20 times)"
python3 - "$OPTA" "$MANY" <<'PY'
import subprocess, sys, time
times = []
for _ in range(20):
    start = time.perf_counter()
    subprocess.run([sys.argv[1], "runs", "list", "--store", sys.argv[2]], check=True, stdout=subprocess.DEVNULL)
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"runs list: p50 {times[len(times) // 2]:.1f} ms, p99 {times[-1]:.1f} ms (target 100 ms)")
PY

for solve in annealing descent; do
echo "== opta solve, $solve (1,000,000 simulated-annealing or 3,000,000 gradient-descent steps), recorded and --no-record (alternated, 10 each)"
python3 - "$OPTA" "$WORK" "$solve" <<'PY'
import os, resource, subprocess, sys, time
opta, work, scenario = sys.argv[1:]
def run(arguments):
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([opta, "solve", f"{work}/{scenario}.json"] + arguments, check=True, stdout=subprocess.DEVNULL)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
times = {"--no-record": [], "recorded": []}
for i in range(10):
    for mode in (["--no-record", "recorded"] if i % 2 == 0 else ["recorded", "--no-record"]):
        times[mode].append(run(["--no-record"] if mode == "--no-record" else ["--store", f"{work}/solve.sqlite"]))
def p(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]
for mode, values in times.items():
    wall, cpu = [v[0] for v in values], [v[1] for v in values]
    print(f"{mode:12} wall p50 {p(wall, 0.5):6.0f} ms, p99 {p(wall, 0.99):6.0f} ms; CPU p50 {p(cpu, 0.5):6.0f} ms, p99 {p(cpu, 0.99):6.0f} ms")
ratio = p([v[0] for v in times["recorded"]], 0.5) / p([v[0] for v in times["--no-record"]], 0.5)
print(f"recorded / --no-record wall p50: {ratio:.3f} (target 1.02; load average {os.getloadavg()[0]:.1f})")
fresh = f"{work}/fresh-{scenario}.sqlite"
run(["--store", fresh])
print(f"one recorded solve in a fresh store: {os.path.getsize(fresh) / 1e6:.1f} MB")
PY
done
