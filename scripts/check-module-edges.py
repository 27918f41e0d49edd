#!/usr/bin/env python3
"""Checks docs/architecture.md's module table against Package.swift and the sources' import lines.

For every row of the table under "## Modules":
  - "Package.swift dependencies" must name exactly the target's declared dependencies;
  - "actually imports" ("same" for the same set) must name exactly the package modules the target's
    Swift files import (Foundation and the system's modules are not edges and may be named or not).
Every non-test target of Package.swift must have a row, and every row a target.
A parenthesised remark in a cell is ignored. Exits 1 and names each difference when they disagree.

    scripts/check-module-edges.py [--package-json FILE]   (default: runs `swift package dump-package`)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The table's names for product dependencies, and the module each one imports as.
PRODUCT_NAMES = {"swift-log": "Logging", "ArgumentParser": "ArgumentParser"}
# Modules outside the package: importing them is not an edge.
OUTSIDE = {"PackagePlugin", "Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "XCTest", "Testing",
           "Darwin", "os", "_Concurrency"}
IMPORT = re.compile(r"^\s*(?:@[\w()\s,:.\"]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][\w]*)")


def package_description(json_path):
    if json_path:
        with open(json_path) as f:
            return json.load(f)
    out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def dependency_names(target):
    names = set()
    for dep in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dep:
                names.add(dep[kind][0])
    return names


def target_path(target):
    if target.get("path"):
        return os.path.join(ROOT, target["path"])
    folder = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")
    return os.path.join(ROOT, folder, target["name"])


def imported_modules(path, known):
    found = set()
    for folder, _, files in os.walk(path):
        for name in files:
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                for line in f:
                    m = IMPORT.match(line)
                    if m and m.group(1) in known:
                        found.add(m.group(1))
    return found


def split_cells(row):
    cells = re.split(r"(?<!\\)\|", row.strip())
    return [c.strip() for c in cells[1:-1]]


def table_rows(doc_path):
    with open(doc_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Modules")
    rows = {}
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.startswith("| `"):
            continue
        cells = split_cells(line)
        name = cells[0].strip("`")
        rows[name] = (cells[3], cells[4])
    return rows


def names_in(cell, known, where, problems):
    cell = re.sub(r"\([^)]*\)", "", cell).strip()
    names = set()
    if cell in ("—", ""):
        return names
    for token in cell.split(","):
        token = token.strip().removesuffix(" only")
        token = PRODUCT_NAMES.get(token, token)
        if token in OUTSIDE:
            continue
        if token not in known:
            problems.append(f"{where}: '{token}' is not a module of the package")
            continue
        names.add(token)
    return names


def main():
    json_path = None
    if len(sys.argv) == 3 and sys.argv[1] == "--package-json":
        json_path = sys.argv[2]
    package = package_description(json_path)
    targets = {t["name"]: t for t in package["targets"]}
    known = set(targets) | set(PRODUCT_NAMES.values())
    rows = table_rows(os.path.join(ROOT, "docs", "architecture.md"))
    problems = []
    for name, target in targets.items():
        if target["type"] == "test":
            continue
        if name not in rows:
            problems.append(f"{name}: a target of Package.swift with no row in docs/architecture.md's module table")
    for name, (deps_cell, imports_cell) in sorted(rows.items()):
        target = targets.get(name)
        if target is None:
            problems.append(f"{name}: a row of the module table that Package.swift does not declare")
            continue
        declared = {PRODUCT_NAMES.get(d, d) for d in dependency_names(target)}
        listed = names_in(deps_cell, known, f"{name} (Package.swift dependencies)", problems)
        if listed != declared:
            problems.append(f"{name}: the table lists dependencies {sorted(listed)}, Package.swift declares {sorted(declared)}")
        if target["type"] == "system-target":
            continue
        imports = imported_modules(target_path(target), known - {name})
        listed_imports = listed if imports_cell.startswith("same") else \
            names_in(imports_cell, known, f"{name} (actually imports)", problems)
        if listed_imports != imports:
            problems.append(f"{name}: the table lists imports {sorted(listed_imports)}, its sources import {sorted(imports)}")
    for problem in problems:
        print(f"check-module-edges: {problem}", file=sys.stderr)
    if problems:
        print("check-module-edges: docs/architecture.md's module table disagrees with Package.swift or the imports", file=sys.stderr)
        return 1
    print(f"check-module-edges: {len(rows)} modules, their dependencies and imports agree with docs/architecture.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
