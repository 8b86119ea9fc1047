import Dispatch
import Foundation
import OptaCore
import OptaSupport
import Synchronization

/// Runs one solver on its own background thread, at full speed or at a chosen number of steps
/// per second, and publishes an immutable `SolverSnapshot` that any thread can take at any time.
///
/// The solver never waits for readers: it publishes by swapping the latest snapshot under a lock
/// held only for that swap. Unthrottled runs publish at most once a millisecond (and on every
/// status change), so copying the trajectory does not dominate the work; throttled runs publish
/// every step. Pause, resume, single step, reset and cancel take effect before the next step.
///
/// With a `SolverStepRecorder`, every iterate also goes to it from this thread, in hand-overs of
/// up to `recordedChunk` steps or every 100 ms, whichever comes first; each reset starts a new run.
public final class SolverWorker: Sendable {
    /// What the controlling thread asks of the worker.
    struct Control {
        var paused = false
        var pendingSteps = 0
        var cancelled = false
        var resetRequested = false
        var stepsPerSecond: Double?
    }

    public let id: String
    private let objective: Objective
    private let makeRun: @Sendable () -> SolverRun
    private let control: Locked<Control>
    private let latest: Locked<SolverSnapshot>
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let totalSteps = Atomic<Int>(0)
    private let spec: SolverSpec
    private let recorder: (any SolverStepRecorder)?

    /// The most steps handed to the recorder at once.
    static let recordedChunk = 4096

    /// A worker for `spec` on `objective`; it starts paused when `paused` is set.
    /// Every iterate goes to `recorder` when one is given.
    public init(spec: SolverSpec, objective: Objective, stepsPerSecond: Double? = nil, paused: Bool = false,
                recorder: (any SolverStepRecorder)? = nil) throws {
        let first = try SolverRun(id: spec.id, method: spec.method, start: spec.start, parameters: spec.parameters,
                                  seed: spec.seed, rules: StopRules(maxSteps: spec.steps))
        id = spec.id
        self.spec = spec
        self.recorder = recorder
        self.objective = objective
        makeRun = { first }
        control = Locked(Control(paused: paused, stepsPerSecond: stepsPerSecond))
        latest = Locked(SolverSnapshot(first, paused: paused))
    }

    /// Starts the background thread (at a lower priority than rendering).
    public func start() {
        let thread = Thread { [self] in self.loop() }
        thread.name = "opta.solver.\(id)"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// The latest snapshot; never blocks the solver for longer than a pointer swap.
    public var snapshot: SolverSnapshot { latest.withLock { $0 } }

    /// Steps taken since the worker started, over all resets (for steps-per-second figures).
    public var stepsTaken: Int { totalSteps.load(ordering: .relaxed) }

    public func pause() { change { $0.paused = true } }
    public func resume() { change { $0.paused = false } }
    public func togglePause() { change { $0.paused.toggle() } }
    /// One step now (while paused).
    public func step() { change { $0.pendingSteps += 1 } }
    /// Back to the start point with fresh state.
    public func reset() { change { $0.resetRequested = true } }
    /// Steps per second, or nil for as fast as possible.
    public func setRate(_ stepsPerSecond: Double?) { change { $0.stepsPerSecond = stepsPerSecond } }

    /// Stops the thread; it exits before its next step. Returns once it has, or after `timeout`.
    @discardableResult
    public func cancel(timeout: Duration = .seconds(5)) -> Bool {
        change { $0.cancelled = true }
        return finished.wait(timeout: .now() + .nanoseconds(timeout.wholeNanoseconds)) == .success
    }

    private func change(_ body: (inout Control) -> Void) {
        control.withLock { body(&$0) }
        wakeUp.signal()
    }

    /// The worker thread's loop.
    private func loop() {
        defer { finished.signal() }
        var run = makeRun()
        var tape = recorder.map { RecordingTape(recorder: $0, spec: spec) }
        var lastPublish = ContinuousClock.now
        var nextDeadline = ContinuousClock.now
        var wasPaused: Bool?
        while true {
            // Decide what to do under the lock, do it outside.
            let (command, rate, paused) = control.withLock { c -> (Command, Double?, Bool) in
                if c.cancelled { return (.exit, nil, c.paused) }
                if c.resetRequested { c.resetRequested = false; c.pendingSteps = 0; return (.reset, nil, c.paused) }
                if c.pendingSteps > 0 { c.pendingSteps -= 1; return (.step, nil, c.paused) }
                if c.paused { return (.wait, nil, true) }
                return (.step, c.stepsPerSecond, false)
            }
            if wasPaused != paused {
                wasPaused = paused
                latest.withLock { $0 = SolverSnapshot(run, paused: paused) }
            }
            switch command {
            case .exit:
                latest.withLock { $0 = SolverSnapshot(run, paused: paused) }
                tape?.end(run)
                return
            case .reset:
                tape?.end(run)
                tape = recorder.map { RecordingTape(recorder: $0, spec: spec) }
                run = makeRun()
                latest.withLock { $0 = SolverSnapshot(run, paused: paused) }
                nextDeadline = .now
            case .wait:
                tape?.flush()
                _ = wakeUp.wait(timeout: .now() + .milliseconds(100))
            case .step:
                guard run.status == .running else {
                    // Finished: publish the final state once, then idle until reset or cancel.
                    latest.withLock { if $0.step != run.stepCount || $0.status != run.status { $0 = SolverSnapshot(run, paused: paused) } }
                    tape?.end(run)
                    _ = wakeUp.wait(timeout: .now() + .milliseconds(100))
                    continue
                }
                if let rate, rate > 0 {
                    // Absolute deadlines: no drift, no catch-up bursts after a pause.
                    let now = ContinuousClock.now
                    if nextDeadline < now - .milliseconds(100) { nextDeadline = now }
                    if nextDeadline > now {
                        let wait = nextDeadline - now
                        _ = wakeUp.wait(timeout: .now() + .nanoseconds(wait.wholeNanoseconds))
                        if nextDeadline > ContinuousClock.now { continue }  // woken early by a command
                    }
                    nextDeadline = nextDeadline + .nanoseconds(Int(1e9 / rate))
                }
                let before = run.status
                if tape != nil {
                    run.step(on: objective) { tape?.add($0) }
                } else {
                    run.step(on: objective)
                }
                totalSteps.add(1, ordering: .relaxed)
                let now = ContinuousClock.now
                tape?.flushIfDue(now)
                if rate != nil || paused || run.status != before || now - lastPublish >= .milliseconds(1) {
                    latest.withLock { $0 = SolverSnapshot(run, paused: paused) }
                    lastPublish = now
                }
            }
        }
    }

    private enum Command { case exit, reset, wait, step }
}
