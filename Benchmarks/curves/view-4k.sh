#!/bin/sh
# The live window at 3840×2160 under Xvfb with a 4K screen (SDL's x11 driver): R1 with its
# solvers running (the default scene, Adam) and R3 at N = 256, FRAMES frames each at 60 Hz.
# Prints each run's --stats JSON (p50/p99 frame time including upload and present, skipped
# frames). Usage: Benchmarks/curves/view-4k.sh [OPTA] [FRAMES]
set -eu
OPTA=${1:-.build/release/opta}
FRAMES=${2:-600}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for scene in default "$HERE/../Scenarios/r3-surface3d.json"; do
  if [ "$scene" = default ]; then set --; else set -- "$scene"; fi
  xvfb-run -a -s "-screen 0 3840x2160x24" env SDL_VIDEODRIVER=x11 XDG_DATA_HOME="$TMP" \
    "$OPTA" view "$@" --width 3840 --height 2160 --fps 60 --frames "$FRAMES" \
    --store "$TMP/runs.sqlite" --fresh --stats "$TMP/stats.json" >/dev/null
  printf '%s: ' "$(basename "${scene%.json}")"
  cat "$TMP/stats.json"; echo
done
