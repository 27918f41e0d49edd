// Evaluates a packed animation (StrataCore's GPUAnimationRecord: its layout is documented there) at a
// time, exactly as PreparedAnimation.apply defines it, in single precision. Records are rows of an RGBA32F
// texture; times are relative to the renderer's epoch.
uniform highp sampler2D u_records;

#include "motion_layout.glsl"

// Record `row` is the (row % RECORDS_PER_LINE)th of line row / RECORDS_PER_LINE, RECORD_TEXELS texels each.
highp vec4 record(int row, int texel) { return texelFetch(u_records, ivec2((row % RECORDS_PER_LINE) * RECORD_TEXELS + texel, row / RECORDS_PER_LINE), 0); }

// MediaTiming.sample: the fraction of the simple duration and the iteration at time t, or false when the
// animation has no effect then (before without a backwards fill, after and removed or without a forwards fill).
bool sampleTiming(highp vec4 t0, highp vec4 t1, highp float t, out highp float fraction, out highp float iteration) {
    highp float begin = t0.x, d = t0.y, speed = t0.z, offset = t0.w;
    highp float activeDuration = t1.x, cycle = t1.y;
    int flags = int(t1.z);
    bool infinite = activeDuration < 0.0;
    bool after = !infinite && speed != 0.0 && t >= begin + activeDuration / abs(speed);
    highp float local;
    if (t < begin) {
        if ((flags & RECORD_FILLS_BACKWARDS) == 0) return false;
        local = 0.0;
    } else if (after) {
        if ((flags & RECORD_REMOVED_ON_COMPLETION) != 0 || (flags & RECORD_FILLS_FORWARDS) == 0) return false;
        local = activeDuration;
    } else {
        local = (t - begin) * speed;
    }
    if (offset != 0.0 && !infinite && activeDuration > 0.0) {
        local = mod(local + offset, activeDuration);
    } else {
        local += offset;
    }
    iteration = floor(local / cycle);
    highp float inCycle = local - iteration * cycle;
    if (inCycle == 0.0 && local > 0.0 && !infinite && local >= activeDuration) {
        iteration -= 1.0;
        inCycle = cycle;
    }
    if ((flags & RECORD_AUTOREVERSES) != 0 && inCycle > d) inCycle = 2.0 * d - inCycle;
    fraction = clamp(inCycle / d, 0.0, 1.0);
    iteration = max(0.0, iteration);
    return true;
}

highp float bezier(highp float s, highp float p1, highp float p2) {
    highp float u = 1.0 - s;
    return 3.0 * u * u * s * p1 + 3.0 * u * s * s * p2 + s * s * s;
}

// TimingFunction.progress: the cubic Bézier's y at x, its parameter found by Newton's method, then bisection.
highp float timingProgress(highp vec4 c, highp float x) {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    if (c.x == c.y && c.z == c.w) return x;
    highp float s = x;
    bool done = false;
    for (int i = 0; i < 8; i++) {
        highp float err = bezier(s, c.x, c.z) - x;
        if (abs(err) < 1e-7) { done = true; break; }
        highp float u = 1.0 - s;
        highp float dx = 3.0 * u * u * c.x + 6.0 * u * s * (c.z - c.x) + 3.0 * s * s * (1.0 - c.z);
        if (abs(dx) < 1e-6) break;
        highp float next = s - err / dx;
        if (next < 0.0 || next > 1.0) break;
        s = next;
    }
    if (!done) {
        highp float lo = 0.0, hi = 1.0;
        s = x;
        for (int i = 0; i < 30; i++) {
            highp float v = bezier(s, c.x, c.z);
            if (v < x) lo = s; else hi = s;
            s = 0.5 * (lo + hi);
        }
    }
    return bezier(s, c.y, c.w);
}

