import OptaCore
import OptaSupport

/// `opta_state`'s JSON: what a host needs to follow a session without drawing it. Numbers print
/// so they read back exactly; non-finite ones are null (JSON has no NaN).
enum StateJSON {
    static func text(_ state: AppState, _ render: RenderState) -> String {
        let domain = render.scenario.landscape.domain
        let solvers = render.solvers.map { s in
            "{\"id\": \(JSONText.quoted(s.id)), \"method\": \"\(s.method.rawValue)\", \"point\": \(pair(s.point)), "
                + "\"f\": \(number(s.value)), \"gradNorm\": \(number(s.gradientNorm)), \"steps\": \(s.step), "
                + "\"status\": \"\(s.status.rawValue)\", \"trajectory\": [\(s.trajectory.map(pair).joined(separator: ", "))], "
                + "\"values\": [\(s.values.map(number).joined(separator: ", "))]}"
        }
        let paths = state.scenario.paths.map { "{\"name\": \(JSONText.quoted($0.name)), \"count\": \($0.points.count)}" }
        return "{\"frame\": \(render.frame), \"solversRunning\": \(state.solversRunning), "
            + "\"colormap\": \(JSONText.quoted(state.colormap.rawValue)), "
            + "\"domain\": {\"x\": [\(number(domain.x.lowerBound)), \(number(domain.x.upperBound))], "
            + "\"y\": [\(number(domain.y.lowerBound)), \(number(domain.y.upperBound))]}, "
            + "\"solvers\": [\(solvers.joined(separator: ", "))], \"paths\": [\(paths.joined(separator: ", "))]}"
    }

    static func number(_ v: Double) -> String { v.isFinite ? "\(v)" : "null" }
    static func pair(_ p: SIMD2<Double>) -> String { "[\(number(p.x)), \(number(p.y))]" }
}
