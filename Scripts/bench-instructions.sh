#!/usr/bin/env bash
# `make bench-instructions`: counts the instructions of each bridge row and of its baseline
# under callgrind (Debian's valgrind) and prints their ratio against the row's goal. Counts do
# not depend on the machine's load, where `make bench`'s times do. Each workload runs twice,
# at ROUNDS rounds and at twice as many (REBOUND_INSTRUCTION_ROUNDS, 2 by default): the
# difference is the rounds' own work, without the setting up. FixedLuaSeed is preloaded so that
# Lua hashes its strings alike in every run: the counts repeat to within a few instructions.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null; then Scripts/install-debian-packages.sh valgrind; fi
swift build --package-path Benchmarks -c release --product InstructionCounts
swift build --package-path Benchmarks -c release --product FixedLuaSeed
binary=Benchmarks/.build/release/InstructionCounts
seed=$PWD/Benchmarks/.build/release/libFixedLuaSeed.so
# Valgrind 3.19 cannot read the debug information Swift 6 writes: it counts a copy without it.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
counted="$scratch/InstructionCounts"
strip --strip-debug -o "$counted" "$binary"
rounds="${REBOUND_INSTRUCTION_ROUNDS:-2}"

# The instructions of `rounds` rounds of the workload named $1.
instructions() {
    LD_PRELOAD="$seed" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$counted" "$1" "$2" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

declare -A perRound
# The instructions of one round of the workload named $1, counted once.
per_round() {
    if [[ -z "${perRound[$1]:-}" ]]; then
        local one two
        one=$(instructions "$1" "$rounds")
        two=$(instructions "$1" $((rounds * 2)))
        perRound[$1]=$(((two - one) / rounds))
    fi
}

printf '%-58s %14s %14s %7s %6s\n' "row / baseline" "instructions" "baseline" "ratio" "goal"

while IFS=$'\t' read -r candidate baseline goal; do
    per_round "$candidate"
    per_round "$baseline"
    c=${perRound[$candidate]}
    b=${perRound[$baseline]}
    ratio=$(awk -v c="$c" -v b="$b" 'BEGIN { printf "%.2f", c / b }')
    # The verdict is the exact ratio's: 1.003 prints as 1.00 but misses a goal of 1.
    met=$(awk -v c="$c" -v b="$b" -v g="$goal" 'BEGIN { print (c / b <= g) ? "met" : "missed" }')
    printf '%-58s %14d %14d %7s %6s %s\n' "$candidate" "$c" "$b" "$ratio" "$goal" "$met"
    printf '  / %s\n' "$baseline"
done < <("$binary" --list)