// Spring.progress: 1 − the closed-form displacement at time t seconds.
highp float springProgress(highp vec4 sp, highp float t) {
    highp float w0 = sp.x, zeta = sp.y, v0 = sp.z;
    highp float displacement;
    if (zeta < 1.0) {
        highp float wd = w0 * sqrt(1.0 - zeta * zeta);
        highp float b = (zeta * w0 - v0) / wd;
        displacement = exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t));
    } else if (zeta == 1.0) {
        displacement = exp(-w0 * t) * (1.0 + (w0 - v0) * t);
    } else {
        highp float root = sqrt(zeta * zeta - 1.0);
        highp float r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root);
        highp float c2 = (-v0 - r1) / (r2 - r1);
        displacement = (1.0 - c2) * exp(r1 * t) + c2 * exp(r2 * t);
    }
    return 1.0 - displacement;
}

highp float keyTime(int row, int timesStart, int i) {
    highp vec4 four = record(row, timesStart + i / 4);
    int k = i - (i / 4) * 4;
    return k == 0 ? four.x : k == 1 ? four.y : k == 2 ? four.z : four.w;
}

// Keyframes.value for the linear (and paced, packed with its key times), discrete and cubic modes (the
// Kochanek–Bartels segment as a Hermite curve between its packed tangents).
highp vec4 keyframeValue(int row, highp float f) {
    highp vec4 header = record(row, RECORD_TEXEL_KEYFRAMES);
    int n = int(header.x);
    if (n < 2) return record(row, RECORD_TEXEL_VALUES);
    int timesStart = RECORD_TEXEL_VALUES + n;
    if (int(header.y) == KEYFRAMES_DISCRETE) {
        int last = 0;
        for (int j = 0; j < n; j++) { if (keyTime(row, timesStart, j) <= f) last = j; }
        return record(row, RECORD_TEXEL_VALUES + last);
    }
    int i = 0;
    highp float u;
    if (f <= keyTime(row, timesStart, 0)) {
        u = 0.0;
    } else if (f >= keyTime(row, timesStart, n - 1)) {
        i = n - 2;
        u = 1.0;
    } else {
        while (i < n - 2 && f >= keyTime(row, timesStart, i + 1)) i++;
        highp float a = keyTime(row, timesStart, i), span = keyTime(row, timesStart, i + 1) - a;
        u = span > 0.0 ? (f - a) / span : 1.0;
    }
    int functionsStart = timesStart + (n + 3) / 4;
    if (i < int(header.z)) u = timingProgress(record(row, functionsStart + i), u);
    highp vec4 a = record(row, RECORD_TEXEL_VALUES + i), b = record(row, RECORD_TEXEL_VALUES + 1 + i);
    if (int(header.y) == KEYFRAMES_CUBIC) {
        int tangents = functionsStart + n - 1 + 2 * i;
        highp float u2 = u * u, u3 = u2 * u;
        return (2.0 * u3 - 3.0 * u2 + 1.0) * a + (u3 - 2.0 * u2 + u) * record(row, tangents)
            + (-2.0 * u3 + 3.0 * u2) * b + (u3 - u2) * record(row, tangents + 1);
    }
    return mix(a, b, u);
}

// DecomposedTransform.slerp.
highp vec4 slerp(highp vec4 a, highp vec4 b, highp float t) {
    highp float d = dot(a, b);
    if (d < 0.0) { b = -b; d = -d; }
    if (d > 0.9995) return normalize(mix(a, b, t));
    highp float theta = acos(min(1.0, d));
    highp float s = sin(theta);
    return a * (sin((1.0 - t) * theta) / s) + b * (sin(t * theta) / s);
}

