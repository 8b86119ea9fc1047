import OptaCore
import OptaRaster

/// One solver's history as a convergence chart shows it: f and ‖∇f‖ at the steps its trajectory
/// keeps (every step of a short run; evenly spaced ones and the latest of a long one), its best
/// value over every step, and the colour its path has in the landscape.
struct ConvergenceSeries: Sendable {
    let id: String
    let color: RGBA
    let values: [Double]
    let gradientNorms: [Double]
    /// The step of each value.
    let steps: [Int]
    /// How many values the series stands for (more than `values` once decimated).
    let count: Int
    let status: String
    /// The lowest finite f so far and the step it was reached.
    let best: (step: Int, value: Double)?

    /// The series of every solver in `state`, coloured as their paths are.
    static func all(in state: RenderState) -> [ConvergenceSeries] {
        let paths = state.scenario.paths
        let firstSolverPath = paths.count - state.solvers.count
        let specs = Dictionary(uniqueKeysWithValues: state.scenario.solvers.map { ($0.id, $0) })
        return logged(in: state, count: max(0, firstSolverPath)) + state.solvers.enumerated().map { index, solver in
            let color = Palette.color(specs[solver.id]?.color, orPaletteAt: firstSolverPath + index)
            let path = solver.path
            let status = solver.status == .running && solver.paused ? "paused" : solver.status.rawValue
            return ConvergenceSeries(id: solver.id, color: color, values: path.values, gradientNorms: path.gradientNorms,
                                     steps: Array(path.steps.prefix(path.values.count)),
                                     count: path.lacksValues ? 0 : path.count, status: status,
                                     best: path.best.map { ($0.step, $0.value) })
        }
    }

    /// The logged paths (the first `count` of the scenario's paths), with the f values their files
    /// gave, or f evaluated on the landscape where they gave none; one point per step.
    static func logged(in state: RenderState, count: Int) -> [ConvergenceSeries] {
        let paths = state.scenario.paths
        let solverIds = Set(state.solvers.map(\.id))
        let objective = state.scenario.landscape.objective
        var result: [ConvergenceSeries] = []
        for (index, path) in paths.prefix(count).enumerated() where !solverIds.contains(path.name) {
            let values = path.points.indices.map { i in
                path.values.flatMap { i < $0.count && $0[i].isFinite ? $0[i] : nil } ?? objective.value(path.points[i])
            }
            var best: (step: Int, value: Double)?
            for (step, f) in values.enumerated() where f.isFinite && f < (best?.value ?? .infinity) { best = (step, f) }
            result.append(ConvergenceSeries(id: path.name, color: Palette.color(path.color, orPaletteAt: index), values: values,
                                            gradientNorms: [], steps: Array(values.indices), count: values.count,
                                            status: "logged", best: best))
        }
        return result
    }
}
