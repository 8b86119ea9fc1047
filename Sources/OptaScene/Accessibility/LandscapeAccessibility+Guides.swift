import OptaA11y
import OptaCore

extension LandscapeAccessibility {
    /// An axis: title, range and tick values; bounds over its strip of ticks, labels and title.
    static func axisNode(_ figure: LandscapeFigure, _ boxes: FrameBoxes, horizontal: Bool) -> AccessibilityNode {
        let plot = figure.layout.plot
        let domain = figure.scenario.landscape.domain
        let range = horizontal ? domain.x : domain.y
        let ticks = horizontal ? figure.xTicks : figure.yTicks
        let title = horizontal ? figure.scenario.axes.xTitle : figure.scenario.axes.yTitle
        let bounds = horizontal
            ? boxes.rect(x0: Double(plot.x0), y0: Double(plot.y1), x1: Double(plot.x1), y1: Double(figure.height))
            : boxes.rect(x0: 0, y0: Double(plot.y0), x1: Double(plot.x0), y1: Double(plot.y1))
        return AccessibilityNode(
            id: horizontal ? "axis/x" : "axis/y", role: .axis, name: "\(horizontal ? "horizontal" : "vertical") axis \(title)",
            value: "from \(A11yNumber.format(range.lowerBound)) to \(A11yNumber.format(range.upperBound))",
            description: "ticks at " + ticks.values.map(A11yNumber.format).joined(separator: ", "),
            bounds: bounds, attributes: ["min": "\(range.lowerBound)", "max": "\(range.upperBound)", "step": "\(ticks.step)"])
    }

    /// The colour bar: scale, range and tick labels; bounds over the bar, its labels and title.
    static func colorbarNode(_ figure: LandscapeFigure, _ boxes: FrameBoxes) -> AccessibilityNode? {
        guard let bar = figure.layout.colorbar else { return nil }
        let scale = figure.prepared.scale
        let ticks = figure.colorbarTicks.ticks.filter { $0.position >= -1e-9 && $0.position <= 1 + 1e-9 }
        return AccessibilityNode(
            id: "colorbar", role: .colorbar, name: "colour bar: \(figure.colorbarTicks.title)",
            value: "\(scaleName(figure)) scale from \(A11yNumber.format(scale.vmin)) to \(A11yNumber.format(scale.vmax)), \(figure.scenario.landscape.colormap)",
            description: ticks.isEmpty ? nil : "ticks " + ticks.map { A11yNumber.format($0.value) }.joined(separator: ", "),
            bounds: boxes.rect(x0: Double(bar.x0), y0: Double(bar.y0), x1: Double(figure.width), y1: Double(bar.y1)),
            attributes: ["scale": scaleName(figure), "min": "\(scale.vmin)", "max": "\(scale.vmax)"])
    }

    /// The legend box and one entry per path and for the minimum marker.
    static func legendNode(_ figure: LandscapeFigure, _ boxes: FrameBoxes) -> AccessibilityNode? {
        let paths = figure.scenario.paths
        let minima = figure.scenario.landscape.showMinima ? figure.visibleMinima.count : 0
        let entries = LandscapeFigure.legendEntries(paths, minimaCount: minima)
        guard !entries.isEmpty else { return nil }
        let size = figure.layout.labelSize
        let frame = LandscapeFigure.legendFrame(entries.map(\.0), plot: figure.layout.plot, size: size, fonts: figure.fonts)
        let line = Double(size) * 1.6, pad = Double(size) * 0.6
        let children = entries.enumerated().map { i, entry in
            let y0 = Double(frame.y0) + pad + line * Double(i)
            return AccessibilityNode(
                id: entry.1.map { "legend/\(paths[$0].name)" } ?? "legend/minimum", role: .graphicsObject, name: entry.0,
                value: entry.1 == nil ? "× marker" : "line with dots",
                bounds: boxes.rect(x0: Double(frame.x0), y0: y0, x1: Double(frame.x1), y1: y0 + line))
        }
        return AccessibilityNode(id: "legend", role: .legend, name: "legend", value: entries.count == 1 ? "1 entry" : "\(entries.count) entries",
                                 bounds: boxes.rect(x0: Double(frame.x0), y0: Double(frame.y0), x1: Double(frame.x1), y1: Double(frame.y1)),
                                 children: children)
    }
}
