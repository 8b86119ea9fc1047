import Foundation
import Testing
@testable import OptaText

/// Characters DejaVu Sans lacks come from Noto Sans CJK and Noto Color Emoji, where Debian installs
/// them (`make deps` installs `fonts-noto-cjk` and `fonts-noto-color-emoji`).
@Suite struct FallbackTests {
    static let dejaVu = FontLibrary.defaultFontDirectory + "/" + FontLibrary.regularFileName

    @Test func theDebianFallbacksAreInstalled() {
        for fallback in FontFallback.debianDefaults {
            #expect(FileManager.default.fileExists(atPath: fallback.regularPath), "missing \(fallback.regularPath): run make deps")
        }
    }

    /// The box DejaVu draws for a character no face has.
    func notdef(_ size: Int) throws -> GlyphMask {
        try #require(sharedFont.layout("\u{E0FF}", pixelSize: size).glyphs.first).mask
    }

    @Test(arguments: ["中", "文", "損", "失", "関", "数", "が", "カ", "손", "실", "한"])
    func cjkCharactersHaveTheirOwnGlyphs(_ character: String) throws {
        let run = sharedFont.layout(character, pixelSize: 20)
        let glyph = try #require(run.glyphs.first)
        #expect(run.glyphs.count == 1)
        #expect(glyph.mask != (try notdef(20)))
        #expect(glyph.mask.totalCoverage > 20 * 255)
        // Han and kana are one em wide; Noto's Hangul a little narrower (0.92 em).
        #expect(run.advance >= 17 && run.advance <= 21, "advance \(run.advance)")
        // Without the fallback the same character is the box.
        let plain = try FontLibrary(regularPath: Self.dejaVu, boldPath: nil)
        #expect(try #require(plain.layout(character, pixelSize: 20).glyphs.first).mask == (try notdef(20)))
    }

    @Test func measuringUsesTheFallbackAdvances() {
        let plain = try? FontLibrary(regularPath: Self.dejaVu, boldPath: nil)
        let text = "损失函数 loss"
        let withFallback = sharedFont.measure(text, pixelSize: 16)
        #expect(abs(withFallback - (4 * 16 + sharedFont.measure(" loss", pixelSize: 16))) <= 1)
        #expect(withFallback != plain?.measure(text, pixelSize: 16))
    }

    @Test(arguments: ["😀", "🚀", "📉", "🔥", "✅"])
    func emojiHaveGlyphsScaledToTheTextSize(_ emoji: String) throws {
        for size in [12, 20, 48] {
            let run = sharedFont.layout(emoji, pixelSize: size)
            let glyph = try #require(run.glyphs.first)
            #expect(run.glyphs.count == 1)
            // The strike (109 px per em) comes down to about one em at the size asked for.
            let em = Float(size)
            #expect(Float(glyph.mask.height) >= 0.8 * em && Float(glyph.mask.height) <= 1.3 * em, "\(emoji) at \(size): \(glyph.mask.height) px tall")
            #expect(run.advance >= 0.9 * em && run.advance <= 1.4 * em, "\(emoji) at \(size): advance \(run.advance)")
            #expect(glyph.mask.totalCoverage > size * size * 255 / 8)
            // Sits on the baseline like text: mostly above it, a little below.
            #expect(glyph.y < 0 && glyph.y + glyph.mask.height > 0)
            #expect(Float(-glyph.y) <= Float(size) * 1.1)
        }
    }

    /// Emoji sequences the colour font draws as one picture are one glyph one emoji wide, and a
    /// picture of its own: not the parts side by side (what the same characters give unjoined).
    @Test(arguments: [("👩\u{200D}💻", "👩💻"), ("🇯🇵", "🇯 🇵"), ("👍🏽", "👍"), ("1\u{FE0F}\u{20E3}", "1"),
                      ("❤\u{FE0F}", "❤"), ("🏳\u{FE0F}\u{200D}🌈", "🏳🌈")])
    func emojiSequencesAreOnePicture(_ sequence: String, _ parts: String) throws {
        let size = 24
        let joined = sharedFont.layout(sequence, pixelSize: size)
        let glyph = try #require(joined.glyphs.first)
        #expect(joined.glyphs.count == 1, "\(sequence): \(joined.glyphs.count) glyphs")
        let picture = try #require(glyph.color, "\(sequence) is drawn in colour")
        #expect(abs(joined.advance - sharedFont.layout("😀", pixelSize: size).advance) <= 1, "one emoji wide")
        let unjoined = sharedFont.layout(parts, pixelSize: size)
        #expect(unjoined.glyphs.map(\.color) != [picture], "\(sequence) differs from \(parts)")
    }

