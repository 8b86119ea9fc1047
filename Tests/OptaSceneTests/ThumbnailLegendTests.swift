import Foundation
import OptaCore
import OptaRaster
@testable import OptaScene
import OptaText
import Testing

/// At thumbnail size (320×240, where text is at its smallest, 11 px, and large beside the plot) a
/// legend stays small: one inside the plot keeps its names on one line and covers at most a tenth
/// of the plot (15 % with a second row for the undefined hatch); one below the plot leaves the plot at least 48 % of the frame's height, and names
/// every series.
@Suite struct ThumbnailLegendTests {
    @Test(arguments: ["formula", "rastrigin-linear", "himmelblau", "grid-valley"])
    func aLegendInsideAThumbnailsPlotStaysSmall(example: String) throws {
        let (figure, scenario) = try FigureWrapTests.figure(example)
        let landscape = try #require(figure as? LandscapeFigure)
        #expect(landscape.legendOutside == nil, "\(example): inside the plot")
        let placed = try #require(landscape.placedLegend(paths: scenario.paths))
        #expect(placed.legend.hidden.isEmpty && placed.legend.labels.allSatisfy { $0.count == 1 }, "\(example): \(placed.legend.labels)")
        let plot = landscape.plotRect
        let share = placed.frame.width * placed.frame.height / (plot.width * plot.height)
        // grid-valley's legend also names the undefined hatch of its top-right corner: two rows, 14 %.
        let hatch = placed.legend.shown.contains { $0.id == "legend/undefined" }
        #expect(hatch == (example == "grid-valley"), "\(example): \(placed.legend.shown.map(\.name))")
        #expect(share <= (hatch ? 0.15 : 0.1), "\(example): the legend covers \(share) of the plot")
    }

    @Test(arguments: ["solvers", "unicode-labels"])
    func aLegendBelowAThumbnailsMapLeavesItHalfTheFrame(example: String) throws {
        let (figure, scenario) = try FigureWrapTests.figure(example)
        let landscape = try #require(figure as? LandscapeFigure)
        let placed = try #require(landscape.placedLegend(paths: scenario.paths))
        #expect(placed.legend.hidden.isEmpty)
        #expect(placed.frame.y0 >= Float(landscape.layout.plot.y1), "\(example): below the plot")
        #expect(landscape.layout.plot.height * 100 >= 48 * 240, "\(example): the plot is \(landscape.layout.plot.height) px tall")
    }

    /// The chart of a finished run names its four solvers, the ring and the triangle below the
    /// axis (six entries, two rows) below its plot, and the plot keeps half the frame's height.
    @Test func aChartsLegendBelowAThumbnailLeavesThePlotHalfTheFrame() throws {
        let (chart, state) = try FigureWrapTests().completedChart("convergence", width: 320, height: 240)
        let canvas = chart.canvas(state)
        let legend = try #require(canvas.legend)
        #expect(legend.y0 >= Float(chart.layout.plot.y1))
        let named = canvas.texts.filter { legend.contains($0.rect) }.map(\.text)
        #expect(named == ["gradient descent", "momentum", "Adam", "L-BFGS", "best value", "below axis"])
        #expect(chart.layout.plot.height * 100 >= 48 * 240, "the plot is \(chart.layout.plot.height) px tall")
    }

    /// Only a thumbnail's legend is compact: at 1280×720 the spacing is the usual.
    @Test func compactLegendsAreForThumbnailsOnly() {
        #expect(Legend.Metrics.forFrame(width: 320, height: 240, labelSize: 11) == .compact)
        #expect(Legend.Metrics.forFrame(width: 1280, height: 720, labelSize: 11) == .regular)
        #expect(Legend.Metrics.forFrame(width: 3840, height: 2160, labelSize: 28) == .regular)
    }
}
