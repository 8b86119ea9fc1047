#!/usr/bin/env bash
# Builds a throwaway Swift package that depends on Opta's OptaCore and OptaScene by URL (the
# committed HEAD of this clone, as a git URL). SwiftPM refuses a dependency by URL whose targets
# use `unsafeFlags`, so this fails if the manifest ever gets them back. Portable flags only: a
# dependent builds Opta the way any package would.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
commit="$(git -C "$repo" rev-parse HEAD)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A plain clone: SwiftPM takes a URL dependency only from a repository folder (not a worktree).
git clone --quiet --no-checkout "$repo" "$work/opta"
mkdir -p "$work/app/Sources/Dependent"
cat > "$work/app/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Dependent",
    dependencies: [.package(url: "file://$work/opta", revision: "$commit")],
    targets: [.executableTarget(name: "Dependent", dependencies: [.product(name: "OptaCore", package: "opta")])]
)
MANIFEST
cat > "$work/app/Sources/Dependent/main.swift" <<'SWIFT'
import OptaCore
let scenario = DefaultScenario.scenario()
print("OptaCore from a dependent package: \(scenario.landscape.objective.displayName)")
SWIFT
cd "$work/app"
# Debug, SwiftPM's default: this checks that the manifest resolves, compiles and links, which a
# release build would check no better, in twice the time.
swift build
swift run --skip-build Dependent
