import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import Testing

/// The best-value note keeps off the series' lines and rings (`ConvergenceFigure.placedBestLabel`):
/// in the stacked panels at 320×240 it sat on a card over the lines a label height above the
/// best ring; an earlier try that put it in a plot corner covered an end ring.
@Suite struct BestNotePlacementTests {
    /// The note's boxes, the series' lines (as drawn, through their points) and every best
    /// ring's square.
    func note(_ example: String, width: Int, height: Int) throws -> (note: [PixelRectF], lines: [[SIMD2<Float>]], rings: [PixelRectF],
                                                                      chart: ConvergenceFigure) {
        let (chart, state) = try FigureWrapTests().completedChart(example, width: width, height: height)
        let series = chart.series(state)
        let scale = chart.scale(series)
        let lines = series.map { chart.line($0.values, at: $0.steps, scale: scale, extremes: $0.extremes) }
        let reach = (ConvergenceFigure.ringRadius + 1) * chart.layout.strokeScale
        let rings = series.compactMap { s in s.best.flatMap { chart.framePoint(step: Double($0.step), f: $0.value, scale: scale) } }
            .map { PixelRectF(x0: $0.x - reach, y0: $0.y - reach, x1: $0.x + reach, y1: $0.y + reach) }
        let texts = chart.canvas(state).texts
        // The note's first line, and its second: the next text, when it stands right under it.
        var note: [PixelRectF] = []
        if let i = texts.firstIndex(where: { $0.text.hasPrefix("best ") }) {
            note.append(texts[i].rect)
            if i + 1 < texts.count, case let next = texts[i + 1].rect, abs(next.y0 - texts[i].rect.y1) <= 4,
               next.x0 < texts[i].rect.x1, texts[i].rect.x0 < next.x1 { note.append(next) }
        }
        return (note, lines, rings, chart)
    }

    /// In the stacked panels at 320×240 the note is shown, clear of every line (the stroke's
    /// reach around its centre line) and ring.
    @Test func theStackedThumbnailsNoteKeepsOffTheLines() throws {
        let (note, lines, rings, _) = try note("grid-valley-panels", width: 320, height: 240)
        #expect(!note.isEmpty, "no best note")
        for box in note {
            for line in lines { #expect(PathClipping.length(of: line, inside: box.grown(by: 1)) == 0, "the note at \(box) covers a line") }
            for ring in rings { #expect(!ring.overlaps(box), "the note at \(box) covers the ring at \(ring)") }
        }
    }

    /// At every size of the three, no note covers a best ring, in the charts and stacks.
    @Test(arguments: ["grid-valley-panels", "convergence", "panels"], [(320, 240), (1280, 720), (3840, 2160)])
    func noNoteCoversARing(example: String, size: (Int, Int)) throws {
        let (note, _, rings, _) = try note(example, width: size.0, height: size.1)
        for box in note {
            for ring in rings { #expect(!ring.overlaps(box), "\(example) \(size): the note at \(box) covers the ring at \(ring)") }
        }
    }
}
