import Dispatch
import Foundation
import OptaCore
import OptaSupport
import Synchronization

/// Runs a graph's force layout on its own background thread and publishes an immutable
/// `GraphLayoutSnapshot` after every iteration, so the viewer shows the graph settling live.
///
/// Like `SolverWorker`, the layout never waits for readers: publishing is a swap under a lock
/// held only for that swap. Iterations are paced (`iterationsPerSecond`, nil for flat out) so the
/// settling can be watched; pause, resume, reset and cancel take effect before the next iteration.
public final class GraphLayoutWorker: Sendable {
    struct Control {
        var paused = false
        var cancelled = false
        var resetRequested = false
    }

    private let initial: ForceLayout
    private let rate: Double?
    private let control: Locked<Control>
    private let latest: Locked<GraphLayoutSnapshot>
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// A worker that lays out from `layout` (its state at iteration 0).
    public init(layout: ForceLayout, iterationsPerSecond: Double? = 60, paused: Bool = false) {
        initial = layout
        rate = iterationsPerSecond
        control = Locked(Control(paused: paused))
        latest = Locked(layout.snapshot)
    }

    /// Starts the background thread (at a lower priority than rendering).
    public func start() {
        let thread = Thread { [self] in self.loop() }
        thread.name = "opta.graph-layout"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// The latest positions; never blocks the layout for longer than a swap.
    public var snapshot: GraphLayoutSnapshot { latest.withLock { $0 } }

    public func pause() { change { $0.paused = true } }
    public func resume() { change { $0.paused = false } }
    /// Back to the first iteration (the seeded start positions).
    public func reset() { change { $0.resetRequested = true } }

    /// Stops the thread; returns once it has, or after `timeout`.
    @discardableResult
    public func cancel(timeout: Duration = .seconds(5)) -> Bool {
        change { $0.cancelled = true }
        return finished.wait(timeout: .now() + .nanoseconds(timeout.wholeNanoseconds)) == .success
    }

    private func change(_ body: (inout Control) -> Void) {
        control.withLock { body(&$0) }
        wakeUp.signal()
    }

    private func loop() {
        defer { finished.signal() }
        var layout = initial
        var nextDeadline = ContinuousClock.now
        while true {
            let (cancelled, reset, paused) = control.withLock { c -> (Bool, Bool, Bool) in
                let r = c.resetRequested
                c.resetRequested = false
                return (c.cancelled, r, c.paused)
            }
            if cancelled { return }
            if reset {
                layout = initial
                latest.withLock { $0 = layout.snapshot }
                nextDeadline = .now
            }
            if paused || layout.isSettled {
                _ = wakeUp.wait(timeout: .now() + .milliseconds(100))
                continue
            }
            if let rate, rate > 0 {
                let now = ContinuousClock.now
                if nextDeadline < now - .milliseconds(100) { nextDeadline = now }
                if nextDeadline > now {
                    let wait = nextDeadline - now
                    _ = wakeUp.wait(timeout: .now() + .nanoseconds(wait.wholeNanoseconds))
                    if nextDeadline > ContinuousClock.now { continue }  // woken early by a command
                }
                nextDeadline = nextDeadline + .nanoseconds(Int(1e9 / rate))
            }
            layout.step()
            latest.withLock { $0 = layout.snapshot }
        }
    }
}
