import Foundation
import StrataCore
import StrataProtocol
import StrataPNG

/// Reads scene files, rejecting unknown keys and wrong shapes with errors naming layer and key.
public enum SceneParser {
    public static func load(path: String) throws -> Scene {
        guard let data = FileManager.default.contents(atPath: path) else { throw SceneError("cannot read scene file \(path)") }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        return try parse(data: data, baseDirectory: base)
    }

    public static func parse(data: Data, baseDirectory: URL) throws -> Scene {
        let root = try StrictJSON.parse(data)
        guard let doc = root as? [String: Any] else { throw SceneError("scene must be a JSON object") }
        for key in doc.keys where !["strata", "size", "scale", "background", "layers", "changes"].contains(key) {
            throw SceneError("scene: unknown key \"\(key)\"")
        }
        guard let v = doc["strata"].flatMap(SceneValues.number), v == v.rounded(), let version = Int(exactly: Double(v)) else {
            throw SceneError("scene: \"strata\" must be the format version number (\(Scene.formatVersion))")
        }
        guard version == Scene.formatVersion else { throw SceneError("scene: unsupported format version \(version) (this Strata reads \(Scene.formatVersion))") }
        var size: (Int, Int)?
        if let s = doc["size"] {
            guard let n = SceneValues.numbers(s, count: 2), n[0] >= 1, n[1] >= 1, n[0] == n[0].rounded(), n[1] == n[1].rounded() else {
                throw SceneError("scene: \"size\" must be [width, height] in whole pixels ≥ 1")
            }
            size = (Int(n[0]), Int(n[1]))
        }
        var scale: CGFloat = 1
        if let s = doc["scale"] {
            guard let x = SceneValues.number(s), x > 0, x <= 8 else { throw SceneError("scene: \"scale\" must be a number above 0 and at most 8 (pixels per point)") }
            scale = x
        }
        var background = Color.black
        if let b = doc["background"] {
            guard let c = SceneValues.color(b) else { throw SceneError("scene: \"background\" must be \(SceneValues.shapeDescription(.color))") }
            background = c
        }
        guard let list = doc["layers"] as? [Any] else { throw SceneError("scene: \"layers\" must be an array of layers") }
        var context = Context(base: baseDirectory, images: SceneImages(base: baseDirectory))
        let layers = try list.enumerated().map { try context.layer($0.element, path: "layers[\($0.offset)]") }
        var scene = Scene(size: size, background: background, layers: layers)
        scene.scale = scale
        scene.animationImages = context.images.list
        if let c = doc["changes"] {
            guard let list = c as? [Any] else { throw SceneError("scene: \"changes\" must be an array of changes") }
            scene.changes = try list.enumerated().map { try SceneChangeParser.parse($0.element, index: $0.offset, scene: scene) }
        }
        return scene
    }

    private struct Context {
        let base: URL
        let images: SceneImages
        var seen: Set<String> = []
        var nextWireID: UInt64 = 1

        static let layerKeys: Set<String> = ["id", "class", "sublayers", "animations", "contents", "transformLayer", "mask"]

        mutating func layer(_ any: Any, path: String) throws -> Scene.Layer {
            guard let o = any as? [String: Any] else { throw SceneError("\(path): a layer must be a JSON object") }
            let id: String
            if let s = o["id"] as? String, !s.isEmpty {
                id = s
            } else if let v = o["id"].flatMap(SceneValues.number), v == v.rounded(), let n = Int(exactly: Double(v)) {
                id = String(n)
            } else {
                throw SceneError("\(path): every layer needs an \"id\" (a string or an integer)")
            }
            guard seen.insert(id).inserted else { throw SceneError("layer \"\(id)\": duplicate id") }
            let wireID = nextWireID
            nextWireID += 1
            let kind = try SceneParser.kind(o, id: id)
            var model = LayerModel(kind: kind)
            // Whole properties first, then key-path components in sorted order (JSON objects are unordered).
            let keys = o.keys.filter { !Self.layerKeys.contains($0) && !(kind == .emitter && $0 == "emitterCells") && !(kind == .host && $0 == "contextToken") }
            for key in keys.sorted(by: { a, b in a.contains(".") == b.contains(".") ? a < b : !a.contains(".") }) {
                guard let value = o[key] else { continue }
                let kp = try SceneParser.keyPath(key, of: kind, at: "layer \"\(id)\"")
                model[kp] = try SceneValues.layerValue(value, keyPath: kp, key: key, at: "layer \"\(id)\"")
            }
            let cellImages = try o["emitterCells"].map { try emitterCells($0, into: &model, layer: id) } ?? []
            var contents: RGBAImage?
            if let c = o["contents"] {
                guard let rel = c as? String else { throw SceneError("layer \"\(id)\": \"contents\" must be a PNG path") }
                let url = rel.hasPrefix("/") ? URL(fileURLWithPath: rel) : base.appendingPathComponent(rel)
                do { contents = try ImageFile.read(path: url.path).premultiplied() } catch {
                    throw SceneError("layer \"\(id)\": \"contents\": \(error)")
                }
                // Its image id is the layer's wire id: what a `contents` animation's nil end shows.
                model.contents = ContentsImage(wireID)
            }
            var animations: [AttachedAnimation] = []
            if let a = o["animations"] {
                guard let dict = a as? [String: Any] else { throw SceneError("layer \"\(id)\": \"animations\" must be an object of KEY: ANIMATION") }
                for key in dict.keys.sorted() {
                    guard let v = dict[key] else { continue }
                    let spec = try SceneAnimation.parse(v, layer: id, key: key, images: images)
                    if let foreign = spec.keyPaths.first(where: { !$0.property.isCarried(by: kind) }) {
                        throw SceneError("layer \"\(id)\" animation \"\(key)\": \"keyPath\": a \(kind.className) has no \(foreign.property.name)")
                    }
                    animations.append(AttachedAnimation(key: key, spec: spec))
                }
            }
            var sublayers: [Scene.Layer] = []
            if let s = o["sublayers"] {
                guard let list = s as? [Any] else { throw SceneError("layer \"\(id)\": \"sublayers\" must be an array") }
                for (i, child) in list.enumerated() { sublayers.append(try layer(child, path: "layer \"\(id)\" sublayers[\(i)]")) }
            }
            var mask: [Scene.Layer] = []
            if let m = o["mask"] { mask = [try layer(m, path: "layer \"\(id)\" mask")] }
            var layer = Scene.Layer(id: id, wireID: wireID, model: model, contents: contents, animations: animations, sublayers: sublayers,
                                    kind: kind, mask: mask, cellImages: cellImages)
            layer.contentsFile = contents == nil ? nil : o["contents"] as? String
            if let t = o["contextToken"], kind == .host {
                // Another app's exported context, shown by a running server (`strata play`).
                guard let text = t as? String, let token = ContextToken(hex: text), !token.isZero else {
                    throw SceneError("layer \"\(id)\": \"contextToken\" must be 32 hexadecimal digits (the token an app's context got)")
                }
                layer.contextToken = token
            }
            return layer
        }

