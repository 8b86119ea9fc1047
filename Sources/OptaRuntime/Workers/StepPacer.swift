/// When a paced worker may take its next step: absolute deadlines `start + k · interval`, so the
/// pace does not drift however long the worker runs.
///
/// A worker less than `slack` behind its deadlines (a slow step) takes the steps it owes at once;
/// one further behind (after a pause, or a clock jump) starts afresh from now instead of bursting.
struct StepPacer: Sendable {
    static let slack = Duration.milliseconds(100)
    /// The deadline of the next step.
    private(set) var next: Duration

    init(start: Duration) { next = start }

    /// Starts the deadlines afresh at `now` (after a reset).
    mutating func restart(at now: Duration) { next = now }

    /// Nil when a step is due at `now` (and books it, moving the deadline on by `interval`), or
    /// the deadline to wait for.
    mutating func book(now: Duration, interval: Duration) -> Duration? {
        if next < now - Self.slack { next = now }
        if next > now { return next }
        next += interval
        return nil
    }
}
