import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Lines and markers grow with the frame as the text does: a 3840×2160 figure reads like the
/// 1920×1080 one instead of drawing 1080 p hairlines under twice-as-large text.
@Suite struct StrokeScaleTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    /// The widths of the polylines and the radii of the disks a figure draws, widest first.
    func strokes(_ scenario: Scenario, width: Int, height: Int) -> (lines: [Float], disks: [Float], contour: Float) {
        let figure = LandscapeFigure(scenario: scenario, width: width, height: height, fonts: fonts)
        var lines: [Float] = [], disks: [Float] = []
        for item in figure.drawList().items {
            switch item {
            case .polyline(_, let w, _): lines.append(w)
            case .disk(_, let r, _, _, _): disks.append(r)
            default: break
            }
        }
        return (lines.sorted(by: >), disks.sorted(by: >), figure.shader.contourWidth)
    }

    @Test func strokesAndMarkersDoubleAt4K() throws {
        let r1 = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Benchmarks/Scenarios/r1-landscape2d.json").path)
        let hd = strokes(r1, width: 1920, height: 1080)
        let uhd = strokes(r1, width: 3840, height: 2160)
        #expect(!hd.lines.isEmpty && !hd.disks.isEmpty)
        #expect(uhd.lines.count == hd.lines.count && uhd.disks.count == hd.disks.count)
        for (big, small) in zip(uhd.lines, hd.lines) { #expect(abs(big - 2 * small) < 1e-4, "line \(big) vs \(small)") }
        for (big, small) in zip(uhd.disks, hd.disks) { #expect(abs(big - 2 * small) < 1e-4, "disk \(big) vs \(small)") }
        #expect(abs(uhd.contour - 2 * hd.contour) < 1e-4)
        // Text doubles too (14 px → 28 px), so the figure keeps its proportions.
        #expect(LandscapeLayout.labelSize(width: 3840, height: 2160) == 2 * LandscapeLayout.labelSize(width: 1920, height: 1080))
    }

    @Test func smallFramesKeepTheir1080pStrokes() {
        for (w, h) in [(320, 240), (1280, 720), (1920, 1080)] {
            #expect(LandscapeLayout.strokeScale(labelSize: LandscapeLayout.labelSize(width: w, height: h)) == 1)
        }
    }

    /// The frame line and ticks are whole pixels: two at 4K, one at 1080 p.
    @Test func frameLinesAreWholePixelsAt4K() throws {
        let r1 = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Benchmarks/Scenarios/r1-landscape2d.json").path)
        let figure = LandscapeFigure(scenario: r1, width: 3840, height: 2160, fonts: fonts)
        let frame = FrameRenderer.render(figure, threads: 2)
        let plot = figure.layout.plot
        let x = (plot.x0 + plot.x1) / 2
        // Rows just above the plot: two rows of frame colour, then background.
        for y in [plot.y0 - 1, plot.y0 - 2] { #expect(frame[x, y] & 0xFF < 100, "row \(y)") }
        #expect(frame[x, plot.y0 - 3] & 0xFF_FF_FF == 0xFF_FF_FF)
    }
}

/// Legends grow with the figure too: a chart's "best value" ring and every legend's border are
/// twice as wide at 4K, as the chart's own rings and the frame lines are.
@Suite struct LegendStrokeScaleTests {
    /// The convergence chart's ring radii and outline widths (white-filled disks: the best-value
    /// marks and the legend's swatch), and the legend's border rectangles' thinnest side.
    func rings(width: Int, height: Int) throws -> (rings: [SIMD2<Float>], border: Float) {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/convergence.json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let figure = ConvergenceFigure(scenario: scenario, width: width, height: height, fonts: try FontLibrary.loadDefault())
        var rings: [SIMD2<Float>] = [], border = Float.infinity
        let items = figure.drawList(session.renderState).items
        for item in items {
            if case .disk(_, let r, let fill, let w, _) = item, fill == RGBA(1, 1, 1) { rings.append(SIMD2(r, w)) }
        }
        // The legend's border: four thin rectangles in the legend's border grey.
        for item in items {
            if case .rect(let r, let fill) = item, fill == RGBA(0.6, 0.6, 0.62) { border = min(border, min(r.width, r.height)) }
        }
        return (rings, border)
    }

    @Test func chartLegendRingAndBorderDoubleAt4K() throws {
        let hd = try rings(width: 1920, height: 1080), uhd = try rings(width: 3840, height: 2160)
        #expect(hd.rings.count >= 2 && hd.rings.count == uhd.rings.count)
        for (big, small) in zip(uhd.rings, hd.rings) { #expect(big == 2 * small, "ring \(big) vs \(small)") }
        #expect(hd.border == 1 && uhd.border == 2)
    }
}
