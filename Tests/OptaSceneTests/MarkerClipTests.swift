import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText
import Testing

/// Markers and strokes stay inside the plot: Eggholder's minimum at x = 512 sits on the domain's
/// right edge, and only its half inside the plot is drawn.
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

    @Test func eggholdersMinimumMarkerIsCutAtThePlotsEdge() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "eggholder"}, "axes": {"legend": false, "colorbar": false}}"#)
        let minimum = try #require(f.visibleMinima.first)
        let plot = f.layout.plot
        let marker = f.viewport.framePoint(minimum.point)
        #expect(Int(marker.x.rounded()) >= plot.x1 - 1, "the minimum lies on the right edge")
        let frame = FrameRenderer.render(f, threads: 2)
        let y = Int(marker.y.rounded())
        // Beside the plot, right of its 1 px frame, the marker's rows are background.
        #expect(inked(frame, columns: (plot.x1 + 1)..<(plot.x1 + 14), rows: (y - 12)...(y + 12)) == 0)
        // Inside, the marker's half is drawn: dark and white pixels of its cross.
        var dark = 0
        for yy in (y - 8)...(y + 8) {
            for xx in (plot.x1 - 9)..<plot.x1 where frame[xx, yy] & 0xFF < 60 { dark += 1 }
        }
        #expect(dark > 10)
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
