#!/usr/bin/env bash
# `make bench`: runs the benchmarks (the package in Benchmarks/, with package-benchmark) in one
# process run and prints the ratio table, also written to .build/bench.json. The restart
# benchmark starts the release `rebound` that `make run` builds.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product rebound
export REBOUND_EXECUTABLE="$PWD/.build/release/rebound"
# The Auto Layout solver is measured against kiwisolver (the C++ Kiwi solver's Python binding),
# from PyPI, else from Debian's package of it.
if ! python3 -c 'import kiwisolver' 2>/dev/null; then
    python3 -m pip install --quiet kiwisolver 2>/dev/null || Scripts/install-debian-packages.sh python3-kiwisolver
fi
results=Benchmarks/.build/results
rm -rf "$results"
mkdir -p "$results" .build
swift package --package-path Benchmarks --disable-sandbox benchmark \
    --target RuntimeBenchmarks --format jmh --path "$results" --no-progress
swift run --package-path Benchmarks -c release BenchReport "$(ls "$results"/*.json | head -n 1)" .build/bench.json
