import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText
import Shaders
import Testing

/// A field whose values sit far from zero relative to their spread (1e6 + x·y on [−1, 1]²) is
/// drawn with its full variation: Float near 1e6 steps by 1/16, which banded the heatmap into 32
/// stripes and smeared every contour into a wide band.
@Suite struct ValueOffsetTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func figure(_ landscape: String) throws -> LandscapeFigure {
        let json = #"{"version": 1, "landscape": "# + landscape + #", "axes": {"legend": false}}"#
        return LandscapeFigure(scenario: try ScenarioLoader.parse(Data(json.utf8)), width: 480, height: 360, fonts: fonts)
    }

    func unpack(_ p: UInt32) -> SIMD3<Int> { SIMD3(Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF)) }

    /// Every plot pixel's colour against the colormap at its exact value (Double), for a formula
    /// and for a built-in function lifted by 1e6.
    @Test(arguments: [
        #"{"expression": "1e6 + x*y", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear", "contours": false}"#,
        #"{"expression": "x*y + 1000000", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "log", "contours": false}"#,
        #"{"expression": "-(2e6 - x*y)", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear", "contours": false}"#,
    ])
    func heatmapsOfLargeValuesDoNotBand(_ landscape: String) throws {
        let f = try figure(landscape)
        #expect(f.prepared.valueOffset != 0)
        let frame = FrameRenderer.render(f, threads: 2)
        let plot = f.layout.plot
        var worst = 0
        for py in stride(from: plot.y0 + 2, to: plot.y1 - 2, by: 7) {
            for px in stride(from: plot.x0 + 2, to: plot.x1 - 2, by: 7) {
                let p = f.viewport.domainPoint(pixelX: px, pixelY: py)
                let expected = f.prepared.spec.colormapColor(at: f.prepared.scale.normalized(f.prepared.spec.objective.value(p)))
                let got = unpack(frame[px, py])
                worst = max(worst, abs(got.x - expected.x), abs(got.y - expected.y), abs(got.z - expected.z))
            }
        }
        #expect(worst <= 4, "largest channel error \(worst)")
    }

    /// Contours stay thin lines: few pixels carry the contour colour.
    @Test func contoursOfLargeValuesStayLines() throws {
        let f = try figure(#"{"expression": "1e6 + x*y", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear", "contours": {"count": 10}}"#)
        let frame = FrameRenderer.render(f, threads: 1)
        let plot = f.layout.plot
        var white = 0
        for y in plot.y0..<plot.y1 { for x in plot.x0..<plot.x1 where frame[x, y] & 0xFF_FF_FF == 0xFF_FF_FF { white += 1 } }
        #expect(white < plot.width * plot.height / 50, "\(white) of \(plot.width * plot.height) plot pixels are contour white")
    }

    @Test func landscapesNearZeroTakeNoOffset() throws {
        #expect(try figure(#"{"function": "rosenbrock"}"#).prepared.valueOffset == 0)
        #expect(try figure(#"{"expression": "150 + x*y", "domain": {"x": [-1, 1], "y": [-1, 1]}}"#).prepared.valueOffset == 0)
    }
}

extension LandscapeSpec {
    /// The 8-bit colour of the colormap at `t` (0…1), as the shader's lookup table rounds it.
    func colormapColor(at t: Double) -> SIMD3<Int> {
        let c = colormap.color(at: Float(t))
        return SIMD3(Int(c.x * 255 + 0.5), Int(c.y * 255 + 0.5), Int(c.z * 255 + 0.5))
    }
}
