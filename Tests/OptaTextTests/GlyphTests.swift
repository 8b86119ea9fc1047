import Testing
import OptaText

@Suite struct GlyphTests {
    @Test func capitalHAt16px() throws {
        let run = sharedFont.layout("H", pixelSize: 16)
        let glyph = try #require(run.glyphs.first)
        #expect(run.glyphs.count == 1)
        #expect(glyph.mask.totalCoverage > 0)
        #expect((11...12).contains(glyph.mask.height))
        #expect((7...11).contains(glyph.mask.width))
        #expect(glyph.mask.coverage.count == glyph.mask.width * glyph.mask.height)
        // The top of "H" sits at the cap height above the baseline; its bottom on the baseline.
        #expect(glyph.y + glyph.mask.height == 0)
        #expect(glyph.mask.coverage.contains(255))  // light hinting keeps stems solid
    }

    @Test(arguments: ["−", "²", "×", "∇", "‖", "é"])
    func unicodeSymbolsHaveInk(_ symbol: String) throws {
        let run = sharedFont.layout(symbol, pixelSize: 13)
        let glyph = try #require(run.glyphs.first)
        #expect(glyph.mask.totalCoverage > 0)
        #expect(run.advance > 0)
        // Not the .notdef box: a real glyph differs from an unmapped character's.
        let notdef = sharedFont.layout("\u{E0FF}", pixelSize: 13)
        #expect(run != notdef)
    }

    @Test func missingGlyphFallsBackWithoutCrashing() {
        let run = sharedFont.layout("a\u{E0FF}\u{10FFFD}b", pixelSize: 13)
        #expect(run.glyphs.count == 4)
        #expect(run.advance > sharedFont.measure("ab", pixelSize: 13))
    }

    @Test func emptyStringGivesEmptyRun() {
        let run = sharedFont.layout("", pixelSize: 13)
        #expect(run.glyphs.isEmpty)
        #expect(run.advance == 0)
        #expect(run.inkBounds == (0, 0, 0, 0))
        #expect(run.ascent > 0)
    }

    @Test func nonPositiveSizeGivesEmptyRun() {
        #expect(sharedFont.layout("x", pixelSize: 0).isEmpty)
        #expect(sharedFont.layout("x", pixelSize: -3).isEmpty)
    }

    @Test func spacesAdvanceButHaveNoGlyphs() {
        let run = sharedFont.layout("   ", pixelSize: 13)
        #expect(run.glyphs.isEmpty)
        #expect(run.advance > 0)
    }
}
