/// One rasterised glyph with the metrics needed to place it (pixels, 26.6 advance).
struct RenderedGlyph: Sendable, Equatable {
    /// Anti-aliased coverage bitmap (a colour glyph's alpha).
    let mask: GlyphMask
    /// Offset from the pen position to the mask's left edge.
    let left: Int
    /// Distance from the baseline up to the mask's top edge.
    let top: Int
    /// Horizontal pen advance in 26.6 fixed point.
    let advance26_6: Int
    /// The picture of a colour glyph (same size as `mask`); nil for glyphs drawn in the text colour.
    var color: GlyphImage? = nil
}
