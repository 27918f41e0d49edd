import CStrataAPI
import Foundation
import Strata

/// The connection's notifications as one C event handler (docs/c-api.md): each `on…` closure of the
/// connection builds a `strata_connection_event` and calls the handler on the main queue.
enum CConnectionEvents {
    typealias Handler = strata_connection_event_fn

    /// Sets or (with nil) clears every notification the handler receives.
    static func install(_ handler: CCallback<Handler>?, on connection: StrataConnection) {
        guard let handler else {
            connection.onServerLost = nil
            connection.onReconnect = nil
            connection.onOutputsChanged = nil
            connection.onError = nil
            connection.onLayerError = nil
            connection.onTransactionPresented = nil
            return
        }
        weak let weakConnection = connection
        let send = { @MainActor @Sendable (kind: Int, reason: String?, layer: CALayer?, id: UInt64, at: Double) in
            guard let connection = weakConnection else { return }
            deliver(handler, connection, kind: kind, reason: reason, layer: layer, transactionID: id, presentedAt: at)
        }
        connection.onServerLost = { reason in send(STRATA_EVENT_SERVER_LOST, reason, nil, 0, 0) }
        connection.onReconnect = { send(STRATA_EVENT_RECONNECTED, nil, nil, 0, 0) }
        connection.onOutputsChanged = { _ in send(STRATA_EVENT_OUTPUTS_CHANGED, nil, nil, 0, 0) }
        connection.onError = { reason in send(STRATA_EVENT_ERROR, reason, nil, 0, 0) }
        connection.onLayerError = { layer, reason in send(STRATA_EVENT_LAYER_ERROR, reason, layer, 0, 0) }
        connection.onTransactionPresented = { id, at in send(STRATA_EVENT_TRANSACTION_PRESENTED, nil, nil, id, at) }
    }

    /// Calls the handler with borrowed handles, outside every Strata lock (the main queue runs it).
    static func deliver(_ handler: CCallback<Handler>, _ connection: StrataConnection, kind: Int, reason: String?,
                        layer: CALayer?, transactionID: UInt64, presentedAt: Double) {
        var borrowed = BorrowedHandles()
        defer { borrowed.end() }
        let connectionHandle = borrowed.lend(connection, .connection)
        var event = strata_connection_event()
        event.size = MemoryLayout<strata_connection_event>.size
        event.kind = Int32(kind)
        event.layer = borrowed.lend(layer, .layer)
        event.transaction_id = transactionID
        event.presented_at = presentedAt
        let call = { (event: inout strata_connection_event) in
            withUnsafePointer(to: &event) { handler.function(connectionHandle, $0, handler.userData) }
        }
        if let reason {
            reason.withCString { text in
                event.reason = text
                call(&event)
            }
        } else {
            call(&event)
        }
    }
}

@_cdecl("strata_connection_set_event_handler")
public func strata_connection_set_event_handler(_ connection: OpaquePointer?, _ handler: strata_connection_event_fn?,
                                                _ userData: UnsafeMutableRawPointer?, _ destroy: strata_destroy_fn?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.connection(connection)
        CConnectionEvents.install(handler.map { CCallback($0, userData, destroy) }, on: c)
    }
}
