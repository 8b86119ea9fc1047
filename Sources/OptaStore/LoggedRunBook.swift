import OptaSupport

/// The runs of named logged paths (a followed log, Python's `log_step`), recorded through a
/// `RunRecorder`: one run per path name, begun at the path's first point and ended with status
/// `logged`. Keeps what each run needs to go on (its handle, last step, count, start time).
/// A value: its owner keeps it behind its own lock.
public struct LoggedRunBook: Sendable {
    private struct Entry: Sendable {
        let handle: RunRecorder.Handle
        var lastStep: Int
        var count: Int
        let started: ContinuousClock.Instant
    }

    private let template: RunInfo
    private var entries: [String: Entry] = [:]

    /// Runs described by `template`, each taking a path's name and start.
    public init(template: RunInfo) { self.template = template }

    /// The last step recorded for `name`, nil before its first.
    public func lastStep(of name: String) -> Int? { entries[name]?.lastStep }

    /// Notes that path `name` reached `step`, beginning its run at `start` through `writer` when
    /// it is new; the run's handle, for the iterates.
    public mutating func advance(_ name: String, to step: Int, start: SIMD2<Double>, writer: RunRecorder) -> RunRecorder.Handle {
        if var known = entries[name] {
            known.lastStep = step
            known.count += 1
            entries[name] = known
            return known.handle
        }
        var info = template
        info.name = name
        info.start = start
        let handle = writer.begin(info)
        entries[name] = Entry(handle: handle, lastStep: step, count: 1, started: .now)
        return handle
    }

    /// Ends every run (status `logged`, the stop reason `reason` gives for its point count) and
    /// forgets them: later points begin new runs.
    public mutating func endAll(writer: RunRecorder, reason: (Int) -> String) {
        let now = ContinuousClock.now
        for entry in entries.values {
            writer.finish(entry.handle, RunEnd(status: "logged", stopReason: reason(entry.count),
                                               wallTime: (now - entry.started).seconds))
        }
        entries = [:]
    }
}
