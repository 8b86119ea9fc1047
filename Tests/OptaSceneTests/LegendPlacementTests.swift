import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// The legend takes the corner covering the least data (matplotlib's `loc="best"`), or the place
/// asked for, or goes outside when no corner is clear; extra entries are summarized.
@Suite struct LegendPlacementTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    let plot = PixelRectF(x0: 0, y0: 0, x1: 400, y1: 300)
    let size = SIMD2<Float>(100, 60)

    func corner(_ position: LegendPosition) -> PixelRectF {
        LegendPlacer.corners(of: plot, size: size, inset: 10).first { $0.0 == position }!.1
    }

    @Test func theBestCornerIsTheOneWithTheLeastData() {
        var obstacles = LegendPlacer.Obstacles()
        obstacles.lines = [[SIMD2(250, 5), SIMD2(395, 100)]]          // through the upper right
        obstacles.points = [(SIMD2(40, 40), 6, LegendPlacer.markerWeight)]  // a marker in the upper left
        let chosen = LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: nil)
        #expect(chosen == corner(.lowerLeft))
        // The line's length inside counts: it enters the box (x 290…390, y 10…70) at x = 290 and leaves at y = 70.
        let enter = SIMD2<Float>(290, 5 + 40 * 95 / 145), leave = SIMD2<Float>(250 + 65 * 145 / 95, 70)
        let inside = ((leave - enter) * (leave - enter)).sum().squareRoot()
        #expect(abs(LegendPlacer.cover(corner(.upperRight), obstacles) - inside) < 0.01)
        #expect(LegendPlacer.cover(corner(.upperLeft), obstacles) == LegendPlacer.markerWeight)
    }

    @Test func tiesGoToTheUpperRightAndTextIsNeverCovered() {
        var obstacles = LegendPlacer.Obstacles()
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: nil) == corner(.upperRight))
        obstacles.text = [PixelRectF(x0: 350, y0: 20, x1: 380, y1: 30)]
        obstacles.lines = [[SIMD2(0, 150), SIMD2(400, 150)]]   // far from every corner: all clear but for the text
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: nil) == corner(.upperLeft))
        // Text in every corner and no room outside: no legend rather than one over the text.
        obstacles.text = LegendPlacer.corners(of: plot, size: size, inset: 10).map { PixelRectF(x: $0.1.x0 + 5, y: $0.1.y0 + 5, width: 10, height: 10) }
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: nil) == nil)
    }

    /// A legend over the undefined hatch would hide what its own "f undefined" entry explains:
    /// the hatch counts by the pixels covered, and the legend leaves its corner for a clear one.
    @Test func theLegendLeavesTheUndefinedHatchInSight() throws {
        var obstacles = LegendPlacer.Obstacles()
        obstacles.undefined = [PixelRectF(x0: 340, y0: 0, x1: 400, y1: 50)]   // the upper right, partly under the legend
        #expect(LegendPlacer.cover(corner(.upperRight), obstacles) == LegendPlacer.undefinedWeight * 50 * 40)
        #expect(LegendPlacer.cover(corner(.upperLeft), obstacles) == 0)
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: nil) == corner(.upperLeft))
        // In a figure: f is undefined where x + y > 3, the upper right corner of the plot; the
        // legend naming the hatch goes elsewhere.
        let shown = try figure(#"{"version": 1, "landscape": {"expression": "log(3 - x - y) + 0.1 * (x^2 + y^2)", "domain": {"x": [-2, 2], "y": [-2, 2]}}, "paths": [{"name": "p", "points": [[-1.5, -1.5], [-0.5, -1]]}]}"#)
        let placed = try #require(shown.placedLegend(paths: shown.scenario.paths))
        let hatch = try #require(shown.legendObstacles(shown.scenario.paths).undefined.first)
        #expect(placed.frame.x1 <= hatch.x0 || placed.frame.x0 >= hatch.x1 || placed.frame.y1 <= hatch.y0 || placed.frame.y0 >= hatch.y1,
                "legend \(placed.frame) over the hatch \(hatch)")
    }

    @Test func withNoClearCornerItGoesOutsideWhenThereIsRoom() {
        var obstacles = LegendPlacer.Obstacles()
        obstacles.lines = [[SIMD2(0, 0), SIMD2(400, 300)], [SIMD2(400, 0), SIMD2(0, 300)], [SIMD2(0, 10), SIMD2(400, 10)],
                           [SIMD2(0, 290), SIMD2(400, 290)]]
        let outside = PixelRectF(x: 420, y: 0, width: 100, height: 60)
        #expect(LegendPlacer.wantsOutside(size: size, plot: plot, inset: 10, obstacles: obstacles))
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: outside) == outside)
        // Asked for a corner, it stays there.
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .lowerLeft, obstacles: obstacles, outside: outside)
            == corner(.lowerLeft))
    }

    func figure(_ json: String, width: Int = 640, height: Int = 480) throws -> LandscapeFigure {
        LandscapeFigure(scenario: try ScenarioLoader.parse(Data(json.utf8)), width: width, height: height, fonts: fonts)
    }

    @Test func aPathThroughTheUpperRightMovesTheLegend() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "booth", "minima": false, "contours": false}, "paths": [{"name": "p", "points": [[0, 0], [9, 9]]}]}"#)
        let placed = try #require(f.placedLegend(paths: f.scenario.paths))
        let obstacles = f.legendObstacles(f.scenario.paths)
        let corners = LegendPlacer.corners(of: f.plotRect, size: placed.legend.size, inset: placed.legend.pad * 1.5)
        let least = corners.map { LegendPlacer.cover($0.1, obstacles) }.min()!
        #expect(placed.frame != corners[0].1, "not the upper right, which the path crosses")
        #expect(LegendPlacer.cover(placed.frame, obstacles) == least)
        #expect(f.legendOutside == nil, "a clear corner keeps it inside")
    }

    @Test func anExplicitPlaceIsKeptAndFalseHidesIt() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "booth", "contours": false}, "axes": {"legend": {"position": "lower left"}}, "paths": [{"name": "p", "points": [[-9, -9], [0, 0]]}]}"#)
        let placed = try #require(f.placedLegend(paths: f.scenario.paths))
        #expect(abs(placed.frame.x0 - (f.plotRect.x0 + placed.legend.pad * 1.5)) < 1e-3)
        #expect(abs(placed.frame.y1 - (f.plotRect.y1 - placed.legend.pad * 1.5)) < 1e-3)
        let hidden = try figure(#"{"version": 1, "landscape": {"function": "booth"}, "axes": {"legend": false}, "paths": [{"name": "p", "points": [[0, 0], [1, 1]]}]}"#)
        #expect(hidden.placedLegend(paths: hidden.scenario.paths) == nil)
        #expect(!hidden.canvas(paths: hidden.scenario.paths, legend: nil).texts.contains { $0.text == "p" })
    }

    @Test func aCornerOverAMarkerIsNeverGoodEnough() {
        var obstacles = LegendPlacer.Obstacles()
        for p in [SIMD2<Float>(40, 30), SIMD2(360, 30), SIMD2(40, 270), SIMD2(360, 270)] {
            obstacles.points.append((p, 6, LegendPlacer.markerWeight))   // a marker in every corner
        }
        let outside = PixelRectF(x0: 420, y0: 0, x1: 520, y1: 60)
        #expect(LegendPlacer.wantsOutside(size: size, plot: plot, inset: 10, obstacles: obstacles))
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: outside) == outside)
        // With no room outside, the least covering corner (ties to the upper right).
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: nil) == corner(.upperRight))
        // A clear corner is taken over going outside.
        obstacles.points.removeLast()
        #expect(LegendPlacer.place(size: size, plot: plot, inset: 10, position: .best, obstacles: obstacles, outside: outside) == corner(.lowerRight))
    }

    @Test func manyPathsGoOutsideSummarized() throws {
        // Forty paths criss-crossing the plot: no corner is clear.
        var paths: [String] = []
        for i in 0..<40 {
            let a = Double(i % 10) - 5, b = Double(i / 10) * 3 - 5
            paths.append(#"{"name": "path number \#(i)", "points": [[\#(a), -9], [\#(b), 9], [9, \#(a)], [-9, \#(b)]]}"#)
        }
        let json = #"{"version": 1, "landscape": {"function": "booth", "contours": false}, "paths": [\#(paths.joined(separator: ","))]}"#
        let f = try figure(json)
        let inside = try figure(json.replacingOccurrences(of: #""contours": false}"#, with: #""contours": false}, "axes": {"legend": {"position": "upper right"}}"#))
        #expect(f.legendOutside != nil)
        #expect(f.layout.plot.width < inside.layout.plot.width, "the plot makes room for it")
        let placed = try #require(f.placedLegend(paths: f.scenario.paths))
        #expect(placed.frame.x0 >= Float(f.layout.colorbar!.x1), "right of the colourbar")
        #expect(placed.frame.x1 <= Float(f.width) && placed.frame.y1 <= Float(f.layout.plot.y1))
        #expect(placed.legend.summary == "+ \(40 + 1 - placed.legend.shown.count) more")
        #expect(placed.legend.shown.count > 5)
        let texts = f.canvas(paths: f.scenario.paths, legend: placed).texts
        #expect(texts.contains { $0.text == placed.legend.summary })
        // Inside, it is held to 60 % of the plot's height.
        let corner = try #require(inside.placedLegend(paths: inside.scenario.paths))
        #expect(corner.frame.height <= Float(inside.layout.plot.height) * 0.6)
        #expect(corner.legend.summary != nil)
    }

    @Test func contourLabelsUnderTheLegendAreNotDrawn() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "rosenbrock", "labels": true, "contours": {"count": 20}}, "paths": [{"name": "a long path name", "points": [[0, 0], [1, 1]]}]}"#)
        let placed = try #require(f.placedLegend(paths: f.scenario.paths))
        let canvas = f.canvas(paths: f.scenario.paths, legend: placed)
        let legendTexts = Set(placed.legend.labels.joined())
        for text in canvas.texts where !legendTexts.contains(text.text) {
            #expect(!text.rect.overlaps(placed.frame), "\"\(text.text)\" under the legend")
        }
        #expect(f.shownContourLabels(legend: placed).count <= f.contourLabels.count)
    }

    @Test func theSurfaceNamesItsPathsWithoutCoveringItsLabels() throws {
        var scenario = try ScenarioLoader.parse(Data(#"{"version": 1, "view": "3d", "landscape": {"function": "himmelblau"}, "paths": [{"name": "descent", "points": [[-4, 4], [0, 0], [3, 2]]}]}"#.utf8))
        scenario.surface?.resolution = 16
        let session = try HeadlessSession(scenario: scenario)
        for (width, height) in [(640, 480), (1280, 720), (480, 800)] {
            let figure = SurfaceFigure(scenario: scenario, width: width, height: height, fonts: fonts)
            let report = figure.layoutReport(for: session.renderState)
            let names = report.texts.filter { $0.text == "descent" || $0.text == "global minima" }
            #expect(names.count == 2, "\(width)×\(height): the path and the minima are named")
            for (i, a) in report.texts.enumerated() {
                for b in report.texts[(i + 1)...] { #expect(!a.rect.overlaps(b.rect), "\(a.text) overlaps \(b.text)") }
            }
        }
    }

    /// In a small frame no corner of the view is clear of the box: the legend goes below the view,
    /// in columns, which leaves the surface larger than a legend beside it would, and covers
    /// neither the box nor its labels.
    @Test func aSmallSurfaceHasItsLegendBelowClearOfTheBox() throws {
        for json in [#"{"version": 1, "view": "3d", "landscape": {"function": "rosenbrock"}}"#,
                     #"{"version": 1, "view": "3d", "landscape": {"function": "rastrigin"}, "paths": [{"name": "adam", "points": [[-4, 4], [-3, 3]]}, {"name": "cma-es", "points": [[3, -3], [1, -1]]}]}"#] {
            var scenario = try ScenarioLoader.parse(Data(json.utf8))
            scenario.surface?.resolution = 16
            let session = try HeadlessSession(scenario: scenario)
            let figure = SurfaceFigure(scenario: scenario, width: 320, height: 240, fonts: fonts)
            let outside = try #require(figure.legendOutside, "\(json): no corner of the view is clear")
            #expect(outside.maxWidth != nil, "below the view, in columns")
            let report = figure.layoutReport(for: session.renderState)
            let legend = try #require(report.legend)
            #expect(legend.y0 >= figure.viewRect.y1, "under the view the box is fitted into")
            let box = PolygonArea.hull(report.boxCorners)
            #expect(PolygonArea.inside(box, legend) == 0, "the box is not covered")
            for text in report.texts where !legend.contains(text.rect) { #expect(!text.rect.overlaps(legend), "\(text.text) under the legend") }
            // Beside, the view would be narrower than two thirds of its width alone.
            var alone = scenario
            alone.axes.legend = false
            let viewAlone = SurfaceFigure(scenario: alone, width: 320, height: 240, fonts: fonts).viewRect
            #expect(figure.viewRect.width * figure.viewRect.height > viewAlone.width * viewAlone.height / 2)
        }
    }
}

extension LandscapeFigure.PlacedLegend: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.frame == b.frame && a.legend.labels == b.legend.labels }
}
