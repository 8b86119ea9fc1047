/// A glyph placed in a run: its mask's top-left corner relative to the run's origin (pen start on the baseline; y grows downward).
/// A colour glyph (emoji) also carries its picture, which is drawn instead of tinting the mask.
public struct PlacedGlyph: Sendable, Equatable {
    public let mask: GlyphMask
    public let x: Int
    public let y: Int
    /// The colour picture (same size and place as `mask`), nil for glyphs in the text's colour.
    public let color: GlyphImage?

    public init(mask: GlyphMask, x: Int, y: Int, color: GlyphImage? = nil) {
        self.mask = mask
        self.x = x
        self.y = y
        self.color = color
    }
}
