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
/// The image is encoded to memory and written with `AtomicFile`: a regular file is replaced
/// atomically, so an interrupted or failed export never leaves a partial or corrupt file behind; a
/// FIFO, character device or `-` (standard output) is written in place.
public enum PNGWriter {
    /// Checks that a PNG can be written at `path` without destroying anything (see `OutputDestination`):
    /// a new name or regular file in a writable folder, a FIFO or character device, or `-`.
    public static func checkDestination(_ path: String) throws(PNGError) {
        try checkDestination(path, example: "out.png")
    }

    /// The same for any output file; `example` is the file name suggested when `path` is a folder
    /// (e.g. `"stats.json"`).
    public static func checkDestination(_ path: String, example: String) throws(PNGError) {
        _ = try OutputDestination.resolve(path, example: example)
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

    /// Writes `image` to `path` (atomically when it is a regular file; see `AtomicFile`).
    public static func write(_ image: RGBAImage, to path: String, compression: PNGCompression = .fast) throws(PNGError) {
        try checkDestination(path)
        let data = try encode(image, compression: compression)
        try AtomicFile.write(data, to: path)
    }
}
