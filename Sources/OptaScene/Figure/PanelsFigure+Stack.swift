import OptaRaster
import OptaText

/// A panel figure a stack can share the frame's height with: it tells how tall its plot is (the
/// rest of its height goes to its title and axes) and whether one line cut its title.
protocol StackablePanel {
    var layout: LandscapeLayout { get }
    var title: String { get }
    var titleLines: [String] { get }
    /// The panel's share of the height a stack leaves its plots: a landscape, a map that needs
    /// height to be read, takes 4 parts to a chart's 3.
    static var stackShare: Int { get }
}

extension StackablePanel {
    /// Whether the title is drawn cut with "…" (one left out is not cut).
    var titleIsCut: Bool { !titleLines.isEmpty && FigureText.isCut(titleLines, of: title) }
    /// How much of the panel's height its title and axes take.
    var chromeHeight: Int { layout.frame.height - layout.plot.height }
}

extension LandscapeFigure: StackablePanel {
    static var stackShare: Int { 4 }
}

extension ConvergenceFigure: StackablePanel {
    static var stackShare: Int { 3 }
}

extension PanelsFigure {
    /// Rectangles for panels stacked top to bottom in a frame `width` × `height`, each as tall as
    /// its title and axes (`chrome`) plus a plot of `minimumPlot`, and its part (`shares`) of what
    /// is left over; nil when not even the minimum plots fit.
    static func stackedRects(chrome: [Int], shares: [Int], width: Int, height: Int, minimumPlot: Int) -> [PixelRect]? {
        let room = height - chrome.reduce(0, +) - minimumPlot * chrome.count, parts = shares.reduce(0, +)
        guard !chrome.isEmpty, chrome.count == shares.count, parts > 0, room >= 0 else { return nil }
        var y0 = 0, above = 0, partsAbove = 0
        return chrome.indices.map { i in
            above += chrome[i] + minimumPlot
            partsAbove += shares[i]
            let y1 = i == chrome.count - 1 ? height : above + room * partsAbove / parts
            defer { y0 = y1 }
            return PixelRect(x0: 0, y0: y0, x1: width, y1: y1)
        }
    }
}

/// A stack's one legend, below its panels: the legend, its box in the frame, and the fonts it is
/// set in.
struct StackLegend: Sendable {
    let legend: Legend
    let frame: PixelRectF
    let fonts: FontLibrary
}