    /// Emoji come with their own colours: a picture the size of the mask, whose alpha the mask is,
    /// premultiplied, with the yellow of a face and the dark of its features; text glyphs have none.
    @Test(arguments: [12, 20, 48])
    func emojiComeInTheirOwnColours(size: Int) throws {
        let glyph = try #require(sharedFont.layout("😀", pixelSize: size).glyphs.first)
        let image = try #require(glyph.color)
        #expect(image.width == glyph.mask.width && image.height == glyph.mask.height)
        #expect(image.alphaMask == glyph.mask)
        func channels(_ p: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
            (Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF), Int(p >> 24))
        }
        #expect(image.pixels.allSatisfy { let c = channels($0); return c.r <= c.a && c.g <= c.a && c.b <= c.a })
        let opaque = image.pixels.map(channels).filter { $0.a == 255 }
        #expect(opaque.contains { $0.r > 200 && $0.g > 150 && $0.b < 100 }, "a yellow face")
        if size >= 20 { #expect(opaque.contains { $0.r < 110 && $0.g < 110 && $0.b < 110 }, "dark eyes and mouth") }
        for text in ["a", "中"] { #expect(try #require(sharedFont.layout(text, pixelSize: size).glyphs.first).color == nil) }
    }

    /// Outside an emoji sequence (see `emojiSequencesAreOnePicture`), selectors and joiners draw nothing.
    @Test func selectorsAndJoinersOutsideEmojiSequencesDrawNothing() {
        #expect(sharedFont.layout("x\u{FE0F}", pixelSize: 16) == sharedFont.layout("x", pixelSize: 16))
        #expect(sharedFont.layout("a\u{200D}b", pixelSize: 16) == sharedFont.layout("ab", pixelSize: 16))
        #expect(sharedFont.layout("中\u{FE0E}", pixelSize: 16) == sharedFont.layout("中", pixelSize: 16))
    }

    @Test func mixedScriptsLineUpLeftToRight() {
        let run = sharedFont.layout("f(x) 最小 🎯", pixelSize: 16)
        #expect(run.glyphs.count == 7)
        let xs = run.glyphs.map(\.x)
        #expect(xs == xs.sorted())
        // Bold CJK comes from Noto Sans CJK Bold: it differs from the regular face.
        #expect(sharedFont.layout("最小", pixelSize: 16, weight: .bold) != sharedFont.layout("最小", pixelSize: 16))
    }

    @Test func explicitFallbackThatIsMissingIsAnError() {
        let missing = "/nonexistent/NotoSansCJK-Regular.ttc"
        #expect(throws: FontError(kind: .missingFile, path: missing)) {
            _ = try FontLibrary(regularPath: Self.dejaVu, boldPath: nil, fallbacks: [FontFallback(regularPath: missing)])
        }
    }

    @Test func strikeScalingKeepsTheMeanCoverage() {
        // A 4×4 block of full coverage halved: one 2×2 block, still full.
        let full = StrikeGlyph.scaled([Float](repeating: 255, count: 16), width: 4, height: 4, by: 0.5)
        #expect(full == GlyphMask(width: 2, height: 2, coverage: [255, 255, 255, 255]))
        // A checkerboard averages to half.
        let checker = (0..<16).map { Float((($0 % 4) + ($0 / 4)) % 2 == 0 ? 255 : 0) }
        let half = StrikeGlyph.scaled(checker, width: 4, height: 4, by: 0.5)
        #expect(half.coverage.allSatisfy { abs(Int($0) - 128) <= 1 }, "\(half.coverage)")
    }
}
