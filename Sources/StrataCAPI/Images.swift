import CStrataAPI
import Foundation
import Strata

// Images for C (docs/c-api.md): RGBA pixels, PNG or JPEG files and bytes, as CGImages.

enum CImages {
    /// The most bytes an image's pixels or encoded data may take.
    static let maxBytes = 1 << 28

    static func image(_ handle: OpaquePointer?, _ what: String = "image") throws(CFailure) -> CGImage {
        guard let i = try HandleTable.shared.object(handle, .image, what) as? CGImage else { throw .internalError("\(what) names no image") }
        return i
    }

    static func side(_ value: Int32, _ what: String) throws(CFailure) -> Int {
        guard value >= 1, value <= 65535 else { throw .invalid("\(what) must be 1 to 65535 pixels, not \(value)") }
        return Int(value)
    }
}

@_cdecl("strata_image_create_rgba")
public func strata_image_create_rgba(_ width: Int32, _ height: Int32, _ stride: Int, _ pixels: UnsafePointer<UInt8>?, _ premultiplied: Bool,
                                     _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let w = try CImages.side(width, "width"), h = try CImages.side(height, "height")
        let row = w * 4
        guard stride >= row else { throw .invalid("stride \(UInt(bitPattern: stride)) is less than width * 4 (\(row))") }
        let (span, overflow) = stride.multipliedReportingOverflow(by: h)
        guard !overflow, span <= CImages.maxBytes, row * h <= CImages.maxBytes else {
            throw .limit("the pixels would take more than \(CImages.maxBytes) bytes")
        }
        guard let pixels else { throw .invalid("pixels is NULL") }
        var rgba = [UInt8](repeating: 0, count: row * h)
        rgba.withUnsafeMutableBytes { dst in
            guard let base = dst.baseAddress else { return }
            for y in 0..<h { (base + y * row).copyMemory(from: pixels + y * stride, byteCount: row) }
        }
        guard let image = CGImage(width: w, height: h, rgba: rgba, premultiplied: premultiplied) else {
            throw .invalid("\(w)x\(h) pixels make no image")
        }
        out.pointee = try HandleTable.shared.retained(image, .image)
    }
}

@_cdecl("strata_image_create_from_file")
public func strata_image_create_from_file(_ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        let file = try CArgument.string(path, "path")
        let image: CGImage
        do { image = try CGImage.fromFile(path: file) } catch { throw CFailure(STRATA_IO, "\(file): \(error)") }
        out.pointee = try HandleTable.shared.retained(image, .image)
    }
}

@_cdecl("strata_image_create_from_data")
public func strata_image_create_from_data(_ data: UnsafePointer<UInt8>?, _ size: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> strata_status {
    cCall { () throws(CFailure) in
        let out = try CArgument.out(out)
        guard size >= 0, size <= CImages.maxBytes else { throw .limit("size \(UInt(bitPattern: size)) is over \(CImages.maxBytes) bytes") }
        guard let data, size > 0 else { throw .invalid("no data (data is NULL or size is 0)") }
        let image: CGImage
        do { image = try CGImage.fromData(Data(bytes: data, count: size)) } catch { throw CFailure(STRATA_IO, "\(error)") }
        out.pointee = try HandleTable.shared.retained(image, .image)
    }
}

@_cdecl("strata_image_retain")
public func strata_image_retain(_ image: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.retain(image, .image, "image") }
}

@_cdecl("strata_image_release")
public func strata_image_release(_ image: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in try HandleTable.shared.release(image, .image, "image") }
}

@_cdecl("strata_image_get_size")
public func strata_image_get_size(_ image: OpaquePointer?, _ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?) -> strata_status {
    cCall { () throws(CFailure) in
        let i = try CImages.image(image)
        let w = try CArgument.out(width, "width"), h = try CArgument.out(height, "height")
        w.pointee = Int32(clamping: i.width)
        h.pointee = Int32(clamping: i.height)
    }
}

@_cdecl("strata_layer_set_contents")
public func strata_layer_set_contents(_ layer: OpaquePointer?, _ image: OpaquePointer?) -> strata_status {
    cCall { () throws(CFailure) in
        let l = try CLayers.layer(layer)
        let i = try image.map { h throws(CFailure) in try CImages.image(h) }
        l.contents = i
    }
}
