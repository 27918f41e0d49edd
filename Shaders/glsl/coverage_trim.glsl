// An outline as OutlineTexels lays it out in u_outline (RGBA32F, 1,024 texels to a row): per point three
// texels from u_bases.x (x, y, arc, kind; alternative x, y, reach, piece; previous arc, next arc, 1 for a
// contour's closing copy of its first point, form), per piece two from u_bases.y (start, end, first vertex, vertex count; closed), per vertex
// one from u_bases.z (x, y, arc). TrimmableStroke documents the rules; this is its `outline(start:end:)`
// for one point, in float.
uniform highp sampler2D u_outline;
uniform highp ivec3 u_bases;
uniform highp float u_length;   // the polylines' total length
uniform highp float u_half;     // half the line width

highp vec4 outlineTexel(int k) { return texelFetch(u_outline, ivec2(k % 1024, k / 1024), 0); }
highp vec4 outlinePointTexel(int i, int t) { return outlineTexel(u_bases.x + i * 3 + t); }

highp vec2 leftOf(highp vec2 d) { return vec2(d.y, -d.x); }

// The point at arc length `arc` of `piece` and the unit direction of its segment: the last segment
// starting at or before it for a start cut, before it for an end cut, a vertex within TrimmableStroke.snap
// of the length counting as at it (TrimmableStroke.cut).
void cutAt(highp vec4 piece, highp float arc, bool fromStart, out highp vec2 at, out highp vec2 direction) {
    highp float epsilon = u_length * 1e-6;   // TrimmableStroke.snap
    int lo = int(piece.z), hi = int(piece.z) + int(piece.w) - 2;
    for (int i = 0; i < 32 && lo < hi; i++) {
        int mid = (lo + hi + 1) / 2;
        highp float s = outlineTexel(u_bases.z + mid).z;
        if (fromStart ? s <= arc + epsilon : s < arc - epsilon) lo = mid; else hi = mid - 1;
    }
    highp vec4 p = outlineTexel(u_bases.z + lo), q = outlineTexel(u_bases.z + lo + 1);
    highp float span = q.z - p.z;
    highp float t = span > 0.0 ? clamp((arc - p.z) / span, 0.0, 1.0) : 0.0;
    highp vec2 d = q.xy - p.xy;
    highp float len = length(d);
    direction = len > 0.0 ? d / len : vec2(1.0, 0.0);
    at = p.xy + (q.xy - p.xy) * t;
}

// Point `i` of the outline trimmed to fractions trim.x…trim.y, in the layer's coordinates; false when its
// contour is not drawn for this trim. `t2`: the point's third texel.
bool outlinePoint(int i, highp vec4 t2, highp vec2 trim, out highp vec2 point) {
    highp vec4 t0 = outlinePointTexel(i, 0);
    point = t0.xy;
    int form = int(t2.w), kind = int(t0.w);
    if (form == TRIM_FORM_ALWAYS) return true; // a fill's polygon
    highp vec4 t1 = outlinePointTexel(i, 1);
    highp float a = clamp(trim.x, 0.0, 1.0) * u_length, b = clamp(trim.y, 0.0, 1.0) * u_length;
    if (!(a < b)) return false;
    int p = u_bases.y + int(t1.w) * 2;
    highp vec4 piece = outlineTexel(p);
    highp float from = max(a, piece.x), to = min(b, piece.y);
    if (!(from < to)) return false;
    bool whole = outlineTexel(p + 1).x > 0.5 && a <= piece.x && b >= piece.y;
    if ((form == TRIM_FORM_CLOSED) != whole) return false;
    if (kind == TRIM_KIND_FIXED) return true;
    highp vec2 at, d;
    if (kind == TRIM_KIND_END_CAP) {
        cutAt(piece, to, false, at, d);
        point = at + d * t0.x + leftOf(d) * t0.y;
        return true;
    }
    if (kind == TRIM_KIND_START_CAP) {   // facing back along the line
        cutAt(piece, from, true, at, d);
        point = at - d * t0.x - leftOf(d) * t0.y;
        return true;
    }
    highp float side = (kind == TRIM_KIND_LEFT || kind == TRIM_KIND_INNER_LEFT) ? u_half : -u_half;
    highp float epsilon = u_length * 1e-6;
    if (t0.z <= from + epsilon) {
        cutAt(piece, from, true, at, d);
        point = at + leftOf(d) * side;
    } else if (t0.z >= to - epsilon) {
        cutAt(piece, to, false, at, d);
        point = at + leftOf(d) * side;
    } else if ((kind == TRIM_KIND_INNER_LEFT || kind == TRIM_KIND_INNER_RIGHT) && min(t0.z - max(t2.x, from), min(t2.y, to) - t0.z) < t1.z) {
        point = t1.xy;         // an inner corner a cut left no room for: through the vertex
    }
    return true;
}
