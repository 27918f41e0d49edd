import Foundation
import StrataCore

/// Keys a CALayer stores for its subclasses (Core Animation's `@dynamic` properties: seed 001). A
/// subclass declares a property whose getter and setter use `value(forKey:)` and `setValue(_:forKey:)`;
/// the layer keeps the value, runs the key's action when it changes, animates it with the same timing
/// and interpolation as built-in properties (evaluated here, on the client), and calls `display()` each
/// frame while it animates when `needsDisplay(forKey:)` says so.
extension CALayer {
    /// Whether `key` is a custom key: not a property or key path Strata carries, and not one of Core
    /// Animation's own properties (those Strata lacks are rejected as unsupported, never silently kept).
    static func isCustomKey(_ key: String) -> Bool {
        !key.isEmpty && !key.contains(".") && LayerProperty(name: key) == nil && !CoreAnimationKeys.all.contains(key)
    }

    /// Custom keys' presentation values at global time `time`: the committed values with the committed
    /// custom-key animations applied in the order added, in the layer's local time.
    func presentationCustomValues(at time: Double) -> [String: Any] {
        var values = committedCustomValues
        let running = animationEntries.filter { $0.committed && $0.customKey != nil }
        guard !running.isEmpty, let local = timeSpace(committed: true).activeLocal(fromGlobal: time) else { return values }
        for entry in running {
            guard let key = entry.customKey else { continue }
            let model = values[key] ?? type(of: self).defaultValue(forKey: key)
            let kind = entry.spec.customValueKind
            let underlying = model.flatMap { ValueConversion.infer($0) }.flatMap { $0.kind == kind ? $0 : nil }
                ?? kind.map(AnimatableValue.zero(of:)) ?? .scalar(0)
            guard let v = entry.spec.value(at: local, underlying: underlying) else { continue }
            values[key] = ValueConversion.any(v, like: model)
        }
        return values
    }

    /// Whether a committed animation of a key that needs display has an effect at `time`, or is still to
    /// start (so per-frame display goes on). `builtIn`: count animations of built-in properties whose
    /// name the class's `needsDisplay(forKey:)` answers true for, not only custom keys.
    func hasRunningDisplayAnimation(at time: Double, builtIn: Bool = false) -> Bool {
        let entries = animationEntries.filter { entry in
            guard entry.committed else { return false }
            let keys = entry.customKey.map { [$0] } ?? (builtIn ? entry.spec.keyPaths.map(\.property.name) : [])
            return keys.contains { type(of: self).needsDisplay(forKey: $0) }
        }
        guard !entries.isEmpty else { return false }
        guard let local = timeSpace(committed: true).activeLocal(fromGlobal: time) else { return false }
        return entries.contains { $0.spec.timing.phase(at: local) != .after }
    }

    private static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return ValueConversion.infer(x).map { $0 == ValueConversion.infer(y) } ?? false
        default: return false
        }
    }

    func store(_ value: Any?, forKey key: String) {
        if key == "name" {
            guard value == nil || value is String || value is NSString else {
                StrataLog.logger.error("\(logName): setValue(_:forKey:) rejected: invalid value for name: expected a String or nil")
                return
            }
            name = (value as? String) ?? (value as? NSString).map(String.init)
            return
        }
        if key == "drawsAsynchronously" {
            guard let flag = (value as? Bool) ?? (value as? NSNumber)?.boolValue else {
                StrataLog.logger.error("\(logName): setValue(_:forKey:) rejected: invalid value for drawsAsynchronously: expected a Bool")
                return
            }
            drawsAsynchronously = flag
            return
        }
        guard Self.isCustomKey(key) else { setValue(value, forKeyPath: key); return }
        LayerLock.with {
            guard !isPresentationCopy else { customValues[key] = value; return }
            let old = customValues[key] ?? type(of: self).defaultValue(forKey: key)
            let changed = !Self.same(old, value)
            let inTree = hasBeenCommitted && (parent != nil || isAttachedRoot)
            let action = changed && inTree && !CATransaction.disableActions() ? action(forKey: key) : nil
            customValues[key] = value
            CATransaction.noteChange(self)
            action?.run(forKey: key, object: self, arguments: nil)
            if changed, type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        }
    }
}

/// Core Animation's CALayer keys that are not properties in the table (`LayerProperty`): those carried
/// another way (`mask`, `contents`, `sublayers`, `frame`, …, `name` and `drawsAsynchronously` through
/// `setValue(_:forKey:)` above), the CALayer spellings of table keys (`isDoubleSided` is `doubleSided`), and
/// those Strata lacks. None of them is a custom key, so setting or animating one by name fails as
/// unsupported instead of being stored and ignored.
enum CoreAnimationKeys {
    static let carriedElsewhere: Set<String> = [
        "mask", "contents", "sublayers", "frame", "superlayer", "style", "actions", "delegate",
        "isOpaque", "opaque", "needsDisplayOnBoundsChange", "isDoubleSided", "isGeometryFlipped",
        "autoresizingMask", "name", "drawsAsynchronously",
    ]
    static let lacking: Set<String> = ["contentsFormat"]
    static let all = carriedElsewhere.union(lacking)
}
