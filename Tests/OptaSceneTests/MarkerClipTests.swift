import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Markers and strokes stay inside the plot: strokes are cut at its edge; markers on the edge
/// (Eggholder's minimum at x = 512, a run starting on the domain's edge, a chart's last step) are
/// drawn whole inside it.
@Suite struct MarkerClipTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func figure(_ json: String, width: Int = 640, height: Int = 480) throws -> LandscapeFigure {
        LandscapeFigure(scenario: try ScenarioLoader.parse(Data(json.utf8)), width: width, height: height, fonts: fonts)
    }

    /// Non-white pixels in columns `columns` over rows `rows`.
    func inked(_ frame: Framebuffer, columns: Range<Int>, rows: ClosedRange<Int>) -> Int {
        var count = 0
        for y in rows where y >= 0 && y < frame.height {
            for x in columns where x >= 0 && x < frame.width && frame[x, y] & 0xFF_FF_FF != 0xFF_FF_FF { count += 1 }
        }
        return count
    }

    /// The boxes of the markers `list` draws (disks of `radius`, segments such as a minimum
    /// cross's, filled polygons such as a chart's triangles), each with its outline.
    static func markerBoxes(_ list: DrawList, radius: Float) -> [PixelRectF] {
        list.items.compactMap { item in
            switch item {
            case .disk(let c, let r, _, let outline, _) where r == radius:
                PixelRectF(x0: c.x - r - outline / 2, y0: c.y - r - outline / 2, x1: c.x + r + outline / 2, y1: c.y + r + outline / 2)
            case .segment(let a, let b, let w, _):
                // Butt ends: the corners half the width across the segment from its ends.
                { () -> PixelRectF in
                    let d = b - a, n = SIMD2(-d.y, d.x) / max(1e-6, (d * d).sum().squareRoot()) * (w / 2)
                    let corners = [a + n, a - n, b + n, b - n]
                    return PixelRectF(x0: corners.map(\.x).min()!, y0: corners.map(\.y).min()!,
                                      x1: corners.map(\.x).max()!, y1: corners.map(\.y).max()!)
                }()
            case .convexPolygon(let points, _):
                PixelRectF(x0: points.map(\.x).min()!, y0: points.map(\.y).min()!, x1: points.map(\.x).max()!, y1: points.map(\.y).max()!)
            default: nil
            }
        }
    }

    static func inside(_ box: PixelRectF, _ plot: PixelRect) -> Bool {
        box.x0 >= Float(plot.x0) && box.y0 >= Float(plot.y0) && box.x1 <= Float(plot.x1) && box.y1 <= Float(plot.y1)
    }

    @Test func eggholdersMinimumMarkerIsWholeInsideThePlot() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "eggholder"}, "axes": {"legend": false, "colorbar": false}}"#)
        let minimum = try #require(f.visibleMinima.first)
        let plot = f.layout.plot
        let marker = f.viewport.framePoint(minimum.point)
        #expect(Int(marker.x.rounded()) >= plot.x1 - 1, "the minimum lies on the right edge")
        let boxes = Self.markerBoxes(f.drawList(), radius: -1)
        #expect(boxes.count == 4)
        for box in boxes { #expect(Self.inside(box, plot), "\(box) leaves \(plot)") }
        let frame = FrameRenderer.render(f, threads: 2)
        let y = Int(marker.y.rounded())
        // Beside the plot, right of its 1 px frame, the marker's rows are background.
        #expect(inked(frame, columns: (plot.x1 + 1)..<(plot.x1 + 14), rows: (y - 12)...(y + 12)) == 0)
        // The whole cross is drawn, within a cross's width of the point: dark pixels of both its
        // halves, left and right of its centre.
        let center = boxes.reduce(0) { $0 + ($1.x0 + $1.x1) / 2 } / 4
        #expect(center < Float(plot.x1) - MinimumMarker.half)
        for columns in [(plot.x1 - 20)..<Int(center), Int(center)..<plot.x1] {
            var dark = 0
            for yy in (y - 10)...(y + 10) {
                for xx in columns where frame[xx, yy] & 0xFF < 60 { dark += 1 }
            }
            #expect(dark > 10)
        }
    }

    /// At 320×240 the start markers of `solvers` (at ±4.5 in a plot 40 px a unit) and of
    /// `unicode-labels` (at (4.5, −4.5)) lie within a marker's reach of the frame: moved in whole.
    @Test(arguments: ["solvers", "unicode-labels"])
    func endMarkersNearTheEdgeAreWhole(example: String) throws {
        let scenario = try ScenarioLoader.load(path: GoldenSceneTests.root.appendingPathComponent("Examples/\(example).json").path)
        var session = try HeadlessSession(scenario: scenario)
        session.runToCompletion()
        let f = SessionFigures(scenario: scenario, fonts: fonts).landscapeFigure(for: session.renderState, width: 320, height: 240)
        let s = f.layout.strokeScale
        let paths = session.renderState.scenario.paths
        let canvas = f.canvas(paths: paths, legend: f.placedLegend(paths: paths))
        // (Not the legend's swatches.)
        let boxes = Self.markerBoxes(canvas.list, radius: LandscapeFigure.endMarkerRadius * s)
            .filter { box in canvas.legend.map { !$0.overlaps(box) } ?? true }
        #expect(boxes.count >= 2 * paths.count)
        for box in boxes { #expect(Self.inside(box, f.layout.plot), "\(example): \(box) leaves \(f.layout.plot)") }
    }

    @Test func pathEndsAtTheEdgeStayInsideThePlot() throws {
        // A path from corner to corner: its start ring and end disk sit on the plot's corners.
        let f = try figure(#"{"version": 1, "landscape": {"function": "booth", "domain": {"x": [-2, 2], "y": [-2, 2]}, "minima": false}, "axes": {"legend": false, "colorbar": false}, "paths": [{"name": "p", "points": [[-2, -2], [0, 0.5], [2, 2]], "width": 3}]}"#)
        let plot = f.layout.plot
        let frame = FrameRenderer.render(f, threads: 1)
        // Above and right of the plot's top-right corner, where the end disk sits: nothing drawn
        // but the 1 px frame line (no ticks or labels there).
        #expect(inked(frame, columns: (plot.x1 - 12)..<(plot.x1 + 12), rows: (plot.y0 - 12)...(plot.y0 - 2)) == 0)
        #expect(inked(frame, columns: (plot.x1 + 1)..<(plot.x1 + 12), rows: (plot.y0 - 12)...(plot.y0 + 12)) == 0)
    }
}
