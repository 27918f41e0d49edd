#!/usr/bin/env python3
"""Lists the files in Sources over 400 lines and the functions over 60 (issue 51's measure of long code),
outside strata-bench and strata-fuzz. A function is a `func`, `init`, `deinit`, `subscript` or a computed
property or closure-initialised constant with a body, measured from its declaration's line to its closing
brace. Informational: always exits 0.

    scripts/code-size.py [--files N] [--functions N]
"""
import argparse
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = ("Sources/strata-bench/", "Sources/strata-fuzz/")
MODIFIERS = (r"(?:(?:public|private|fileprivate|internal|open|package|static|class|final|override|mutating|nonisolated|"
             r"convenience|required|lazy|weak|unowned|private\(set\)|public\(set\)|internal\(set\)|fileprivate\(set\))\s+)*")
DECLARATION = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*" + MODIFIERS +
                         r"(?:func\s|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<]|(?:var|let)\s+\w+[^=]*(?:\{\s*$|=\s*\{\s*$|\{\s*(?:get|_read|didSet|willSet)))")


def body_length(lines, start):
    depth, started = 0, False
    for j in range(start, len(lines)):
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', lines[j]).split("//")[0]
        for ch in code:
            if ch == "{":
                depth, started = depth + 1, True
            elif ch == "}":
                depth -= 1
        if started and depth <= 0:
            return j - start + 1
        if not started and j > start + 8:
            return 0
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=400)
    parser.add_argument("--functions", type=int, default=60)
    limits = parser.parse_args()
    long_files, long_functions = [], []
    for folder, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in names:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, ROOT)
            if relative.startswith(SKIP):
                continue
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            if len(lines) - 1 > limits.files:
                long_files.append((len(lines) - 1, relative))
            for i, line in enumerate(lines):
                if DECLARATION.match(line):
                    n = body_length(lines, i)
                    if n > limits.functions:
                        long_functions.append((n, f"{relative}:{i + 1}", line.strip()[:90]))
    print(f"{len(long_files)} files over {limits.files} lines")
    for n, path in sorted(long_files, reverse=True):
        print(f"  {n:5} {path}")
    print(f"{len(long_functions)} functions over {limits.functions} lines")
    for n, where, text in sorted(long_functions, reverse=True):
        print(f"  {n:5} {where}  {text}")


if __name__ == "__main__":
    main()
