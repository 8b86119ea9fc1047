import OptaRaster

/// A panel figure a stack can share the frame's height with: it tells how tall its plot is (the
/// rest of its height goes to its title and axes) and whether one line cut its title.
protocol StackablePanel {
    var layout: LandscapeLayout { get }
    var title: String { get }
    var titleLines: [String] { get }
}

extension StackablePanel {
    /// Whether the title is drawn cut with "…".
    var titleIsCut: Bool { FigureText.isCut(titleLines, of: title) }
    /// How much of the panel's height its title and axes take.
    var chromeHeight: Int { layout.frame.height - layout.plot.height }
}

extension LandscapeFigure: StackablePanel {}
extension ConvergenceFigure: StackablePanel {}

extension PanelsFigure {
    /// Rectangles for panels stacked top to bottom in a frame `width` × `height`, each as tall as
    /// its title and axes (`chrome`) plus an equal share of what is left, so that the plots are
    /// equally tall; nil when that leaves a plot shorter than `minimumPlot`.
    static func stackedRects(chrome: [Int], width: Int, height: Int, minimumPlot: Int) -> [PixelRect]? {
        let room = height - chrome.reduce(0, +)
        guard !chrome.isEmpty, room >= minimumPlot * chrome.count else { return nil }
        var y0 = 0, above = 0
        return chrome.indices.map { i in
            above += chrome[i]
            let y1 = i == chrome.count - 1 ? height : above + room * (i + 1) / chrome.count
            defer { y0 = y1 }
            return PixelRect(x0: 0, y0: y0, x1: width, y1: y1)
        }
    }
}
