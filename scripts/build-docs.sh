#!/usr/bin/env bash
# Builds the API reference (docs/api-reference.md): static HTML for Strata, StrataUIKit, StrataAVFoundation
# and StrataGLES, made by DocC from the doc comments, with the guides in docs/ as articles.
#   1. SwiftPM's symbol graphs of the public API (swift package dump-symbol-graph);
#   2. scripts/check-doc-coverage.py: fails on a public symbol with no doc comment;
#   3. one catalog per module: Sources/MODULE/MODULE.docc (its landing page) and the guides, copied from
#      docs/ under the names <doc:...> links use (generated: docs/ stays the one copy);
#   4. docc convert with --warnings-as-errors (a broken <doc:...> or ``symbol`` link fails), for static hosting.
# Output: OUT (default .build/api-reference)/MODULE/, and an index.html linking the four.
# View it: python3 -m http.server -d .build/api-reference 8000, then http://localhost:8000/
set -euo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-$PWD/.build/api-reference}"
work="$PWD/.build/api-reference-work"
modules="Strata StrataUIKit StrataAVFoundation StrataGLES"
# docs/ file -> article name. Every catalog holds every guide, so links between them always resolve.
articles="getting-started:GettingStarted animation:Animation input:Input uikit:UIKit drawables:Drawables
    video:Video emitter:Emitters tiled-layers:TiledLayers status:Status hosting:Hosting"

swift package dump-symbol-graph --minimum-access-level public > "$work.log" 2>&1 || { tail -30 "$work.log"; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$work.log" | tail -1)
[ -d "$graphs" ] || { echo "build-docs.sh: no symbol graphs (see $work.log)" >&2; exit 1; }
scripts/check-doc-coverage.py "$graphs" $modules

rm -rf "$work" "$out"
mkdir -p "$work" "$out"
for module in $modules; do
    catalog="$work/$module.docc"
    cp -R "Sources/$module/$module.docc" "$catalog"
    for pair in $articles; do
        cp "docs/${pair%%:*}.md" "$catalog/${pair##*:}.md"
    done
    cp docs/getting-started.png "$catalog/"
    mkdir -p "$work/graphs-$module"
    cp "$graphs/$module.symbols.json" "$work/graphs-$module/"
    cp "$graphs/$module"@*.symbols.json "$work/graphs-$module/" 2>/dev/null || true
    docc convert "$catalog" --additional-symbol-graph-dir "$work/graphs-$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.strata.$module" \
        --output-path "$out/$module" --transform-for-static-hosting --hosting-base-path "$module" \
        --warnings-as-errors > "$work/$module.log" 2>&1 || { grep -E "error|warning" -A6 "$work/$module.log" | head -80; exit 1; }
    echo "build-docs.sh: $module -> $out/$module"
done
lower() { echo "$1" | tr '[:upper:]' '[:lower:]'; }
{
    echo '<!doctype html><meta charset="utf-8"><title>Strata API reference</title>'
    echo '<h1>Strata API reference</h1><ul>'
    for module in $modules; do echo "<li><a href=\"$module/documentation/$(lower "$module")/\">$module</a></li>"; done
    echo '</ul>'
} > "$out/index.html"
echo "build-docs.sh: the API reference is in $out (index.html)"
