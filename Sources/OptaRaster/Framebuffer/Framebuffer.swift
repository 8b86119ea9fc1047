/// An RGBA8 image with premultiplied alpha: the surface every Opta renderer draws into.
///
/// Pixels are packed one per `UInt32`, red in the lowest byte (`r | g << 8 | b << 16 | a << 24`),
/// so the bytes in memory read R, G, B, A on little-endian machines. Colour channels are
/// premultiplied by alpha; `straightRGBA()` converts for export.
public struct Framebuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major premultiplied pixels, `width * height` of them, starting on a cache line (a page
    /// for frames of 64 KiB or more).
    public var pixels: PixelBuffer

    /// Largest width or height Opta accepts for one frame.
    public static let maximumDimension = 16384

    /// A frame filled with `color` (premultiplied, packed).
    public init(width: Int, height: Int, fill color: UInt32 = 0) {
        precondition(width > 0 && height > 0, "Framebuffer needs a positive size")
        self.width = width
        self.height = height
        self.pixels = PixelBuffer(repeating: color, count: width * height)
    }

    /// Sets every pixel to `color` (premultiplied, packed).
    public mutating func clear(to color: UInt32 = 0) {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: color) }
    }

    /// The packed premultiplied pixel at (x, y).
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The frame as straight-alpha RGBA bytes (R, G, B, A per pixel), the layout PNG files use.
    public func straightRGBA() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { src in
                for i in 0..<src.count {
                    let rgba = PackedColor.unpremultiplied(src[i])
                    out[i * 4] = rgba.r
                    out[i * 4 + 1] = rgba.g
                    out[i * 4 + 2] = rgba.b
                    out[i * 4 + 3] = rgba.a
                }
            }
        }
        return bytes
    }

    /// A frame from straight-alpha RGBA bytes (as read from a PNG file).
    public init(width: Int, height: Int, straightRGBA bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "RGBA byte count does not match the size")
        self.init(width: width, height: height)
        pixels.withUnsafeMutableBufferPointer { dst in
            for i in 0..<dst.count {
                dst[i] = PackedColor.premultiplied(
                    r: bytes[i * 4], g: bytes[i * 4 + 1], b: bytes[i * 4 + 2], a: bytes[i * 4 + 3])
            }
        }
    }
}
