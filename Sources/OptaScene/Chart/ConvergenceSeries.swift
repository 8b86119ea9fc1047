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

    /// The series of every path in `state`, in the order of its paths (the scenario's logged paths,
    /// the solvers, the followed paths), each coloured as its path is. With `loggedSteps`, logged
    /// paths that give a step per point are placed at those steps instead of 0, 1, 2, ….
    static func all(in state: RenderState, loggedSteps: Bool = false) -> [ConvergenceSeries] {
        let paths = state.scenario.paths
        let firstSolverPath = max(0, paths.count - state.followedPathCount - state.solvers.count)
        let specs = Dictionary(uniqueKeysWithValues: state.scenario.solvers.map { ($0.id, $0) })
        let followed = min(paths.count, firstSolverPath + state.solvers.count)..<paths.count
        return logged(in: state, indices: 0..<firstSolverPath, loggedSteps: loggedSteps) + state.solvers.enumerated().map { index, solver in
            let color = Palette.color(specs[solver.id]?.color, orPaletteAt: firstSolverPath + index)
            let path = solver.path
            let status = solver.status == .running && solver.paused ? "paused" : solver.status.rawValue
            return ConvergenceSeries(id: solver.id, color: color, values: path.values, gradientNorms: path.gradientNorms,
                                     steps: Array(path.steps.prefix(path.values.count)),
                                     count: path.lacksValues ? 0 : path.count, status: status,
                                     best: path.best.map { ($0.step, $0.value) })
        } + logged(in: state, indices: followed, loggedSteps: loggedSteps)
    }

    /// Logged paths (the scenario's paths at `indices`), with the f values their files gave, or f
    /// evaluated on the landscape where they gave none; one point per step (or, with `loggedSteps`,
    /// at the steps the file gave).
    static func logged(in state: RenderState, indices: Range<Int>, loggedSteps: Bool = false) -> [ConvergenceSeries] {
        let paths = state.scenario.paths
        let solverIds = Set(state.solvers.map(\.id))
        let objective = state.scenario.landscape.objective
        var result: [ConvergenceSeries] = []
        for index in indices where !solverIds.contains(paths[index].name) {
            let path = paths[index]
            let logged = path.values ?? []
            // A followed log's values are usually all there: then they are used as they are, not copied.
            let values = logged.count == path.points.count && logged.allSatisfy(\.isFinite) ? logged : path.points.indices.map { i in
                i < logged.count && logged[i].isFinite ? logged[i] : objective.value(path.points[i])
            }
            let steps = loggedSteps ? stepNumbers(path.steps, count: values.count) : Array(values.indices)
            var best: (step: Int, value: Double)?
            for (step, f) in zip(steps, values) where f.isFinite && f < (best?.value ?? .infinity) { best = (step, f) }
            result.append(ConvergenceSeries(id: path.name, color: Palette.color(path.color, orPaletteAt: index), values: values,
                                            gradientNorms: [], steps: steps, count: values.count,
                                            status: "logged", best: best))
        }
        return result
    }

    /// A logged path's steps as whole numbers, one per point: its own when it gives one per point
    /// (rounded, and held to ±2⁵³ so no file can make the conversion trap), else 0, 1, 2, ….
    static func stepNumbers(_ logged: [Double]?, count: Int) -> [Int] {
        guard let logged, logged.count == count else { return Array(0..<count) }
        let limit = 9_007_199_254_740_992.0
        return logged.map { $0.isFinite ? Int(min(max($0.rounded(), -limit), limit)) : 0 }
    }
}
