import OptaA11y
import OptaCore
import OptaRaster

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

    /// The legend box and one entry per line it shows (paths, the minimum marker, the undefined
    /// hatch, and the summary of entries it had no room for).
    static func legendNode(_ figure: LandscapeFigure, paths: [PathSpec], _ boxes: FrameBoxes) -> AccessibilityNode? {
        guard let placed = figure.placedLegend(paths: paths) else { return nil }
        return legendNode(placed.legend, frame: placed.frame) { boxes.rect(x0: $0, y0: $1, x1: $2, y1: $3) }
    }

    /// The node of `legend` drawn in `frame`; `rect` turns corners into bounds.
    static func legendNode(_ legend: Legend, frame: PixelRectF,
                           rect: (Double, Double, Double, Double) -> AccessibilityBounds?) -> AccessibilityNode {
        func bounds(_ r: PixelRectF) -> AccessibilityBounds? { rect(Double(r.x0), Double(r.y0), Double(r.x1), Double(r.y1)) }
        var children = legend.shown.enumerated().map { i, entry in
            let value = switch entry.swatch {
            case .path(_, _, let dot): dot == nil ? "line" : "line with dots"
            case .line: "line"
            case .minimum: "× marker"
            case .ring: "ring marker"
            case .belowFloor: "downward triangle marker"
            case .hatch: "grey hatch"
            }
            return AccessibilityNode(id: entry.id, role: .graphicsObject, name: entry.name, value: value,
                                     bounds: bounds(legend.lineRect(i, in: frame)))
        }
        if let summary = legend.summary {
            children.append(AccessibilityNode(id: "legend/more", role: .graphicsObject, name: summary,
                                              description: legend.hidden.map(\.name).joined(separator: ", "),
                                              bounds: bounds(legend.lineRect(legend.shown.count, in: frame))))
        }
        let count = legend.shown.count + legend.hidden.count
        return AccessibilityNode(id: "legend", role: .legend, name: "legend", value: count == 1 ? "1 entry" : "\(count) entries",
                                 bounds: bounds(frame), children: children)
    }
}
