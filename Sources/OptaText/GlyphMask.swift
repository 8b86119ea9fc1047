/// An 8-bit coverage bitmap of one glyph (row-major, width*height bytes, 0 = empty, 255 = full).
public struct GlyphMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let coverage: [UInt8]

    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0 && coverage.count == width * height,
                     "GlyphMask: coverage must hold width*height bytes")
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    /// A mask with no pixels (e.g. the glyph of a space).
    public static let empty = GlyphMask(width: 0, height: 0, coverage: [])

    /// True when the mask has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Coverage at column `x`, row `y` (0 outside the mask).
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return coverage[y * width + x]
    }
}
