import Foundation
import StrataCore
@testable import StrataRender
import Testing

/// The GPU motion path's layout has one definition, `MotionLayout`; the shaders take its numbers from the
/// generated "motion_layout.glsl". These tests fail when a shader copies a layout number, a field or flag
/// bit by hand, or when the captured state's outputs and the Swift table part ways.
@Suite struct MotionLayoutTests {
    static let glsl = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Shaders/glsl").standardized

    static func shaders() throws -> [(String, String)] {
        try FileManager.default.contentsOfDirectory(atPath: glsl.path).sorted().map {
            ($0, try String(contentsOf: glsl.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The header's `const int NAME = VALUE;` lines.
    static func constants() -> [String: Int] {
        var out: [String: Int] = [:]
        for line in MotionLayout.glslHeader.split(separator: "\n") where line.hasPrefix("const int ") {
            let parts = line.dropFirst(10).dropLast().split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let v = Int(parts[1]) { out[parts[0]] = v }
        }
        return out
    }

    @Test func theHeaderCarriesTheSwiftTablesValues() {
        let c = Self.constants()
        #expect(c["SLOT_TEXELS"] == MotionSlots.texelsPerSlot && c["SLOTS_PER_LINE"] == MotionSlots.slotsPerLine)
        #expect(c["SLOT_TEXELS"].map { $0 * (c["SLOTS_PER_LINE"] ?? 0) <= 2048 } == true)   // GLES 3.0's smallest texture width
        #expect(c["STATE_TEXELS"] == MotionLayout.StateTexel.allCases.count && c["STATES_PER_LINE"].map { $0 * (c["STATE_TEXELS"] ?? 0) <= 2048 } == true)
        #expect(c["RECORD_TEXELS"] == GPUAnimationRecord.texelsPerRecord && c["RECORDS_PER_LINE"] == GPUAnimationRecord.recordsPerLine)
        for p in MotionSlots.Property.allCases { #expect(c.values.contains(p.rawValue) && c.keys.contains { $0 == Self.snake("\(p)") }, "\(p)") }
        for (name, field) in MotionRef.Fields.named { #expect(c["FIELD_" + Self.snake(name)] == Int(field.rawValue), "\(name)") }
        for (name, flag) in GPUAnimationRecord.Flags.named { #expect(c["RECORD_" + Self.snake(name)] == flag.rawValue, "\(name)") }
        for t in GPUAnimationRecord.Texel.allCases { #expect(c[t.glslName] == t.rawValue, "\(t)") }
        #expect(c["RECORD_TEXEL_TRANSFORM_START"] == 8 && c["RECORD_TEXEL_GROUP"] == GPUAnimationRecord.groupTexel)
        for (name, mode) in MotionRef.Modes.named { #expect(c["MODE_" + Self.snake(name)] == Int(mode.rawValue), "\(name)") }
        // Fields (values from the slot) below bit 24, modes (how the quad is drawn) from it, both in the signed
        // 32-bit integer layer.vert reads (QuadBatch sends fields | modes): one bit each, none shared.
        #expect(MotionRef.Fields.named.allSatisfy { $0.1.rawValue < 1 << 24 && $0.1.rawValue.nonzeroBitCount == 1 })
        #expect(MotionRef.Modes.named.allSatisfy { $0.1.rawValue >= 1 << 24 && $0.1.rawValue < 1 << 31 && $0.1.rawValue.nonzeroBitCount == 1 })
        let bits = MotionRef.Fields.named.map(\.1.rawValue) + MotionRef.Modes.named.map(\.1.rawValue)
        #expect(Set(bits).count == bits.count)
    }

    @Test func theAnimationShaderNamesItsCodes() throws {
        let c = Self.constants()
        for form in GPUAnimationRecord.Form.allCases { #expect(c["FORM_" + Self.snake("\(form)")] == form.rawValue, "\(form)") }
        for mode in GPUAnimationRecord.KeyframeMode.allCases { #expect(c["KEYFRAMES_" + Self.snake("\(mode)")] == mode.rawValue, "\(mode)") }
        for ends in GPUAnimationRecord.Ends.allCases { #expect(c["ENDS_" + Self.snake("\(ends)")] == ends.rawValue, "\(ends)") }
        for component in LayerKeyPath.Component.allCases {
            #expect(c["COMPONENT_" + Self.snake("\(component)")] == GPUAnimationRecord.componentCode(component), "\(component)")
        }
        #expect(c["COMPONENT_ROTATION_X"] == 11 && c["COMPONENT_TRANSLATION"] == 22)
        for form in TrimmableStroke.Form.allCases { #expect(c["TRIM_FORM_" + Self.snake("\(form)")] == form.rawValue, "\(form)") }
        for kind in TrimmableStroke.Kind.allCases { #expect(c["TRIM_KIND_" + Self.snake("\(kind)")] == kind.rawValue, "\(kind)") }
        for file in ["animation.glsl", "coverage_trim.glsl"] {
            let text = try String(contentsOf: Self.glsl.appendingPathComponent(file), encoding: .utf8)
            for pattern in [#"\b(c|form|ends|kind)\s*(==|>=|<=|>|<)\s*\d"#, #"(header\.y|t1\.w)\)\s*==\s*\d"#] {
                let hits = text.split(separator: "\n").filter { $0.range(of: pattern, options: .regularExpression) != nil }
                #expect(hits.isEmpty, "\(file) writes a component, form, endpoint, keyframe or outline code as a number: \(hits)")
            }
        }
    }

    @Test func noShaderCopiesALayoutNumber() throws {
        let forbidden: [(String, String)] = [
            (#"(fields|flags)\s*&\s*\d"#, "a field or flag bit written as a number"),
            (#"slot(State|Texel|Rows)\([^,()]+,\s*\d"#, "a slot or state texel written as a number"),
            (#"record\([^,()]+,\s*\d"#, "an animation record's texel written as a number"),
            (#"%\s*\d+\)\s*\*\s*\d+"#, "a texture line layout written as numbers"),
            (#"depth\s*<\s*\d"#, "the slot depth written as a number"),
        ]
        let files = try Self.shaders()
        #expect(files.count > 20)
        for (name, text) in files {
            for (pattern, what) in forbidden {
                let hits = text.split(separator: "\n").filter { $0.range(of: pattern, options: .regularExpression) != nil }
                #expect(hits.isEmpty, "\(name): \(what): \(hits.first ?? "")")
            }
        }
    }

    @Test func theMotionPassCapturesTheStatesInTheTablesOrder() throws {
        let source = try #require(try Self.shaders().first { $0.0 == "motion_slots.vert" }?.1)
        let outputs = source.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("out highp vec4 ") else { return nil }
            return line.dropFirst(15).split(separator: ";").first.map(String.init)
        }
        #expect(outputs == MotionLayout.StateTexel.allCases.map(\.varying))
        // Every motion property starts from its model value: one channel each, read by the generated code
        // the motion pass calls.
        #expect(source.contains("#include \"motion_channels.glsl\"") && source.contains("slotModelValues(s, values);"))
        let generated = try #require(MotionLayout.generatedIncludes["motion_channels.glsl"])
        for p in MotionSlots.Property.allCases {
            #expect(MotionChannel.all.filter { $0.property == p }.count == 1, "\(p) has no channel, or two")
            #expect(p == .transform || generated.contains("values[\(Self.snake("\(p)"))] ="), "no value beneath for \(p)")
        }
    }

    @Test func channelsShareASlotTexelOnlyAcrossKinds() {
        // For every kind, the channels it fills take distinct components of the slot (a gradient's points
        // and a shape's fill colour share texels: no layer has both).
        for kind in LayerKind.allCases {
            let model = LayerModel(kind: kind)
            var taken: [Int: MotionSlots.Property] = [:]
            for c in MotionChannel.all where c.read(model) != nil {
                for i in 0..<c.count {
                    let component = c.texel.rawValue * 4 + c.first + i
                    #expect(taken[component] == nil, "\(kind): \(c.property) and \(taken[component].map { "\($0)" } ?? "") share a component")
                    taken[component] = c.property
                }
            }
            // Header, static matrix and the animations' pairs are no channel's.
            #expect(!taken.keys.contains { $0 / 4 == MotionLayout.SlotTexel.header.rawValue || $0 / 4 >= MotionLayout.SlotTexel.animations.rawValue })
        }
    }

    static func snake(_ name: String) -> String {
        name.reduce(into: "") { out, c in
            if c.isUppercase, !out.isEmpty { out.append("_") }
            out.append(contentsOf: c.uppercased())
        }
    }
}
