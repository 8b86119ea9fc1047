/// A solver's path as drawn: at most `capacity` points however long the run, kept by stride
/// doubling, with f and ‖∇f‖ at each kept point and the step it was reached.
///
/// Kept are the points whose step is a multiple of `stride`, and the first and the latest point
/// always. When an append would pass `capacity`, every other kept point goes (those whose step is
/// not a multiple of 2·`stride`) and the stride doubles. So:
/// - the first point (step 0) and the latest point are exact, whatever the run's length;
/// - kept points are evenly spaced in steps (`stride` apart), except the latest;
/// - the kept points are a pure function of the points appended, in order: a run resumed from a
///   checkpoint (points, steps, stride) keeps exactly what an uninterrupted run keeps;
/// - `best` and `count` cover every point appended, not only the kept ones.
///
/// Invariants: `points`, `steps`, `values` and `gradientNorms` are parallel, except that `values`
/// and `gradientNorms` may lack the first point while it is the only one (a run before its first
/// step has not evaluated its start); `steps` rise strictly; every step but the first and the
/// last is a multiple of `stride` (a run's first step is 0); `points.count ≤ capacity`.
public struct SolverTrajectory: Sendable, Equatable {
    /// The most points a trajectory keeps (docs/limits.md): 2 × 4096, so a decimated path has
    /// between 4096 and 8192 points — more than a frame has pixel columns.
    public static let defaultCapacity = 8192

    /// The lowest finite f of all the points appended, and the step it was first reached.
    public struct Best: Sendable, Equatable, Codable {
        public var step: Int
        public var value: Double

        public init(step: Int, value: Double) {
            self.step = step
            self.value = value
        }
    }

    public private(set) var points: [SIMD2<Double>] = []
    /// f at each kept point.
    public private(set) var values: [Double] = []
    /// ‖∇f‖ at each kept point.
    public private(set) var gradientNorms: [Double] = []
    /// The step of each kept point.
    public private(set) var steps: [Int] = []
    /// Steps between kept points (a power of two; 1 until the first thinning).
    public private(set) var stride = 1
    /// How many points were appended in all.
    public private(set) var count = 0
    /// The lowest finite f so far (over every point appended).
    public private(set) var best: Best?
    /// The most points kept (at least 2: the first and the latest).
    public let capacity: Int

    /// An empty trajectory keeping at most `capacity` points (at least 2).
    public init(capacity: Int = SolverTrajectory.defaultCapacity) {
        self.capacity = max(2, capacity)
    }

    /// The trajectory of `points` appended in order, at `steps` (step i for point i when nil), with
    /// f and ‖∇f‖ where given (NaN where not); a lone point without f is an unevaluated start.
    public init(_ points: [SIMD2<Double>], values: [Double], gradientNorms: [Double], steps: [Int]? = nil,
                capacity: Int = SolverTrajectory.defaultCapacity) {
        self.init(capacity: capacity)
        if points.count == 1 && values.isEmpty {
            appendUnevaluated(points[0], step: steps?.first ?? 0)
            return
        }
        for (i, p) in points.enumerated() {
            append(p, value: i < values.count ? values[i] : .nan, gradientNorm: i < gradientNorms.count ? gradientNorms[i] : .nan,
                   step: steps.map { i < $0.count ? $0[i] : -1 } ?? i)
        }
    }

    /// Whether points were dropped (the stride has doubled at least once).
    public var isDecimated: Bool { stride > 1 }

    /// Whether the latest point still lacks f (only a start before the first step).
    public var lacksValues: Bool { values.count < points.count }

    /// The latest point's step (nil when empty).
    public var lastStep: Int? { steps.last }

    /// Appends the point reached at `step` (after every point so far) with its f and ‖∇f‖.
    /// Negative steps, steps that do not rise and points after a lone start without f are ignored.
    public mutating func append(_ point: SIMD2<Double>, value: Double, gradientNorm: Double, step: Int) {
        guard step > (steps.last ?? -1), !lacksValues || points.isEmpty else { return }
        place(point, value: value, gradientNorm: gradientNorm, step: step)
        count += 1
        noteBest(value, at: step)
    }

