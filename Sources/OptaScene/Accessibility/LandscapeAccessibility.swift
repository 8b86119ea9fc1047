import OptaA11y
import OptaCore

/// Builds the accessibility tree of a landscape frame: what the figure shows, in words and
/// numbers, with each item's place in the frame. Built only when asked; pure.
public enum LandscapeAccessibility {
    /// The tree of `figure` as drawn for `state` (its solvers and paths).
    public static func tree(figure: LandscapeFigure, state: RenderState) -> AccessibilityTree {
        let boxes = FrameBoxes(figure: figure)
        let scenario = state.scenario
        var plotChildren: [AccessibilityNode] = []
        if let contours = contourNode(figure) { plotChildren.append(contours) }
        if scenario.landscape.showMinima { plotChildren += minimumNodes(figure, boxes) }
        if let grid = scenario.landscape.objective.grid { plotChildren.append(GridDescription.lowestNode(grid, boxes)) }
        let solverIds = Set(state.solvers.map(\.id))
        for path in scenario.paths where !solverIds.contains(path.name) {
            plotChildren.append(pathNode(path.name, path.points, boxes, values: path.values))
        }
        for solver in state.solvers {
            plotChildren.append(pathNode(solver.id, solver.trajectory, boxes, trajectory: solver.path))
            plotChildren.append(solverNode(solver, boxes))
        }
        if let legend = legendNode(figure, paths: scenario.paths, boxes) { plotChildren.append(legend) }
        var children = [plotNode(figure, boxes, children: plotChildren), axisNode(figure, boxes, horizontal: true),
                        axisNode(figure, boxes, horizontal: false)]
        if let bar = colorbarNode(figure, boxes) { children.append(bar) }
        let root = AccessibilityNode(id: "document", role: .graphicsDocument, name: figure.title,
                                     description: summary(figure, state), bounds: boxes.frame, children: children)
        return AccessibilityTree(frame: state.frame, root: root)
    }

    /// One sentence: function, domain, scale, minima, solvers.
    static func summary(_ figure: LandscapeFigure, _ state: RenderState) -> String {
        let landscape = figure.scenario.landscape
        var parts = ["\(landscape.objective.displayName) on \(A11yNumber.range(landscape.domain.x.lowerBound, landscape.domain.x.upperBound))"
            + " × \(A11yNumber.range(landscape.domain.y.lowerBound, landscape.domain.y.upperBound)), \(scaleName(figure)) colour scale"]
        let minima = landscape.showMinima ? figure.visibleMinima : []
        if let first = minima.first {
            let places = minima.map { A11yNumber.point($0.point.x, $0.point.y) }.joined(separator: ", ")
            parts.append(minima.count == 1 ? "global minimum \(A11yNumber.format(first.value)) at \(places)"
                                           : "\(minima.count) global minima \(A11yNumber.format(first.value)) at \(places)")
        }
        if let grid = landscape.objective.grid { parts.append(GridDescription.text(grid)) }
        for solver in state.solvers {
            parts.append("\(solver.id) \(statusWord(solver)) at step \(solver.step), f = \(A11yNumber.format(solver.value))")
        }
        return parts.joined(separator: "; ")
    }

    static func scaleName(_ figure: LandscapeFigure) -> String {
        figure.prepared.scale.kind == .log ? "log" : "linear"
    }

    /// The plot area: the heatmap of f, parent of everything drawn over it.
    static func plotNode(_ figure: LandscapeFigure, _ boxes: FrameBoxes, children: [AccessibilityNode]) -> AccessibilityNode {
        let scale = figure.prepared.scale
        return AccessibilityNode(
            id: "plot", role: .chart, name: "\(figure.scenario.landscape.objective.displayName) landscape",
            value: "f from \(A11yNumber.format(scale.vmin)) to \(A11yNumber.format(scale.vmax))",
            description: "heatmap of f(x, y), \(figure.scenario.landscape.colormap) colours on a \(scaleName(figure)) scale"
                + undefinedRegion(figure),
            bounds: boxes.rect(figure.layout.plot), children: children)
    }

    /// Where f is undefined (drawn as a grey hatch, `UndefinedSample`): empty when f is defined
    /// everywhere sampled.
    static func undefinedRegion(_ figure: LandscapeFigure) -> String {
        guard let sample = figure.undefined else { return "" }
        let share = sample.percent.map { "on about \($0) % of the plot" } ?? "on a narrow strip at the plot's edge"
        return "; f is undefined (grey hatch) \(share), within x \(A11yNumber.range(sample.lo.x, sample.hi.x))"
            + " and y \(A11yNumber.range(sample.lo.y, sample.hi.y))"
    }

    /// The contour levels: no single place, so no bounds.
    static func contourNode(_ figure: LandscapeFigure) -> AccessibilityNode? {
        guard let levels = figure.prepared.contours?.values, !levels.isEmpty else { return nil }
        return AccessibilityNode(id: "contours", role: .graphicsObject, name: "contour lines",
                                 value: "\(levels.count) levels", description: "at f = " + levels.map(A11yNumber.format).joined(separator: ", "),
                                 attributes: ["count": String(levels.count)])
    }

    /// Each known minimum in view, numbered from 1, with its × marker's bounds.
    static func minimumNodes(_ figure: LandscapeFigure, _ boxes: FrameBoxes) -> [AccessibilityNode] {
        figure.visibleMinima.enumerated().map { index, minimum in
            AccessibilityNode(
                id: "minimum/\(index + 1)", role: .graphicsSymbol, name: "global minimum",
                value: "f = \(A11yNumber.format(minimum.value)) at \(A11yNumber.point(minimum.point.x, minimum.point.y))",
                bounds: boxes.around(minimum.point, radius: 9),
                attributes: ["x": "\(minimum.point.x)", "y": "\(minimum.point.y)", "f": "\(minimum.value)"])
        }
    }
}
