import OptaA11y
import OptaCore

extension LandscapeAccessibility {
    /// "running", "paused", "converged", "diverged" or "stopped".
    static func statusWord(_ solver: SolverSnapshot) -> String {
        solver.status == .running && solver.paused ? "paused" : solver.status.rawValue
    }

    /// A solver's state: status, step, current point, f and ‖∇f‖, bounds around its current point.
    static func solverNode(_ solver: SolverSnapshot, _ boxes: FrameBoxes) -> AccessibilityNode {
        let status = statusWord(solver)
        let value = solver.status == .running ? "\(status), step \(solver.step)" : "\(status) at step \(solver.step)"
        let here = A11yNumber.point(solver.point.x, solver.point.y)
        return AccessibilityNode(
            id: "solver/\(solver.id)", role: .status, name: solver.id, value: value,
            description: "\(solver.method.rawValue) at \(here), f = \(A11yNumber.format(solver.value)), ‖∇f‖ = \(A11yNumber.format(solver.gradientNorm))",
            bounds: boxes.around(solver.point, radius: 8),
            attributes: ["status": status, "step": String(solver.step), "method": solver.method.rawValue,
                         "x": "\(solver.point.x)", "y": "\(solver.point.y)", "f": "\(solver.value)",
                         "gradientNorm": "\(solver.gradientNorm)"])
    }

    /// A path as a series: every point when short, else start, turning points and end.
    /// `values`: f as a logged path gives it (NaN where it did not); nil evaluates the landscape.
    /// `trajectory`: a solver's kept points with their steps, which the points then are (a long run
    /// keeps evenly spaced steps, so its node counts every step and names the kept ones by step).
    static func pathNode(_ name: String, _ points: [SIMD2<Double>], _ boxes: FrameBoxes, values: [Double]? = nil,
                         trajectory: SolverTrajectory? = nil) -> AccessibilityNode {
        let id = "path/\(name)"
        let objective = boxes.figure.scenario.landscape.objective
        let indices = PathSummary.indices(points)
        let summarized = points.count > PathSummary.fullListLimit
        let steps = trajectory.map(\.steps) ?? Array(points.indices)
        var turn = 0
        let children: [AccessibilityNode] = indices.map { i in
            let p = points[i], step = i < steps.count ? steps[i] : i
            let pointId: String, label: String
            if i == 0 { pointId = "\(id)/start"; label = "start" }
            else if i == points.count - 1 { pointId = "\(id)/end"; label = "end" }
            else if summarized { turn += 1; pointId = "\(id)/turn/\(turn)"; label = "turn \(turn)" }
            else { pointId = "\(id)/point/\(step)"; label = "point \(step)" }
            return AccessibilityNode(
                id: pointId, role: .dataPoint, name: label,
                value: "point \(step) at \(A11yNumber.point(p.x, p.y)), f = \(A11yNumber.format(values.flatMap { i < $0.count && $0[i].isFinite ? $0[i] : nil } ?? objective.value(p)))",
                bounds: boxes.around(p, radius: 7), attributes: ["index": String(step), "x": "\(p.x)", "y": "\(p.y)"])
        }
        let count = trajectory?.count ?? points.count
        var value = "\(count) point\(count == 1 ? "" : "s")"
        if let first = points.first, let last = points.last, points.count > 1 {
            value += " from \(A11yNumber.point(first.x, first.y)) to \(A11yNumber.point(last.x, last.y))"
        }
        var notes: [String] = []
        if summarized { notes.append("summarized: start, \(indices.count - 2) sharpest turns, end") }
        if let trajectory, trajectory.isDecimated {
            notes.append("drawn through \(points.count) of its points: one every \(trajectory.stride) steps, and the latest")
        }
        return AccessibilityNode(
            id: id, role: .series, name: "\(name) path", value: value,
            description: notes.isEmpty ? nil : notes.joined(separator: "; "),
            bounds: boxes.around(points: points, margin: 7), attributes: ["count": String(count)],
            children: children)
    }
}