// DecomposedTransform.interpolate then .matrix: the transform between the record's decomposed endpoints
// at `progress`, as rows (result[i] is row i of the row-vector matrix, so result[i][j] is m(i+1)(j+1)).
// With rows stored as GLSL columns, the row-vector product A · B is B * A here.
highp mat4 transformAt(int row, highp float progress) {
    highp vec4 perspective = mix(record(row, RECORD_TEXEL_TRANSFORM_START), record(row, RECORD_TEXEL_TRANSFORM_END), progress);
    highp vec3 translate = mix(record(row, RECORD_TEXEL_TRANSFORM_START + 1).xyz, record(row, RECORD_TEXEL_TRANSFORM_END + 1).xyz, progress);
    highp vec3 scale = mix(record(row, RECORD_TEXEL_TRANSFORM_START + 2).xyz, record(row, RECORD_TEXEL_TRANSFORM_END + 2).xyz, progress);
    highp vec3 skew = mix(record(row, RECORD_TEXEL_TRANSFORM_START + 3).xyz, record(row, RECORD_TEXEL_TRANSFORM_END + 3).xyz, progress);
    highp vec4 q = slerp(record(row, RECORD_TEXEL_TRANSFORM_START + 4), record(row, RECORD_TEXEL_TRANSFORM_END + 4), progress);
    highp float x = q.x, y = q.y, z = q.z, w = q.w;
    highp mat4 r = mat4(
        vec4(1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + z * w), 2.0 * (x * z - y * w), 0.0),
        vec4(2.0 * (x * y - z * w), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + x * w), 0.0),
        vec4(2.0 * (x * z + y * w), 2.0 * (y * z - x * w), 1.0 - 2.0 * (x * x + y * y), 0.0),
        vec4(0.0, 0.0, 0.0, 1.0));
    highp mat4 sk = mat4(1.0);
    sk[1][0] = skew.x; sk[2][0] = skew.y; sk[2][1] = skew.z;
    highp mat4 s = mat4(1.0);
    s[0][0] = scale.x; s[1][1] = scale.y; s[2][2] = scale.z;
    highp mat4 m = r * sk * s;                   // s · sk · r
    m[3] = vec4(translate, m[3].w);
    highp mat4 p = mat4(1.0);
    p[0][3] = perspective.x; p[1][3] = perspective.y; p[2][3] = perspective.z; p[3][3] = perspective.w;
    return p * m;                                // m · p
}

// The time record `row`'s own timing runs in at time t: t itself, or for a group's child (flag 256) the
// group's local time (its timing function's progress × its simple duration, RECORD_TEXEL_GROUP), as
// PreparedAnimation.apply gives a group's children; false when the group has no effect then.
bool parentTime(int row, highp float t, out highp float parent) {
    if ((int(record(row, RECORD_TEXEL_CYCLE).z) & RECORD_IN_GROUP) == 0) {
        parent = t;
        return true;
    }
    highp vec4 g0 = record(row, RECORD_TEXEL_GROUP);
    highp float fraction, iteration;
    if (!sampleTiming(g0, record(row, RECORD_TEXEL_GROUP + 1), t, fraction, iteration)) return false;
    parent = timingProgress(record(row, RECORD_TEXEL_GROUP + 2), fraction) * g0.y;
    return true;
}

// The transform record `row` presents at time t (a whole-matrix basic or spring animation); false when it
// has no effect then.
bool evaluateTransformAnimation(int row, highp float frameTime, out highp mat4 rows) {
    highp vec4 t1 = record(row, RECORD_TEXEL_CYCLE);
    highp float t, fraction, iteration;
    if (!parentTime(row, frameTime, t) || !sampleTiming(record(row, RECORD_TEXEL_TIMING), t1, t, fraction, iteration)) return false;
    highp float curved = timingProgress(record(row, RECORD_TEXEL_TIMING_FUNCTION), fraction);
    highp float progress = int(t1.w) == FORM_SPRING ? springProgress(record(row, RECORD_TEXEL_SPRING), curved * record(row, RECORD_TEXEL_TIMING).y) : curved;
    rows = transformAt(row, progress);
    return true;
}

