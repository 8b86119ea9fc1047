/// The mutable text state behind `FontLibrary`: FreeType faces plus the glyph cache.
///
/// Not Sendable; only ever used while holding `FontLibrary`'s mutex.
final class TextLayoutEngine {
    private let regular: FreeTypeFace
    private let bold: FreeTypeFace?
    private var cache = GlyphCache()

    init(regularPath: String, boldPath: String?) throws(FontError) {
        let library = try FreeTypeLibrary()
        regular = try FreeTypeFace(path: regularPath, library: library)
        bold = try boldPath.map { path throws(FontError) in try FreeTypeFace(path: path, library: library) }
    }

    /// Number of glyphs currently cached (for tests and diagnostics).
    var cachedGlyphCount: Int { cache.count }

    /// Lays out one line of text; see `FontLibrary.layout`.
    func layout(_ text: String, pixelSize: Int, weight: FontWeight) -> TextRun {
        // Without a bold file, bold text uses the regular face (and its cache entries).
        let (face, effectiveWeight) = (weight == .bold ? bold : nil).map { ($0, FontWeight.bold) }
            ?? (regular, .regular)
        guard pixelSize > 0, face.setPixelSize(pixelSize) else {
            return TextRun(glyphs: [], advance: 0, ascent: 0, descent: 0)
        }
        let metrics = face.verticalMetrics
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(text.unicodeScalars.count)
        var pen = 0  // 26.6 fixed point
        var previous: UInt32?
        for scalar in text.unicodeScalars {
            let index = face.glyphIndex(for: scalar)
            if let previous { pen += face.kerning(previous, index) }
            let key = GlyphKey(weight: effectiveWeight, pixelSize: pixelSize, glyphIndex: index)
            let glyph = cache.glyph(for: key) { face.render(index) }
            if !glyph.mask.isEmpty {
                let penX = (pen + 32) >> 6  // round to whole pixels
                glyphs.append(PlacedGlyph(mask: glyph.mask, x: penX + glyph.left, y: -glyph.top))
            }
            pen += glyph.advance26_6
            previous = index
        }
        return TextRun(glyphs: glyphs, advance: Float(pen) / 64, ascent: metrics.ascent, descent: metrics.descent)
    }
}
