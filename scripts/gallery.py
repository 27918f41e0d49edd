#!/usr/bin/env python3
"""Writes docs/gallery.md: every golden image next to the scene file that renders it.
Run after adding or regenerating golden images (GalleryTests checks the gallery lists them all)."""
import json, os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "Tests", "StrataRenderTests", "Golden")
REL = "../Tests/StrataRenderTests/Golden"
TITLES = {
    "shapes": "cornerRadius, maskedCorners, borders and masksToBounds",
    "shadows": "Shadows (offset, radius, opacity; from the alpha of contents and sublayers)",
    "cube": "3D: a CATransformLayer cube (depth-sorted) beside the same faces in a plain, flattening layer",
    "transitions": "CATransition at progress 0.25, 0.5 and 0.75",
    "mask": "CALayer.mask: a circle, and a half-transparent mask with an opaque strip",
    "shadow-clipping": "The seeds' shadow-with-clipping workaround: masksToBounds clips the shadow (left); an outer layer carries it (right)",
    "contents": "Contents: contentsRect sprites, a nine-slice button (contentsCenter) from a 1× and a 2× image, a 2× icon beside the same image at 1×",
    "options": "Rendering options: allowsGroupOpacity on and off; edge anti-aliasing on, off, left edge only; shouldRasterize at scale 0.5; linear and nearest magnification, trilinear minification; a single-sided layer from behind",
    "combined": "Everything at once: a rotated, rounded, bordered card with a shadow and a circular mask, in a perspective sublayerTransform",
    "shadow-path": "shadowPath: a star (sharp, then blurred and offset), a circle clipped by masksToBounds, curved corners; no layer content",
    "geometry-flipped": "geometryFlipped: the same sublayers (one nested) in a plain layer (left) and a flipped one (right)",
    "gradient-compositing": "CAGradientLayer composited like any layer: rounded corners, a border and a shadow; a blank gradient (two locations for three colours) showing only its background and border",
    "seed-demos": "The seeds' demos of shape, gradient and replicator layers (D1 clock, D6 stick figure, D7 per-corner rounding and mask, D12/D13 gradients, D14 ring, D15 reflection)",
    "shape-layers": "CAShapeLayer: fill rules, caps, joins and miter limit, dashes and partial strokes, shapes zoomed 8x and turned in 3D",
    "gradient-layers": "CAGradientLayer: axial (rounded, bordered), radial and conic",
    "scroll-layers": "CAScrollLayer: the seed's D16, a clipping scroll layer over a larger content layer, scrolled by a pan (its bounds' origin) to the content's middle, then past its end (no clamping)",
    "text-layers": "CATextLayer: the seed's D8 label on a 2× screen at contentsScale 1 (soft) and 2 (sharp), D9's rich text, each alignment and truncation mode, four scripts on one line, text turned in 3D and scaled 4×",
    "corners": "cornerCurve: circular corners beside continuous ones (border and shadow), and a continuous masksToBounds clip with three corners rounded",
    "filters": "Layer filters: blurred layers (radius 3 and 12); a frosted panel (backgroundFilters: blur and saturation) over a moving sun, its blur radius animating from 2 to 16 (at 0, 0.5 and 1 s); every blend mode as compositingFilter over a gradient; a colour matrix (sepia), colour controls and an inversion",
    "crossfade": "Contents crossfades: a basic animation from a red to a blue image, a fade in from no image, keyframes red → green → blue (linear and discrete), and a red image crossfading to a smaller white one, each placed at its own size",
    "replicator-layers": "CAReplicatorLayer: five copies of a pulsing bar, each 0.1 s later (instanceDelay); a fan whose instanceTransform rotation animates and a row whose instanceCount animates",
}

out = ["# Strata gallery", "",
       "What Strata renders, from the golden images its tests compare against (Mesa llvmpipe, exact).",
       "Each scene file renders with `strata render SCENE --time T --out out.png`; the format is in",
       "`docs/scene-format.md`. Regenerate this page with `scripts/gallery.py`.", ""]
for folder in sorted(os.listdir(GOLDEN)):
    path = os.path.join(GOLDEN, folder)
    if not os.path.isdir(path):
        continue
    out += ["## " + TITLES.get(folder, folder), ""]
    files = sorted(os.listdir(path))
    for scene in [f for f in files if f.endswith(".json")]:
        stem = scene[:-5]
        images = [f for f in files if f.endswith(".png") and (f.startswith(stem + "-") or stem == "scene")]
        out += ["### `%s/%s`" % (folder, scene), ""]
        out += ["".join("![%s](%s/%s/%s) " % (img, REL, folder, img) for img in images).strip(), ""]
        if any(img.startswith(stem + "-t") for img in images):
            out += ["Each image's name ends in the scene time it shows (`-t1.5`: `strata render --time 1.5`).", ""]
        if "crossfade" == folder:
            out += ["Rendered at scene times 0.25, 0.5 and 0.75 (each animation lasts 1 s from time 0).", ""]
        if "transitions" == folder:
            out += ["Rendered at scene times 1.25, 1.5 and 1.75 (the change at 1 s adds a 1 s linear transition).", ""]
        with open(os.path.join(path, scene)) as f:
            text = f.read().strip()
        json.loads(text)  # a broken scene file fails here, not in the gallery
        out += ["[`Golden/%s/%s`](%s/%s/%s)" % (folder, scene, REL, folder, scene), "", "```json", text, "```", ""]
        out += ["Images: " + ", ".join("`Golden/%s/%s`" % (folder, img) for img in images), ""]
    inputs = os.path.join(path, "inputs")
    if os.path.isdir(inputs):
        pngs = sorted(f for f in os.listdir(inputs) if f.endswith(".png"))
        out += ["Input images (the scene's `contents`):", ""]
        out += ["".join("![%s](%s/%s/inputs/%s) " % (img, REL, folder, img) for img in pngs).strip(), ""]
        out += ["Inputs: " + ", ".join("`Golden/%s/inputs/%s`" % (folder, img) for img in pngs), ""]
with open(os.path.join(ROOT, "docs", "gallery.md"), "w") as f:
    f.write("\n".join(out))
