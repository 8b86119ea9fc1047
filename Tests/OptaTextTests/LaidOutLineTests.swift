@testable import OptaText
import Testing

/// A font library keeps the lines it lays out, for the figures that lay out the same labels
/// every frame, and keeps a bounded number of them.
@Suite struct LaidOutLineTests {
    @Test func aLineLaidOutAgainIsTheKeptOneAndEqualsAFreshLayout() throws {
        let font = try FontLibrary.loadDefault()
        let first = font.layout("#12 gd11", pixelSize: 13)
        #expect(font.cachedLineCount == 1)
        #expect(font.layout("#12 gd11", pixelSize: 13) == first)
        #expect(font.measure("#12 gd11", pixelSize: 13) == first.advance)
        #expect(font.cachedLineCount == 1)
        // Another size or weight is another line.
        #expect(font.layout("#12 gd11", pixelSize: 14) != first)
        #expect(font.layout("#12 gd11", pixelSize: 13, weight: .bold) != first)
        #expect(font.cachedLineCount == 3)
        // A library that never laid it out gives the same line.
        #expect(try FontLibrary.loadDefault().layout("#12 gd11", pixelSize: 13) == first)
    }

    @Test func textThatChangesEveryFrameKeepsTheKeptLinesBounded() throws {
        let font = try FontLibrary.loadDefault()
        for frame in 0..<(TextLayoutEngine.lineCapacity + 100) {
            _ = font.measure("frame \(frame)", pixelSize: 12)
            #expect(font.cachedLineCount <= TextLayoutEngine.lineCapacity)
        }
        #expect(font.measure("frame 7", pixelSize: 12) == font.layout("frame 7", pixelSize: 12).advance)
    }
}
