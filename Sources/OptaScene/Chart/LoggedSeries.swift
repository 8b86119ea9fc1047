import OptaCore
import OptaRaster
import OptaSupport

/// What a convergence chart draws of a logged path (a followed log, a path from a file): f at
/// each point (the logged value, or the landscape's where the log gave none), the step of each,
/// the best value, the range of values and each pixel column's extremes. Built point by point:
/// `take` adds only what the path gained since the last call.
struct LoggedSeries: Sendable {
    let name: String
    let first: SIMD2<Double>
    /// The last point taken.
    private(set) var last: SIMD2<Double>
    /// Whether the steps are the path's own (else 0, 1, 2, …).
    let ownSteps: Bool
    /// f of each point taken; nil while that is the path's logged `values` as they are (then they
    /// are used without a copy).
    private(set) var values: [Double]?
    private(set) var steps: [Int] = []
    private(set) var best: (step: Int, value: Double)?
    /// The values' range, less `offset`.
    private(set) var extents = ConvergenceScale.Extents()
    private(set) var extremes = ColumnExtremes()
    /// Whether `extremes` are those of another x axis, to be worked out again from the values.
    private var columnsStale = false
    let offset: Double
    /// The chart's line of the series (its column extremes) as stroke coverage, at the scale it
    /// was drawn with, with the columns done so far in it.
    private var line: (scale: ConvergenceScale, columns: Int, coverage: PathCoverage)?

    /// How many points were taken.
    var count: Int { steps.count }

    /// A digest of `path`'s first point, nothing taken yet (nil for a path without points).
    init?(_ path: PathSpec, ownSteps: Bool, offset: Double) {
        guard let first = path.points.first else { return nil }
        name = path.name
        self.first = first
        last = first
        self.ownSteps = ownSteps
        self.offset = offset
    }

    /// Whether `path` is the path taken so far, grown or not (same name and steps, the same
    /// first point and the same point where taking stopped).
    func continues(_ path: PathSpec, ownSteps: Bool) -> Bool {
        path.name == name && ownSteps == self.ownSteps && path.points.first == first && count <= path.points.count
            && (count == 0 || path.points[count - 1] == last)
    }

    /// The digest for a chart with another x axis: the same values, steps, best and range, the
    /// pixel columns and the line to be worked out again.
    func rebinned() -> LoggedSeries {
        var digest = self
        digest.extremes = ColumnExtremes()
        digest.line = nil
        digest.columnsStale = true
        return digest
    }

    /// Takes the points `path` gained, placed among the chart's pixel columns `columns`.
    mutating func take(_ path: PathSpec, objective: Objective, columns: StepColumns) {
        let points = path.points, logged = path.values ?? [], loggedSteps = path.steps ?? []
        if columnsStale {
            // The values taken are `values`, or while that is nil the path's logged values.
            extremes.add(steps: steps, values: values ?? logged, columns: columns)
            columnsStale = false
        }
        var lookup = StepColumns.Lookup(columns)
        guard count < points.count else { return }
        for i in count..<points.count {
            let own = i < logged.count ? logged[i] : .nan
            let f = own.isFinite ? own : objective.value(points[i])
            if values == nil, !own.isFinite {
                values = (0..<i).map { j in j < logged.count && logged[j].isFinite ? logged[j] : objective.value(points[j]) }
            }
            values?.append(f)
            let step = ownSteps ? ConvergenceSeries.stepNumber(loggedSteps[i]) : i
            steps.append(step)
            guard f.isFinite else { continue }
            if f < (best?.value ?? .infinity) { best = (step, f) }
            extents.add(f, offset: offset)
            if let c = lookup.column(of: step) { extremes.add(step: step, f: f, column: c) }
        }
        last = points[points.count - 1]
        // Logged values beyond the points are not the series.
        if values == nil, logged.count != points.count { values = Array(logged.prefix(points.count)) }
    }

    /// The draw items of the chart's line through the column extremes at `scale` (`point` places
    /// a value): the done columns go into the kept coverage (`start()` when the scale changed),
    /// the column still open into a copy of it, so that this frame shows it and the next can
    /// take it again as it changed.
    mutating func lineItems(scale: ConvergenceScale, start: () -> PathCoverage, color: RGBA,
                            point: (ColumnExtremes.Value) -> SIMD2<Float>?) -> [DrawItem] {
        // Taken out while it grows, so that its masks change in place rather than as copies.
        var kept = line.flatMap { $0.scale == scale ? $0 : nil } ?? (scale: scale, columns: 0, coverage: start())
        line = nil
        let done = extremes.doneCount
        if kept.columns < done {
            for value in extremes.values(ofDone: kept.columns..<done) {
                if let p = point(value) { kept.coverage.append(p) }
            }
            kept.columns = done
        }
        line = kept
        var grown = kept.coverage
        for value in extremes.openValues {
            if let p = point(value) { grown.append(p) }
        }
        return grown.items(color: color)
    }

    /// The series, coloured `color`, for `path` (the path last taken).
    func series(of path: PathSpec, color: RGBA) -> ConvergenceSeries {
        ConvergenceSeries(id: name, color: color, values: values ?? path.values ?? [], gradientNorms: [], steps: steps,
                          count: count, status: "logged", best: best, extents: extents, extremes: extremes)
    }
}

/// A convergence chart's `LoggedSeries`, kept from frame to frame: a followed log grows by
/// thousands of points a second to millions, and each frame takes only its new points. Owned by
/// one chart, whose x axis and offset the columns and range belong to (a new axis builds a new
/// chart). A path that is not the one taken before (`LoggedSeries.continues`) starts over. The
/// lock makes a chart safe to draw from several threads at once.
final class LoggedSeriesCache: Sendable {
    /// By the path's index among the scenario's paths.
    private let digests: Locked<[Int: LoggedSeries]>

    /// A cache going on from `previous`'s series (a chart whose x axis widened), or empty.
    init(rebinning previous: LoggedSeriesCache? = nil) {
        digests = Locked(previous?.digests.withLock { $0.mapValues { $0.rebinned() } } ?? [:])
    }

    /// The series of `path`, the scenario's path at `index`, brought up to date.
    func series(of path: PathSpec, at index: Int, color: RGBA, ownSteps: Bool, offset: Double, objective: Objective,
                columns: StepColumns) -> ConvergenceSeries {
        digests.withLock { digests in
            // Taken out of the dictionary, so that it grows in place rather than as a copy.
            var digest = digests.removeValue(forKey: index)
            if digest?.continues(path, ownSteps: ownSteps) != true { digest = LoggedSeries(path, ownSteps: ownSteps, offset: offset) }
            guard var taken = digest else {
                return ConvergenceSeries(id: path.name, color: color, values: [], gradientNorms: [], steps: [], count: 0,
                                         status: "logged", best: nil)
            }
            digest = nil
            taken.take(path, objective: objective, columns: columns)
            var series = taken.series(of: path, color: color)
            series.cacheIndex = index
            digests[index] = taken
            return series
        }
    }

    /// The draw items of the line of the series at `index` (`LoggedSeries.lineItems`), or nil
    /// when there is no such series.
    func lineItems(at index: Int, scale: ConvergenceScale, start: () -> PathCoverage, color: RGBA,
                   point: (ColumnExtremes.Value) -> SIMD2<Float>?) -> [DrawItem]? {
        digests.withLock { digests in
            guard var digest = digests.removeValue(forKey: index) else { return nil }
            let items = digest.lineItems(scale: scale, start: start, color: color, point: point)
            digests[index] = digest
            return items
        }
    }
}
