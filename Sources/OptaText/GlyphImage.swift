/// The colour picture of one glyph (a colour emoji): premultiplied RGBA pixels, row-major, each
/// packed as `r | g << 8 | b << 16 | a << 24` (Opta's pixel format), every channel ≤ alpha.
public struct GlyphImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height,
                     "GlyphImage: pixels must hold width*height values")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The alpha of every pixel, as a coverage mask of the same size (boxes and halos).
    public var alphaMask: GlyphMask {
        GlyphMask(width: width, height: height, coverage: pixels.map { UInt8(truncatingIfNeeded: $0 >> 24) })
    }
}
