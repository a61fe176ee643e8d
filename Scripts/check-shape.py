#!/usr/bin/env python3
"""`make lint`: the tree keeps the shape a newcomer can find their way in. No folder of
`Sources` holds more than 14 Swift files, no source file (Swift or C) is over 500 lines, ARCHITECTURE.md
stays a map of at most 200 lines, and every relative link in it and in the targets' DocC
catalogs names a file that exists."""
import os
import re
import sys

FOLDER_LIMIT = 14
FILE_LIMIT = 500
MAP_LIMIT = 200
LINK = re.compile(r"\]\(([^)#:]+)(?:#[^)]*)?\)")


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    problems = []
    for directory, _, files in os.walk("Sources"):
        swift = [f for f in files if f.endswith(".swift")]
        if len(swift) > FOLDER_LIMIT:
            problems.append(f"{directory}: {len(swift)} Swift files, more than {FOLDER_LIMIT}")
        for file in files:
            if not file.endswith((".swift", ".c", ".h")):
                continue
            path = os.path.join(directory, file)
            with open(path, encoding="utf-8") as source:
                count = sum(1 for _ in source)
            if count > FILE_LIMIT:
                problems.append(f"{path}: {count} lines, more than {FILE_LIMIT}")
    documents = ["ARCHITECTURE.md"] + sorted(
        os.path.join(directory, file)
        for directory, _, files in os.walk("Sources") if directory.endswith(".docc")
        for file in files if file.endswith(".md"))
    for document in documents:
        with open(document, encoding="utf-8") as text:
            lines = text.read().splitlines()
        if document == "ARCHITECTURE.md" and len(lines) > MAP_LIMIT:
            problems.append(f"ARCHITECTURE.md: {len(lines)} lines, more than {MAP_LIMIT}: move detail beside the code")
        for number, line in enumerate(lines, 1):
            for target in LINK.findall(line):
                if not os.path.exists(os.path.join(os.path.dirname(document), target)):
                    problems.append(f"{document}:{number}: the link to {target} names no file")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
