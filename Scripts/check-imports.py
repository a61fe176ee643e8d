#!/usr/bin/env python3
"""`make lint`: every module a target imports is a dependency Package.swift declares, and no
target imports one above it. The layers, bottom up (a target imports only from lower layers;
a test target also from its own):

    CLua; CLuaShim, HostSockets and Cassowary (side by side); LuaRuntime, ObjectBridge, HeadlessUI;
    Rendering, LiveHost and Annotations (side by side); the tools over the engine (Console,
    Debugger, Specs, Preview); ReboundCLI. LiveTestSupport, the tests' shared project, is outside the layers:
    only test targets import it.

C system libraries and shims sit under the layer that declares them."""
import json
import os
import re
import subprocess
import sys

LAYERS = {
    "CLua": 0, "CLuaShim": 1, "HostSockets": 1, "Cassowary": 1, "LuaRuntime": 2, "ObjectBridge": 3, "HeadlessUI": 4,
    "Rendering": 5, "LiveHost": 5, "Annotations": 5,
    "Console": 6, "Debugger": 6, "Specs": 6, "Preview": 6, "ReboundCLI": 7,
}
# Modules of the toolchain and the system, which no manifest declares.
SYSTEM = {
    "Foundation", "FoundationXML", "FoundationNetworking", "Glibc", "Dispatch", "Synchronization",
    "Testing", "XCTest", "Swift", "_Concurrency",
}
IMPORT = re.compile(
    r"^(?:@testable\s+|@_spi\(\w+\)\s+|@preconcurrency\s+)*import\s+"
    r"(?:(?:struct|class|enum|func|protocol|typealias)\s+)?(\w+)")


def imports(text):
    """The modules a file imports: its header's import lines, up to its first declaration (so
    that code in a string, such as a Python script in a test, is not read as Swift)."""
    found = set()
    for line in text.splitlines():
        line = line.strip()
        match = IMPORT.match(line)
        if match:
            found.add(match.group(1))
        elif line and not line.startswith(("//", "#if", "#else", "#elseif", "#endif")):
            break
    return found


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    os.chdir(root)
    manifest = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
    problems = []
    for target in manifest["targets"]:
        name, kind = target["name"], target["type"]
        if kind == "system":
            continue
        declared = {list(dep.values())[0][0] for dep in target.get("dependencies", [])}
        folder = target.get("path") or os.path.join("Tests" if kind == "test" else "Sources", name)
        level = LAYERS.get(name[:-len("Tests")] if kind == "test" else name)
        for directory, _, files in os.walk(folder):
            for file in sorted(f for f in files if f.endswith(".swift")):
                path = os.path.join(directory, file)
                with open(path, encoding="utf-8") as source:
                    imported = imports(source.read())
                for module in sorted(imported - SYSTEM - {name}):
                    if module not in declared:
                        problems.append(f"{path}: imports {module}, which {name} does not declare in Package.swift")
                    if module == "LiveTestSupport" and kind != "test":
                        problems.append(f"{path}: imports LiveTestSupport, which only tests may use")
                    above = LAYERS.get(module)
                    if level is not None and above is not None and (
                        above > level if kind == "test" else above >= level
                    ):
                        problems.append(f"{path}: imports {module}, a layer above or beside {name}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
