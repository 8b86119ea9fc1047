import OptaA11y
import OptaCore

/// The accessibility tree of a convergence chart: the chart with its two axes, one series per
/// solver with a trend summary, and each solver's best value as a data point.
enum ConvergenceAccessibility {
    static func tree(_ figure: ConvergenceFigure, state: RenderState) -> AccessibilityTree {
        let series = figure.series(state)
        let scale = figure.scale(series)
        let plot = figure.layout.plot
        let plotBounds = AccessibilityBounds(x0: Double(plot.x0), y0: Double(plot.y0), x1: Double(plot.x1), y1: Double(plot.y1))
        let xAxis = AccessibilityNode(
            id: "chart/axis/x", role: .axis, name: figure.xAxis.title, value: figure.xAxis.spoken,
            bounds: AccessibilityBounds(x0: Double(plot.x0), y0: Double(plot.y1), x1: Double(plot.x1), y1: Double(figure.height)),
            attributes: ["scale": figure.xAxis.logarithmic ? "log" : "linear",
                         "ticks": figure.xTicks.map { A11yNumber.format($0.value) }.joined(separator: ", ")])
        let yTicks = scale.ticks(targetCount: max(2, plot.height / (figure.layout.labelSize * 3)))
        let yAxis = AccessibilityNode(
            id: "chart/axis/y", role: .axis, name: figure.options.yTitle ?? scale.title,
            value: "\(A11yNumber.range(scale.range.lowerBound, scale.range.upperBound)), \(scale.name)",
            description: axisNotes(figure, series, scale),
            bounds: AccessibilityBounds(x0: 0, y0: Double(plot.y0), x1: Double(plot.x0), y1: Double(plot.y1)),
            attributes: ["scale": scale.logarithmic ? "log" : "linear",
                         "ticks": yTicks.map { A11yNumber.format($0.value) }.joined(separator: ", ")])
        let seriesNodes = series.map { seriesNode($0, figure, scale) }
        let chart = AccessibilityNode(
            id: "chart", role: .chart, name: figure.title, value: "\(series.count) solver\(series.count == 1 ? "" : "s")",
            bounds: plotBounds, children: [xAxis, yAxis] + seriesNodes + [RunComparison.node(state)].compactMap { $0 })
        let root = AccessibilityNode(
            id: "document", role: .graphicsDocument, name: figure.title, description: summary(figure, series, scale),
            bounds: AccessibilityBounds(x: 0, y: 0, width: Double(figure.width), height: Double(figure.height)),
            children: [chart])
        return AccessibilityTree(frame: state.frame, root: root)
    }

    /// What the y axis does not say by itself: ‖∇f‖ lines, values below the axis floor.
    static func axisNotes(_ figure: ConvergenceFigure, _ series: [ConvergenceSeries], _ scale: ConvergenceScale) -> String? {
        var notes: [String] = []
        if figure.showsGradientNorm(scale) { notes.append("thin lines show ‖∇f‖ on the same axis") }
        if scale.logarithmic, let (_, best) = ConvergenceFigure.overallBest(series), best.value - scale.offset < scale.range.lowerBound {
            notes.append("values below \(A11yNumber.format(scale.range.lowerBound)) are drawn on the axis floor, "
                + "a best value there as a downward triangle")
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// "Convergence of 2 solvers on Rosenbrock over 200 steps, f − f* on a log scale; best 3.1e−5 by Adam at step 180."
    static func summary(_ figure: ConvergenceFigure, _ series: [ConvergenceSeries], _ scale: ConvergenceScale) -> String {
        if series.isEmpty { return ConvergenceFigure.emptyReason + " (add \"solvers\" or a \"pathsFile\")." }
        var text = "Convergence of \(series.count) solver\(series.count == 1 ? "" : "s") on "
            + "\(figure.scenario.landscape.objective.displayName) over \(figure.steps) steps, \(scale.title) on a \(scale.name)"
        if let (s, best) = ConvergenceFigure.overallBest(series) {
            text += "; best \(scale.title) = \(A11yNumber.format(best.value - scale.offset)) by \(s.id) at step \(best.step)"
        }
        return text + "."
    }

    /// One solver's line: where it started and ended, how it went, and its best point.
    static func seriesNode(_ s: ConvergenceSeries, _ figure: ConvergenceFigure, _ scale: ConvergenceScale) -> AccessibilityNode {
        let points = zip(s.steps, s.values).compactMap { figure.framePoint(step: Double($0), f: $1, scale: scale) }
        var bounds: AccessibilityBounds?
        if let first = points.first {
            var lo = first, hi = first
            for p in points { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
            bounds = AccessibilityBounds(x0: Double(lo.x) - 3, y0: Double(lo.y) - 3, x1: Double(hi.x) + 3, y1: Double(hi.y) + 3)
        }
        var children: [AccessibilityNode] = []
        if let best = s.best, let p = figure.framePoint(step: Double(best.step), f: best.value, scale: scale) {
            let below = scale.isBelowFloor(best.value)
            var attributes = ["step": String(best.step), "f": "\(best.value)"]
            if below { attributes["offScale"] = "below" }
            children.append(AccessibilityNode(
                id: "chart/series/\(s.id)/best", role: .dataPoint, name: "best value",
                value: "\(scale.title) = \(A11yNumber.format(best.value - scale.offset)) at step \(best.step)",
                description: below ? "below the axis floor of \(A11yNumber.format(scale.range.lowerBound)): "
                    + "marked by a downward triangle on the floor" : nil,
                bounds: AccessibilityBounds(x0: Double(p.x) - 6, y0: Double(p.y) - 6, x1: Double(p.x) + 6, y1: Double(p.y) + 6),
                attributes: attributes))
        }
        return AccessibilityNode(
            id: "chart/series/\(s.id)", role: .series, name: s.id, value: trend(s, scale), description: s.status,
            bounds: bounds, attributes: ["count": String(s.count), "status": s.status], children: children)
    }

    /// "falling from 3.2 to 0.031 over 200 steps", "rising …", "flat at …", or "no steps yet".
    static func trend(_ s: ConvergenceSeries, _ scale: ConvergenceScale) -> String {
        guard let first = s.values.first(where: \.isFinite), let last = s.values.last(where: \.isFinite) else {
            return "no values yet"
        }
        let a = first - scale.offset, b = last - scale.offset
        let steps = s.steps.last ?? 0
        let over = "over \(steps) step\(steps == 1 ? "" : "s")"
        if steps == 0 { return "\(scale.title) = \(A11yNumber.format(a)) at the start" }
        let change = abs(b - a) / max(abs(a), abs(b), 1e-300)
        if change < 0.01 { return "flat at \(A11yNumber.format(b)) \(over)" }
        return "\(b < a ? "falling" : "rising") from \(A11yNumber.format(a)) to \(A11yNumber.format(b)) \(over)"
    }
}
