import CStrataDRM

/// A fixed-size C char array (a tuple in Swift) as a String, up to its first NUL or its end: names in
/// kernel structs are NUL-terminated, but a missing NUL must not read past the array.
func string<T>(fromCharTuple tuple: T) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes.prefix(length), as: UTF8.self)
    }
}

/// KMS properties by name. Property ids are global to the device and do not change while it is open, so
/// each property's name (and enum entries) is read once, and each object's name → id table once.
final class DRMPropertyCache {
    struct Property {
        var name: String
        /// Enum and bitmask entries: (name, value); for a bitmask the value is the bit's index.
        var enums: [(name: String, value: UInt64)]
    }

    let fd: Int32
    private var properties: [UInt32: Property] = [:]
    private var idsByObject: [UInt32: [String: UInt32]] = [:]

    init(fd: Int32) { self.fd = fd }

    /// The property's name and enum entries, nil when the kernel does not know it.
    func property(_ id: UInt32) -> Property? {
        if let known = properties[id] { return known }
        guard let raw = drmModeGetProperty(fd, id) else { return nil }
        defer { drmModeFreeProperty(raw) }
        var enums: [(name: String, value: UInt64)] = []
        if let entries = raw.pointee.enums {
            for i in 0..<Int(max(raw.pointee.count_enums, 0)) {
                enums.append((string(fromCharTuple: entries[i].name), entries[i].value))
            }
        }
        let property = Property(name: string(fromCharTuple: raw.pointee.name), enums: enums)
        properties[id] = property
        return property
    }

    /// The object's properties now: name → (id, current value). Empty when the object is gone.
    func current(object: UInt32, type: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        guard let list = drmModeObjectGetProperties(fd, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(list) }
        var result: [String: (id: UInt32, value: UInt64)] = [:]
        guard let ids = list.pointee.props, let values = list.pointee.prop_values else { return [:] }
        for i in 0..<Int(list.pointee.count_props) {
            if let p = property(ids[i]) { result[p.name] = (ids[i], values[i]) }
        }
        idsByObject[object] = result.mapValues(\.id)
        return result
    }

    /// The object's property ids by name, read once per object.
    func ids(object: UInt32, type: UInt32) -> [String: UInt32] {
        if let known = idsByObject[object] { return known }
        return current(object: object, type: type).mapValues(\.id)
    }

    /// Forgets the objects (not the property names): connectors come and go with hotplug (DP MST) and a
    /// new one may reuse an id.
    func forgetObjects() { idsByObject.removeAll() }
}
