/// Work a `BackgroundWorker` steps on its thread: a solver run, a graph layout.
///
/// A job lives on the worker's thread only; readers see it through the immutable snapshots the
/// worker publishes. Its type (not its values) is shared with the thread that steps it.
public protocol WorkerJob: SendableMetatype {
    associatedtype Snapshot: Sendable

    /// Whether there is nothing left to do until a reset (a solver finished, a layout settled).
    var isDone: Bool { get }

    /// Does one unit of work. Returns whether readers should see the result at once (a status
    /// change), even when the worker otherwise publishes less often than it steps.
    mutating func step() -> Bool

    /// The state readers see.
    func snapshot(paused: Bool) -> Snapshot

    /// The worker is about to wait (paused): hand over what has gathered.
    mutating func willWait()

    /// The job is done, replaced by a reset, or its worker stops: close what it started. May be
    /// called more than once; only the first call may have an effect.
    mutating func end()
}
