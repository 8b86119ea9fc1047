import Dispatch
import OptaCore
import OptaSupport

/// A frame clock for tests: time stands still until `advance(by:)` or `set(_:)` moves it.
///
/// The thread that drives time (a frame loop under test) sleeps without waiting: `sleep(until:)`
/// moves time forward to the deadline and returns at once, so the loop runs instantly and
/// deterministically. Other threads (background workers) wait for time: `wait(until:or:)` blocks
/// until time is moved to the deadline or the thread is signalled, and `waitUntilParked` tells a
/// test when they have done all they will do until then.
public final class ManualFrameClock: FrameClock {
    private struct Sleeper {
        let deadline: Duration?
        let signal: WakeSignal
    }

    private struct State {
        var time: Duration
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0

        /// Sleepers nothing will wake until time moves or someone signals them.
        var parked: Int {
            sleepers.values.count(where: { !$0.signal.isPending && ($0.deadline.map { $0 > time } ?? true) })
        }
    }

    private let state: Locked<State>
    /// Given whenever a thread starts waiting (it may have parked).
    private let sleeperArrived = DispatchSemaphore(value: 0)

    /// A clock that reads `start` until moved.
    public init(start: Duration = .zero) { state = Locked(State(time: start)) }

    public var now: Duration { state.withLock { $0.time } }

    /// Moves time forward by `delta` (for example, the work one frame takes).
    public func advance(by delta: Duration) { move { $0 += delta } }

    /// Sets the time to `value` (it may go backwards; the pacer does not rely on that).
    public func set(_ value: Duration) { move { $0 = value } }

    /// Moves time forward to `deadline` unless it is already later.
    public func sleep(until deadline: Duration) { move { $0 = max($0, deadline) } }

    /// Blocks until time is moved to `deadline` (nil: only a signal ends the wait) or `signal` is given.
    public func wait(until deadline: Duration?, or signal: WakeSignal) {
        let id: Int? = state.withLock { s in
            if let deadline, s.time >= deadline { return nil }
            s.nextID += 1
            s.sleepers[s.nextID] = Sleeper(deadline: deadline, signal: signal)
            return s.nextID
        }
        guard let id else { return signal.take() }
        sleeperArrived.signal()
        signal.block(timeout: nil)
        // Leave before taking the signal: a sleeper counts as parked only while its signal is not given.
        state.withLock { s in s.sleepers[id] = nil }
        signal.take()
    }

    /// Blocks until exactly `count` threads wait on this clock with nothing to wake them (no
    /// signal given, deadline not reached), that is, until they have done everything they will do
    /// before time moves or they are signalled. False if that does not happen within `timeout`
    /// of real time.
    public func waitUntilParked(_ count: Int = 1, timeout: Duration = .seconds(20)) -> Bool {
        let end = DispatchTime.now() + .nanoseconds(timeout.wholeNanoseconds)
        while true {
            if state.withLock({ $0.parked }) == count { return true }
            if sleeperArrived.wait(timeout: end) == .timedOut { return state.withLock { $0.parked } == count }
        }
    }

    /// Changes the time and wakes the sleepers whose deadline it reached.
    private func move(_ change: (inout Duration) -> Void) {
        state.withLock { s in
            change(&s.time)
            for sleeper in s.sleepers.values {
                if let deadline = sleeper.deadline, deadline <= s.time { sleeper.signal.signal() }
            }
        }
    }
}
