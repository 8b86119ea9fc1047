/// A glyph placed in a run: its mask's top-left corner relative to the run's origin (pen start on the baseline; y grows downward).
public struct PlacedGlyph: Sendable, Equatable {
    public let mask: GlyphMask
    public let x: Int
    public let y: Int

    public init(mask: GlyphMask, x: Int, y: Int) {
        self.mask = mask
        self.x = x
        self.y = y
    }
}
