import Foundation
import OptaCore

/// A live solver: one solver run stepped on a `BackgroundWorker`'s thread, at full speed or at a
/// chosen number of steps per second, publishing `SolverSnapshot`s.
public typealias SolverWorker = BackgroundWorker<SolverJob>

/// One solver run as a `WorkerJob`. With a recorder, every iterate also goes to it from the
/// worker's thread, in hand-overs of up to `RecordingTape.chunk` steps or every 100 ms, whichever
/// comes first; each reset starts a new recorded run.
public struct SolverJob: WorkerJob {
    private var run: SolverRun
    private let objective: Objective
    private var tape: RecordingTape?

    init(run: SolverRun, objective: Objective, tape: RecordingTape?) {
        self.run = run
        self.objective = objective
        self.tape = tape
    }

    public var isDone: Bool { run.status != .running }

    public mutating func step() -> Bool {
        let before = run.status
        if var recording = tape {
            tape = nil  // moved out, so adding iterates does not copy its buffer
            run.step(on: objective) { recording.add($0) }
            recording.flushIfDue(.now)
            tape = recording
        } else {
            run.step(on: objective)
        }
        return run.status != before
    }

    public func snapshot(paused: Bool) -> SolverSnapshot { SolverSnapshot(run, paused: paused) }

    public mutating func willWait() { tape?.flush() }

    public mutating func end() { tape?.end(run) }
}

extension BackgroundWorker where Job == SolverJob {
    /// A worker for `spec` on `objective` stepping `stepsPerSecond` times a second of `clock` time
    /// (nil, zero or negative: flat out, publishing at most once a millisecond); it starts paused
    /// when `paused` is set. Every iterate goes to `recorder` when one is given.
    public convenience init(spec: SolverSpec, objective: Objective, stepsPerSecond: Double? = nil, paused: Bool = false,
                            recorder: (any SolverStepRecorder)? = nil, clock: any FrameClock = SystemFrameClock()) throws {
        let first = try SolverRun(id: spec.id, method: spec.method, start: spec.start, parameters: spec.parameters,
                                  seed: spec.seed, rules: StopRules(maxSteps: spec.steps))
        self.init(name: "opta.solver.\(spec.id)", interval: Self.interval(perSecond: stepsPerSecond),
                  publishInterval: .milliseconds(1), paused: paused, clock: clock) {
            SolverJob(run: first, objective: objective, tape: recorder.map { RecordingTape(recorder: $0, spec: spec) })
        }
    }
}

extension BackgroundWorker {
    /// The time between steps at `rate` steps per second; nil (flat out) for nil, zero, negative
    /// or NaN rates. Rates below one step in about 11 days are held at that.
    static func interval(perSecond rate: Double?) -> Duration? {
        guard let rate, rate > 0 else { return nil }
        return .nanoseconds(Int(min(1e9 / rate, 1e15)))
    }
}