        /// An emitter's `"emitterCells"` set on `model`, each cell's `"contents"` read and given an image id
        /// (from the layers' counter: no layer's image has it).
        mutating func emitterCells(_ any: Any, into model: inout LayerModel, layer id: String) throws -> [(id: UInt64, image: RGBAImage)] {
            let at = "layer \"\(id)\": \"emitterCells\""
            let parsed = try SceneEmitterCells.parse(any, at: at)
            var cells = parsed.map(\.cell)
            var images: [(id: UInt64, image: RGBAImage)] = []
            for (path, file) in parsed.flatMap(\.contents).sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : base.appendingPathComponent(file)
                let image: RGBAImage
                do { image = try ImageFile.read(path: url.path).premultiplied() } catch { throw SceneError("\(at): \"contents\": \(error)") }
                let imageID = nextWireID
                nextWireID += 1
                images.append((imageID, image))
                var emitter = EmitterModel()
                emitter.emitterCells = cells
                try? emitter.setCellImage(imageID, at: path)
                cells = emitter.emitterCells
            }
            if let problem = LayerProperty.emitterCells.rangeError(.emitterCells(cells)) { throw SceneError("layer \"\(id)\": \(problem)") }
            model[LayerProperty.emitterCells] = .emitterCells(cells)
            return images
        }
    }

    /// The layer's class: `"class"` names it (`"layer"`, `"transform"`, `"shape"`, `"gradient"`,
    /// `"replicator"`); `"transformLayer": true` (format 1's first spelling) is a transform layer.
    static func kind(_ o: [String: Any], id: String) throws -> LayerKind {
        var kind = LayerKind.layer
        if let c = o["class"] {
            let names = LayerKind.allCases.filter { $0 != .tiled }.map(\.name)
            guard let name = c as? String, let k = LayerKind(name: name) else {
                throw SceneError("layer \"\(id)\": \"class\" must be one of \(names.joined(separator: ", "))")
            }
            // A tiled layer's tiles are drawn by an app when the server asks: a scene file has none to give.
            guard k != .tiled else {
                throw SceneError("layer \"\(id)\": unsupported: \"class\": \"tiled\" (CATiledLayer's tiles are drawn by an app's code; use a large \"contents\" image instead)")
            }
            kind = k
        }
        if let t = o["transformLayer"] {
            guard let b = t as? Bool else { throw SceneError("layer \"\(id)\": \"transformLayer\" must be true or false") }
            if b {
                guard o["class"] == nil || kind == .transform else {
                    throw SceneError("layer \"\(id)\": \"transformLayer\": true contradicts \"class\": \"\(kind.name)\"")
                }
                kind = .transform
            }
        }
        return kind
    }

    /// A key of a layer of `kind`: a key path of a property that kind carries.
    static func keyPath(_ key: String, of kind: LayerKind, at: String) throws -> LayerKeyPath {
        let kp: LayerKeyPath
        do { kp = try LayerKeyPath(parsing: key) } catch { throw SceneError("\(at): unknown key \"\(key)\"") }
        guard kp.property.isCarried(by: kind) else {
            throw SceneError("\(at): \"\(key)\" is not a property of a \(kind.className) (\"class\": \"\(kind.name)\")")
        }
        guard kp.property.travelsAsProperty else {
            // A layer's contents is its image file; a "contents" animation crossfades it.
            throw SceneError("\(at): unsupported: changing \"\(key)\"")
        }
        return kp
    }
}