    /// Appends the points of consecutive steps from `firstStep` ((x, y, f, ‖∇f‖) each) exactly as
    /// `append` would one by one, placing only those that can stay: a point off the stride that
    /// follows another off it only takes its place as the latest, and is taken in turn by the
    /// next, so of a run of them only the first (which may thin the trajectory) is placed, then
    /// the next point on the stride (or the stretch's last). `count` and `best` cover every point.
    /// What a solver's step loop logged (`SolverRun.run(steps:on:loggingTo:)`) then costs the
    /// trajectory a scan for the best f and a few points per stride.
    public mutating func append(contentsOf stretch: UnsafeBufferPointer<SIMD4<Double>>, firstStep: Int) {
        func point(_ k: Int) -> (SIMD2<Double>, Double, Double) {
            let p = stretch[k]
            return (SIMD2(p.x, p.y), p[2], p[3])
        }
        guard let lastStep = steps.last, !lacksValues else {
            for k in stretch.indices {
                let (p, f, g) = point(k)
                append(p, value: f, gradientNorm: g, step: firstStep + k)
            }
            return
        }
        // Steps that do not rise are ignored, as `append` ignores them.
        let (skipped, overflow) = lastStep.subtractingReportingOverflow(firstStep)
        guard !overflow, skipped < stretch.count - 1 else { return }
        var k = max(0, skipped + 1)
        count += stretch.count - k
        var bestValue = best?.value ?? .infinity, bestIndex = -1
        for i in k..<stretch.count where stretch[i][2].isFinite && stretch[i][2] < bestValue {
            bestValue = stretch[i][2]
            bestIndex = i
        }
        if bestIndex >= 0 { best = Best(step: firstStep + bestIndex, value: bestValue) }
        let last = stretch.count - 1
        while k <= last {
            let (p, f, g) = point(k)
            place(p, value: f, gradientNorm: g, step: firstStep + k)
            let latest = firstStep + k
            if steps.count > 1 && !isOnStride(latest) && k < last {
                // Up to the next point on the stride, each would only take the latest's place:
                // that one (or the stretch's last) takes it.
                let (next, past) = (latest / stride + 1).multipliedReportingOverflow(by: stride)
                k = past ? last : min(next - firstStep, last)
            } else {
                k += 1
            }
        }
    }

    /// Puts `point` where `append` puts it: in place of the latest point when that one was kept only
    /// for being the latest, else after it; then thins while there are more than `capacity`.
    private mutating func place(_ point: SIMD2<Double>, value: Double, gradientNorm: Double, step: Int) {
        if let last = steps.last, steps.count > 1, !isOnStride(last) {
            // The previous latest point was kept only for being the latest: the new one takes its place.
            let i = steps.count - 1
            points[i] = point
            values[i] = value
            gradientNorms[i] = gradientNorm
            steps[i] = step
        } else {
            points.append(point)
            values.append(value)
            gradientNorms.append(gradientNorm)
            steps.append(step)
        }
        while points.count > capacity { thin() }
    }

    /// Appends a start point whose f is not known yet (see `evaluateStart`); only as the first point.
    public mutating func appendUnevaluated(_ point: SIMD2<Double>, step: Int = 0) {
        guard points.isEmpty, step >= 0 else { return }
        points.append(point)
        steps.append(step)
        count = 1
    }

    /// Gives the lone start point its f and ‖∇f‖.
    public mutating func evaluateStart(value: Double, gradientNorm: Double) {
        guard points.count == 1, values.isEmpty else { return }
        values.append(value)
        gradientNorms.append(gradientNorm)
        noteBest(value, at: steps[0])
    }

    private mutating func noteBest(_ value: Double, at step: Int) {
        if value.isFinite && value < (best?.value ?? .infinity) { best = Best(step: step, value: value) }
    }

    private func isOnStride(_ step: Int) -> Bool { step % stride == 0 }

