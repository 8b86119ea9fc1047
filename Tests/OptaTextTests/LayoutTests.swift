import Testing
import OptaText

@Suite struct LayoutTests {
    @Test func kerningNarrowsAV() {
        let pair = sharedFont.measure("AV", pixelSize: 16)
        let separate = sharedFont.measure("A", pixelSize: 16) + sharedFont.measure("V", pixelSize: 16)
        #expect(pair < separate)
    }

    @Test func measureIsMonotonicWithLength() {
        let text = "Rosenbrock −1.5 0.5"
        var previous: Float = 0
        for length in 1...text.count {
            let width = sharedFont.measure(String(text.prefix(length)), pixelSize: 13)
            #expect(width > previous, "prefix length \(length)")
            previous = width
        }
    }

    @Test func measureScalesRoughlyLinearlyWithSize() {
        let text = "Gradient descent"
        let base = sharedFont.measure(text, pixelSize: 12)
        for size in [16, 24, 48] {
            let ratio = sharedFont.measure(text, pixelSize: size) / base
            let expected = Float(size) / 12
            #expect(abs(ratio - expected) / expected < 0.12, "size \(size): ratio \(ratio)")
        }
    }

    @Test func penPositionsAreWholePixelsAndIncreasing() {
        let run = sharedFont.layout("iiiiiiii", pixelSize: 11)
        #expect(run.advance == run.advance.rounded())
        let xs = run.glyphs.map(\.x)
        #expect(xs == xs.sorted() && Set(xs).count == xs.count)
    }

    @Test func inkBoundsCoverAllGlyphs() {
        let run = sharedFont.layout("Ag(x)", pixelSize: 14)
        let bounds = run.inkBounds
        #expect(bounds.minY < 0 && bounds.maxY > 0)  // ascenders above, descenders below baseline
        #expect(Float(-bounds.minY) <= run.ascent + 1)
        #expect(Float(bounds.maxY) <= run.descent + 1)
        for glyph in run.glyphs {
            #expect(glyph.x >= bounds.minX && glyph.x + glyph.mask.width <= bounds.maxX)
            #expect(glyph.y >= bounds.minY && glyph.y + glyph.mask.height <= bounds.maxY)
        }
    }

    @Test func repeatedLayoutUsesTheCache() throws {
        let font = try FontLibrary.loadDefault()
        let first = font.layout("f(x, y) = x² − y", pixelSize: 15)
        let cached = font.cachedGlyphCount
        let second = font.layout("f(x, y) = x² − y", pixelSize: 15)
        #expect(first == second)
        #expect(font.cachedGlyphCount == cached)
        #expect(cached > 0)
        // A different size or weight is a different cache entry.
        _ = font.layout("f", pixelSize: 16)
        _ = font.layout("f", pixelSize: 15, weight: .bold)
        #expect(font.cachedGlyphCount == cached + 2)
    }
}
