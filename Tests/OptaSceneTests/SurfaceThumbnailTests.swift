import Foundation
import OptaCore
import OptaImage
import OptaRaster
@testable import OptaScene
import OptaText
import Shaders
import Testing

/// A 3D figure at thumbnail size reads as one at full size: the box fills the frame (a legend
/// below the view takes one row, under the colourbar too), the minimum's marker shows over the
/// hills in front of it, and crowded isolines thin out instead of making moiré.
@Suite struct SurfaceThumbnailTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func rastrigin(width: Int, height: Int) throws -> (SurfaceFigure, HeadlessSession) {
        var scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/rastrigin-3d.json").path)
        scenario.width = width; scenario.height = height
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let figure = try #require(SessionFigures(scenario: scenario, fonts: fonts).figure(for: session.renderState) as? SurfaceFigure)
        return (figure, session)
    }

    /// The box's outline covers over 21 % of a 320×240 frame (22 % with a compact legend; a legend of three rows below the
    /// view left it 12 %, measured from the paths' ends): the legend takes one row, under the colourbar too, clear of it.
    @Test func theBoxFillsAThumbnail() throws {
        let (figure, session) = try rastrigin(width: 320, height: 240)
        let report = figure.layoutReport(for: session.renderState)
        #expect(report.boxCorners.count == 8)
        let area = PolygonArea.area(PolygonArea.hull(report.boxCorners))
        #expect(area >= 0.21 * 320 * 240, "the box covers \(area / (320 * 240)) of the frame")
        let legend = try #require(report.legend)
        #expect(legend.height < Float(figure.layout.labelSize) * (0.6 * 2 + 1.6 * 2), "one row: \(legend)")
        #expect(legend.y1 <= 240 && legend.x1 <= 320)
        for text in report.texts where !legend.contains(text.rect) {
            #expect(!text.rect.overlaps(legend), "\"\(text.text)\" under the legend")
        }
        if let bar = figure.layout.colorbar { #expect(!PixelRectF(bar).overlaps(legend), "the legend runs into the colourbar") }
    }

    /// A 3D thumbnail's legend is spaced as a 2-D thumbnail's (`Legend.Metrics.compact`), below
    /// the view (rastrigin-3d) or inside it (grid-valley-3d): one row at most a tenth of the
    /// frame's height (the regular spacing took 31 of 240 px). At 1280×720 the spacing is the usual.
    @Test(arguments: ["rastrigin-3d", "grid-valley-3d"])
    func aThumbnailsLegendIsCompact(example: String) throws {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(example).json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        for (width, height, metrics) in [(320, 240, Legend.Metrics.compact), (1280, 720, .regular)] {
            // Not `#require`: a failure would print the whole figure.
            guard let figure = SessionFigures(scenario: scenario, fonts: fonts)
                .figure(for: session.renderState, width: width, height: height) as? SurfaceFigure else {
                Issue.record("\(example): not a 3D figure"); return
            }
            let report = figure.layoutReport(for: session.renderState)
            let plan = SurfaceOverlayPlan(figure: figure, state: session.renderState, projector: figure.projector(figure.camera(for: session.renderState)))
            let placed = figure.placedLegend(paths: session.renderState.scenario.paths, plan: plan, texts: report.texts)
            #expect(placed?.legend.metrics == metrics, "\(example) at \(width)×\(height)")
            let legend = try #require(report.legend)
            if width == 320 { #expect(legend.height <= 24, "\(example): the legend is \(legend.height) px tall") }
        }
    }

    /// At 160×120 a compact legend below the view holds only "adam   + 2 more": it would take a
    /// fifth of the frame from a box that is already small, so the view keeps the room.
    @Test func aTinyViewKeepsItsRoomRatherThanNamingOneEntry() throws {
        let (figure, session) = try rastrigin(width: 160, height: 120)
        #expect(figure.legendOutside == nil)
        let report = figure.layoutReport(for: session.renderState)
        #expect(report.legend == nil || report.texts.filter { report.legend?.contains($0.rect) == true }.count >= 2)
    }

    /// The minimum lies in a valley the hills in front of it hide: its marker is drawn over them,
    /// white arms on dark, at every size.
    @Test(arguments: [(320, 240), (1280, 720)])
    func theMinimumsMarkerShows(width: Int, height: Int) throws {
        let (figure, session) = try rastrigin(width: width, height: height)
        let frame = figure.render(session.renderState, threads: 2)
        let image = RGBAImage(width: frame.width, height: frame.height, bytes: frame.straightRGBA())
        let bounds = try #require(figure.accessibilityTree(for: session.renderState).node(id: "minimum/1")?.bounds)
        var white = 0
        for y in Int(bounds.y)..<Int(bounds.maxY) {
            for x in Int(bounds.x)..<Int(bounds.maxX) {
                let p = image.pixel(x, y)
                if p.r > 235 && p.g > 235 && p.b > 235 { white += 1 }
            }
        }
        // Two white arms 2 px wide and about 17 px long.
        #expect(white >= 30, "\(white) white pixels at the minimum")
    }

    /// Levels one pixel apart on screen: the lines drawn are at least `crowdedSpacing` widths
    /// apart; levels far apart are drawn as they always were.
    @Test func crowdedIsolinesThinOut() {
        let levels = (1..<200).map { Float($0) / 200 }
        let width: Float = 1.2
        func peaks(gradient: Float) -> [Float] {
            let xs = stride(from: Float(0), through: 150, by: 0.1).map { $0 }
            let cover = xs.map { x in
                levels.withUnsafeBufferPointer {
                    IsolineCoverage.coverage(x * gradient, gradient: SIMD2(gradient, 0), sortedLevels: $0, width: width)
                }
            }
            // The middle of each run of samples more than half covered.
            var found: [Float] = [], start: Float?
            for (x, c) in zip(xs, cover) {
                if c > 0.5, start == nil { start = x }
                if c <= 0.5, let s = start { found.append((s + x) / 2); start = nil }
            }
            return found
        }
        for pixelsApart: Float in [0.5, 1, 1.7, 2.5, 4] {
            let lines = peaks(gradient: 1 / (200 * pixelsApart))
            #expect(lines.count >= 5, "\(pixelsApart) px apart: \(lines.count) lines")
            for (a, b) in zip(lines, lines.dropFirst()) {
                #expect(b - a >= ContourThinning.crowdedSpacing * width - 0.2, "\(pixelsApart) px apart: lines at \(a) and \(b)")
            }
        }
        // Eight pixels apart: every level, with the coverage of a lone line.
        let sparse = peaks(gradient: 1 / (200 * 8))
        #expect(sparse.count == 18)
        let alone = [Float(0.5)].withUnsafeBufferPointer {
            IsolineCoverage.coverage(0.5 + 0.3 / 1600, gradient: SIMD2(1 / 1600, 0), sortedLevels: $0, width: width)
        }
        let among = levels.withUnsafeBufferPointer {
            IsolineCoverage.coverage(0.5 + 0.3 / 1600, gradient: SIMD2(1 / 1600, 0), sortedLevels: $0, width: width)
        }
        #expect(alone == among)
    }
}
