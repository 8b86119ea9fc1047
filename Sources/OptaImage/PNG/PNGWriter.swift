import CPNG
import Foundation

/// How hard libpng's encoder works.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// Fast encoding, somewhat larger files (the default: frames are exported often).
    case fast
    /// Smaller files, slower encoding (for figures that are kept).
    case small
}

/// Writes RGBA8 images as PNG files, atomically.
///
/// The image is encoded to memory, written to a temporary file in the destination folder and
/// renamed over the destination, so an interrupted or failed export never leaves a partial or
/// corrupt file behind.
public enum PNGWriter {
    /// Checks that a PNG can be written at `path`: its folder exists, is a folder and is writable.
    public static func checkDestination(_ path: String) throws(PNGError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw PNGError(.unwritable, path: path, reason: "the folder \(folder) does not exist; create it or choose another output path")
        }
        guard isFolder.boolValue else {
            throw PNGError(.unwritable, path: path, reason: "\(folder) is not a folder; choose another output path")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw PNGError(.unwritable, path: path, reason: "the folder \(folder) is not writable; choose another output path")
        }
        var isDirectoryTarget: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectoryTarget), isDirectoryTarget.boolValue {
            throw PNGError(.unwritable, path: path, reason: "is a folder; give a file name ending in .png")
        }
    }

    /// Encodes straight-alpha RGBA8 bytes as PNG data in memory.
    public static func encode(_ image: RGBAImage, compression: PNGCompression = .fast) throws(PNGError) -> [UInt8] {
        var png = png_image()
        png.version = png_uint_32(CPNG_IMAGE_VERSION)
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        png.format = png_uint_32(CPNG_FORMAT_RGBA)
        if compression == .fast { png.flags = png_uint_32(CPNG_IMAGE_FLAG_FAST) }
        let stride = png_int_32(image.width * 4)
        // First call asks for the size, second writes.
        var size: png_alloc_size_t = 0
        let sized = image.bytes.withUnsafeBytes { pixels in
            png_image_write_to_memory(&png, nil, &size, 0, pixels.baseAddress, stride, nil)
        }
        guard sized != 0, size > 0 else {
            let reason = PNGReader.libpngMessage(&png)
            throw PNGError(.unwritable, path: "<memory>", reason: "PNG encoding failed (\(reason))")
        }
        var data = [UInt8](repeating: 0, count: Int(size))
        let written = data.withUnsafeMutableBytes { out in
            image.bytes.withUnsafeBytes { pixels in
                png_image_write_to_memory(&png, out.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
        }
        guard written != 0 else {
            let reason = PNGReader.libpngMessage(&png)
            throw PNGError(.unwritable, path: "<memory>", reason: "PNG encoding failed (\(reason))")
        }
        return Array(data.prefix(Int(size)))
    }

    /// Writes `image` to `path` atomically (temporary file in the same folder, then rename).
    public static func write(_ image: RGBAImage, to path: String, compression: PNGCompression = .fast) throws(PNGError) {
        try checkDestination(path)
        let data = try encode(image, compression: compression)
        try AtomicFile.write(data, to: path)
    }
}
