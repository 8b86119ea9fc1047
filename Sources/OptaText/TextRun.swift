/// A line of text laid out at one size: immutable, safe to hand to render threads.
///
/// Coordinates are pixels relative to the run's origin: the pen start on the
/// baseline, x to the right, y downward (so glyph tops have negative y).
public struct TextRun: Sendable, Equatable {
    /// Glyphs with visible ink, in logical order (blank glyphs such as spaces are omitted).
    public let glyphs: [PlacedGlyph]
    /// Width of the line: pen advance including kerning.
    public let advance: Float
    /// Font ascender at this size (positive, pixels).
    public let ascent: Float
    /// Font descender (positive number of pixels below the baseline).
    public let descent: Float

    public init(glyphs: [PlacedGlyph], advance: Float, ascent: Float, descent: Float) {
        self.glyphs = glyphs
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
    }

    /// Union of the glyph masks relative to the origin; `maxX`/`maxY` are exclusive.
    /// An inkless run (empty string, only spaces) gives `(0, 0, 0, 0)`.
    public var inkBounds: (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        guard let first = glyphs.first else { return (0, 0, 0, 0) }
        var minX = first.x, minY = first.y
        var maxX = first.x + first.mask.width, maxY = first.y + first.mask.height
        for g in glyphs.dropFirst() {
            minX = min(minX, g.x)
            minY = min(minY, g.y)
            maxX = max(maxX, g.x + g.mask.width)
            maxY = max(maxY, g.y + g.mask.height)
        }
        return (minX, minY, maxX, maxY)
    }

    /// Height of a line box: ascent plus descent.
    public var lineHeight: Float { ascent + descent }

    /// True when the run has no glyphs and no advance.
    public var isEmpty: Bool { glyphs.isEmpty && advance == 0 }
}
