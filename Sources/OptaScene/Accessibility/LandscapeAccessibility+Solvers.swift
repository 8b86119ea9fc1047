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

    /// A path as a series: every point when short, else start, turning points and end; then its
    /// lowest and highest f. A point's id names its step (`path/NAME/point/37`), so it stays the
    /// same while the path grows and other turns come and go; start, end, lowest and highest keep
    /// their ids as their points move.
    /// `values`: f as a logged path gives it (NaN where it did not); nil evaluates the landscape.
    /// `trajectory`: a solver's kept points with their f and steps, which the points then are (a long
    /// run keeps evenly spaced steps, so its node counts every step and names the kept ones by step).
    static func pathNode(_ name: String, _ points: [SIMD2<Double>], _ boxes: FrameBoxes, values: [Double]? = nil,
                         trajectory: SolverTrajectory? = nil) -> AccessibilityNode {
        let id = "path/\(name)"
        let objective = boxes.figure.scenario.landscape.objective
        let given = trajectory.map(\.values) ?? values
        let f = points.indices.map { i in given.flatMap { i < $0.count && $0[i].isFinite ? $0[i] : nil } ?? objective.value(points[i]) }
        let indices = PathSummary.indices(points)
        let summarized = points.count > PathSummary.fullListLimit
        let steps = trajectory.map(\.steps) ?? Array(points.indices)
        var turn = 0
        func pointNode(_ i: Int, id pointId: String, name label: String) -> AccessibilityNode {
            let p = points[i], step = i < steps.count ? steps[i] : i
            return AccessibilityNode(
                id: pointId, role: .dataPoint, name: label,
                value: "point \(step) at \(A11yNumber.point(p.x, p.y)), f = \(A11yNumber.format(f[i]))",
                bounds: boxes.around(p, radius: 7),
                attributes: ["index": String(step), "x": "\(p.x)", "y": "\(p.y)", "f": "\(f[i])"])
        }
        var children: [AccessibilityNode] = indices.map { i in
            let step = i < steps.count ? steps[i] : i
            if i == 0 { return pointNode(i, id: "\(id)/start", name: "start") }
            if i == points.count - 1 { return pointNode(i, id: "\(id)/end", name: "end") }
            if summarized { turn += 1; return pointNode(i, id: "\(id)/point/\(step)", name: "turn \(turn)") }
            return pointNode(i, id: "\(id)/point/\(step)", name: "point \(step)")
        }
        if let extremes = PathSummary.extremes(f) {
            children.append(pointNode(extremes.lowest, id: "\(id)/lowest", name: "lowest f"))
            children.append(pointNode(extremes.highest, id: "\(id)/highest", name: "highest f"))
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
