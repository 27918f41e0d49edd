import CStrataAPI
import Foundation

/// What a handle names (the tag in its value): a handle of one kind passed where another is expected is
/// `STRATA_WRONG_KIND`.
enum HandleTag: UInt8, CaseIterable {
    case layer = 1, connection, animation, image, path, displayLink, emitterCell

    var noun: String {
        switch self {
        case .layer: "a layer"
        case .connection: "a connection"
        case .animation: "an animation"
        case .image: "an image"
        case .path: "a path"
        case .displayLink: "a display link"
        case .emitterCell: "an emitter cell"
        }
    }
}

/// The C API's handles (docs/c-api.md): opaque 64-bit values that name a slot of this table, never an
/// address, so a freed, forged or wrong-kind handle is refused instead of dereferenced. A value is 0xA5 in
/// the top byte (never a user-space address, so an app that dereferences one faults at once), then the tag
/// (8 bits), the slot's generation (24 bits) and the slot (24 bits). Releasing the last reference empties
/// the slot and bumps its generation, so the old value reads as freed. One live handle per object: asking
/// for another handle to it adds a reference to the same value.
final class HandleTable: @unchecked Sendable {
    static let shared = HandleTable()
    /// The most objects C may hold at once.
    static let maxLive = 1 << 20

    private struct Slot {
        var generation: UInt32 = 1
        var tag: HandleTag?
        var object: AnyObject?
        var refs: Int32 = 0
    }

    private let lock = NSLock() // a leaf: nothing is called while it is held
    private var slots = [Slot()] // slot 0 is never used
    private var free: [Int] = []
    private var byObject: [ObjectIdentifier: Int] = [:]

    private static let magic: UInt64 = 0xA5
    private static let generationMask: UInt32 = 0xFF_FFFF

    private static func value(slot: Int, _ s: Slot, _ tag: HandleTag) -> OpaquePointer? {
        let bits = magic << 56 | UInt64(tag.rawValue) << 48 | UInt64(s.generation & generationMask) << 24 | UInt64(slot)
        return OpaquePointer(bitPattern: UInt(bits))
    }

    /// A handle holding one new reference to `object`.
    func retained(_ object: AnyObject, _ tag: HandleTag) throws(CFailure) -> OpaquePointer? {
        lock.lock(); defer { lock.unlock() }
        if let i = byObject[ObjectIdentifier(object)] {
            guard slots[i].refs < Int32.max else { throw .limit("a handle holds \(Int32.max) references") }
            slots[i].refs += 1
            return Self.value(slot: i, slots[i], tag)
        }
        let i = try newSlot(object, tag, refs: 1)
        return Self.value(slot: i, slots[i], tag)
    }

    /// A free slot given to `object` (called with the lock held).
    private func newSlot(_ object: AnyObject, _ tag: HandleTag, refs: Int32) throws(CFailure) -> Int {
        let i: Int
        if let reused = free.popLast() {
            i = reused
        } else {
            guard slots.count <= Self.maxLive else { throw .limit("more than \(Self.maxLive) objects are held through handles") }
            slots.append(Slot())
            i = slots.count - 1
        }
        slots[i].tag = tag
        slots[i].object = object
        slots[i].refs = refs
        byObject[ObjectIdentifier(object)] = i
        return i
    }

    /// Empties slot `i`, bumping its generation so old handles read as freed; returns its object to release
    /// after the lock (called with the lock held).
    private func empty(_ i: Int) -> AnyObject? {
        let object = slots[i].object
        if let object { byObject[ObjectIdentifier(object)] = nil }
        slots[i].object = nil
        slots[i].tag = nil
        slots[i].refs = 0
        slots[i].generation = slots[i].generation & Self.generationMask == Self.generationMask ? 1 : slots[i].generation + 1
        free.append(i)
        return object
    }

    /// A handle for `object` that adds no reference, for a callback's event: the object's live handle, or a
    /// slot made for the callback (returned, for `endBorrow`) that holds none until the callback retains it.
    func borrow(_ object: AnyObject, _ tag: HandleTag) throws(CFailure) -> (OpaquePointer?, Int?) {
        lock.lock(); defer { lock.unlock() }
        if let i = byObject[ObjectIdentifier(object)] { return (Self.value(slot: i, slots[i], tag), nil) }
        let i = try newSlot(object, tag, refs: 0)
        return (Self.value(slot: i, slots[i], tag), i)
    }

    /// Frees the slot `borrow` made for `object`, unless the callback retained it (or retained and released
    /// it, which freed it already).
    func endBorrow(_ i: Int, _ object: AnyObject) {
        var dropped: AnyObject?
        do {
            lock.lock(); defer { lock.unlock() }
            if slots[i].object === object, slots[i].refs == 0 { dropped = empty(i) }
        }
        withExtendedLifetime(dropped) {}
    }

    /// The object `handle` names, if it is a live handle of kind `tag`.
    func object(_ handle: OpaquePointer?, _ tag: HandleTag, _ what: String) throws(CFailure) -> AnyObject {
        lock.lock(); defer { lock.unlock() }
        let i = try slot(handle, tag, what)
        guard let object = slots[i].object else { throw CFailure(STRATA_INTERNAL, "\(what): an empty slot") }
        return object
    }

    /// Adds a reference to a live handle.
    func retain(_ handle: OpaquePointer?, _ tag: HandleTag, _ what: String) throws(CFailure) {
        lock.lock(); defer { lock.unlock() }
        let i = try slot(handle, tag, what)
        guard slots[i].refs < Int32.max else { throw .limit("\(what) holds \(Int32.max) references") }
        slots[i].refs += 1
    }

    /// Drops a reference; the last one empties the slot. The object is released after the lock, since its
    /// deinit may do anything.
    func release(_ handle: OpaquePointer?, _ tag: HandleTag, _ what: String) throws(CFailure) {
        var dropped: AnyObject?
        do {
            lock.lock(); defer { lock.unlock() }
            let i = try slot(handle, tag, what)
            guard slots[i].refs > 0 else { throw CFailure(STRATA_FREED_HANDLE, "\(what) is borrowed by a callback and was not retained") }
            slots[i].refs -= 1
            if slots[i].refs == 0 { dropped = empty(i) }
        }
        withExtendedLifetime(dropped) {}
    }

    /// The slot of a live handle of kind `tag`, or the refusal that says what is wrong with it.
    private func slot(_ handle: OpaquePointer?, _ tag: HandleTag, _ what: String) throws(CFailure) -> Int {
        guard let handle else { throw CFailure(STRATA_INVALID_HANDLE, "\(what) is NULL") }
        let bits = UInt64(UInt(bitPattern: Int(bitPattern: handle)))
        guard bits >> 56 == Self.magic, let handleTag = HandleTag(rawValue: UInt8(truncatingIfNeeded: bits >> 48)) else {
            throw CFailure(STRATA_INVALID_HANDLE, "\(what) is not a Strata handle")
        }
        guard handleTag == tag else { throw CFailure(STRATA_WRONG_KIND, "\(what) must be \(tag.noun), got \(handleTag.noun)") }
        let i = Int(bits & 0xFF_FFFF)
        let generation = UInt32(truncatingIfNeeded: bits >> 24) & Self.generationMask
        guard i > 0, i < slots.count else { throw CFailure(STRATA_INVALID_HANDLE, "\(what) is not a Strata handle") }
        guard slots[i].object != nil, slots[i].tag == tag, slots[i].generation & Self.generationMask == generation else {
            throw CFailure(STRATA_FREED_HANDLE, "\(what) was released (\(tag.noun) no longer held)")
        }
        return i
    }
}
