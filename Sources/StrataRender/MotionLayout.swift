import Foundation
import StrataCore

/// The one definition of how the GPU motion path lays out its data: the slot texture `MotionSlots`
/// writes, the state texture the motion pass captures, the animation records' texture, the motion
/// properties, a quad's slot fields and a record's flags. The shaders get these numbers only from the
/// GLSL header generated from this table (`glslHeader`, included as "motion_layout.glsl"), never as
/// literals, so Swift and GLSL cannot disagree (`MotionLayoutTests` checks that the shaders use the names).
public enum MotionLayout {
    /// Texels of a slot in the slot texture (MotionSlots documents each), by what they hold.
    public enum SlotTexel: Int, CaseIterable, Sendable {
        case position = 0, anchor, bounds, transform, outer = 7, background = 11, header, shape, borderColor, shadow, shadowColor,
             contentsRect, fill, stroke
        /// Where the (record row, property) pairs start, two to a texel.
        case animations

        var glslName: String { "SLOT_" + MotionLayout.screamingSnake("\(self)") }
    }

    /// Texels of a slot's state in the state texture, in the order the motion pass captures them (each
    /// is one of `motion_slots.vert`'s outputs, named here).
    public enum StateTexel: Int, CaseIterable, Sendable {
        case row1 = 0, row2, row3, row4, alphaParent, color, bounds, shape, borderColor, shadow, shadowColor, contentsRect, fillColor, strokeColor

        /// The vertex output that carries it (`v_row1`, `v_alphaParent`, …).
        public var varying: String { "v_" + "\(self)" }
        var glslName: String { "STATE_" + MotionLayout.screamingSnake("\(self)") }
    }

    public static let slotTexels = SlotTexel.animations.rawValue + MotionSlots.maxAnimations / 2
    /// Slots side by side on one row of the slot texture (2,044 texels: GLES 3.0 promises 2,048).
    public static let slotsPerLine = 2048 / slotTexels
    public static let stateTexels = StateTexel.allCases.count
    /// States side by side on one row of the state texture (2,044 texels).
    public static let statesPerLine = 2048 / stateTexels

    /// The constants every motion shader includes.
    public static let glslHeader: String = {
        var lines = ["// Generated from StrataRender's MotionLayout (do not copy these numbers into a shader)."]
        func constant(_ name: String, _ value: Int) { lines.append("const int \(name) = \(value);") }
        constant("SLOT_TEXELS", slotTexels)
        constant("SLOTS_PER_LINE", slotsPerLine)
        constant("MAX_SLOT_ANIMATIONS", MotionSlots.maxAnimations)
        constant("MAX_SLOT_DEPTH", MotionSlots.maxDepth)
        for t in SlotTexel.allCases { constant(t.glslName, t.rawValue) }
        constant("STATE_TEXELS", stateTexels)
        constant("STATES_PER_LINE", statesPerLine)
        for t in StateTexel.allCases { constant(t.glslName, t.rawValue) }
        constant("RECORD_TEXELS", GPUAnimationRecord.texelsPerRecord)
        constant("RECORDS_PER_LINE", GPUAnimationRecord.recordsPerLine)
        for t in GPUAnimationRecord.Texel.allCases { constant(t.glslName, t.rawValue) }
        for (name, flag) in GPUAnimationRecord.Flags.named { constant("RECORD_" + screamingSnake(name), flag.rawValue) }
        for p in MotionSlots.Property.allCases { constant(screamingSnake("\(p)"), p.rawValue) }
        constant("PROPERTY_COUNT", (MotionSlots.Property.allCases.map(\.rawValue).max() ?? 0) + 1)
        for (name, field) in MotionRef.Fields.named { constant("FIELD_" + screamingSnake(name), Int(field.rawValue)) }
        for (name, mode) in MotionRef.Modes.named { constant("MODE_" + screamingSnake(name), Int(mode.rawValue)) }
        for form in GPUAnimationRecord.Form.allCases { constant("FORM_" + screamingSnake("\(form)"), form.rawValue) }
        for mode in GPUAnimationRecord.KeyframeMode.allCases { constant("KEYFRAMES_" + screamingSnake("\(mode)"), mode.rawValue) }
        for ends in GPUAnimationRecord.Ends.allCases { constant("ENDS_" + screamingSnake("\(ends)"), ends.rawValue) }
        for form in TrimmableStroke.Form.allCases { constant("TRIM_FORM_" + screamingSnake("\(form)"), form.rawValue) }
        for kind in TrimmableStroke.Kind.allCases { constant("TRIM_KIND_" + screamingSnake("\(kind)"), kind.rawValue) }
        for component in LayerKeyPath.Component.allCases {
            constant("COMPONENT_" + screamingSnake("\(component)"), GPUAnimationRecord.componentCode(component))
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The generated includes shader sources may name.
    public static var generatedIncludes: [String: String] {
        ["motion_layout.glsl": glslHeader, "motion_channels.glsl": MotionChannel.glslStartingValues,
         "particle_layout.glsl": "const int RUNS_PER_DRAW = \(ParticleUniforms.runsPerDraw);\n"]
    }

    /// "anchorPointZ" → "ANCHOR_POINT_Z".
    static func screamingSnake(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase, !out.isEmpty { out.append("_") }
            out.append(contentsOf: c.uppercased())
        }
        return out
    }
}
