import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Emoji in labels are drawn in their own colours, on top of the text's mask, and halos and
/// rotated axis titles treat them like any other glyph.
@Suite struct ColorGlyphTextTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    @Test func emojiBecomePicturesAndLeaveTheMask() throws {
        let plain = TextStamp(fonts.layout("loss ", pixelSize: 20))
        let stamp = TextStamp(fonts.layout("loss 🚀", pixelSize: 20))
        #expect(stamp.colorGlyphs.count == 1 && plain.colorGlyphs.isEmpty)
        let items = stamp.items(at: SIMD2(3, 4), color: RGBA(0, 0, 0))
        #expect(items.count == 2)
        guard case .mask(_, _, let w, let h, let coverage, _) = items[0], case .image(let rect, let iw, let ih, _) = items[1] else {
            Issue.record("expected a mask then a picture"); return
        }
        // The mask holds the letters only: as much ink as the text without the emoji.
        #expect(coverage.reduce(0) { $0 + Int($1) } == plain.coverage.reduce(0) { $0 + Int($1) })
        #expect(w == stamp.width && h == stamp.height)
        let glyph = stamp.colorGlyphs[0]
        #expect(rect == PixelRectF(x: Float(3 + glyph.x), y: Float(4 + glyph.y), width: Float(iw), height: Float(ih)))
        #expect(rect.x0 >= 3 + Float(plain.width) - 4, "the rocket follows the word")
        // Halos go round the emoji too.
        let inked = stamp.inkCoverage.reduce(0) { $0 + Int($1) }
        #expect(inked > coverage.reduce(0) { $0 + Int($1) } + 20 * 20 * 255 / 4)
        #expect(stamp.halo(radius: 2).colorGlyphs.isEmpty)
    }

    @Test func rotatedTitlesTurnTheirEmoji() throws {
        let stamp = TextStamp(fonts.layout("w₂ 🧭", pixelSize: 18))
        let turned = stamp.rotatedCounterClockwise()
        let a = try #require(stamp.colorGlyphs.first), b = try #require(turned.colorGlyphs.first)
        #expect(b.image.width == a.image.height && b.image.height == a.image.width)
        // Pixel (c, r) of the picture moves to (r, width − 1 − c), with the glyph's place.
        for (c, r) in [(0, 0), (a.image.width - 1, 2), (3, a.image.height - 1)] {
            let old = a.image.pixels[r * a.image.width + c]
            let nx = r, ny = a.image.width - 1 - c
            #expect(b.image.pixels[ny * b.image.width + nx] == old)
            #expect(b.x + nx == a.y + r && b.y + ny == stamp.width - 1 - (a.x + c))
        }
        #expect(turned.inkCoverage.count == stamp.inkCoverage.count)
    }

    /// The unicode-labels example draws its emoji in colour: saturated pixels appear where the
    /// title's rocket is, which a one-colour mask in the title's ink could never give.
    @Test func theExampleTitleShowsColour() throws {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/unicode-labels.json").path)
        let figure = LandscapeFigure(scenario: scenario, width: scenario.width, height: scenario.height, fonts: fonts)
        let pictures = figure.drawList().items.filter { if case .image = $0 { true } else { false } }
        // 🎯🚀 in the title, 🧭 in the y title, 🚀 in the legend (DejaVu has ✨).
        #expect(pictures.count >= 4, "\(pictures.count) colour glyphs")
    }
}
