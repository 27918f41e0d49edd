import Foundation
import StrataCore
import StrataPNG

/// The images a scene's `contents` animations name by file: each file read once and given an image id of
/// its own, above every id a layer's own contents or an emitter cell's image takes (those count from 1).
final class SceneImages {
    static let firstID: UInt64 = 1 << 40
    let base: URL
    private(set) var list: [Scene.NamedImage] = []

    init(base: URL) { self.base = base }

    /// The image id of `file` (relative to the scene's directory), reading it the first time; throws naming
    /// `at` when it cannot be read.
    func id(of file: String, at: String) throws -> UInt64 {
        let url = file.hasPrefix("/") ? URL(fileURLWithPath: file) : base.appendingPathComponent(file)
        if let known = list.first(where: { $0.path == url.path }) { return known.id }
        let image: RGBAImage
        do { image = try ImageFile.read(path: url.path).premultiplied() } catch { throw SceneError("\(at): image \"\(file)\": \(error)") }
        let id = Self.firstID + UInt64(list.count)
        list.append(Scene.NamedImage(id: id, file: file, path: url.path, image: image))
        return id
    }

    /// A `contents` value: an image file, or null for no image.
    func value(_ any: Any, at: String) throws -> AnimatableValue {
        if any is NSNull { return .image(.none) }
        guard let file = any as? String, !file.isEmpty else { throw SceneError("\(at) must be \(SceneValues.shapeDescription(.image))") }
        return .image(ContentsImage(try id(of: file, at: at)))
    }
}
