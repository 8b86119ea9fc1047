import OptaA11y
import OptaCore

/// The accessibility tree of a 3D surface frame: a document summary (function, domain, height
/// scale, camera, minima, each solver's status, step and f), the surface, the solvers and the
/// colourbar.
public enum SurfaceAccessibility {
    public static func tree(figure: SurfaceFigure, state: RenderState) -> AccessibilityTree {
        let frame = AccessibilityBounds(x: 0, y: 0, width: Double(figure.width), height: Double(figure.height))
        let camera = figure.camera(for: state)
        let projector = figure.projector(camera)
        var children: [AccessibilityNode] = []
        let scale = figure.prepared.scale
        var surfaceChildren: [AccessibilityNode] = []
        for solver in state.solvers {
            let status = LandscapeAccessibility.statusWord(solver)
            let here = A11yNumber.point(solver.point.x, solver.point.y)
            var bounds: AccessibilityBounds?
            if let p = figure.marker(solver.point, projector) {
                bounds = AccessibilityBounds(x0: Double(p.point.x) - 8, y0: Double(p.point.y) - 8,
                                             x1: Double(p.point.x) + 8, y1: Double(p.point.y) + 8).intersection(frame)
            }
            surfaceChildren.append(AccessibilityNode(
                id: "solver/\(solver.id)", role: .status, name: solver.id,
                value: solver.status == .running ? "\(status), step \(solver.step)" : "\(status) at step \(solver.step)",
                description: "\(solver.method.rawValue) at \(here), f = \(A11yNumber.format(solver.value)), ‖∇f‖ = \(A11yNumber.format(solver.gradientNorm))",
                bounds: bounds,
                attributes: ["status": status, "step": String(solver.step), "method": solver.method.rawValue,
                             "x": "\(solver.point.x)", "y": "\(solver.point.y)", "f": "\(solver.value)"]))
        }
        let domain = figure.scenario.landscape.domain
        let minima = figure.scenario.landscape.showMinima
            ? figure.scenario.landscape.objective.minima.filter { domain.x.contains($0.point.x) && domain.y.contains($0.point.y) } : []
        for (index, minimum) in minima.enumerated() {
            var bounds: AccessibilityBounds?
            if let p = figure.marker(minimum.point, projector) {
                bounds = AccessibilityBounds(x0: Double(p.point.x) - 8, y0: Double(p.point.y) - 8,
                                             x1: Double(p.point.x) + 8, y1: Double(p.point.y) + 8).intersection(frame)
            }
            surfaceChildren.insert(AccessibilityNode(
                id: "minimum/\(index + 1)", role: .graphicsSymbol, name: "global minimum",
                value: "f = \(A11yNumber.format(minimum.value)) at \(A11yNumber.point(minimum.point.x, minimum.point.y))",
                bounds: bounds, attributes: ["x": "\(minimum.point.x)", "y": "\(minimum.point.y)", "f": "\(minimum.value)"]),
                at: index)
        }
        let spec = figure.prepared.spec
        children.append(AccessibilityNode(
            id: "surface", role: .chart, name: "\(figure.scenario.landscape.objective.displayName) surface",
            value: "f from \(A11yNumber.format(scale.vmin)) to \(A11yNumber.format(scale.vmax))",
            description: "3D surface of f(x, y), height and \(figure.scenario.landscape.colormap) colours on a \(scale.kind == .log ? "log" : "linear") scale, \(spec.resolution) × \(spec.resolution) grid"
                + (spec.isolines ? ", isolines on the surface" : "") + (spec.floorContours ? ", contours on the floor" : ""),
            bounds: frame, children: surfaceChildren))
        if let bar = figure.layout.colorbar {
            children.append(AccessibilityNode(
                id: "colorbar", role: .colorbar, name: figure.colorbarTicks.title,
                value: "\(A11yNumber.format(scale.vmin)) to \(A11yNumber.format(scale.vmax))",
                bounds: AccessibilityBounds(x0: Double(bar.x0), y0: Double(bar.y0), x1: Double(bar.x1), y1: Double(bar.y1))))
        }
        let root = AccessibilityNode(id: "document", role: .graphicsDocument, name: figure.title,
                                     description: summary(figure, state, camera), bounds: frame, children: children)
        return AccessibilityTree(frame: state.frame, root: root)
    }

    static func summary(_ figure: SurfaceFigure, _ state: RenderState, _ camera: OrbitCamera) -> String {
        let landscape = figure.scenario.landscape
        let d = landscape.domain
        var parts = ["\(landscape.objective.displayName) on \(A11yNumber.range(d.x.lowerBound, d.x.upperBound))"
            + " × \(A11yNumber.range(d.y.lowerBound, d.y.upperBound)) as a 3D surface, \(figure.prepared.scale.kind == .log ? "log" : "linear") height scale"]
        parts.append("camera yaw \(A11yNumber.format(camera.yawDegrees))°, pitch \(A11yNumber.format(camera.pitchDegrees))°, distance \(A11yNumber.format(camera.distance))")
        let minima = landscape.showMinima ? landscape.objective.minima.filter { d.x.contains($0.point.x) && d.y.contains($0.point.y) } : []
        if let first = minima.first {
            let places = minima.map { A11yNumber.point($0.point.x, $0.point.y) }.joined(separator: ", ")
            parts.append(minima.count == 1 ? "global minimum \(A11yNumber.format(first.value)) at \(places)"
                                           : "\(minima.count) global minima \(A11yNumber.format(first.value)) at \(places)")
        }
        if let grid = landscape.objective.grid { parts.append(GridDescription.text(grid)) }
        for solver in state.solvers {
            parts.append("\(solver.id) \(LandscapeAccessibility.statusWord(solver)) at step \(solver.step), f = \(A11yNumber.format(solver.value))")
        }
        return parts.joined(separator: "; ")
    }
}
