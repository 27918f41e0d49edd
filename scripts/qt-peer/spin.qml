// The Qt Quick peer of `strata-bench --scenario spin` (Sources/strata-bench/BenchMain.swift,
// `scene(layers:width:height:)`): N 12×12 squares in a grid on a 320×240 window, each running, forever and
// autoreversing over 1 + (i % 5) × 0.1 s, a linear move by (20, 10), an opacity fade 1 → 0.3 with
// Core Animation's easeInEaseOut (cubic Bézier 0.42, 0, 0.58, 1) and a linear rotation 0 → 3 rad about its
// centre. It renders as fast as the render loop lets it and quits after F swapped frames.
//
//     qml spin.qml -- LAYERS FRAMES [animators] [aliased]
//
// The squares are antialiased, as Strata's are (`aliased` turns that off). `animators` uses Qt's Animator
// types (XAnimator, …: evaluated by the render loop, not through the items' properties) instead of
// NumberAnimation. On quitting it prints one line to stderr:
//     qt-peer: layers=N frames=F … first_frame_ms=… frames_ms=… (the last from the first swap to the F-th)
import QtQuick
import QtQuick.Window

Window {
    id: win
    width: 320
    height: 240
    visible: true
    color: "black"
    title: "strata qt-peer"

    // The arguments after `--`: LAYERS FRAMES [animators].
    readonly property var args: {
        const a = Qt.application.arguments
        const i = a.indexOf("--")
        return i < 0 ? [] : a.slice(i + 1)
    }
    readonly property int layers: args.length > 0 ? parseInt(args[0]) : 1000
    readonly property int frames: args.length > 1 ? parseInt(args[1]) : 100
    readonly property bool animators: args.indexOf("animators") >= 2
    readonly property bool smooth: args.indexOf("aliased") < 2
    readonly property int columns: Math.max(1, Math.ceil(Math.sqrt(layers)))
    readonly property real startMs: Date.now()
    property int swapped: 0
    property real firstSwapMs: 0

    onFrameSwapped: {
        swapped += 1
        if (swapped === 1)
            firstSwapMs = Date.now()
        if (swapped === frames) {
            const now = Date.now()
            console.warn("qt-peer: layers=" + layers + " frames=" + frames + " animators=" + animators + " antialiasing=" + smooth
                         + " first_frame_ms=" + (firstSwapMs - startMs)
                         + " frames_ms=" + (now - firstSwapMs))
            Qt.exit(0)
        }
    }

    Component {
        id: numbers
        Rectangle {
            id: r
            required property int index
            readonly property real hue: (index % 7) / 7
            readonly property int duration: 1000 + (index % 5) * 100
            // Core Animation's position is the centre (anchorPoint 0.5, 0.5); Qt's x, y the top-left corner.
            readonly property real x0: (index % win.columns) / win.columns * win.width - 6
            readonly property real y0: Math.floor(index / win.columns) / win.columns * win.height - 6
            x: x0
            y: y0
            width: 12
            height: 12
            color: Qt.rgba(hue, 1 - hue, 0.5, 1)
            antialiasing: win.smooth
            // One timeline per square: the three animations share their duration, so there and back again.
            SequentialAnimation {
                running: true
                loops: Animation.Infinite
                ParallelAnimation {
                    NumberAnimation { target: r; property: "x"; from: r.x0; to: r.x0 + 20; duration: r.duration }
                    NumberAnimation { target: r; property: "y"; from: r.y0; to: r.y0 + 10; duration: r.duration }
                    NumberAnimation { target: r; property: "opacity"; from: 1; to: 0.3; duration: r.duration
                                      easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1] }
                    NumberAnimation { target: r; property: "rotation"; from: 0; to: 171.8873385; duration: r.duration }
                }
                ParallelAnimation {
                    NumberAnimation { target: r; property: "x"; from: r.x0 + 20; to: r.x0; duration: r.duration }
                    NumberAnimation { target: r; property: "y"; from: r.y0 + 10; to: r.y0; duration: r.duration }
                    NumberAnimation { target: r; property: "opacity"; from: 0.3; to: 1; duration: r.duration
                                      easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1] }
                    NumberAnimation { target: r; property: "rotation"; from: 171.8873385; to: 0; duration: r.duration }
                }
            }
        }
    }

    Component {
        id: animatorsComponent
        Rectangle {
            id: r
            required property int index
            readonly property real hue: (index % 7) / 7
            readonly property int duration: 1000 + (index % 5) * 100
            readonly property real x0: (index % win.columns) / win.columns * win.width - 6
            readonly property real y0: Math.floor(index / win.columns) / win.columns * win.height - 6
            x: x0
            y: y0
            width: 12
            height: 12
            color: Qt.rgba(hue, 1 - hue, 0.5, 1)
            antialiasing: win.smooth
            SequentialAnimation {
                running: true
                loops: Animation.Infinite
                ParallelAnimation {
                    XAnimator { target: r; from: r.x0; to: r.x0 + 20; duration: r.duration }
                    YAnimator { target: r; from: r.y0; to: r.y0 + 10; duration: r.duration }
                    OpacityAnimator { target: r; from: 1; to: 0.3; duration: r.duration
                                      easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1] }
                    RotationAnimator { target: r; from: 0; to: 171.8873385; duration: r.duration }
                }
                ParallelAnimation {
                    XAnimator { target: r; from: r.x0 + 20; to: r.x0; duration: r.duration }
                    YAnimator { target: r; from: r.y0 + 10; to: r.y0; duration: r.duration }
                    OpacityAnimator { target: r; from: 0.3; to: 1; duration: r.duration
                                      easing.type: Easing.Bezier; easing.bezierCurve: [0.42, 0, 0.58, 1, 1, 1] }
                    RotationAnimator { target: r; from: 171.8873385; to: 0; duration: r.duration }
                }
            }
        }
    }

    Repeater {
        model: win.layers
        delegate: win.animators ? animatorsComponent : numbers
    }
}
