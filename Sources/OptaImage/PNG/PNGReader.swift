import CPNG
import Foundation

/// Reads PNG files into straight-alpha RGBA8 with libpng's simplified API.
public enum PNGReader {
    /// The largest image read: 16384 × 16384 pixels (1 GiB as RGBA8), Opta's largest frame.
    public static let maxPixels = 16384 * 16384

    /// Reads any PNG (grey, palette, 16-bit, with or without alpha) as RGBA8.
    public static func read(path: String) throws(PNGError) -> RGBAImage {
        guard FileManager.default.fileExists(atPath: path) else {
            throw PNGError(.missing, path: path, reason: "no such file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PNGError(.unreadable, path: path, reason: "cannot be read (a folder, or no permission)")
        }
        return try decode([UInt8](data), source: path)
    }

    /// Decodes PNG data in memory; `source` names it in errors. Images of more than `maxPixels`
    /// pixels (or `limit`, when smaller) are refused before their pixels are allocated.
    public static func decode(_ data: [UInt8], source: String, limit: Int = maxPixels) throws(PNGError) -> RGBAImage {
        // libpng reads from `data` until finish_read or free: the buffer stays pinned throughout.
        let result: Result<RGBAImage, PNGError> = data.withUnsafeBytes { raw in
            if let problem = PNGChunks.problem(raw) {
                return .failure(PNGError(.unreadable, path: source, reason: "damaged PNG data (\(problem))"))
            }
            var image = png_image()
            image.version = png_uint_32(CPNG_IMAGE_VERSION)
            guard let base = raw.baseAddress, png_image_begin_read_from_memory(&image, base, raw.count) != 0 else {
                let reason = raw.isEmpty ? "the file is empty" : libpngMessage(&image)
                png_image_free(&image)
                return .failure(PNGError(.unreadable, path: source, reason: "not a readable PNG file (\(reason))"))
            }
            image.format = png_uint_32(CPNG_FORMAT_RGBA)
            let width = Int(image.width), height = Int(image.height)
            let most = min(limit, maxPixels)
            guard width > 0, height > 0, width <= most / height else {
                png_image_free(&image)
                return .failure(PNGError(.unreadable, path: source, reason: "is \(width)×\(height) pixels, more than the \(most) Opta reads (docs/limits.md)"))
            }
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            let ok = bytes.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
            }
            guard ok != 0 else {
                let reason = libpngMessage(&image)
                png_image_free(&image)
                return .failure(PNGError(.unreadable, path: source, reason: "damaged PNG data (\(reason))"))
            }
            return .success(RGBAImage(width: width, height: height, bytes: bytes))
        }
        return try result.get()
    }

    /// The text libpng left in `image.message`.
    static func libpngMessage(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
