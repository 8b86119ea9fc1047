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
