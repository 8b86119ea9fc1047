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
    /// The range of `values` less the chart's offset, when known beforehand (else the chart works
    /// it out from `values`).
    var extents: ConvergenceScale.Extents? = nil
    /// Each pixel column's extremes of `values`, when known beforehand (else the chart works
    /// them out from `values`).
    var extremes: ColumnExtremes? = nil
    /// Where the chart's `LoggedSeriesCache` keeps the series, when it does.
    var cacheIndex: Int? = nil

    /// The series of every path in `state`, in the order of its paths (the scenario's logged paths,
    /// the solvers, the followed paths), each coloured as its path is. With `loggedSteps`, logged
    /// paths that give a step per point are placed at those steps instead of 0, 1, 2, ….
    ///
    /// With `cache`, logged paths come from the chart's `LoggedSeriesCache` (f less `offset`,
    /// `columns` the chart's pixel columns), which takes only the points they gained since the
    /// last frame; the same values, steps and best either way.
    static func all(in state: RenderState, loggedSteps: Bool = false, cache: LoggedSeriesCache? = nil, offset: Double = 0,
                    columns: StepColumns? = nil) -> [ConvergenceSeries] {
        let paths = state.scenario.paths
        let firstSolverPath = max(0, paths.count - state.followedPathCount - state.solvers.count)
        let specs = Dictionary(uniqueKeysWithValues: state.scenario.solvers.map { ($0.id, $0) })
        let followed = min(paths.count, firstSolverPath + state.solvers.count)..<paths.count
        func logged(_ indices: Range<Int>) -> [ConvergenceSeries] {
            guard let cache, let columns else { return Self.logged(in: state, indices: indices, loggedSteps: loggedSteps) }
            let solverIds = Set(state.solvers.map(\.id))
            return indices.filter { !solverIds.contains(paths[$0].name) }.map { index in
                let path = paths[index]
                return cache.series(of: path, at: index, color: Palette.color(path.color, orPaletteAt: index),
                                    ownSteps: loggedSteps && path.steps?.count == path.points.count, offset: offset,
                                    objective: state.scenario.landscape.objective, columns: columns)
            }
        }
        return logged(0..<firstSolverPath) + state.solvers.enumerated().map { index, solver in
            let color = Palette.color(specs[solver.id]?.color, orPaletteAt: firstSolverPath + index)
            let path = solver.path
            let status = solver.status == .running && solver.paused ? "paused" : solver.status.rawValue
            return ConvergenceSeries(id: solver.id, color: color, values: path.values, gradientNorms: path.gradientNorms,
                                     steps: Array(path.steps.prefix(path.values.count)),
                                     count: path.lacksValues ? 0 : path.count, status: status,
                                     best: path.best.map { ($0.step, $0.value) })
        } + logged(followed)
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
        return logged.map(stepNumber)
    }

    /// A logged step as a whole number: rounded, and held to ±2⁵³ so no file can make the
    /// conversion trap; 0 when not finite.
    static func stepNumber(_ logged: Double) -> Int {
        let limit = 9_007_199_254_740_992.0
        return logged.isFinite ? Int(min(max(logged.rounded(), -limit), limit)) : 0
    }
}
