import CStrataAPI
import Foundation
import Strata

/// Connection handles (docs/c-api.md): connecting, roots, outputs.
enum CConnections {
    static func connection(_ handle: OpaquePointer?, _ what: String = "connection") throws(CFailure) -> StrataConnection {
        guard let c = try HandleTable.shared.object(handle, .connection, what) as? StrataConnection else {
            throw .internalError("\(what) names no connection")
        }
        return c
    }

    /// A connection that has not been closed.
    static func open(_ handle: OpaquePointer?) throws(CFailure) -> StrataConnection {
        let c = try connection(handle)
        guard !c.isClosed else { throw CFailure(STRATA_NOT_CONNECTED, "the connection is closed") }
        return c
    }

    /// Copies `text` into a fixed C array of `capacity` bytes, cut at a character boundary and NUL-terminated.
    static func copy<Buffer>(_ text: String, into buffer: inout Buffer, capacity: Int) {
        withUnsafeMutableBytes(of: &buffer) { raw in
            var bytes = Array(text.utf8)
            if bytes.count > capacity - 1 {
                bytes = Array(bytes[..<(capacity - 1)])
                while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() } // a cut continuation
                if let last = bytes.last, last >= 0xC0 { bytes.removeLast() } // the lead byte of the cut character
            }
            raw.copyBytes(from: bytes + [0])
        }
    }
}

@_cdecl("strata_connect")
public func strata_connect(_ socketPath: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let path = try socketPath.map { p throws(CFailure) in try CArgument.string(p, "socket_path") }
        let connection: StrataConnection
        do { connection = try StrataConnection.connect(socketPath: path) } catch {
            throw CFailure(STRATA_CONNECT_FAILED, "\(error)")
        }
        out.pointee = try HandleTable.shared.retained(connection, .connection)
    }
}

@_cdecl("strata_connection_retain")
public func strata_connection_retain(_ connection: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.retain(connection, .connection, "connection") }
}

@_cdecl("strata_connection_release")
public func strata_connection_release(_ connection: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.release(connection, .connection, "connection") }
}

@_cdecl("strata_connection_close")
public func strata_connection_close(_ connection: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try CConnections.connection(connection).close() }
}

@_cdecl("strata_connection_is_connected")
public func strata_connection_is_connected(_ connection: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.connection(connection)
        try CArgument.out(out).pointee = c.isConnected
    }
}

@_cdecl("strata_connection_set_reconnects")
public func strata_connection_set_reconnects(_ connection: OpaquePointer?, _ reconnects: Bool) -> strata_status {
    cCall { () throws(CFailure) in try CConnections.connection(connection).automaticallyReconnects = reconnects }
}

@_cdecl("strata_connection_attach")
public func strata_connection_attach(_ connection: OpaquePointer?, _ layer: OpaquePointer?, _ output: UnsafePointer<CChar>?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.open(connection), l = try CLayers.layer(layer)
        let name = try output.map { p throws(CFailure) in try CArgument.string(p, "output") } ?? ""
        if let why = c.attachChecked(l, toOutput: name) {
            throw c.isClosed ? CFailure(STRATA_NOT_CONNECTED, why) : .state(why)
        }
    }
}

@_cdecl("strata_connection_detach")
public func strata_connection_detach(_ connection: OpaquePointer?, _ layer: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.connection(connection), l = try CLayers.layer(layer)
        c.detach(l)
    }
}

@_cdecl("strata_connection_get_output_count")
public func strata_connection_get_output_count(_ connection: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.connection(connection)
        try CArgument.out(out).pointee = c.outputs.count
    }
}

@_cdecl("strata_connection_get_output")
public func strata_connection_get_output(_ connection: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<strata_output>?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.connection(connection), out = try CArgument.out(out)
        let outputs = c.outputs
        guard index >= 0, index < outputs.count else {
            throw .invalid("index \(UInt(bitPattern: index)) is past the \(outputs.count) outputs")
        }
        let o = outputs[index]
        var made = strata_output()
        CConnections.copy(o.name, into: &made.name, capacity: 64)
        made.width = Int32(clamping: o.width)
        made.height = Int32(clamping: o.height)
        made.scale = Double(o.scale)
        made.refresh_rate = o.refreshRate
        let b = o.bounds
        made.bounds = strata_rect(origin: strata_point(x: Double(b.origin.x), y: Double(b.origin.y)),
                                  size: strata_size(width: Double(b.size.width), height: Double(b.size.height)))
        made.safe_top = o.safeAreaInsets.top
        made.safe_left = o.safeAreaInsets.left
        made.safe_bottom = o.safeAreaInsets.bottom
        made.safe_right = o.safeAreaInsets.right
        out.pointee = made
    }
}

@_cdecl("strata_connection_get_last_transaction_id")
public func strata_connection_get_last_transaction_id(_ connection: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?) -> strata_status {
    cCall { () throws(CFailure) in
        let c = try CConnections.connection(connection)
        try CArgument.out(out).pointee = c.lastTransactionID
    }
}

@_cdecl("strata_media_time")
public func strata_media_time() -> Double { CACurrentMediaTime() }
