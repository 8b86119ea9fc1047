import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Shaders
import Testing

/// The grey hatch that marks where f is undefined has a legend entry, so a reader of the
/// printed figure can tell it from data.
@Suite struct UndefinedLegendTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    func figure(_ json: String, width: Int = 400, height: Int = 300) throws -> LandscapeFigure {
        LandscapeFigure(scenario: try ScenarioLoader.parse(Data(json.utf8)), width: width, height: height, fonts: fonts)
    }

    func unpack(_ p: UInt32) -> SIMD3<Int> { SIMD3(Int(p & 0xFF), Int((p >> 8) & 0xFF), Int((p >> 16) & 0xFF)) }

    /// A plot that shows the hatch names it in its legend ("f undefined", a framed swatch of the
    /// same hatch); one without undefined values has no such entry (and no legend without paths).
    @Test func theLegendNamesTheUndefinedHatch() throws {
        let f = try figure(#"{"version": 1, "landscape": {"expression": "sqrt(x) + y", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear", "contours": false}}"#)
        let placed = try #require(f.placedLegend(paths: []))
        #expect(placed.legend.shown.map { $0.id } == ["legend/undefined"] && placed.legend.shown.first?.name == "f undefined")
        let frame = FrameRenderer.render(f, threads: 2)
        // The swatch's middle row: the hatch's own greys, the same colour at the same x + y as the plot's.
        let strip = placed.legend.lineRect(0, in: placed.frame)
        let y = Int((strip.y0 + strip.y1) / 2), x0 = Int(strip.x0 + placed.legend.pad) + 2
        let colors = HatchPattern.colors(period: 8)
        for x in x0..<(x0 + Int(placed.legend.swatchWidth) - 4) {
            #expect(frame[x, y] == colors[(x + y) & 7], "swatch pixel (\(x), \(y)): \(unpack(frame[x, y]))")
        }
        let defined = try figure(#"{"version": 1, "landscape": {"expression": "x^2 + y", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear"}}"#)
        #expect(defined.undefined == nil && defined.placedLegend(paths: []) == nil)
    }


    /// A session keeps each shown domain's sample (the figure is built every frame), and a
    /// panned view gets the sample of what it shows, not of the view before.
    @Test func aSessionsFiguresSampleTheDomainTheyShow() throws {
        let scenario = try ScenarioLoader.parse(Data(#"{"version": 1, "landscape": {"expression": "sqrt(x) + y", "domain": {"x": [-1, 1], "y": [-1, 1]}, "scale": "linear"}}"#.utf8))
        let figures = SessionFigures(scenario: scenario, fonts: fonts)
        var expected: [Int?] = []
        var seen: [Int?] = []
        for x in [-1.0...1.0, 0.5...2.0, -2.0...0.0, -1.0...1.0, 0.5...2.0] {
            var shown = scenario
            shown.landscape.domain.x = x
            let sample = UndefinedSample(scenario.landscape.objective, shown.landscape.domain)
            expected.append(sample?.count)
            let figure = figures.landscapeFigure(shown, width: 400, height: 300)
            #expect(figure.undefined == sample, "x in \(x)")
            seen.append(figure.undefined?.count)
        }
        // Half, none, nearly all (x = 0 is defined), then the first two again from the cache.
        #expect(expected == [512, nil, 1024, 512, nil] && seen == expected)
    }

    /// A strip of undefined values too narrow for the 32 × 32 sample, along an edge of the plot,
    /// still gets its legend entry; a value undefined only on the edge itself (log 0), which no
    /// pixel shows, does not.
    @Test func aNarrowUndefinedStripAtAnEdgeIsNamed() throws {
        let strip = try figure(#"{"version": 1, "landscape": {"expression": "log(x) + y", "domain": {"x": [-0.004, 1], "y": [-1, 1]}, "scale": "linear"}}"#,
                               width: 1280, height: 720)
        let sample = try #require(strip.undefined)
        #expect(sample.hi.x < 0 && sample.lo.y < -0.9 && sample.hi.y > 0.9 && sample.percent == nil)
        #expect(strip.placedLegend(paths: [])?.legend.shown.map(\.id) == ["legend/undefined"])
        // The hatch shows at the plot's left edge: its pixels are the hatch's greys.
        let frame = FrameRenderer.render(strip, threads: 2)
        let plot = strip.layout.plot, colors = Set(HatchPattern.colors(period: 8))
        let y = (plot.y0 + plot.y1) / 2
        #expect((plot.x0..<(plot.x0 + 3)).allSatisfy { colors.contains(frame[$0, y]) })
        let edgeOnly = try figure(#"{"version": 1, "landscape": {"expression": "log(x) + y", "domain": {"x": [0, 1], "y": [-1, 1]}, "scale": "linear"}}"#)
        #expect(edgeOnly.undefined == nil)
    }
}