    /// Drops every kept point off the doubled stride but the first and the latest, then doubles the
    /// stride. (A stride that cannot double any more keeps only the first and the latest.)
    private mutating func thin() {
        let (wider, overflow) = stride.multipliedReportingOverflow(by: 2)
        var kept = 0
        for i in steps.indices where i == 0 || i == steps.count - 1 || (!overflow && steps[i] % wider == 0) {
            points[kept] = points[i]
            values[kept] = values[i]
            gradientNorms[kept] = gradientNorms[i]
            steps[kept] = steps[i]
            kept += 1
        }
        let dropped = steps.count - kept
        points.removeLast(dropped)
        values.removeLast(dropped)
        gradientNorms.removeLast(dropped)
        steps.removeLast(dropped)
        if !overflow { stride = wider }
    }

    /// Which steps a decimated trajectory's points are, as a checkpoint stores them beside the
    /// points, f and ‖∇f‖ (`SolverRun`'s "decimation"; absent while every point is kept).
    public struct Decimation: Sendable, Equatable, Codable {
        public var stride: Int
        public var steps: [Int]
        public var count: Int
        public var best: Best?
    }

    /// What a checkpoint needs besides the points to continue exactly; nil while every point is kept.
    public var decimation: Decimation? {
        isDecimated ? Decimation(stride: stride, steps: steps, count: count, best: best) : nil
    }

    /// Why saved trajectory data cannot be restored: the field (relative to the run) and what is wrong.
    public struct RestoreError: Error, Sendable, Equatable {
        public let field: String
        public let message: String
    }

    /// The trajectory a checkpoint saved: every point from step 0 when `decimation` is nil (a longer
    /// list than `capacity` is decimated as the run would have), else the kept points as they were.
    public init(restoring points: [SIMD2<Double>], values: [Double], gradientNorms: [Double], decimation: Decimation?,
                capacity: Int = SolverTrajectory.defaultCapacity) throws(RestoreError) {
        guard let decimation else {
            let lone = points.count == 1 && values.isEmpty
            guard lone || values.count == points.count else {
                throw RestoreError(field: "values", message: "must have one entry per trajectory point (\(points.count)), or none before the first step, got \(values.count)")
            }
            guard gradientNorms.count == values.count else {
                throw RestoreError(field: "gradientNorms", message: "must have as many entries as values (\(values.count)), got \(gradientNorms.count)")
            }
            self.init(points, values: values, gradientNorms: gradientNorms, capacity: capacity)
            return
        }
        let n = points.count
        for (field, length) in [("values", values.count), ("gradientNorms", gradientNorms.count), ("decimation.steps", decimation.steps.count)]
        where length != n {
            throw RestoreError(field: field, message: "must have one entry per trajectory point (\(n)), got \(length)")
        }
        guard (2...capacity).contains(n) else {
            throw RestoreError(field: "trajectory", message: "of a decimated run must keep 2 to \(capacity) points, got \(n)")
        }
        guard decimation.stride >= 2 else {
            throw RestoreError(field: "decimation.stride", message: "must be 2 or more (a trajectory keeping every point has no \"decimation\"), got \(decimation.stride)")
        }
        let steps = decimation.steps
        for i in steps.indices {
            let rises = i == 0 ? steps[i] >= 0 : steps[i] > steps[i - 1]
            let onStride = i == 0 || i == n - 1 || steps[i] % decimation.stride == 0
            guard rises && onStride else {
                throw RestoreError(field: "decimation.steps[\(i)]", message: "must be above the step before it and a multiple of the stride \(decimation.stride), got \(steps[i])")
            }
        }
        guard decimation.count >= n else {
            throw RestoreError(field: "decimation.count", message: "must be at least the \(n) points kept, got \(decimation.count)")
        }
        if let best = decimation.best, !(best.value.isFinite && (steps[0]...steps[n - 1]).contains(best.step)) {
            throw RestoreError(field: "decimation.best", message: "must be a finite value at a step from \(steps[0]) to \(steps[n - 1]), got \(best.value) at step \(best.step)")
        }
        self.init(capacity: capacity)
        self.points = points
        self.values = values
        self.gradientNorms = gradientNorms
        self.steps = steps
        stride = decimation.stride
        count = decimation.count
        best = decimation.best
    }
}
