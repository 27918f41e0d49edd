import CStrataAPI
import Foundation
import Strata

// Input for C (docs/c-api.md): a layer's or the connection's handler gets each event as a
// strata_input_event with borrowed handles, on the main thread inside strata_dispatch. Hit testing, point
// conversion and presentation copies are Core Animation's.

enum CInput {
    typealias Handler = CCallback<strata_input_fn>

    static func kind(_ k: StrataInputEvent.Kind) -> Int {
        switch k {
        case .touchDown: STRATA_INPUT_TOUCH_DOWN
        case .touchMoved: STRATA_INPUT_TOUCH_MOVED
        case .touchUp: STRATA_INPUT_TOUCH_UP
        case .touchCancelled: STRATA_INPUT_TOUCH_CANCELLED
        case .pointerMoved: STRATA_INPUT_POINTER_MOVED
        case .pointerButton: STRATA_INPUT_POINTER_BUTTON
        case .scroll: STRATA_INPUT_SCROLL
        case .key: STRATA_INPUT_KEY
        }
    }

    /// The Swift handler that calls `callback` with the event in C's form.
    static func handler(_ callback: Handler) -> (StrataInputEvent) -> Void {
        { e in
            var borrowed = BorrowedHandles()
            defer { borrowed.end() }
            var event = strata_input_event()
            event.size = MemoryLayout<strata_input_event>.size
            event.kind = Int32(kind(e.kind))
            event.timestamp = e.timestamp
            event.layer = borrowed.lend(e.layer, .layer)
            event.hit_layer = borrowed.lend(e.hitLayer, .layer)
            event.location = strata_point(x: Double(e.location.x), y: Double(e.location.y))
            event.touch_id = Int32(truncatingIfNeeded: e.touchID)
            event.button = Int32(truncatingIfNeeded: e.button)
            event.pressed = e.isPressed
            event.scroll_delta = strata_size(width: Double(e.scrollDelta.width), height: Double(e.scrollDelta.height))
            event.keysym = e.keysym
            event.observed = e.isObserved
            e.text.withCString { text in
                event.text = text
                withUnsafePointer(to: &event) { callback.function($0, callback.userData) }
            }
        }
    }
}

@_cdecl("strata_layer_set_input_handler")
public func strata_layer_set_input_handler(_ layer: OpaquePointer?, _ handler: strata_input_fn?, _ userData: UnsafeMutableRawPointer?,
                                           _ destroy: strata_destroy_fn?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        l.inputHandler = handler.map { CInput.handler(CCallback($0, userData, destroy)) }
    }
}

@_cdecl("strata_connection_set_input_handler")
public func strata_connection_set_input_handler(_ connection: OpaquePointer?, _ handler: strata_input_fn?, _ userData: UnsafeMutableRawPointer?,
                                                _ destroy: strata_destroy_fn?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.connection(connection)
        c.inputHandler = handler.map { CInput.handler(CCallback($0, userData, destroy)) }
    }
}

@_cdecl("strata_layer_copy_hit_test")
public func strata_layer_copy_hit_test(_ layer: OpaquePointer?, _ point: strata_point, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), out = try CArgument.out(out)
        guard point.x.isFinite, point.y.isFinite else { throw .invalid("point must be finite") }
        try CLayers.give(l.hitTest(CGPoint(x: point.x, y: point.y)), out)
    }
}

@_cdecl("strata_layer_convert_point")
public func strata_layer_convert_point(_ layer: OpaquePointer?, _ point: strata_point, _ from: OpaquePointer?,
                                       _ out: UnsafeMutablePointer<strata_point>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), out = try CArgument.out(out)
        let source = try CLayers.optionalLayer(from, "from")
        guard point.x.isFinite, point.y.isFinite else { throw .invalid("point must be finite") }
        let p = l.convert(CGPoint(x: point.x, y: point.y), from: source)
        guard p.x.isFinite, p.y.isFinite else { throw .state("the point has no place in the layer (its plane is edge-on or behind the viewer)") }
        out.pointee = strata_point(x: Double(p.x), y: Double(p.y))
    }
}

@_cdecl("strata_layer_copy_presentation")
public func strata_layer_copy_presentation(_ layer: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer), out = try CArgument.out(out)
        try CLayers.give(l.presentation(), out)
    }
}
