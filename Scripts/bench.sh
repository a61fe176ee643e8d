#!/usr/bin/env bash
# `make bench`: runs the benchmarks (the package in Benchmarks/, with package-benchmark) in
# REBOUND_BENCH_ROUNDS rounds (5 by default), each doing its share of the measuring, and
# prints the ratio table (each ratio's median over the rounds and its spread), also written to
# .build/bench.json. The restart, render and sweep benchmarks start the release `rebound` that
# `make run` builds.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product rebound
export REBOUND_EXECUTABLE="$PWD/.build/release/rebound"
# The Auto Layout solver is measured against kiwisolver (the C++ Kiwi solver's Python binding),
# from PyPI, else from Debian's package of it.
if ! python3 -c 'import kiwisolver' 2>/dev/null; then
    python3 -m pip install --quiet kiwisolver 2>/dev/null || Scripts/install-debian-packages.sh python3-kiwisolver
fi
export REBOUND_BENCH_ROUNDS="${REBOUND_BENCH_ROUNDS:-5}"
results=Benchmarks/.build/results
rm -rf "$results"
mkdir -p .build
for round in $(seq 1 "$REBOUND_BENCH_ROUNDS"); do
    echo "round $round of $REBOUND_BENCH_ROUNDS"
    mkdir -p "$results/$round"
    swift package --package-path Benchmarks --disable-sandbox benchmark \
        --target RuntimeBenchmarks --format jmh --path "$results/$round" --no-progress >"$results/$round.log"
done
swift run --package-path Benchmarks -c release BenchReport .build/bench.json "$results"/*/*.json