// The value record `row` presents at time t over the value beneath it; false when it has no effect then.
bool evaluateAnimation(int row, highp float frameTime, highp vec4 beneath, out highp vec4 value) {
    highp vec4 t1 = record(row, RECORD_TEXEL_CYCLE);
    highp float t, fraction, iteration;
    if (!parentTime(row, frameTime, t) || !sampleTiming(record(row, RECORD_TEXEL_TIMING), t1, t, fraction, iteration)) return false;
    int flags = int(t1.z), form = int(t1.w);
    highp float curved = timingProgress(record(row, RECORD_TEXEL_TIMING_FUNCTION), fraction);
    bool cumulative = (flags & RECORD_CUMULATIVE) != 0 && iteration > 0.0;
    highp vec4 v;
    if (form == FORM_KEYFRAMES) {
        v = keyframeValue(row, curved);
        if (cumulative) {
            int n = int(record(row, RECORD_TEXEL_KEYFRAMES).x);
            v += (record(row, RECORD_TEXEL_VALUES + n - 1) - record(row, RECORD_TEXEL_VALUES)) * iteration;
        }
    } else {
        highp vec4 sp = record(row, RECORD_TEXEL_SPRING);
        highp float progress = form == FORM_SPRING ? springProgress(sp, curved * record(row, RECORD_TEXEL_TIMING).y) : curved;
        int ends = int(sp.w);
        highp vec4 given = record(row, RECORD_TEXEL_START);
        highp vec4 start = ends == ENDS_FIXED || ends == ENDS_FROM_ONLY ? given : beneath;
        highp vec4 end = ends == ENDS_FIXED ? record(row, RECORD_TEXEL_END) : ends == ENDS_FROM_ONLY ? beneath : ends == ENDS_TO_ONLY ? given : ends == ENDS_BY_ONLY ? beneath + given : beneath;
        v = mix(start, end, progress);
        if (cumulative) v += (end - start) * iteration;
    }
    value = (flags & RECORD_ADDITIVE) != 0 ? beneath + v : v;
    return true;
}

// LayerKeyPath.get for the components of points, sizes and rects (GPUAnimationRecord.componentCode, named
// in the generated motion_layout.glsl).
highp vec4 vectorPart(highp vec4 whole, int c) {
    if (c == COMPONENT_X || c == COMPONENT_WIDTH || c == COMPONENT_ORIGIN_X) return vec4(whole.x, 0.0, 0.0, 0.0);
    if (c == COMPONENT_Y || c == COMPONENT_HEIGHT || c == COMPONENT_ORIGIN_Y) return vec4(whole.y, 0.0, 0.0, 0.0);
    if (c == COMPONENT_ORIGIN) return vec4(whole.xy, 0.0, 0.0);
    if (c == COMPONENT_SIZE) return vec4(whole.zw, 0.0, 0.0);
    if (c == COMPONENT_SIZE_WIDTH) return vec4(whole.z, 0.0, 0.0, 0.0);
    if (c == COMPONENT_SIZE_HEIGHT) return vec4(whole.w, 0.0, 0.0, 0.0);
    return whole;
}

// LayerKeyPath.set: `part` written into `whole`.
highp vec4 withVectorPart(highp vec4 whole, int c, highp vec4 part) {
    if (c == COMPONENT_X || c == COMPONENT_WIDTH || c == COMPONENT_ORIGIN_X) return vec4(part.x, whole.yzw);
    if (c == COMPONENT_Y || c == COMPONENT_HEIGHT || c == COMPONENT_ORIGIN_Y) return vec4(whole.x, part.x, whole.zw);
    if (c == COMPONENT_ORIGIN) return vec4(part.xy, whole.zw);
    if (c == COMPONENT_SIZE) return vec4(whole.xy, part.xy);
    if (c == COMPONENT_SIZE_WIDTH) return vec4(whole.xy, part.x, whole.w);
    if (c == COMPONENT_SIZE_HEIGHT) return vec4(whole.xyz, part.x);
    return part;
}

// TransformComponents: a transform (rows) read as scale, then rotation about x, y, z, then translation,
// with its perspective column carried through.
struct TransformParts { highp vec3 scale; highp vec3 rotation; highp vec3 translation; highp vec4 perspective; };

TransformParts transformParts(highp mat4 m) {
    TransformParts p;
    p.translation = m[3].xyz;
    p.perspective = vec4(m[0].w, m[1].w, m[2].w, m[3].w);
    highp float sx = length(m[0].xyz), sy = length(m[1].xyz), sz = length(m[2].xyz);
    p.scale = vec3(sx, sy, sz);
    highp float r11 = sx == 0.0 ? 1.0 : m[0].x / sx, r12 = sx == 0.0 ? 0.0 : m[0].y / sx, r13 = sx == 0.0 ? 0.0 : m[0].z / sx;
    highp float r23 = sy == 0.0 ? 0.0 : m[1].z / sy, r33 = sz == 0.0 ? 1.0 : m[2].z / sz;
    p.rotation = vec3(atan(r23, r33), asin(clamp(-r13, -1.0, 1.0)), atan(r12, r11));
    return p;
}

