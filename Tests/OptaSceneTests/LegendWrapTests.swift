import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// Legend names wider than their cap wrap onto a second line before anything is cut with "…";
/// the box grows by that line.
@Suite struct LegendWrapTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary.loadDefault() }

    @Test func legendNamesWrapBeforeTheyAreCutAndTheBoxGrows() throws {
        let size = 11
        let names = ["gradient descent with momentum", "global minimum"]
        let entries = names.map { Legend.Entry(name: $0, swatch: .ring(color: RGBA(0, 0, 0, 1)), id: "legend/\($0)") }
        let cap = fonts.measure("gradient descent", pixelSize: size) + 2
        let legend = try #require(Legend(entries, labelSize: size, fonts: fonts, maxHeight: 200, maxTextWidth: cap))
        #expect(legend.labels[0] == ["gradient descent", "with momentum"])
        #expect(legend.labels[1] == ["global minimum"])
        #expect(!legend.labels.joined().contains { $0.hasSuffix("…") })
        let oneLine = try #require(Legend(entries, labelSize: size, fonts: fonts, maxHeight: 200, maxTextWidth: 1000))
        #expect(legend.size.y > oneLine.size.y, "the box grows by the second line")
        let frame = legend.frame(at: SIMD2(0, 0))
        #expect(legend.lineRect(1, in: frame).y0 == legend.lineRect(0, in: frame).y1)
        #expect(legend.lineRect(1, in: frame).y1 <= frame.y1)
    }

    @Test func aLegendGivenAWidthSetsItsEntriesInColumnsRowByRow() throws {
        let size = 11
        let names = ["gradient descent", "momentum", "Adam", "Nelder–Mead", "global minima"]
        let entries = names.map { Legend.Entry(name: $0, swatch: .ring(color: RGBA(0, 0, 0, 1)), id: "legend/\($0)") }
        let column = Float(size) * (2.2 + 0.6 + 1.2) + fonts.measure("gradient descent", pixelSize: size)
        let legend = try #require(Legend(entries, labelSize: size, fonts: fonts, maxHeight: 200, maxTextWidth: 1000,
                                         maxWidth: column * 2 + 1))
        #expect(legend.columns == 2)
        #expect(legend.hidden.isEmpty)
        #expect(legend.labels.map { $0[0] } == names)
        let frame = legend.frame(at: SIMD2(10, 20))
        let strips = (0..<5).map { legend.lineRect($0, in: frame) }
        #expect(strips[0].y0 == strips[1].y0 && strips[1].x0 >= strips[0].x1, "row by row")
        #expect(strips[2].y0 == strips[0].y1 && strips[2].x0 == strips[0].x0)
        for (i, a) in strips.enumerated() {
            #expect(a.x0 >= frame.x0 && a.x1 <= frame.x1 && a.y0 >= frame.y0 && a.y1 <= frame.y1)
            for b in strips[(i + 1)...] { #expect(!a.overlaps(b)) }
        }
        // Two rows at most: three entries and the summary of the other two.
        let short = try #require(Legend(entries, labelSize: size, fonts: fonts, maxHeight: Float(size) * (1.2 + 3.2) + 0.5,
                                        maxTextWidth: 1000, maxWidth: column * 2 + 1))
        #expect(short.shown.count == 3 && short.summary == "+ 2 more")
    }

    /// A plot too narrow to give up a third of its width to a legend beside it sets the legend
    /// below, every entry named, under the x axis's title and inside the frame. (Himmelblau's one
    /// entry finds a clear corner inside at 320×240: `ThumbnailLegendTests`.)
    @Test(arguments: ["solvers", "unicode-labels"])
    func narrowPlotsSetTheirLegendBelow(example: String) throws {
        let (figure, scenario) = try FigureWrapTests.figure(example)
        let landscape = try #require(figure as? LandscapeFigure)
        #expect(landscape.legendOutside?.maxWidth != nil, "below the plot")
        let placed = try #require(landscape.placedLegend(paths: scenario.paths))
        #expect(placed.legend.hidden.isEmpty)
        let report = landscape.layoutReport(paths: scenario.paths)
        let legend = try #require(report.legend)
        #expect(legend.y0 > Float(landscape.layout.plot.y1) && legend.y1 <= Float(landscape.height))
        #expect(legend.x0 >= 0 && legend.x1 <= Float(landscape.width))
        for text in report.texts where !legend.contains(text.rect) {
            #expect(!text.rect.overlaps(legend), "\(text.text) under the legend")
        }
    }

    @Test(arguments: ["formula", "unicode-labels", "grid-valley", "solvers"])
    func legendNamesAt320AreNotCut(example: String) throws {
        let (figure, scenario) = try FigureWrapTests.figure(example)
        let landscape = try #require(figure as? LandscapeFigure)
        let report = landscape.layoutReport(paths: scenario.paths)
        let legend = try #require(report.legend)
        let inLegend = report.texts.filter { legend.contains($0.rect) }
        #expect(!inLegend.isEmpty)
        #expect(!inLegend.contains { $0.text.hasSuffix("…") }, "\(inLegend.map(\.text))")
    }

}
