#!/usr/bin/env python3
"""Fails on a public or open symbol of the documented modules that has no doc comment.

Usage: scripts/check-doc-coverage.py SYMBOLGRAPH_DIR [MODULE ...]
SYMBOLGRAPH_DIR holds the symbol graphs `swift package dump-symbol-graph --minimum-access-level public`
writes (MODULE.symbols.json and MODULE@OTHER.symbols.json, the module's extensions of other modules' types).
The modules default to the four the API reference covers (docs/api-reference.md).

A symbol counts when it has a source location in this repository: what the compiler synthesises
(`hashValue`, `hash(into:)` and `==` of a plain enum, a raw-value `init`) has none, and DocC shows the
protocol's own documentation for it. Every other public symbol, overrides and protocol requirements
included, needs its own `///` comment: an override in Strata often differs from its superclass's
(`CATextLayer.draw(in:)` is not `CALayer.draw(in:)`), so inheriting the base's text would mislead.

Prints `path:line: kind name` per undocumented symbol and a per-module count; exits 1 if any.
"""
import glob
import json
import os
import sys

MODULES = ["Strata", "StrataUIKit", "StrataAVFoundation", "StrataGLES"]


def undocumented(graph_dir, module):
    found, total = [], 0
    paths = [os.path.join(graph_dir, f"{module}.symbols.json")]
    paths += sorted(glob.glob(os.path.join(graph_dir, f"{module}@*.symbols.json")))
    if not os.path.exists(paths[0]):
        sys.exit(f"check-doc-coverage: {paths[0]} not found (run swift package dump-symbol-graph first)")
    seen = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if location is None:
                continue
            key = symbol["identifier"]["precise"]
            if key in seen:
                continue
            seen.add(key)
            total += 1
            doc = symbol.get("docComment", {}).get("lines", [])
            if any(line.get("text", "").strip() for line in doc):
                continue
            uri = location["uri"].removeprefix("file://")
            rel = os.path.relpath(uri) if uri.startswith("/") else uri
            line = location.get("position", {}).get("line", 0) + 1
            name = ".".join(symbol["pathComponents"])
            found.append((rel, line, symbol["kind"]["identifier"].removeprefix("swift."), name))
    return found, total


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    graph_dir = sys.argv[1]
    modules = sys.argv[2:] or MODULES
    missing_all = 0
    for module in modules:
        found, total = undocumented(graph_dir, module)
        for rel, line, kind, name in sorted(found):
            print(f"{rel}:{line}: {kind} {name}")
        missing_all += len(found)
        print(f"{module}: {total - len(found)} of {total} public symbols documented", file=sys.stderr)
    if missing_all:
        print(f"check-doc-coverage: {missing_all} public symbols have no doc comment", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
