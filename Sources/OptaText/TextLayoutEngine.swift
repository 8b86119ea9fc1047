/// The mutable text state behind `FontLibrary`: FreeType faces plus the glyph cache.
///
/// Not Sendable; only ever used while holding `FontLibrary`'s mutex.
final class TextLayoutEngine {
    /// Faces tried in order for each character, per weight: the UI font, then the fallbacks.
    /// Index 0 always exists and gives the line's metrics and the .notdef box for characters no
    /// face has.
    private let regularChain: [FreeTypeFace]
    private let boldChain: [FreeTypeFace]?
    /// Shapers of the colour (bitmap) faces, by their number in the chains (the same in both:
    /// a fallback without a bold face keeps its number): emoji sequences are drawn from these.
    private let sequenceShapers: [(face: Int, shaper: SequenceShaper)]
    private var cache = GlyphCache()
    /// Lines laid out lately: figures lay out the same labels every frame (ticks, titles, a
    /// legend's names, measured and then drawn), and shaping costs per character and kerning
    /// pair. Cleared when `lineCapacity` lines are kept, so text that changes
    /// every frame (a HUD's numbers) cannot grow it without bound; layout is deterministic, so a
    /// kept line is the line laid out anew.
    private var lines: [LineKey: TextRun] = [:]
    static let lineCapacity = 4096

    /// What a laid-out line depends on.
    private struct LineKey: Hashable {
        let text: String
        let pixelSize: Int
        let weight: FontWeight
    }

    init(regularPath: String, boldPath: String?, fallbacks: [FontFallback] = []) throws(FontError) {
        let library = try FreeTypeLibrary()
        let regular = try FreeTypeFace(path: regularPath, library: library)
        let bold = try boldPath.map { path throws(FontError) in try FreeTypeFace(path: path, library: library) }
        var regularFallbacks: [FreeTypeFace] = [], boldFallbacks: [FreeTypeFace] = []
        var shapers: [(Int, SequenceShaper)] = []
        for fallback in fallbacks {
            let face = try FreeTypeFace(path: fallback.regularPath, library: library)
            regularFallbacks.append(face)
            boldFallbacks.append(try fallback.boldPath.map { path throws(FontError) in try FreeTypeFace(path: path, library: library) } ?? face)
            if !face.isScalable, fallback.boldPath == nil, let shaper = SequenceShaper(path: fallback.regularPath) {
                shapers.append((regularFallbacks.count, shaper))
            }
        }
        regularChain = [regular] + regularFallbacks
        boldChain = bold.map { [$0] + boldFallbacks }
        sequenceShapers = shapers
    }

    /// Number of glyphs currently cached (for tests and diagnostics).
    var cachedGlyphCount: Int { cache.count }

    /// Number of laid-out lines currently kept (for tests and diagnostics).
    var cachedLineCount: Int { lines.count }

    /// Lays out one line of text, or gives the line kept from an earlier call; see `FontLibrary.layout`.
    func layout(_ text: String, pixelSize: Int, weight: FontWeight) -> TextRun {
        let key = LineKey(text: text, pixelSize: pixelSize, weight: weight)
        if let line = lines[key] { return line }
        let line = shape(text, pixelSize: pixelSize, weight: weight)
        if lines.count >= Self.lineCapacity { lines.removeAll(keepingCapacity: true) }
        lines[key] = line
        return line
    }

    /// Lays out one line of text with the faces.
    private func shape(_ text: String, pixelSize: Int, weight: FontWeight) -> TextRun {
        // Without a bold file, bold text uses the regular faces (and their cache entries).
        let (chain, effectiveWeight) = (weight == .bold ? boldChain : nil).map { ($0, FontWeight.bold) }
            ?? (regularChain, .regular)
        let primary = chain[0]
        guard pixelSize > 0, primary.setPixelSize(pixelSize) else {
            return TextRun(glyphs: [], advance: 0, ascent: 0, descent: 0)
        }
        let metrics = primary.verticalMetrics
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(text.unicodeScalars.count)
        var pen = 0  // 26.6 fixed point
        var previous: (face: Int, index: UInt32)?
        func place(_ faceNumber: Int, _ index: UInt32) {
            let face = chain[faceNumber]
            // A face that cannot take this size draws nothing rather than a wrongly sized glyph.
            guard face.setPixelSize(pixelSize) else { return }
            if let previous, previous.face == faceNumber { pen += face.kerning(previous.index, index) }
            let key = GlyphKey(weight: effectiveWeight, face: faceNumber, pixelSize: pixelSize, glyphIndex: index)
            let glyph = cache.glyph(for: key) { face.render(index) }
            if !glyph.mask.isEmpty {
                let penX = (pen + 32) >> 6  // round to whole pixels
                glyphs.append(PlacedGlyph(mask: glyph.mask, x: penX + glyph.left, y: -glyph.top, color: glyph.color))
            }
            pen += glyph.advance26_6
            previous = (faceNumber, index)
        }
        for character in text {
            let scalars = Array(character.unicodeScalars)
            if let (faceNumber, indices) = sequenceGlyphs(scalars) {
                for index in indices { place(faceNumber, index) }
                continue
            }
            for scalar in scalars where !Self.isInvisible(scalar) {
                let (faceNumber, index) = Self.lookup(scalar, in: chain)
                place(faceNumber, index)
            }
        }
        return TextRun(glyphs: glyphs, advance: Float(pen) / 64, ascent: metrics.ascent, descent: metrics.descent)
    }

    /// The glyphs of the first colour face that has every part of the emoji sequence `scalars`
    /// (one glyph when it joins them), and that face's number; nil for any other character.
    private func sequenceGlyphs(_ scalars: [Unicode.Scalar]) -> (face: Int, indices: [UInt32])? {
        guard SequenceShaper.isEmojiSequence(scalars) else { return nil }
        for (face, shaper) in sequenceShapers {
            let indices = shaper.glyphs(for: scalars)
            if !indices.isEmpty, !indices.contains(0) { return (face, indices) }
        }
        return nil
    }

    /// The first face of `chain` that has `scalar`, and its glyph; the UI font's .notdef when none has.
    /// A character shown as an emoji by default (😀, 🚀; not ❤ or ✨, which are text by default)
    /// tries the colour faces first: DejaVu has black-and-white faces of some.
    private static func lookup(_ scalar: Unicode.Scalar, in chain: [FreeTypeFace]) -> (face: Int, index: UInt32) {
        if scalar.value >= 0x231A, scalar.properties.isEmojiPresentation {
            for (number, face) in chain.enumerated() where !face.isScalable {
                let index = face.glyphIndex(for: scalar)
                if index != 0 { return (number, index) }
            }
        }
        for (number, face) in chain.enumerated() {
            let index = face.glyphIndex(for: scalar)
            if index != 0 { return (number, index) }
        }
        return (0, 0)
    }

    /// Characters that select or join rather than show (variation selectors such as the emoji
    /// selector U+FE0F, zero-width joiners): outside an emoji sequence a colour face draws as
    /// one, they draw nothing, rather than a box.
    /// Everything below U+00AD (the first such character) is checked with one comparison.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && scalar.properties.isDefaultIgnorableCodePoint
    }
}
