#!/usr/bin/env bash
# `make lint`: the formatters and linters `make test` runs first. Swift is checked against
# .swift-format (swift format lint --strict), C against .clang-format, and the Lua of the
# bundled examples and their specs against .luacheckrc (the settings `rebound new` writes); the
# targets' imports against Package.swift and the layers (Scripts/check-imports.py); the tree's
# shape: folder and file sizes, the architecture map and its links (Scripts/check-shape.py); the
# world's generated class list (Scripts/generate-world-classes.py).
set -euo pipefail
cd "$(dirname "$0")/.."

# The files of the tree with a name matching one of the patterns, build folders left out.
files() {
    local patterns=()
    for pattern in "$@"; do patterns+=(-o -name "$pattern"); done
    find Sources Tests Benchmarks -name '.build*' -prune -o -type f \( -false "${patterns[@]}" \) -print | sort
}

mapfile -t swift_files < <(files '*.swift')
mapfile -t c_files < <(files '*.c' '*.h')
status=0
swift format lint --strict "${swift_files[@]}" || status=1
clang-format --dry-run --Werror "${c_files[@]}" || status=1
luacheck --formatter plain --codes --no-color Resources Sources/LiveHost/Templates/NewProject || status=1
luacheck --config Scripts/builtin-lua.luacheckrc --formatter plain --codes --no-color Sources/*/Lua || status=1
Scripts/check-imports.py || status=1
Scripts/check-shape.py || status=1
Scripts/generate-world-classes.py --check || status=1
if [ "$status" -ne 0 ]; then
    echo "lint: fix the lines above (swift format --in-place FILE and clang-format -i FILE rewrite a file)" >&2
fi
exit "$status"