// TransformComponents.matrix: scale · Rx · Ry · Rz, then the translation and perspective written in.
highp mat4 transformFromParts(TransformParts p) {
    highp mat4 m = mat4(1.0);
    m[0][0] = p.scale.x; m[1][1] = p.scale.y; m[2][2] = p.scale.z;
    if (p.rotation != vec3(0.0)) {
        highp vec3 c = cos(p.rotation), s = sin(p.rotation);
        highp mat4 rx = mat4(vec4(1.0, 0.0, 0.0, 0.0), vec4(0.0, c.x, s.x, 0.0), vec4(0.0, -s.x, c.x, 0.0), vec4(0.0, 0.0, 0.0, 1.0));
        highp mat4 ry = mat4(vec4(c.y, 0.0, -s.y, 0.0), vec4(0.0, 1.0, 0.0, 0.0), vec4(s.y, 0.0, c.y, 0.0), vec4(0.0, 0.0, 0.0, 1.0));
        highp mat4 rz = mat4(vec4(c.z, s.z, 0.0, 0.0), vec4(-s.z, c.z, 0.0, 0.0), vec4(0.0, 0.0, 1.0, 0.0), vec4(0.0, 0.0, 0.0, 1.0));
        m = rz * ry * rx * m;                    // scale · Rx · Ry · Rz
    }
    m[3].xyz = p.translation;
    m[0].w = p.perspective.x; m[1].w = p.perspective.y; m[2].w = p.perspective.z; m[3].w = p.perspective.w;
    return m;
}

// TransformComponents.get.
highp vec4 transformPart(TransformParts p, int c) {
    if (c == COMPONENT_ROTATION_X) return vec4(p.rotation.x, 0.0, 0.0, 0.0);
    if (c == COMPONENT_ROTATION_Y) return vec4(p.rotation.y, 0.0, 0.0, 0.0);
    if (c == COMPONENT_ROTATION_Z || c == COMPONENT_ROTATION) return vec4(p.rotation.z, 0.0, 0.0, 0.0);
    if (c == COMPONENT_SCALE_X) return vec4(p.scale.x, 0.0, 0.0, 0.0);
    if (c == COMPONENT_SCALE_Y) return vec4(p.scale.y, 0.0, 0.0, 0.0);
    if (c == COMPONENT_SCALE_Z) return vec4(p.scale.z, 0.0, 0.0, 0.0);
    if (c == COMPONENT_SCALE) return vec4((p.scale.x + p.scale.y + p.scale.z) / 3.0, 0.0, 0.0, 0.0);
    if (c == COMPONENT_TRANSLATION_X) return vec4(p.translation.x, 0.0, 0.0, 0.0);
    if (c == COMPONENT_TRANSLATION_Y) return vec4(p.translation.y, 0.0, 0.0, 0.0);
    if (c == COMPONENT_TRANSLATION_Z) return vec4(p.translation.z, 0.0, 0.0, 0.0);
    return vec4(p.translation.xy, 0.0, 0.0);
}

// TransformComponents.set.
void setTransformPart(inout TransformParts p, int c, highp vec4 v) {
    if (c == COMPONENT_ROTATION_X) p.rotation.x = v.x;
    else if (c == COMPONENT_ROTATION_Y) p.rotation.y = v.x;
    else if (c == COMPONENT_ROTATION_Z || c == COMPONENT_ROTATION) p.rotation.z = v.x;
    else if (c == COMPONENT_SCALE_X) p.scale.x = v.x;
    else if (c == COMPONENT_SCALE_Y) p.scale.y = v.x;
    else if (c == COMPONENT_SCALE_Z) p.scale.z = v.x;
    else if (c == COMPONENT_SCALE) p.scale = vec3(v.x);
    else if (c == COMPONENT_TRANSLATION_X) p.translation.x = v.x;
    else if (c == COMPONENT_TRANSLATION_Y) p.translation.y = v.x;
    else if (c == COMPONENT_TRANSLATION_Z) p.translation.z = v.x;
    else p.translation.xy = v.xy;
}

