#!/usr/bin/env bash
# `make bench`: runs the benchmarks in one process run and prints the ratio table, also
# written to .build/bench.json. Benchmarks build in .build-bench with package-benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
export REBOUND_BENCHMARKS=1
scratch=.build-bench
results=$scratch/results
rm -rf "$results"
mkdir -p "$results" .build
# The restart benchmark starts the `rebound` executable built beside the benchmarks.
swift build --scratch-path "$scratch" -c release --product rebound
swift package --scratch-path "$scratch" --disable-sandbox benchmark \
    --target RuntimeBenchmarks --format jmh --path "$results" --no-progress
swift run --scratch-path "$scratch" -c release BenchReport "$(ls "$results"/*.json | head -n 1)" .build/bench.json
