import CPNG
import Foundation

/// Reads PNG files into straight-alpha RGBA8 with libpng's simplified API.
public enum PNGReader {
    /// Reads any PNG (grey, palette, 16-bit, with or without alpha) as RGBA8.
    public static func read(path: String) throws(PNGError) -> RGBAImage {
        guard FileManager.default.fileExists(atPath: path) else {
            throw PNGError(.missing, path: path, reason: "no such file")
        }
        var image = png_image()
        image.version = png_uint_32(CPNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            let reason = libpngMessage(&image)
            png_image_free(&image)
            throw PNGError(.unreadable, path: path, reason: "not a readable PNG file (\(reason))")
        }
        image.format = png_uint_32(CPNG_FORMAT_RGBA)
        let width = Int(image.width), height = Int(image.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let ok = bytes.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
        }
        guard ok != 0 else {
            let reason = libpngMessage(&image)
            png_image_free(&image)
            throw PNGError(.unreadable, path: path, reason: "damaged PNG data (\(reason))")
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }

    /// The text libpng left in `image.message`.
    static func libpngMessage(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
