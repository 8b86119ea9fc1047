import Dispatch
import Foundation
import OptaSupport
import Synchronization

/// Runs a `WorkerJob` on its own background thread and publishes the job's immutable snapshot,
/// which any thread can take at any time: the live viewer's solvers (`SolverWorker`) and graph
/// layouts (`GraphLayoutWorker`).
///
/// The job never waits for readers: publishing swaps the latest snapshot under a lock held only
/// for that swap. Pause, resume, single step, reset and cancel are applied before the next step.
/// With a pacing interval the job steps on the deadlines of a `StepPacer`; without one it steps
/// flat out and publishes at most once per `publishInterval` (and on every status change), so
/// copying snapshots does not dominate the work. Paced, paused and single steps publish every step.
///
/// Every wait goes through the worker's `FrameClock` (`wait(until:or:)`), so under a
/// `ManualFrameClock` deadlines pass only when a test moves time.
public final class BackgroundWorker<Job: WorkerJob>: Sendable {
    /// What the controlling thread asks of the worker.
    struct Control {
        var paused: Bool
        var pendingSteps = 0
        var cancelled = false
        var resetRequested = false
    }

    private let name: String
    private let makeJob: @Sendable () -> Job
    private let interval: Duration?
    private let publishInterval: Duration
    private let clock: any FrameClock
    private let control: Locked<Control>
    private let latest: Locked<Job.Snapshot>
    private let wakeUp = WakeSignal()
    private let finished = DispatchSemaphore(value: 0)
    private let steps = Atomic<Int>(0)

    /// A worker for the jobs `makeJob` makes (a fresh one at start and after each reset), stepping
    /// every `interval` of `clock` time (nil: flat out). It starts paused when `paused` is set.
    public init(name: String, interval: Duration?, publishInterval: Duration = .zero, paused: Bool = false,
                clock: any FrameClock = SystemFrameClock(), makeJob: @escaping @Sendable () -> Job) {
        self.name = name
        self.makeJob = makeJob
        self.interval = interval
        self.publishInterval = publishInterval
        self.clock = clock
        control = Locked(Control(paused: paused))
        latest = Locked(makeJob().snapshot(paused: paused))
    }

    /// Starts the background thread (at a lower priority than rendering).
    public func start() {
        let thread = Thread { [self] in self.loop() }
        thread.name = name
        thread.qualityOfService = .utility
        thread.start()
    }

    /// The latest snapshot; never blocks the worker for longer than a swap.
    public var snapshot: Job.Snapshot { latest.withLock { $0 } }

    /// Steps taken since the worker started, over all resets (for steps-per-second figures).
    public var stepsTaken: Int { steps.load(ordering: .relaxed) }

    public func pause() { change { $0.paused = true } }
    public func resume() { change { $0.paused = false } }
    /// One step now (while paused).
    public func step() { change { $0.pendingSteps += 1 } }
    /// Back to the start with a fresh job.
    public func reset() { change { $0.resetRequested = true } }

    /// Stops the thread; it exits before its next step. Returns once it has, or after `timeout`
    /// of real time.
    @discardableResult
    public func cancel(timeout: Duration = .seconds(5)) -> Bool {
        change { $0.cancelled = true }
        return finished.wait(timeout: .now() + .nanoseconds(timeout.wholeNanoseconds)) == .success
    }

    private func change(_ body: (inout Control) -> Void) {
        control.withLock { body(&$0) }
        wakeUp.signal()
    }

    private enum Command { case exit, reset, wait, step(paced: Bool) }

    /// The next thing to do, decided under the lock (and done outside it), and whether paused.
    private func nextCommand() -> (Command, paused: Bool) {
        control.withLock { c in
            if c.cancelled { return (.exit, c.paused) }
            if c.resetRequested { c.resetRequested = false; c.pendingSteps = 0; return (.reset, c.paused) }
            if c.pendingSteps > 0 { c.pendingSteps -= 1; return (.step(paced: false), c.paused) }
            return (c.paused ? .wait : .step(paced: interval != nil), c.paused)
        }
    }

    /// The worker thread's loop.
    private func loop() {
        defer { finished.signal() }
        var job = makeJob()
        var pacer = StepPacer(start: clock.now)
        var lastPublish = clock.now
        var unpublished = false
        var wasPaused: Bool?
        func publish(paused: Bool) {
            let snapshot = job.snapshot(paused: paused)
            latest.withLock { $0 = snapshot }
            unpublished = false
        }
        while true {
            let (command, paused) = nextCommand()
            if wasPaused != paused {
                wasPaused = paused
                publish(paused: paused)
            }
            switch command {
            case .exit:
                job.end()
                publish(paused: paused)
                return
            case .reset:
                job.end()
                job = makeJob()
                publish(paused: paused)
                pacer.restart(at: clock.now)
            case .wait:
                job.willWait()
                clock.wait(until: nil, or: wakeUp)
            case .step(let paced):
                if job.isDone {
                    // Publish the final state once, then idle until reset or cancel.
                    if unpublished { publish(paused: paused) }
                    job.end()
                    clock.wait(until: nil, or: wakeUp)
                    continue
                }
                if paced, let interval, let deadline = pacer.book(now: clock.now, interval: interval) {
                    clock.wait(until: deadline, or: wakeUp)
                    continue  // a command may have arrived: decide again
                }
                let urgent = job.step()
                steps.add(1, ordering: .relaxed)
                unpublished = true
                if paced || paused || urgent || publishInterval == .zero {
                    publish(paused: paused)
                } else {
                    let now = clock.now
                    if now - lastPublish >= publishInterval {
                        publish(paused: paused)
                        lastPublish = now
                    }
                }
            }
        }
    }
}
