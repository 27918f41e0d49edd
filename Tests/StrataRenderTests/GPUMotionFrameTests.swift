import Foundation
import CStrataGL
import StrataCore
import StrataOffline
import StrataDisplay
import StrataProtocol
import StrataRender
import StrataScene
@testable import StrataServer
import StrataTestSupport
import Testing

/// Frames drawn with animations evaluated on the GPU (motion slots, draw lists reused between scheduled
/// changes) against frames drawn with every animation evaluated on the CPU (`Presentation.apply`), pixel
/// by pixel, for every animation class and timing mode of the semantics tests. Cases the GPU path does
/// not take (nested groups, paced cubic keyframes, cycling layer time, effects that need the CPU) must come out
/// the same too: they fall back, and the expected slot count says which is which.
@Suite struct GPUMotionFrameTests {
    /// The most any channel of any pixel may differ (of 255), documented in docs/animation.md:
    /// single-precision evaluation moves an edge by far less than a pixel, which anti-aliasing turns into
    /// a small change of an edge pixel's coverage.
    static let tolerance = 3
    static let times = [0, 0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 1.1, 1.45, 1.6, 2.2]

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The layers (JSON array items).
        let layers: String
        /// Motion slots of the first frame.
        let slots: Int
        /// Whether some frames reuse their draw list (only the GPU evaluates).
        let reuses: Bool
        /// The animated layers drawn with CPU-evaluated values in the first frame, and why (the others move with slots).
        var cpu: [String: MotionCPUReason] = [:]
        var testDescription: String { name }
    }

    static func layer(_ animations: String, extra: String = "") -> String {
        ##"{"id":"a","bounds":[0,0,14,10],"position":[20,20],"backgroundColor":"#FF8000"\##(extra),"animations":{\##(animations)}}"##
    }

    static let cases: [Case] = [
        Case(name: "from/to position", layers: layer(##""m":{"type":"basic","keyPath":"position","fromValue":[10,10],"toValue":[50,38],"duration":1}"##), slots: 1, reuses: true),
        Case(name: "from only", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":50,"duration":1.3}"##), slots: 1, reuses: true),
        Case(name: "to only, easeIn", layers: layer(##""m":{"type":"basic","keyPath":"position.y","toValue":40,"duration":1,"timingFunction":"easeIn"}"##), slots: 1, reuses: true),
        Case(name: "by only, custom curve", layers: layer(##""m":{"type":"basic","keyPath":"position","byValue":[25,-8],"duration":1.2,"timingFunction":[0.3,1.6,0.6,-0.4]}"##), slots: 1, reuses: true),
        Case(name: "from+by, to+by", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":5,"byValue":40,"duration":1},"n":{"type":"basic","keyPath":"position.y","toValue":40,"byValue":-25,"duration":1.5}"##), slots: 1, reuses: true),
        Case(name: "additive over another", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":40,"duration":1},"n":{"type":"basic","keyPath":"position","fromValue":[0,0],"toValue":[8,14],"duration":0.6,"additive":true,"autoreverses":true,"repeatCount":3}"##), slots: 1, reuses: true),
        Case(name: "cumulative repeats", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":8,"toValue":18,"duration":0.5,"cumulative":true,"repeatCount":3.5}"##), slots: 1, reuses: true),
        Case(name: "fill backwards, begin later", layers: layer(##""m":{"type":"basic","keyPath":"opacity","fromValue":0.2,"toValue":1,"duration":0.6,"beginTime":0.5,"fillMode":"backwards"}"##), slots: 1, reuses: true),
        Case(name: "fill forwards kept", layers: layer(##""m":{"type":"basic","keyPath":"position.y","toValue":40,"duration":0.4,"fillMode":"forwards","removedOnCompletion":false}"##), slots: 1, reuses: true),
        Case(name: "repeat duration, autoreverse", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50,"duration":0.3,"repeatDuration":1.4,"autoreverses":true}"##), slots: 1, reuses: true),
        Case(name: "speed and time offset", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50,"duration":1,"speed":1.7,"timeOffset":0.4,"repeatCount":"infinity"}"##), slots: 1, reuses: true),
        Case(name: "speed 0 frozen", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50,"duration":1,"speed":0,"timeOffset":0.3}"##), slots: 1, reuses: true),
        Case(name: "negative speed", layers: layer(##""m":{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50,"duration":1,"speed":-1,"timeOffset":0.8,"fillMode":"both"}"##), slots: 1, reuses: true),
        Case(name: "spring under-damped", layers: layer(##""m":{"type":"spring","keyPath":"position.x","fromValue":10,"toValue":45,"duration":2,"damping":4,"initialVelocity":2}"##), slots: 1, reuses: true),
        Case(name: "spring critically and over-damped", layers: layer(##""m":{"type":"spring","keyPath":"position.x","fromValue":10,"toValue":45,"duration":2,"stiffness":100,"damping":20},"n":{"type":"spring","keyPath":"position.y","fromValue":5,"toValue":40,"duration":2,"damping":40,"mass":2}"##), slots: 1, reuses: true),
        Case(name: "keyframes linear with key times and curves", layers: layer(##""m":{"type":"keyframe","keyPath":"position","values":[[10,10],[50,15],[30,40],[12,30]],"keyTimes":[0,0.2,0.7,1],"timingFunctions":["easeIn","linear",[0.2,0.9,0.4,1]],"duration":1.5}"##), slots: 1, reuses: true),
        Case(name: "keyframes discrete", layers: layer(##""m":{"type":"keyframe","keyPath":"position.x","values":[10,30,50],"calculationMode":"discrete","duration":1.2,"repeatCount":2}"##), slots: 1, reuses: true),
        Case(name: "keyframes paced", layers: layer(##""m":{"type":"keyframe","keyPath":"position","values":[[10,10],[50,10],[50,40]],"calculationMode":"paced","duration":1.4}"##), slots: 1, reuses: true),
        Case(name: "keyframes cubic", layers: layer(##""m":{"type":"keyframe","keyPath":"position","values":[[10,10],[50,15],[30,40]],"calculationMode":"cubic","duration":1.4}"##), slots: 1, reuses: true),
        Case(name: "keyframes cubic: tension, continuity, bias, key times, curves, colours", layers: layer(##""m":{"type":"keyframe","keyPath":"position","values":[[10,10],[50,15],[30,40],[12,30],[40,8]],"keyTimes":[0,0.3,0.5,0.8,1],"timingFunctions":["easeIn",[0.2,0.9,0.4,1]],"tensionValues":[0,0.5,-0.4,0.2,0],"continuityValues":[0,-0.6,0.3,0,0],"biasValues":[0,0.4,0,-0.7,0],"calculationMode":"cubic","duration":1.5,"cumulative":true,"repeatCount":1.5},"c":{"type":"keyframe","keyPath":"backgroundColor","values":["#FF0000","#00FF00","#2040FF","#FFFFFF"],"calculationMode":"cubic","duration":1.3}"##), slots: 1, reuses: true),
        Case(name: "keyframes cubic paced (CPU)", layers: layer(##""m":{"type":"keyframe","keyPath":"position","values":[[10,10],[50,15],[30,40]],"calculationMode":"cubicPaced","duration":1.4}"##), slots: 0, reuses: false, cpu: ["a": .animationOffRecords]),
        Case(name: "whole transform", layers: layer(##""m":{"type":"basic","keyPath":"transform","fromValue":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"toValue":[0,1.5,0,0,-1.5,0,0,0,0,0,1,0,10,8,0,1],"duration":1.2}"##), slots: 1, reuses: true),
        Case(name: "transform components", layers: layer(##""r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":7,"duration":2},"s":{"type":"basic","keyPath":"transform.scale","fromValue":0.5,"toValue":1.8,"duration":1,"autoreverses":true},"t":{"type":"basic","keyPath":"transform.translation","toValue":[12,-5],"duration":1.5}"##), slots: 1, reuses: true),
        Case(name: "background colour to none", layers: layer(##""c":{"type":"basic","keyPath":"backgroundColor","fromValue":"#2040FF","toValue":null,"duration":1.3},"m":{"type":"basic","keyPath":"position.x","byValue":20,"duration":1}"##), slots: 1, reuses: true),
        Case(name: "anchor point and rounded border", layers: layer(##""a":{"type":"basic","keyPath":"anchorPoint","fromValue":[0,0],"toValue":[1,1],"duration":1}"##, extra: ##","cornerRadius":4,"borderWidth":2,"borderColor":"#FFFFFF""##), slots: 1, reuses: true),
        Case(name: "group", layers: layer(##""g":{"type":"group","duration":1.2,"animations":[{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50,"duration":1}]}"##), slots: 1, reuses: true),
        Case(name: "group: children in its curved time, one of its duration, one held", layers: layer(##""g":{"type":"group","duration":1.2,"beginTime":0.1,"timingFunction":"easeInEaseOut","animations":[{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50,"duration":0},{"type":"keyframe","keyPath":"opacity","values":[1,0.2,0.7],"beginTime":0.3,"duration":0.5,"fillMode":"forwards"},{"type":"basic","keyPath":"position.y","byValue":12,"duration":0.4,"beginTime":0.2}]},"m":{"type":"basic","keyPath":"position.y","byValue":-6,"duration":1.6}"##), slots: 1, reuses: true),
        Case(name: "group repeating, autoreversed, faster, filled", layers: layer(##""g":{"type":"group","duration":0.6,"repeatCount":2.5,"autoreverses":true,"speed":1.3,"fillMode":"forwards","removedOnCompletion":false,"animations":[{"type":"spring","keyPath":"transform.rotation.z","fromValue":0,"toValue":1.2,"duration":0.6,"damping":5},{"type":"basic","keyPath":"backgroundColor","fromValue":"#2040FF","toValue":"#FFFF00","duration":0.5,"additive":false},{"type":"basic","keyPath":"position","toValue":[44,30],"duration":0.6,"fillMode":"both"}]}"##), slots: 1, reuses: true),
        Case(name: "group with a time offset: whole transform and bounds", layers: layer(##""g":{"type":"group","duration":1,"timeOffset":0.3,"repeatCount":"infinity","animations":[{"type":"basic","keyPath":"transform","fromValue":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"toValue":[0,1.2,0,0,-1.2,0,0,0,0,0,1,0,6,4,0,1],"duration":1},{"type":"basic","keyPath":"bounds.size","fromValue":[4,30],"toValue":[30,6],"duration":0.7,"autoreverses":true}]}"##), slots: 1, reuses: true),
        Case(name: "nested groups (CPU)", layers: layer(##""g":{"type":"group","duration":1.2,"animations":[{"type":"group","duration":1,"animations":[{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50,"duration":1}]}]}"##), slots: 0, reuses: false, cpu: ["a": .animationOffRecords]),
        Case(name: "a group with a CPU child (CPU)", layers: layer(##""g":{"type":"group","duration":1.2,"animations":[{"type":"basic","keyPath":"position.x","fromValue":10,"toValue":50},{"type":"basic","keyPath":"contentsCenter","toValue":[0,0,0.5,0.5]}]}"##), slots: 0, reuses: false, cpu: ["a": .propertyOffSlots]),
        Case(name: "nested slots", layers: ###"""
            {"id":"p","bounds":[0,0,40,30],"position":[32,24],
             "animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":-0.5,"toValue":0.8,"duration":2},
                           "o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.4,"duration":1.5}},
             "sublayers":[{"id":"c","bounds":[0,0,12,8],"position":[10,10],"backgroundColor":"#40FF40","opacity":0.8,
               "animations":{"m":{"type":"basic","keyPath":"position","byValue":[18,12],"duration":1,"autoreverses":true,"repeatCount":2}},
               "sublayers":[{"id":"g","bounds":[0,0,5,5],"position":[2,2],"backgroundColor":"#FF40FF",
                 "animations":{"s":{"type":"basic","keyPath":"transform.scale","fromValue":1,"toValue":2.5,"duration":0.9}}}]}]}
            """###, slots: 3, reuses: true),
        Case(name: "layer time: speed, offset and begin", layers: ###"""
            {"id":"p","bounds":[0,0,60,40],"position":[32,24],"speed":1.5,"timeOffset":0.2,"beginTime":0.1,
             "sublayers":[{"id":"c","bounds":[0,0,12,8],"position":[10,10],"backgroundColor":"#40FF40","speed":0.8,
               "animations":{"m":{"type":"basic","keyPath":"position.x","toValue":50,"duration":1.2}}}]}
            """###, slots: 1, reuses: true),
        Case(name: "layer time far from global time", layers: ###"""
            {"id":"p","bounds":[0,0,60,40],"position":[32,24],"timeOffset":250000,
             "sublayers":[{"id":"c","bounds":[0,0,12,8],"position":[10,10],"backgroundColor":"#40FF40","speed":0.5,"timeOffset":-3000,
               "animations":{"s":{"type":"basic","keyPath":"transform.rotation.z","byValue":2,"duration":0.43,"repeatCount":"infinity"},
                             "o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.3,"duration":0.9,"autoreverses":true,"repeatCount":"infinity"}}}]}
            """###, slots: 1, reuses: true),
        Case(name: "a finite animation long begun (CPU)", layers: ###"""
            {"id":"p","bounds":[0,0,60,40],"position":[32,24],"timeOffset":250000,
             "sublayers":[{"id":"c","bounds":[0,0,12,8],"position":[10,10],"backgroundColor":"#40FF40",
               "animations":{"m":{"type":"basic","keyPath":"position.x","toValue":50,"duration":1,"fillMode":"forwards","removedOnCompletion":false},
                             "n":{"type":"basic","keyPath":"position.y","byValue":5,"duration":0.5,"cumulative":true,"repeatCount":"infinity"}}}]}
            """###, slots: 0, reuses: false, cpu: ["c": .animationOffRecords]),
        Case(name: "cycling layer time (CPU)", layers: ###"""
            {"id":"p","bounds":[0,0,60,40],"position":[32,24],"duration":0.7,"repeatCount":"infinity",
             "sublayers":[{"id":"c","bounds":[0,0,12,8],"position":[10,10],"backgroundColor":"#40FF40",
               "animations":{"m":{"type":"basic","keyPath":"position.x","toValue":50,"duration":1}}}]}
            """###, slots: 0, reuses: false, cpu: ["c": .timeNotAffine]),
        Case(name: "static group opacity over a moving pair", layers: ###"""
            {"id":"p","bounds":[0,0,40,30],"position":[30,24],"opacity":0.6,
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":20,"toValue":40,"duration":1}},
             "sublayers":[{"id":"c","bounds":[0,0,20,20],"position":[10,10],"backgroundColor":"#FF0000"},
                          {"id":"d","bounds":[0,0,20,20],"position":[20,15],"backgroundColor":"#0000FF"}]}
            """###, slots: 1, reuses: true),
        Case(name: "animated opacity over a group, moving child", layers: ###"""
            {"id":"p","bounds":[0,0,40,30],"position":[30,24],
             "animations":{"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.3,"duration":1}},
             "sublayers":[{"id":"c","bounds":[0,0,20,20],"position":[10,10],"backgroundColor":"#FF0000",
                           "animations":{"m":{"type":"basic","keyPath":"position.x","byValue":15,"duration":1.2}}},
                          {"id":"d","bounds":[0,0,20,20],"position":[20,15],"backgroundColor":"#0000FF"}]}
            """###, slots: 2, reuses: true),
        Case(name: "a shadowed card fading in as a group under a static half opacity, its fading group inside", layers: ###"""
            {"id":"o","bounds":[0,0,64,48],"position":[32,24],"opacity":0.6,
             "sublayers":[{"id":"p","bounds":[0,0,36,26],"position":[30,24],"backgroundColor":"#334455","cornerRadius":4,
               "borderWidth":2,"borderColor":"#FFFFFF","shadowOpacity":0.8,"shadowRadius":2,"shadowOffset":[2,3],"shadowColor":"#40C0FF",
               "animations":{"o":{"type":"keyframe","keyPath":"opacity","values":[0,1,0.5],"keyTimes":[0,0.6,1],"duration":1.4},
                             "m":{"type":"basic","keyPath":"position.y","fromValue":30,"toValue":22,"duration":1,"timingFunction":"easeOut"}},
               "sublayers":[{"id":"c","bounds":[0,0,20,14],"position":[12,10],"backgroundColor":"#FF0000",
                             "animations":{"f":{"type":"spring","keyPath":"opacity","fromValue":0.2,"toValue":0.9,"duration":1.5,"damping":6}},
                             "sublayers":[{"id":"d","bounds":[0,0,10,10],"position":[16,10],"backgroundColor":"#00FF80"}]},
                            {"id":"e","bounds":[0,0,14,10],"position":[26,18],"backgroundColor":"#0000FF"}]}]}
            """###, slots: 3, reuses: true),
        Case(name: "a moving, fading layer with a mask and a sublayer", layers: ###"""
            {"id":"p","bounds":[0,0,30,24],"position":[30,24],"backgroundColor":"#334455","borderWidth":2,"borderColor":"#FFFFFF",
             "shadowOpacity":0.7,"shadowRadius":1.5,"shadowOffset":[2,2],"shadowColor":"#FF40C0",
             "animations":{"m":{"type":"basic","keyPath":"position","fromValue":[16,14],"toValue":[44,32],"duration":1.3},
                           "o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.35,"duration":1,"autoreverses":true}},
             "mask":{"id":"k","bounds":[0,0,26,18],"position":[14,12],"backgroundColor":"#FFFFFFC0","cornerRadius":8},
             "sublayers":[{"id":"c","bounds":[0,0,14,14],"position":[24,16],"backgroundColor":"#FF8000"}]}
            """###, slots: 1, reuses: true),
        Case(name: "a mask sliding over a layer under a turning, statically faded parent", layers: ###"""
            {"id":"o","bounds":[0,0,40,30],"position":[32,24],"opacity":0.8,
             "animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":-0.3,"toValue":0.5,"duration":1.5}},
             "sublayers":[{"id":"p","bounds":[0,0,30,20],"position":[20,15],"backgroundColor":"#20A0FF","cornerRadius":3,
               "mask":{"id":"k","bounds":[0,0,12,20],"position":[0,10],"backgroundColor":"#FFFFFF","cornerRadius":6,
                 "animations":{"m":{"type":"spring","keyPath":"position.x","fromValue":0,"toValue":30,"duration":1.6,"damping":7}}},
               "sublayers":[{"id":"c","bounds":[0,0,10,10],"position":[8,8],"backgroundColor":"#FFFF00"}]}]}
            """###, slots: 2, reuses: true),
        Case(name: "a still masked layer with a shadow inside a moving one", layers: ###"""
            {"id":"o","bounds":[0,0,44,34],"position":[32,24],"backgroundColor":"#202020",
             "animations":{"m":{"type":"keyframe","keyPath":"position.y","values":[18,30,24],"duration":1.2,"calculationMode":"cubic"}},
             "sublayers":[{"id":"p","bounds":[0,0,26,20],"position":[22,17],"backgroundColor":"#20FF80","opacity":0.7,
               "shadowOpacity":1,"shadowRadius":2,"shadowOffset":[0,3],"shadowColor":"#FFFFFF",
               "mask":{"id":"k","bounds":[0,0,20,14],"position":[13,10],"backgroundColor":"#FFFFFF","cornerRadius":7},
               "sublayers":[{"id":"c","bounds":[0,0,8,8],"position":[6,6],"backgroundColor":"#0000FF"}]}]}
            """###, slots: 1, reuses: true),
        Case(name: "a rasterized layer whose sublayer moves (CPU) beside a moving layer", layers: ###"""
            {"id":"r","bounds":[0,0,30,24],"position":[18,24],"backgroundColor":"#334455","shouldRasterize":true,
             "sublayers":[{"id":"c","bounds":[0,0,8,8],"position":[6,12],"backgroundColor":"#FF8000",
               "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":6,"toValue":24,"duration":1.5}}}]},
            {"id":"a","bounds":[0,0,10,10],"position":[50,10],"backgroundColor":"#00FF00",
             "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":10,"toValue":38,"duration":2}}}
            """###, slots: 1, reuses: false, cpu: ["c": .drawnIntoBitmap]),
        Case(name: "a replicator's tinted copies of a moving sublayer beside a moving layer", layers: ###"""
            {"id":"r","class":"replicator","bounds":[0,0,40,12],"position":[24,14],"instanceCount":3,
             "instanceTransform":[1,0,0,0,0,1,0,0,0,0,1,0,0,12,0,1],"instanceGreenOffset":-0.3,
             "sublayers":[{"id":"c","bounds":[0,0,8,8],"position":[6,6],"backgroundColor":"#FFFFFF",
               "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":4,"toValue":30,"duration":1.5}}}]},
            {"id":"a","bounds":[0,0,10,10],"position":[54,10],"backgroundColor":"#00FF00",
             "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":10,"toValue":38,"duration":2}}}
            """###, slots: 4, reuses: true),
        Case(name: "a spinner: eight copies of a fading dot, each an eighth of a second later, fading copies", layers: ###"""
            {"id":"r","class":"replicator","bounds":[0,0,40,40],"position":[32,24],"instanceCount":8,"instanceDelay":0.125,
             "instanceTransform":[0.70710678,0.70710678,0,0,-0.70710678,0.70710678,0,0,0,0,1,0,0,0,0,1],"instanceAlphaOffset":-0.08,
             "sublayers":[{"id":"d","bounds":[0,0,6,6],"position":[20,5],"backgroundColor":"#FFFFFF","cornerRadius":3,
               "animations":{"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.1,"duration":1,"repeatCount":"infinity"}}}]}
            """###, slots: 8, reuses: true),
        Case(name: "equalizer bars in a sliding card: scale keyframes a tenth of a second earlier each, tinted, one bar at speed 2", layers: ###"""
            {"id":"p","bounds":[0,0,48,30],"position":[32,24],"backgroundColor":"#202830","cornerRadius":4,
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":26,"toValue":38,"duration":2}},
             "sublayers":[{"id":"r","class":"replicator","bounds":[0,0,40,24],"position":[24,15],"instanceCount":4,"instanceDelay":-0.1,
               "instanceTransform":[1,0,0,0,0,1,0,0,0,0,1,0,9,0,0,1],"instanceColor":"#FFE0E0","instanceRedOffset":-0.2,"instanceBlueOffset":0.1,
               "sublayers":[{"id":"b","bounds":[0,0,6,20],"position":[5,12],"backgroundColor":"#40FF80",
                 "animations":{"s":{"type":"keyframe","keyPath":"transform.scale.y","values":[0.2,1,0.5,0.8],"duration":0.9,
                   "repeatCount":"infinity","autoreverses":true}}},
                 {"id":"c","bounds":[0,0,3,3],"position":[5,2],"backgroundColor":"#FFFFFF","speed":2,"timeOffset":0.27,
                   "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":2,"toValue":20,"duration":1.2}}}]}]}
            """###, slots: 9, reuses: true),
        Case(name: "tinted copies of a dot whose colour animates (CPU), beside a moving layer", layers: ###"""
            {"id":"r","class":"replicator","bounds":[0,0,40,12],"position":[24,14],"instanceCount":3,"instanceDelay":0.2,
             "instanceTransform":[1,0,0,0,0,1,0,0,0,0,1,0,0,12,0,1],"instanceColor":"#C0FFFF",
             "sublayers":[{"id":"c","bounds":[0,0,8,8],"position":[6,6],"backgroundColor":"#FFFFFF",
               "animations":{"c":{"type":"basic","keyPath":"backgroundColor","fromValue":"#FF0000","toValue":"#0000FF","duration":1.5}}}]},
            {"id":"a","bounds":[0,0,10,10],"position":[54,10],"backgroundColor":"#00FF00",
             "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":10,"toValue":38,"duration":2}}}
            """###, slots: 1, reuses: false, cpu: ["c": .tintedColours]),
        Case(name: "a rasterized, shadowed card turning and fading, its sublayer still", layers: ###"""
            {"id":"r","bounds":[0,0,30,20],"position":[30,24],"backgroundColor":"#334455","cornerRadius":5,"shouldRasterize":true,
             "rasterizationScale":2,"shadowOpacity":0.8,"shadowRadius":2,"shadowOffset":[2,3],"shadowColor":"#FFFFFF",
             "animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":-0.5,"toValue":0.7,"duration":1.5},
                           "o":{"type":"spring","keyPath":"opacity","fromValue":0.2,"toValue":1,"duration":1.2,"damping":8},
                           "m":{"type":"basic","keyPath":"position.x","byValue":-8,"duration":1}},
             "mask":{"id":"k","bounds":[0,0,30,20],"position":[15,10],"backgroundColor":"#FFFFFFA0","cornerRadius":10},
             "sublayers":[{"id":"c","bounds":[0,0,12,12],"position":[22,10],"backgroundColor":"#FF8000"}]}
            """###, slots: 1, reuses: true),
        Case(name: "a still rasterized layer under a sliding parent, beside a rasterized one whose colour animates (CPU)", layers: ###"""
            {"id":"p","bounds":[0,0,40,30],"position":[22,24],
             "animations":{"m":{"type":"keyframe","keyPath":"position","values":[[22,24],[34,18],[30,30]],"duration":1.4}},
             "sublayers":[{"id":"r","bounds":[0,0,20,14],"position":[20,15],"backgroundColor":"#20FF80","opacity":0.7,"shouldRasterize":true,
               "transform":[0.9,0.3,0,0,-0.3,0.9,0,0,0,0,1,0,0,0,0,1],
               "sublayers":[{"id":"c","bounds":[0,0,8,8],"position":[6,6],"backgroundColor":"#0000FF"}]}]},
            {"id":"q","bounds":[0,0,12,12],"position":[52,36],"backgroundColor":"#FF0000","shouldRasterize":true,
             "animations":{"c":{"type":"basic","keyPath":"backgroundColor","toValue":"#00FFFF","duration":1}}}
            """###, slots: 1, reuses: false, cpu: ["q": .drawnIntoBitmap]),
        Case(name: "a card flip: one-sided faces under a card turning about y in perspective, a double-sided badge on the front", layers: ###"""
            {"id":"o","bounds":[0,0,64,48],"position":[32,24],"sublayerTransform":[1,0,0,0,0,1,0,0,0,0,1,-0.01,0,0,0,1],
             "sublayers":[{"id":"card","bounds":[0,0,30,36],"position":[32,24],
               "animations":{"f":{"type":"basic","keyPath":"transform.rotation.y","fromValue":0,"toValue":3.14159265,"duration":1.6,
                                  "timingFunction":"easeInEaseOut"}},
               "sublayers":[{"id":"front","bounds":[0,0,30,36],"position":[15,18],"backgroundColor":"#E04020","cornerRadius":4,
                             "borderWidth":2,"borderColor":"#FFFFFF","doubleSided":false,
                             "sublayers":[{"id":"badge","bounds":[0,0,8,8],"position":[22,8],"backgroundColor":"#FFFF00"}]},
                            {"id":"back","bounds":[0,0,30,36],"position":[15,18],"backgroundColor":"#2040E0","cornerRadius":4,"doubleSided":false,
                             "transform":[-1,0,0,0,0,1,0,0,0,0,-1,0,0,0,0,1]}]}]}
            """###, slots: 1, reuses: true),
        Case(name: "a one-sided layer turning itself about x, with a sublayer that shows from behind, fading", layers: ###"""
            {"id":"o","bounds":[0,0,64,48],"position":[32,24],"sublayerTransform":[1,0,0,0,0,1,0,0,0,0,1,-0.008,0,0,0,1],
             "sublayers":[{"id":"p","bounds":[0,0,34,26],"position":[32,24],"backgroundColor":"#30C060","doubleSided":false,
               "borderWidth":1.5,"borderColor":"#FFFFFF",
               "animations":{"r":{"type":"spring","keyPath":"transform.rotation.x","fromValue":0,"toValue":3.6,"duration":1.5,"damping":4},
                             "o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.5,"duration":2}},
               "sublayers":[{"id":"c","bounds":[0,0,12,10],"position":[10,8],"backgroundColor":"#FF00FF"}]}]}
            """###, slots: 1, reuses: true),
        Case(name: "a one-sided gradient under a turning layer (CPU)", layers: ###"""
            {"id":"p","bounds":[0,0,40,30],"position":[32,24],
             "animations":{"r":{"type":"basic","keyPath":"transform.rotation.y","fromValue":0,"toValue":3,"duration":1.5}},
             "sublayers":[{"id":"g","class":"gradient","bounds":[0,0,30,20],"position":[20,15],"colors":["#FF0000","#0000FF"],"doubleSided":false}]}
            """###, slots: 0, reuses: false, cpu: ["p": .oneSided]),
        Case(name: "labels whose foregroundColor animates: keyframes over runs of their own colour and underlines, and one from clear, on a sliding card", layers: ###"""
            {"id":"p","bounds":[0,0,56,36],"position":[32,24],"backgroundColor":"#203040","cornerRadius":3,
             "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":20,"toValue":28,"duration":1.5}},
             "sublayers":[{"id":"t","class":"text","bounds":[0,0,52,14],"position":[28,9],"fontSize":9,"foregroundColor":"#FFE0A0",
                           "string":{"text":"Gate 7 Now","runs":[{"range":[0,4],"underline":"single"},{"range":[7,3],"foregroundColor":"#40FF40","underline":"single"}]},
                           "animations":{"c":{"type":"keyframe","keyPath":"foregroundColor","values":["#FFE0A0","#FF2020","#2080FF"],"duration":1.3}}},
                          {"id":"u","class":"text","bounds":[0,0,52,14],"position":[28,25],"fontSize":8,"foregroundColor":null,"string":"Boarding",
                           "animations":{"c":{"type":"basic","keyPath":"foregroundColor","toValue":"#FFFFFF","duration":1}}}]}
            """###, slots: 3, reuses: true),
        Case(name: "a clip under a moving layer", layers: ###"""
            {"id":"p","bounds":[0,0,30,24],"position":[30,24],"backgroundColor":"#334455",
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":20,"toValue":40,"duration":1}},
             "sublayers":[{"id":"c","bounds":[0,0,20,20],"position":[25,10],"masksToBounds":true,"backgroundColor":"#FF0000",
               "sublayers":[{"id":"d","bounds":[0,0,20,20],"position":[15,15],"backgroundColor":"#0000FF"}]}]}
            """###, slots: 1, reuses: true),
        Case(name: "a rounded card clipping a sublayer that moves itself, the card turning under a fading clip", layers: ###"""
            {"id":"o","bounds":[0,0,56,40],"position":[32,24],"masksToBounds":true,
             "animations":{"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.4,"duration":1.2,"autoreverses":true}},
             "sublayers":[{"id":"p","bounds":[0,0,36,26],"position":[28,20],"backgroundColor":"#334455","cornerRadius":7,"masksToBounds":true,
               "borderWidth":1.5,"borderColor":"#FFFFFF",
               "animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":-0.4,"toValue":0.6,"duration":1.5}},
               "sublayers":[{"id":"d","bounds":[0,0,22,22],"position":[6,6],"backgroundColor":"#FF8000","cornerRadius":3,
                 "animations":{"m":{"type":"keyframe","keyPath":"position","values":[[6,6],[30,8],[20,22],[6,6]],"duration":1.6}}},
                            {"id":"e","bounds":[0,0,14,40],"position":[34,13],"backgroundColor":"#2080FF"}]}]}
            """###, slots: 3, reuses: true),
        Case(name: "a clip whose bounds and corner radius animate, a sublayer crossing its edge", layers: ###"""
            {"id":"c","bounds":[0,0,30,20],"position":[32,24],"backgroundColor":"#203050","masksToBounds":true,"maskedCorners":11,
             "animations":{"b":{"type":"basic","keyPath":"bounds","fromValue":[0,0,16,30],"toValue":[-4,2,50,18],"duration":1.3},
                           "r":{"type":"spring","keyPath":"cornerRadius","fromValue":0,"toValue":8,"duration":1.5,"damping":7}},
             "sublayers":[{"id":"d","bounds":[0,0,20,20],"position":[4,6],"backgroundColor":"#FF8000"},
                          {"id":"t","class":"text","bounds":[0,0,40,14],"position":[16,14],"fontSize":9,"string":"Clipped"}]}
            """###, slots: 1, reuses: true),
        Case(name: "a shadow on a moving, fading layer", layers: layer(##""m":{"type":"basic","keyPath":"position","fromValue":[12,12],"toValue":[48,34],"duration":1.2},"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.3,"duration":1,"autoreverses":true},"c":{"type":"basic","keyPath":"backgroundColor","toValue":"#2040FF","duration":0.9}"##, extra: ##","shadowOpacity":0.8,"shadowRadius":4,"shadowOffset":[3,4],"shadowColor":"#40C0FF","cornerRadius":3"##), slots: 1, reuses: true),
        Case(name: "shadows under a moving, scaled parent: its own and a static child's", layers: ###"""
            {"id":"p","bounds":[0,0,30,20],"position":[24,20],"backgroundColor":"#806040","transform":[1.4,0,0,0,0,1.4,0,0,0,0,1,0,0,0,0,1],
             "shadowOpacity":0.6,"shadowRadius":3,"shadowOffset":[0,3],"shadowColor":"#FFFFFF","opacity":0.8,
             "animations":{"m":{"type":"basic","keyPath":"position.x","byValue":18,"duration":1,"autoreverses":true}},
             "sublayers":[{"id":"c","bounds":[0,0,10,8],"position":[20,12],"backgroundColor":"#FFFFFF","shadowOpacity":1,"shadowRadius":2,"shadowColor":"#FF0000","shadowOffset":[2,-2]}]}
            """###, slots: 1, reuses: true),
        Case(name: "shadow opacity from none, colour and radius", layers: layer(##""o":{"type":"basic","keyPath":"shadowOpacity","fromValue":0,"toValue":0.9,"duration":1},"c":{"type":"keyframe","keyPath":"shadowColor","values":["#FFFFFF","#FF2020","#20FF60"],"duration":1.3},"r":{"type":"spring","keyPath":"shadowRadius","fromValue":0,"toValue":7,"duration":1.5,"damping":5}"##, extra: ##","shadowOffset":[2,3]"##), slots: 1, reuses: true),
        Case(name: "shadow offset with a static sublayer and its own shadow", layers: ###"""
            {"id":"a","bounds":[0,0,16,12],"position":[24,20],"backgroundColor":"#FF8000","shadowOpacity":0.9,"shadowRadius":2,"shadowColor":"#40C0FF",
             "animations":{"s":{"type":"keyframe","keyPath":"shadowOffset","values":[[0,0],[8,-4],[-3,9]],"duration":1.4,"repeatCount":2},"m":{"type":"basic","keyPath":"position.x","byValue":10,"duration":2}},
             "sublayers":[{"id":"c","bounds":[0,0,6,5],"position":[14,10],"backgroundColor":"#FFFFFF","shadowOpacity":1,"shadowRadius":1,"shadowColor":"#FF00FF","shadowOffset":[3,2]}]}
            """###, slots: 1, reuses: true),
        Case(name: "shadow offset component, radius and opacity in a group, under a group opacity", layers: ###"""
            {"id":"a","bounds":[0,0,16,12],"position":[24,20],"backgroundColor":"#FF8000","shadowOpacity":0.5,"shadowRadius":1,"shadowColor":"#FFFFFF","opacity":0.7,
             "animations":{"g":{"type":"group","duration":1.5,"timingFunction":"easeInEaseOut","animations":[{"type":"basic","keyPath":"shadowOffset.height","fromValue":-6,"toValue":8},{"type":"basic","keyPath":"shadowRadius","toValue":5,"beginTime":0.3,"duration":0.8,"fillMode":"forwards"},{"type":"basic","keyPath":"shadowOpacity","fromValue":1,"toValue":0.2}]}},
             "sublayers":[{"id":"c","bounds":[0,0,6,5],"position":[4,4],"backgroundColor":"#2040FF"}]}
            """###, slots: 1, reuses: true),
        Case(name: "shadow offset over a moving sublayer (CPU for the layer)", layers: ###"""
            {"id":"a","bounds":[0,0,16,12],"position":[24,20],"backgroundColor":"#FF8000","shadowOpacity":0.9,"shadowRadius":2,"shadowColor":"#40C0FF",
             "animations":{"s":{"type":"basic","keyPath":"shadowOffset","fromValue":[0,0],"toValue":[6,6],"duration":1}},
             "sublayers":[{"id":"c","bounds":[0,0,6,5],"position":[4,4],"backgroundColor":"#FFFFFF","animations":{"m":{"type":"basic","keyPath":"position.x","byValue":9,"duration":1.2}}}]}
            """###, slots: 2, reuses: false, cpu: ["a": .shadow]),
        Case(name: "a shadow radius under an animated transform (CPU)", layers: layer(##""s":{"type":"basic","keyPath":"transform.rotation.z","toValue":1,"duration":1},"r":{"type":"basic","keyPath":"shadowRadius","toValue":6,"duration":1}"##, extra: ##","shadowOpacity":0.8,"shadowRadius":4,"shadowColor":"#FFFFFF""##), slots: 0, reuses: false, cpu: ["a": .shadow]),
        Case(name: "a shadow under an animated transform (CPU)", layers: layer(##""s":{"type":"basic","keyPath":"transform.scale","fromValue":1,"toValue":2,"duration":1}"##, extra: ##","shadowOpacity":0.8,"shadowRadius":4,"shadowColor":"#FFFFFF""##), slots: 0, reuses: false, cpu: ["a": .shadow]),
        Case(name: "a shadowPath on a moving layer (CPU)", layers: layer(##""m":{"type":"basic","keyPath":"position.x","byValue":20,"duration":1}"##, extra: ##","shadowOpacity":0.8,"shadowRadius":2,"shadowColor":"#FFFFFF","shadowPath":[["ellipse",0,0,14,10]]"##), slots: 0, reuses: false, cpu: ["a": .shadow]),
        Case(name: "a CPU property beside GPU ones", layers: layer(##""m":{"type":"basic","keyPath":"position.x","byValue":20,"duration":1},"c":{"type":"basic","keyPath":"contentsCenter","toValue":[0,0,0.5,0.5],"duration":1}"##), slots: 0, reuses: false, cpu: ["a": .propertyOffSlots]),
        Case(name: "a transform layer's sublayer moving through its sibling in depth", layers: ###"""
            {"id":"t","class":"transform","bounds":[0,0,64,48],"position":[32,24],"sublayers":[
             {"id":"a","bounds":[0,0,24,18],"position":[26,22],"backgroundColor":"#FF8000","zPosition":5},
             {"id":"b","bounds":[0,0,24,18],"position":[36,28],"backgroundColor":"#2040FF",
              "animations":{"z":{"type":"basic","keyPath":"transform.translation.z","fromValue":0,"toValue":10,"duration":1.2,"fillMode":"forwards","removedOnCompletion":false}}}]}
            """###, slots: 1, reuses: true),
        Case(name: "a transform layer moving inside another beside a sublayer the GPU moves", layers: ###"""
            {"id":"t","class":"transform","bounds":[0,0,64,48],"position":[32,24],"sublayers":[
             {"id":"a","bounds":[0,0,16,12],"position":[14,12],"backgroundColor":"#FF8000",
              "animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":12,"toValue":36,"duration":1.4}}},
             {"id":"n","class":"transform","bounds":[0,0,30,30],"position":[40,24],
              "animations":{"s":{"type":"basic","keyPath":"transform.translation.x","fromValue":-10,"toValue":12,"duration":1.3}},
              "sublayers":[{"id":"c","bounds":[0,0,12,12],"position":[15,15],"backgroundColor":"#2040FF"}]}]}
            """###, slots: 1, reuses: false),
        Case(name: "zPosition under a parent's perspective", layers: ###"""
            {"id":"p","bounds":[0,0,64,48],"position":[32,24],"sublayerTransform":[1,0,0,0,0,1,0,0,0,0,1,-0.02,0,0,0,1],"sublayers":[
             {"id":"a","bounds":[0,0,16,12],"position":[30,22],"backgroundColor":"#40C0FF",
              "animations":{"z":{"type":"spring","keyPath":"zPosition","fromValue":-20,"toValue":18,"duration":1.6,"damping":6}}}]}
            """###, slots: 1, reuses: true),
        Case(name: "a moving layer beneath a sibling whose zPosition (GPU) brings it over half-way", layers: ###"""
            {"id":"p","bounds":[0,0,64,48],"position":[32,24],"sublayers":[
             {"id":"a","bounds":[0,0,20,14],"position":[20,20],"backgroundColor":"#FF8000","zPosition":0.5,
              "animations":{"m":{"type":"basic","keyPath":"position","fromValue":[14,18],"toValue":[44,30],"duration":1.4},"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.6,"duration":1}}},
             {"id":"b","bounds":[0,0,18,18],"position":[30,24],"backgroundColor":"#2040FF",
              "animations":{"z":{"type":"basic","keyPath":"zPosition","fromValue":0,"toValue":1,"duration":1.2,"fillMode":"forwards","removedOnCompletion":false}}}]}
            """###, slots: 2, reuses: true),
        Case(name: "bounds, corner radius and border", layers: layer(##""b":{"type":"basic","keyPath":"bounds.size","fromValue":[4,30],"toValue":[36,10],"duration":1.2},"r":{"type":"spring","keyPath":"cornerRadius","fromValue":0,"toValue":9,"duration":1.5,"damping":6},"w":{"type":"basic","keyPath":"borderWidth","fromValue":0,"toValue":4,"duration":0.9,"autoreverses":true},"c":{"type":"keyframe","keyPath":"borderColor","values":[null,"#FFFFFF","#3060FF"],"duration":1.6}"##, extra: ##","maskedCorners":13"##), slots: 1, reuses: true),
        Case(name: "whole bounds with sublayers, from zero size", layers: ##"""
            {"id":"p","bounds":[0,0,30,20],"position":[30,24],"backgroundColor":"#806040","cornerRadius":3,
             "animations":{"b":{"type":"basic","keyPath":"bounds","fromValue":[0,0,0,0],"toValue":[-6,4,44,30],"duration":1,"fillMode":"both","beginTime":0.1}},
             "sublayers":[{"id":"c","bounds":[0,0,8,8],"position":[6,6],"backgroundColor":"#FF0000"}]}
            """##, slots: 1, reuses: true),
        Case(name: "a layer of two pieces under a moving parent's opacity is a group", layers: ##"""
            {"id":"p","bounds":[0,0,40,40],"position":[32,24],"opacity":0.8,
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":26,"toValue":38,"duration":1.3,"autoreverses":true}},
             "sublayers":[{"id":"c","bounds":[0,0,20,20],"position":[20,20],"backgroundColor":"#2060C0","borderWidth":4,"borderColor":"#FFFFFF"}]}
            """##, slots: 1, reuses: true),
        Case(name: "strokeEnd of an open path with sharp turns, round caps and joins, an opacity", layers: ##"""
            {"id":"s","class":"shape","bounds":[0,0,64,48],"position":[32,24],"path":[["move",6,8],["line",40,6],["line",44,30],["line",12,40],["line",58,42]],
             "strokeColor":"#FFC040","lineWidth":5,"lineCap":"round","lineJoin":"round","fillColor":null,"opacity":0.7,
             "animations":{"e":{"type":"basic","keyPath":"strokeEnd","fromValue":0,"toValue":1,"duration":1.5,"timingFunction":"easeInEaseOut"}}}
            """##, slots: 1, reuses: true),
        Case(name: "strokeStart and strokeEnd keyframes on a closed circle with a fill, miter joins, square caps", layers: ##"""
            {"id":"s","class":"shape","bounds":[0,0,64,48],"position":[32,24],"path":[["ellipse",12,6,40,36]],
             "strokeColor":"#40A0FF","lineWidth":4,"lineCap":"square","fillColor":"#803020","strokeEnd":0.2,
             "animations":{"e":{"type":"keyframe","keyPath":"strokeEnd","values":[0.1,1,1],"keyTimes":[0,0.5,1],"duration":1.4,"fillMode":"forwards","removedOnCompletion":false},
                           "b":{"type":"basic","keyPath":"strokeStart","fromValue":0,"toValue":0.7,"beginTime":0.6,"duration":1,"fillMode":"both"}}}
            """##, slots: 1, reuses: true),
        Case(name: "a turning shape whose stroke draws itself, under a moving parent with an opacity", layers: ##"""
            {"id":"p","bounds":[0,0,40,40],"position":[32,24],"opacity":0.8,
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":26,"toValue":38,"duration":1.3,"autoreverses":true}},
             "sublayers":[{"id":"s","class":"shape","bounds":[0,0,30,30],"position":[20,20],"path":[["move",4,4],["line",26,4],["line",26,26],["line",4,26],["close"]],
              "strokeColor":"#FFFFFF","lineWidth":3,"fillColor":"#2060C0","fillRule":"even-odd",
              "animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":3,"duration":2},
                            "e":{"type":"spring","keyPath":"strokeEnd","fromValue":0,"toValue":1,"duration":2,"damping":5}}}]}
            """##, slots: 2, reuses: true),
        Case(name: "a shape's fill and stroke colours, from none, while its stroke draws itself", layers: ##"""
            {"id":"s","class":"shape","bounds":[0,0,64,48],"position":[32,24],"path":[["ellipse",10,6,44,36]],
             "strokeColor":null,"lineWidth":4,"fillColor":"#204080","opacity":0.9,
             "animations":{"f":{"type":"keyframe","keyPath":"fillColor","values":["#204080","#FFC040",null],"duration":1.6,"fillMode":"forwards","removedOnCompletion":false},
                           "k":{"type":"basic","keyPath":"strokeColor","fromValue":null,"toValue":"#FFFFFF","duration":1.2,"fillMode":"both"},
                           "e":{"type":"basic","keyPath":"strokeEnd","fromValue":0.2,"toValue":1,"duration":1.5}}}
            """##, slots: 1, reuses: true),
        Case(name: "a shadowed shape whose fill colour animates (CPU)", layers: ##"""
            {"id":"s","class":"shape","bounds":[0,0,40,30],"position":[30,22],"path":[["ellipse",4,4,32,22]],
             "fillColor":"#FFFFFF","shadowOpacity":0.9,"shadowRadius":1.5,"shadowColor":"#FF4080",
             "animations":{"f":{"type":"basic","keyPath":"fillColor","toValue":"#2040FF","duration":1.4}}}
            """##, slots: 0, reuses: false, cpu: ["s": .shadow]),
        Case(name: "a still shape under a turning layer", layers: ##"""
            {"id":"p","bounds":[0,0,40,30],"position":[32,24],
             "animations":{"r":{"type":"basic","keyPath":"transform.rotation","fromValue":-0.5,"toValue":1,"duration":1.6}},
             "sublayers":[{"id":"s","class":"shape","bounds":[0,0,40,30],"position":[20,15],"path":[["ellipse",2,2,36,26]],
              "strokeColor":"#FFFFFF","lineWidth":2,"lineDashPattern":[5,3],"strokeEnd":0.8,"fillColor":"#C03030"}]}
            """##, slots: 1, reuses: true),
        Case(name: "a shape's shadow whose offset animates while its stroke draws itself", layers: ##"""
            {"id":"s","class":"shape","bounds":[0,0,40,30],"position":[30,22],"path":[["ellipse",4,4,32,22]],
             "strokeColor":"#FFFFFF","lineWidth":3,"fillColor":null,"shadowOpacity":0.9,"shadowRadius":1.5,"shadowColor":"#FF4080",
             "animations":{"o":{"type":"basic","keyPath":"shadowOffset","fromValue":[-4,2],"toValue":[6,5],"duration":1.4},
                           "e":{"type":"basic","keyPath":"strokeEnd","fromValue":0.1,"toValue":1,"duration":1.2,"fillMode":"both"}}}
            """##, slots: 1, reuses: true),
        Case(name: "gradients: a conic one under a turning, fading parent, a rounded one moving itself", layers: ##"""
            {"id":"p","bounds":[0,0,30,30],"position":[20,24],"opacity":0.8,
             "animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":2,"duration":1.6}},
             "sublayers":[{"id":"g","class":"gradient","type":"conic","bounds":[0,0,24,24],"position":[15,15],"colors":["#FF0000","#00FF00","#0000FF","#FF0000"],"startPoint":[0.5,0.5],"endPoint":[1,0.5]}]},
            {"id":"h","class":"gradient","bounds":[0,0,20,16],"position":[46,20],"cornerRadius":5,"colors":["#FFE080","#E04020"],"startPoint":[0.5,0],"endPoint":[0.5,1],
             "animations":{"m":{"type":"basic","keyPath":"position","fromValue":[40,12],"toValue":[52,36],"duration":1.2},"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.3,"duration":1.5}}}
            """##, slots: 2, reuses: true),
        Case(name: "a gradient whose bounds and corner radius animate", layers: ##"""
            {"id":"h","class":"gradient","bounds":[0,0,20,16],"position":[32,24],"colors":["#FFE080","#E04020"],"cornerRadius":2,
             "animations":{"b":{"type":"basic","keyPath":"bounds.size","fromValue":[10,10],"toValue":[40,30],"duration":1.2},
                           "c":{"type":"spring","keyPath":"cornerRadius","fromValue":0,"toValue":9,"duration":1.5,"damping":6}}}
            """##, slots: 1, reuses: true),
        Case(name: "gradient points: a radial one's by keyframes, an axial one's end turning in a group, under a sliding parent", layers: ##"""
            {"id":"p","bounds":[0,0,60,44],"position":[32,24],
             "animations":{"m":{"type":"basic","keyPath":"position.x","fromValue":28,"toValue":36,"duration":1.4}},
             "sublayers":[
              {"id":"r","class":"gradient","type":"radial","bounds":[0,0,26,22],"position":[15,12],"colors":["#FFFFFF","#2060FF","#000020"],
               "locations":[0,0.4,1],"startPoint":[0.5,0.5],"endPoint":[1,1],
               "animations":{"s":{"type":"keyframe","keyPath":"startPoint","values":[[0.5,0.5],[0.2,0.3],[0.8,0.6]],"duration":1.3,"calculationMode":"cubic"},
                             "e":{"type":"basic","keyPath":"endPoint","toValue":[0.7,1.2],"duration":1}}},
              {"id":"a","class":"gradient","bounds":[0,0,26,22],"position":[44,30],"colors":["#FF4000","#40FF00","#0040FF"],
               "cornerRadius":6,"startPoint":[0,0],"endPoint":[1,0],
               "animations":{"g":{"type":"group","duration":1.6,"timingFunction":"easeInEaseOut","animations":[
                 {"type":"basic","keyPath":"endPoint","fromValue":[1,0],"toValue":[0,1]},
                 {"type":"basic","keyPath":"startPoint.x","fromValue":0,"toValue":0.5}]}}}]}
            """##, slots: 3, reuses: true),
        Case(name: "a shimmer: a gradient's locations sweeping from before it to beyond it", layers: ##"""
            {"id":"h","class":"gradient","bounds":[0,0,56,16],"position":[32,24],"colors":["#404040","#FFFFFF","#404040"],
             "locations":[0,0.1,0.2],"startPoint":[0,0.5],"endPoint":[1,0.6],"cornerRadius":4,
             "animations":{"l":{"type":"basic","keyPath":"locations","fromValue":[-1,-0.5,0],"toValue":[1,1.5,2],"duration":1.2,
                                "repeatCount":"infinity","timingFunction":"easeInEaseOut"}}}
            """##, slots: 1, reuses: true),
        Case(name: "gradient locations crossing by paced keyframes, plus an additive spring, four stops under a turning parent", layers: ##"""
            {"id":"p","bounds":[0,0,50,40],"position":[32,24],
             "animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":-0.2,"toValue":0.3,"duration":1.6}},
             "sublayers":[{"id":"h","class":"gradient","type":"radial","bounds":[0,0,40,30],"position":[25,20],
               "colors":["#FF0000","#00FF00","#0000FF","#FFFF00"],"locations":[0,0.3,0.6,1],"startPoint":[0.5,0.5],"endPoint":[1,1],
               "animations":{"k":{"type":"keyframe","keyPath":"locations","values":[[0,0.3,0.6,1],[0.9,0.5,0.2,0.1],[0.4,0.4,0.8,0]],
                                  "calculationMode":"paced","duration":1.4},
                             "s":{"type":"spring","keyPath":"locations","fromValue":[0,0,0,0],"toValue":[0.1,-0.1,0.2,0],"additive":true,
                                  "duration":1.5,"damping":5}}}]}
            """##, slots: 2, reuses: true),
        Case(name: "gradient locations the GPU path leaves to the CPU: five stops, lists of another length, none in the model", layers: ##"""
            {"id":"a","class":"gradient","bounds":[0,0,20,14],"position":[12,10],"colors":["#000000","#FF0000","#FFFFFF","#00FF00","#0000FF"],
             "locations":[0,0.2,0.4,0.6,1],
             "animations":{"l":{"type":"basic","keyPath":"locations","toValue":[0,0.1,0.2,0.3,0.4],"duration":1}}},
            {"id":"b","class":"gradient","bounds":[0,0,20,14],"position":[40,10],"colors":["#000000","#FFFFFF"],"locations":[0,1],
             "animations":{"l":{"type":"basic","keyPath":"locations","fromValue":[0,0.5,1],"toValue":[0.5,0.6,1],"duration":1}}},
            {"id":"c","class":"gradient","bounds":[0,0,20,14],"position":[26,34],"colors":["#000000","#FFFFFF"],
             "animations":{"l":{"type":"basic","keyPath":"locations","fromValue":[0,1],"toValue":[0.5,0.6],"duration":1.3}}}
            """##, slots: 0, reuses: false, cpu: ["a": .valuesDoNotFit, "b": .valuesDoNotFit, "c": .valuesDoNotFit]),
        Case(name: "a shape under a scaling layer (CPU)", layers: ##"""
            {"id":"p","bounds":[0,0,40,30],"position":[32,24],
             "animations":{"r":{"type":"basic","keyPath":"transform.scale","fromValue":0.5,"toValue":1.5,"duration":1.6}},
             "sublayers":[{"id":"s","class":"shape","bounds":[0,0,40,30],"position":[20,15],"path":[["ellipse",2,2,36,26]],"fillColor":"#C03030"}]}
            """##, slots: 0, reuses: false, cpu: ["p": .drawing]),
        Case(name: "an animated strokeEnd of a dashed stroke (CPU)", layers: ##"""
            {"id":"s","class":"shape","bounds":[0,0,64,48],"position":[32,24],"path":[["ellipse",12,6,40,36]],
             "strokeColor":"#40A0FF","lineWidth":4,"lineDashPattern":[6,3],"fillColor":null,
             "animations":{"e":{"type":"basic","keyPath":"strokeEnd","fromValue":0,"toValue":1,"duration":1.5}}}
            """##, slots: 0, reuses: false, cpu: ["s": .drawing]),
        Case(name: "labels on a card that moves and turns, one underlined, one at contentsScale 2", layers: ##"""
            {"id":"p","bounds":[0,0,44,30],"position":[30,22],"backgroundColor":"#203050",
             "animations":{"m":{"type":"basic","keyPath":"position","fromValue":[24,20],"toValue":[38,27],"duration":1.7},
                           "r":{"type":"basic","keyPath":"transform.rotation.z","fromValue":-0.3,"toValue":0.5,"duration":1.4}},
             "sublayers":[{"id":"t","class":"text","bounds":[0,0,40,12],"position":[22,8],"fontSize":9,"foregroundColor":"#FFE0A0",
                           "string":{"text":"Gate 7 Ag","runs":[{"range":[0,4],"underline":"single"}]}},
                          {"id":"u","class":"text","bounds":[0,0,40,12],"position":[22,21],"fontSize":8,"contentsScale":2,"string":"Bay 12"}]}
            """##, slots: 1, reuses: true),
        Case(name: "a label that moves itself under a fading parent", layers: ##"""
            {"id":"p","bounds":[0,0,60,40],"position":[32,24],
             "animations":{"o":{"type":"basic","keyPath":"opacity","fromValue":1,"toValue":0.25,"duration":1.3,"autoreverses":true}},
             "sublayers":[{"id":"t","class":"text","bounds":[0,0,40,14],"position":[24,18],"fontSize":10,"string":"Now 10:45",
                           "animations":{"m":{"type":"spring","keyPath":"position.x","fromValue":20,"toValue":36,"duration":2,"damping":6}}}]}
            """##, slots: 2, reuses: true),
        Case(name: "a still label under a card whose colour and border animate: drawn on the pixel grid", layers: ##"""
            {"id":"p","bounds":[0,0,50,30],"position":[32,24],"backgroundColor":"#203050","borderColor":"#FFFFFF",
             "animations":{"c":{"type":"basic","keyPath":"backgroundColor","toValue":"#A02040","duration":1.2},
                           "w":{"type":"basic","keyPath":"borderWidth","fromValue":0,"toValue":3,"duration":1}},
             "sublayers":[{"id":"t","class":"text","bounds":[0,0,44,14],"position":[25.3,15.4],"fontSize":10,"string":"Ready"}]}
            """##, slots: 1, reuses: true),
        Case(name: "a still label casting the shadow of a layer whose shadow offset animates (CPU)", layers: ##"""
            {"id":"p","bounds":[0,0,44,24],"position":[30,22],"shadowOpacity":1,"shadowRadius":1.5,"shadowColor":"#FFE080",
             "animations":{"s":{"type":"basic","keyPath":"shadowOffset","fromValue":[0,0],"toValue":[5.5,7.3],"duration":1.4}},
             "sublayers":[{"id":"t","class":"text","bounds":[0,0,40,14],"position":[22.4,12.3],"fontSize":10,"string":"Gate 7"}]}
            """##, slots: 0, reuses: false, cpu: ["p": .drawing]),
        Case(name: "a label whose bounds animate (CPU)", layers: ##"""
            {"id":"t","class":"text","bounds":[0,0,40,14],"position":[32,24],"fontSize":10,"wrapped":true,"string":"Boarding now",
             "animations":{"b":{"type":"basic","keyPath":"bounds.size","fromValue":[30,30],"toValue":[60,14],"duration":1.2}}}
            """##, slots: 0, reuses: false, cpu: ["t": .drawing]),
        Case(name: "a label under a scaling card (CPU)", layers: ##"""
            {"id":"p","bounds":[0,0,44,30],"position":[32,24],"backgroundColor":"#203050",
             "animations":{"s":{"type":"basic","keyPath":"transform.scale","fromValue":0.8,"toValue":1.3,"duration":1.6}},
             "sublayers":[{"id":"t","class":"text","bounds":[0,0,40,14],"position":[22,15],"fontSize":9,"string":"Gate 7"}]}
            """##, slots: 0, reuses: false, cpu: ["p": .drawing]),
    ]

    init() { TestFonts.install() }

    @Test(arguments: cases) func gpuFramesMatchCPUFrames(_ c: Case) throws {
        try Self.compare(c, baseDirectory: URL(fileURLWithPath: "/"))
    }

    @Test func contentsInOnePieceTakeAnimatedBoundsAndContentsRectOnTheGPU() throws {
        // Resize gravity: one piece over the bounds, which the slot animates (the layer takes a slot), and a
        // sprite sheet's frames (discrete contentsRect keyframes, their switches away from the frame times:
        // at a switch single precision may pick either side) beside a linear contentsRect. Centre
        // gravity: the image's frame placed in the animated bounds by the slot, from the animated
        // contentsRect's natural size too.
        let sprite = ##""contents":"inputs/sprites.png","contentsRect":[0.25,0,0.5,1],"magnificationFilter":"nearest""##
        let layers = ##"{"id":"a","bounds":[0,0,24,12],"position":[18,14],"##
            + sprite + ##","animations":{"b":{"type":"basic","keyPath":"bounds","fromValue":[0,0,8,30],"toValue":[-4,2,40,10],"duration":1.3}}},"##
            + ##"{"id":"b","bounds":[0,0,24,12],"position":[44,34],"contentsGravity":"center","##
            + sprite + ##","animations":{"b":{"type":"basic","keyPath":"bounds.size","fromValue":[8,30],"toValue":[40,10],"duration":1.3}}},"##
            + ##"{"id":"c","bounds":[0,0,16,16],"position":[50,10],"contents":"inputs/sprites.png","magnificationFilter":"nearest","##
            + ##""animations":{"f":{"type":"keyframe","keyPath":"contentsRect","calculationMode":"discrete","duration":1.3,"repeatCount":2,"##
            + ##""values":[[0,0,0.25,1],[0.25,0,0.25,1],[0.5,0,0.25,1],[0.75,0,0.25,1]]},"##
            + ##""m":{"type":"basic","keyPath":"position.x","fromValue":40,"toValue":56,"duration":2}}},"##
            + ##"{"id":"d","bounds":[0,0,20,10],"position":[12,38],"contents":"inputs/sprites.png","##
            + ##""animations":{"r":{"type":"basic","keyPath":"contentsRect","fromValue":[0,0,1,1],"toValue":[0.3,0.2,0.4,0.5],"duration":1.5}}},"##
            + ##"{"id":"e","bounds":[0,0,20,10],"position":[44,44],"contentsGravity":"center","contents":"inputs/sprites.png","##
            + ##""animations":{"r":{"type":"basic","keyPath":"contentsRect","fromValue":[0,0,1,1],"toValue":[0.3,0.2,0.4,0.5],"duration":1.5}}}"##
        try Self.compare(Case(name: "contents", layers: layers, slots: 5, reuses: true),
                         baseDirectory: Golden.directory.appendingPathComponent("contents"))
    }

    @Test func contentsPlacedByEveryKindOfGravityFollowAnimatedBoundsOnTheGPU() throws {
        // Natural size pinned to an edge or a corner (the names' vertical part reads y up), fitted, covering
        // (beyond the bounds), at contentsScale 2, and nine-part contents placed at their natural size.
        // Linear sampling: with nearest, single precision's placement flips texels where a pixel centre
        // falls on a texel boundary (50–78/255 at a handful of pixels).
        func layer(_ id: String, _ gravity: String, _ x: Int, _ y: Int, extra: String = "") -> String {
            ##"{"id":"\##(id)","bounds":[0,0,18,12],"position":[\##(x),\##(y)],"contentsGravity":"\##(gravity)","contents":"inputs/sprites.png","##
                + ##""minificationFilter":"linear"\##(extra),"animations":{"b":{"type":"basic","keyPath":"bounds","##
                + ##""fromValue":[0,0,6,20],"toValue":[-2,1,22,8],"duration":1.3}}}"##
        }
        let layers = [layer("a", "topLeft", 12, 10), layer("b", "bottomRight", 34, 10), layer("c", "top", 54, 10),
                      layer("d", "resizeAspect", 12, 34), layer("e", "resizeAspectFill", 34, 34, extra: ##","contentsScale":2"##),
                      layer("f", "center", 54, 34, extra: ##","contentsCenter":[0.25,0.25,0.5,0.5]"##)].joined(separator: ",")
        try Self.compare(Case(name: "gravities", layers: layers, slots: 6, reuses: true),
                         baseDirectory: Golden.directory.appendingPathComponent("contents"))
    }

    @Test func ninePartContentsFollowAnimatedBoundsAndContentsRectOnTheGPU() throws {
        // A stretchable button image (contentsCenter) resized by a spring, through sizes smaller than its
        // caps (which then shrink together), at contentsScale 2; one whose contentsRect animates too, under a
        // turning parent; one fitted (resizeAspect) whose bounds animate.
        func button(_ id: String, _ x: Int, _ y: Int, _ extra: String, _ animations: String) -> String {
            ##"{"id":"\##(id)","bounds":[0,0,24,14],"position":[\##(x),\##(y)],"contents":"inputs/button.png","minificationFilter":"linear","##
                + ##""contentsCenter":[0.4,0.3,0.2,0.4]\##(extra),"animations":{\##(animations)}}"##
        }
        let layers = [
            button("a", 16, 12, "", ##""b":{"type":"spring","keyPath":"bounds.size","fromValue":[4,3],"toValue":[28,18],"duration":1.6,"damping":5}"##),
            button("b", 48, 12, ##","contents":"inputs/button@2x.png","contentsScale":2"##,
                   ##""b":{"type":"basic","keyPath":"bounds","fromValue":[0,0,30,6],"toValue":[-3,2,8,20],"duration":1.3}"##),
            ##"{"id":"p","bounds":[0,0,30,20],"position":[18,36],"animations":{"r":{"type":"basic","keyPath":"transform.rotation.z","##
                + ##""fromValue":-0.4,"toValue":0.4,"duration":1.5}},"sublayers":["##
                + button("c", 15, 10, "", ##""r":{"type":"basic","keyPath":"contentsRect","fromValue":[0,0,1,1],"toValue":[0.1,0.2,0.7,0.6],"duration":1.4},"##
                                      + ##""b":{"type":"basic","keyPath":"bounds.size.width","toValue":34,"duration":1.1}"##) + "]}",
            button("d", 48, 36, ##","contentsGravity":"resizeAspect""##,
                   ##""b":{"type":"basic","keyPath":"bounds.size","fromValue":[10,20],"toValue":[30,8],"duration":1.2}"##),
        ].joined(separator: ",")
        try Self.compare(Case(name: "nine-part", layers: layers, slots: 5, reuses: true),
                         baseDirectory: Golden.directory.appendingPathComponent("contents"))
    }

    static func compare(_ c: Case, baseDirectory: URL) throws {
        let json = ##"{"strata":1,"background":"#000000","layers":["## + c.layers + "]}"
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: baseDirectory)
        // Groups drawn exactly on both paths: the CPU path's moving-group bitmaps are shifted by fractions
        // of a pixel, which the GPU path's direct drawing is not (CompositeCacheTests bounds the difference).
        let gpu = try SceneRenderer.render(scene, at: Self.times, width: 64, height: 48, gpuAnimationMinimumLayers: 1, shapesOnTheGPU: true,
                                           movingGroupsFromBitmaps: false)
        let cpu = try SceneRenderer.render(scene, at: Self.times, width: 64, height: 48, gpuAnimationMinimumLayers: nil,
                                           movingGroupsFromBitmaps: false)
        #expect(gpu.count == Self.times.count && cpu.count == Self.times.count)
        #expect(gpu.first?.work.motionSlots == c.slots)
        // Each animated layer's verdict: on the GPU unless the case names its reason for the CPU.
        #expect(gpu.first?.motion.isEmpty == false)
        for (id, verdict) in gpu.first?.motion ?? [:] {
            #expect(verdict == c.cpu[id].map(MotionVerdict.cpu) ?? .gpu, "layer \(id)")
        }
        #expect(cpu.allSatisfy { $0.motion.values.allSatisfy { $0 == .cpu(.pathOff) } })
        #expect(gpu.contains { $0.work.drawListReused } == c.reuses)
        for (i, (g, cf)) in zip(gpu, cpu).enumerated() {
            #expect(cf.work.motionSlots == 0 && !cf.work.drawListReused)
            var worst = 0, at = 0
            for (k, (a, b)) in zip(g.image.pixels, cf.image.pixels).enumerated() where abs(Int(a) - Int(b)) > worst {
                worst = abs(Int(a) - Int(b)); at = k
            }
            #expect(worst <= Self.tolerance, "t = \(Self.times[i]): channel \(at % 4) of pixel (\(at / 4 % 64), \(at / 4 / 64)) differs by \(worst)")
        }
    }

    @Test func aOneSidedLayersContentsAreCulledWithItsBackground() throws {
        // Contents placed by gravity and stretched, on one-sided faces turning about y under perspective.
        let face = ##"{"id":"F","bounds":[0,0,26,20],"position":[P],"backgroundColor":"#E04020","doubleSided":false,"##
            + ##""contents":"inputs/sprites.png","contentsGravity":"G","minificationFilter":"linear","##
            + ##""animations":{"r":{"type":"basic","keyPath":"transform.rotation.y","fromValue":-0.6,"toValue":3.5,"duration":1.8}}}"##
        let faces = [face.replacingOccurrences(of: "\"F\"", with: "\"a\"").replacingOccurrences(of: "[P]", with: "[16,24]")
                        .replacingOccurrences(of: "\"G\"", with: "\"center\""),
                     face.replacingOccurrences(of: "\"F\"", with: "\"b\"").replacingOccurrences(of: "[P]", with: "[48,24]")
                        .replacingOccurrences(of: "\"G\"", with: "\"resize\"")]
        let layers = ##"{"id":"o","bounds":[0,0,64,48],"position":[32,24],"sublayerTransform":[1,0,0,0,0,1,0,0,0,0,1,-0.01,0,0,0,1],"sublayers":["##
            + faces.joined(separator: ",") + "]}"
        try Self.compare(Case(name: "one-sided contents", layers: layers, slots: 2, reuses: true),
                         baseDirectory: Golden.directory.appendingPathComponent("contents"))
    }

    @Test func shapesKeptOffTheGPUKeepTheirSlotsLayerOnTheCPU() throws {
        // Compositor.shapesMoveOnTheGPU false (a software rasteriser's default): the shape's own slot is
        // refused, so is its turning parent's; the frames are the CPU's.
        let json = ##"{"strata":1,"background":"#000000","layers":[{"id":"p","bounds":[0,0,40,30],"position":[32,24],"##
            + ##""animations":{"r":{"type":"basic","keyPath":"transform.rotation","fromValue":-0.5,"toValue":1,"duration":1.6}},"##
            + ##""sublayers":[{"id":"s","class":"shape","bounds":[0,0,40,30],"position":[20,15],"path":[["ellipse",2,2,36,26]],"##
            + ##""strokeColor":"#FFFFFF","lineWidth":2,"fillColor":null,"##
            + ##""animations":{"e":{"type":"basic","keyPath":"strokeEnd","fromValue":0,"toValue":1,"duration":1}}}]}]}"##
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let off = try SceneRenderer.render(scene, at: [0.3, 0.6], width: 64, height: 48, gpuAnimationMinimumLayers: 1, shapesOnTheGPU: false)
        let on = try SceneRenderer.render(scene, at: [0.3, 0.6], width: 64, height: 48, gpuAnimationMinimumLayers: 1, shapesOnTheGPU: true)
        let cpu = try SceneRenderer.render(scene, at: [0.3, 0.6], width: 64, height: 48, gpuAnimationMinimumLayers: nil)
        #expect(off.map(\.work.motionSlots) == [0, 0])
        #expect(on.map(\.work.motionSlots) == [2, 2])
        // The shape answers for itself (its kind's drawing); its parent for what lies in its subtree.
        #expect(off.last?.motion == ["s": .cpu(.kindContent), "p": .cpu(.drawing)])
        #expect(on.last?.motion == ["s": .gpu, "p": .gpu])
        for (a, b) in zip(off, cpu) { #expect(a.image.pixels == b.image.pixels) }
    }

    @Test func manyLayersFillSeveralTextureRowsOfRecordsSlotsAndStates() throws {
        // 300 layers with three animations each: 900 records (57 rows of 16), 300 slots (5 rows of 73),
        // 300 states (3 rows of 146).
        var layers: [[String: Any]] = []
        for i in 0..<300 {
            let animations: [String: Any] = [
                "m": ["type": "basic", "keyPath": "position", "byValue": [i % 7, i % 5], "duration": 0.5 + Double(i % 9) / 10,
                      "autoreverses": true, "repeatCount": "infinity"],
                "o": ["type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": Double(i % 9 + 1) / 10, "duration": 0.7,
                      "repeatCount": "infinity"],
                "r": ["type": "basic", "keyPath": "transform.rotation.z", "byValue": Double(i % 11) / 3, "duration": 1.3, "repeatCount": "infinity"],
            ]
            layers.append(["id": "l\(i)", "bounds": [0, 0, 2, 2], "position": [2 + (i % 20) * 3, 2 + (i / 20) * 3],
                           "backgroundColor": String(format: "#%02X%02XFF", i % 256, 255 - i % 256), "animations": animations])
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["strata": 1, "background": "#000000", "layers": layers]), as: UTF8.self)
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let times = [0, 0.3, 0.75, 1.6]
        let gpu = try SceneRenderer.render(scene, at: times, width: 64, height: 48)
        let cpu = try SceneRenderer.render(scene, at: times, width: 64, height: 48, gpuAnimationMinimumLayers: nil)
        #expect(gpu.first?.work.motionSlots == 300)
        #expect(gpu.dropFirst().allSatisfy { $0.work.drawListReused })
        for (g, c) in zip(gpu, cpu) {
            let worst = zip(g.image.pixels, c.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= Self.tolerance)
        }
    }

    @Test func aReplicatorsCopiesCountTowardsTheMotionPathsThreshold() throws {
        // One animated dot in N delayed copies: N candidates for the path's 16 (`gpu-animations auto`); in
        // step (no delay) one, as the CPU evaluates it once for all.
        func scene(copies: Int, delay: Double = 0.05) throws -> Scene {
            let json = ##"{"strata":1,"background":"#000000","layers":[{"id":"r","class":"replicator","bounds":[0,0,64,48],"position":[32,24],"##
                + ##""instanceCount":\##(copies),"instanceDelay":\##(delay),"instanceTransform":[1,0,0,0,0,1,0,0,0,0,1,0,3,0,0,1],"##
                + ##""sublayers":[{"id":"d","bounds":[0,0,2,2],"position":[2,4],"backgroundColor":"#FFFFFF","##
                + ##""animations":{"m":{"type":"basic","keyPath":"position.y","fromValue":4,"toValue":44,"duration":1,"repeatCount":"infinity"}}}]}]}"##
            return try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        }
        let times = [0.1, 0.4]
        let few = try SceneRenderer.render(try scene(copies: 15), at: times, width: 64, height: 48)
        let inStep = try SceneRenderer.render(try scene(copies: 40, delay: 0), at: times, width: 64, height: 48)
        let many = try SceneRenderer.render(try scene(copies: 16), at: times, width: 64, height: 48)
        let cpu = try SceneRenderer.render(try scene(copies: 16), at: times, width: 64, height: 48, gpuAnimationMinimumLayers: nil)
        #expect(few.map(\.work.motionSlots) == [0, 0])
        #expect(inStep.map(\.work.motionSlots) == [0, 0])
        #expect(many.map(\.work.motionSlots) == [16, 16])
        #expect(many.last?.work.drawListReused == true)
        for (g, c) in zip(many, cpu) {
            #expect((zip(g.image.pixels, c.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= Self.tolerance)
        }
    }

    @Test func aRefusalDeepInAChainOfAnimatedLayersIsTriedOnce() throws {
        // 100 nested layers, each moving, with a shadowPath at the bottom: every slot on the chain fails
        // because of it. Each is tried once (a retry at every level would double the work per level: 2¹⁰⁰).
        var layer: [String: Any] = ["id": "clip", "bounds": [0, 0, 8, 8], "position": [4, 4], "shadowOpacity": 1,
                                    "shadowPath": [["ellipse", 0, 0, 8, 8]],
                                    "backgroundColor": "#FF0000",
                                    "sublayers": [["id": "inner", "bounds": [0, 0, 8, 8], "position": [6, 6], "backgroundColor": "#0000FF"]]]
        for i in 0..<100 {
            layer = ["id": "l\(i)", "bounds": [0, 0, 8, 8], "position": [i == 99 ? 10 : 0.3, 0.2], "sublayers": [layer],
                     "animations": ["m": ["type": "basic", "keyPath": "position.x", "byValue": 0.2, "duration": 1, "repeatCount": "infinity"]]]
        }
        let sibling: [String: Any] = ["id": "s", "bounds": [0, 0, 6, 6], "position": [50, 30], "backgroundColor": "#00FF00",
                                      "animations": ["m": ["type": "basic", "keyPath": "position.y", "byValue": 8, "duration": 1]]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: ["strata": 1, "background": "#000000", "layers": [layer, sibling]]),
                          as: UTF8.self)
        let scene = try SceneParser.parse(data: Data(json.utf8), baseDirectory: URL(fileURLWithPath: "/"))
        let gpu = try SceneRenderer.render(scene, at: [0, 0.4], width: 64, height: 48, gpuAnimationMinimumLayers: 1)
        let cpu = try SceneRenderer.render(scene, at: [0, 0.4], width: 64, height: 48, gpuAnimationMinimumLayers: nil)
        #expect(gpu.first?.work.motionSlots == 1) // the sibling only
        // The shadowPath is filled as a path, which cannot move: each layer above it is refused for its subtree.
        #expect((0..<100).allSatisfy { gpu.first?.motion["l\($0)"] == .cpu(.drawing) })
        #expect(gpu.first?.motion["s"] == .gpu)
        for (g, c) in zip(gpu, cpu) {
            #expect((zip(g.image.pixels, c.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= Self.tolerance)
        }
    }
}

/// The GPU path's table keeps an animation's records while it is attached, and frees them within
/// `MotionPlanner.sweepInterval` builds after it is gone.
@Suite struct MotionRecordLifetimeTests {
    @Test func recordsOfFinishedAnimationsAreFreedWithinTheSweepInterval() throws {
        let display = try HeadlessDisplay(width: 32, height: 32)
        defer { display.releaseCurrent() }
        let compositor = try gpuPathCompositor(display)
        var timing = MediaTiming()
        timing.duration = 0.2
        let slide = AnimationSpec(keyPath: LayerKeyPath(property: .position), kind: .basic(from: .point(CGPoint(x: 4, y: 4)), to: .point(CGPoint(x: 20, y: 20)), by: nil), timing: timing)
        let fade = AnimationSpec(keyPath: nil, kind: .group([AnimationSpec(keyPath: LayerKeyPath(property: .opacity), kind: .basic(from: .scalar(1), to: .scalar(0.5), by: nil)),
                                                              AnimationSpec(keyPath: LayerKeyPath(property: .backgroundColor), kind: .basic(from: .color(.white), to: nil, by: nil))]),
                                 timing: timing)
        compositor.submit(Commit(transactionID: 1, operations: TestOperations.square(1, CGRect(x: 0, y: 0, width: 8, height: 8))
            + [.attachRoot(1), .addAnimation(1, key: "slide", slide), .addAnimation(1, key: "fade", fade)]), fds: [], from: 1)
        try compositor.renderFrame(at: 0.05)
        #expect(compositor.lastFrameWork.motionSlots == 1)
        #expect(compositor.gpuAnimationRecords == 3) // the slide, and the group's two children
        // Past their end the animations are removed; builds go on (a change each frame) and free their rows.
        var builds = 0
        for i in 0..<Int(MotionPlanner.sweepInterval) + 2 {
            let grey = Color(red: 0.5, green: 0.5, blue: CGFloat(i % 2), alpha: 1)
            compositor.submit(Commit(transactionID: UInt64(2 + i), operations: [.setProperty(1, .backgroundColor, .color(grey))]), fds: [], from: 1)
            try compositor.renderFrame(at: 0.3 + Double(i) / 60)
            builds += 1
        }
        #expect(builds > Int(MotionPlanner.sweepInterval))
        #expect(compositor.gpuAnimationRecords == 0)
    }
}

/// The motion pass captures with a draw, which needs a complete framebuffer bound. A frame that starts
/// with none bound (the last one bound was deleted: a released bitmap's target; surfaceless EGL has no
/// default framebuffer) still draws. Before, every such frame failed with GL error 0x506 (seen under the
/// text-attack benchmark, when the render budgets gave a deferred client its frames back).
@Suite struct MotionPassFramebufferTests {
    @Test func aFrameStartingWithNoFramebufferBoundStillDraws() throws {
        let display = try HeadlessDisplay(width: 32, height: 32)
        defer { display.releaseCurrent() }
        let compositor = try gpuPathCompositor(display)
        var timing = MediaTiming()
        timing.duration = 1
        let slide = AnimationSpec(keyPath: LayerKeyPath(property: .position),
                                  kind: .basic(from: .point(CGPoint(x: 4, y: 4)), to: .point(CGPoint(x: 28, y: 28)), by: nil), timing: timing)
        compositor.submit(Commit(transactionID: 1, operations: TestOperations.square(1, CGRect(x: 0, y: 0, width: 8, height: 8))
            + [.attachRoot(1), .addAnimation(1, key: "slide", slide)]), fds: [], from: 1)
        try compositor.renderFrame(at: 0.1)
        #expect(compositor.lastFrameWork.motionSlots == 1)
        for k in 2...4 {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            try compositor.renderFrame(at: Double(k) / 10)
            #expect(compositor.lastFrameWork.motionSlots == 1)
        }
        // The square at t = 0.4: centre (13.6, 13.6), drawn white on black.
        let shot = try compositor.snapshot()
        #expect(shot.pixels[(13 * 32 + 13) * 4] > 200)
    }
}

/// A compositor on `display` that evaluates every animation on the GPU path, with client 1 added.
private func gpuPathCompositor(_ display: HeadlessDisplay) throws -> Compositor {
    let compositor = try Compositor(display: display)
    compositor.gpuAnimationMinimumLayers = 1
    compositor.addClient(1)
    return compositor
}
