import Foundation
import OptaCore
import OptaRaster
import OptaScene
import OptaText
import Shaders
import Testing

@Suite struct LandscapeFigureTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func figure(_ json: String, width: Int = 400, height: Int = 300) throws -> LandscapeFigure {
        let scenario = try ScenarioLoader.parse(Data(json.utf8))
        return LandscapeFigure(scenario: scenario, width: width, height: height, fonts: fonts)
    }

    func unpack(_ p: UInt32) -> SIMD3<Int> { SIMD3(Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF)) }

    @Test func heatmapPixelsFollowTheColormap() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "booth", "scale": "linear", "contours": false, "minima": false}, "axes": {"legend": false}}"#)
        let frame = FrameRenderer.render(f, threads: 2)
        let plot = f.layout.plot
        for (px, py) in [(plot.x0 + 10, plot.y0 + 10), ((plot.x0 + plot.x1) / 2, (plot.y0 + plot.y1) / 2), (plot.x1 - 3, plot.y1 - 7)] {
            let point = f.viewport.domainPoint(pixelX: px, pixelY: py)
            let value = BuiltinFunction.booth.value(point)
            let expected = Colormap.viridis.color(at: Float(f.prepared.scale.normalized(value)))
            let got = unpack(frame[px, py])
            let want = SIMD3<Int>(Int(expected.x * 255 + 0.5), Int(expected.y * 255 + 0.5), Int(expected.z * 255 + 0.5))
            #expect(abs(got.x - want.x) <= 3 && abs(got.y - want.y) <= 3 && abs(got.z - want.z) <= 3, "at \(px), \(py): \(got) vs \(want)")
        }
    }

    @Test func contourLinesLieOnTheirLevels() throws {
        // Matyas on a linear scale with one level: pixels where f is closest to the level are white.
        let f = try figure(#"{"version": 1, "landscape": {"function": "matyas", "scale": "linear", "contours": {"levels": [2], "width": 1.5}, "minima": false}, "axes": {"legend": false}}"#)
        let frame = FrameRenderer.render(f, threads: 1)
        let plot = f.layout.plot
        var onLine = 0, whiteOnLine = 0, whiteFarAway = 0
        for py in stride(from: plot.y0, to: plot.y1, by: 3) {
            for px in plot.x0..<plot.x1 {
                let p = f.viewport.domainPoint(pixelX: px, pixelY: py)
                let value = BuiltinFunction.matyas.value(p)
                let g = BuiltinFunction.matyas.gradient(p) * f.viewport.unitsPerPixel
                let distance = abs(value - 2) / (g.x * g.x + g.y * g.y).squareRoot()
                let c = unpack(frame[px, py])
                let white = c.x > 200 && c.y > 200 && c.z > 200
                if distance < 0.2 { onLine += 1; if white { whiteOnLine += 1 } }
                if distance > 3 && white { whiteFarAway += 1 }
            }
        }
        #expect(onLine > 50)
        #expect(whiteOnLine == onLine)
        #expect(whiteFarAway == 0)
    }

    @Test func undefinedValuesGetTheHatch() throws {
        let f = try figure(#"{"version": 1, "landscape": {"expression": "sqrt(x) + y", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear", "contours": false}}"#)
        let frame = FrameRenderer.render(f, threads: 2)
        let plot = f.layout.plot
        let y = (plot.y0 + plot.y1) / 2
        var greys = Set<UInt32>()
        for x in plot.x0..<(plot.x0 + plot.width / 3) { greys.insert(frame[x, y]) }
        // The left third is undefined: the hatch's greys only (light, and the shares of dark at
        // the stripes' anti-aliased edges).
        #expect(greys.isSubset(of: HatchPattern.colors(period: 8)) && greys.count >= 3, "\(greys.map(unpack))")
        for colour in greys { let c = unpack(colour); #expect(c.x == c.y || abs(c.x - c.y) < 8) }
    }

    /// The hatch's dark stripes are as wide, measured along a row, as the figure's strokes are
    /// thick: 2 px at 1080 p, twice that at 4K, where 2 px stripes read as a flat grey. A stripe's
    /// width is its ink: the dark share summed over its anti-aliased pixels.
    @Test(arguments: [(1920, 1080, 2), (3840, 2160, 4)])
    func theHatchWidensWithTheStrokes(width: Int, height: Int, stripe: Int) throws {
        let f = try figure(#"{"version": 1, "landscape": {"expression": "sqrt(x) + y", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear", "contours": false}}"#,
                           width: width, height: height)
        let frame = FrameRenderer.render(f, threads: 2)
        let plot = f.layout.plot, y = (plot.y0 + plot.y1) / 2
        let row = (plot.x0 + 4..<(plot.x0 + plot.width / 3)).map { frame[$0, y] }
        let light = Float(unpack(HatchPattern.colors(period: 8)[4]).x), dark = Float(0.55 * 255).rounded()
        // The ink of each stripe wholly inside the row, in pixels of full dark grey.
        var inks: [Float] = [], ink: Float = 0
        for pixel in row {
            let share = (light - Float(unpack(pixel).x)) / (light - dark)
            if share > 0.01 { ink += share } else if ink > 0 { inks.append(ink); ink = 0 }
        }
        #expect(inks.count > 4, "\(inks)")
        for ink in inks.dropFirst() { #expect(abs(ink - Float(stripe)) < 0.1, "\(inks)") }
    }

    @Test func pathsAreDrawnWhereTheirPointsAre() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "booth", "contours": false, "minima": false}, "paths": [{"name": "p", "points": [[-5, 0], [5, 0]], "color": [1, 0, 0], "width": 3, "markers": false}], "axes": {"legend": false}}"#)
        let frame = FrameRenderer.render(f, threads: 2)
        let mid = f.viewport.framePoint(SIMD2(0, 0))
        let c = unpack(frame[Int(mid.x), Int(mid.y)])
        #expect(c.x > 240 && c.y < 20 && c.z < 20, "path pixel is red: \(c)")
        let above = unpack(frame[Int(mid.x), Int(mid.y) - 6])
        #expect(!(above.x > 240 && above.y < 20), "6 px above the 3 px line is not red")
    }

    @Test func pathsAreClippedToThePlot() throws {
        let f = try figure(#"{"version": 1, "landscape": {"function": "booth", "domain": {"x": [-1, 1], "y": [-1, 1]}, "contours": false, "minima": false}, "paths": [{"name": "p", "points": [[-5, 0.5], [5, 0.5]], "color": [1, 0, 0], "width": 3, "markers": false}], "axes": {"legend": false}}"#)
        let frame = FrameRenderer.render(f, threads: 2)
        let y = Int(f.viewport.framePoint(SIMD2(0, 0.5)).y)
        let outside = unpack(frame[f.layout.plot.x0 - 8, y])
        #expect(!(outside.x > 200 && outside.y < 60), "no red left of the plot: \(outside)")
    }

    @Test func logColorbarTicksAreDecades() {
        let scale = ValueScale.log(vmin: 0, vmax: 2500, fmin: 0, epsilon: 1e-3)
        let (ticks, title) = ColorbarTicks.ticks(for: scale, targetCount: 10)
        #expect(ticks.map(\.label) == ["10⁻³", "10⁻²", "10⁻¹", "10⁰", "10¹", "10²", "10³"], "one style for every decade")
        #expect(ticks.first!.position >= 0 && ticks.last!.position <= 1)
        #expect(title == "f (log scale)")
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.position < $1.position })
    }

    @Test func anAutomaticScaleSaysSoInTheColorbarTitle() {
        #expect(ColorbarTicks.ticks(for: .log(vmin: 0, vmax: 2500, fmin: 0, epsilon: 1e-3), targetCount: 10, automatic: true).title
                == "f (log scale, auto)")
        #expect(ColorbarTicks.ticks(for: .linear(vmin: -1, vmax: 2), targetCount: 10, automatic: true).title == "f (linear scale, auto)")
        #expect(ColorbarTicks.ticks(for: .linear(vmin: -1, vmax: 2), targetCount: 10).title == "f")
        #expect(ColorbarTicks.ticks(for: .linear(vmin: 1e6, vmax: 1e6 + 2), targetCount: 10, automatic: true).title
                == "f (linear scale, auto; ticks +1000000)")
    }
}
