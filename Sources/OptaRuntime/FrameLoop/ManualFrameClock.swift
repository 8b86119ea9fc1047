import OptaCore
import OptaSupport

/// A frame clock for tests: time stands still until `advance(by:)` or `set(_:)` moves it, and
/// `sleep(until:)` returns at once after moving time forward to the deadline, so a frame loop
/// under test runs instantly and deterministically.
public final class ManualFrameClock: FrameClock {
    private let time: Locked<Duration>

    /// A clock that reads `start` until moved.
    public init(start: Duration = .zero) { time = Locked(start) }

    public var now: Duration { time.withLock { $0 } }

    /// Moves time forward by `delta` (for example, the work one frame takes).
    public func advance(by delta: Duration) { time.withLock { $0 += delta } }

    /// Sets the time to `value` (it may go backwards; the pacer does not rely on that).
    public func set(_ value: Duration) { time.withLock { $0 = value } }

    /// Moves time forward to `deadline` unless it is already later.
    public func sleep(until deadline: Duration) { time.withLock { $0 = max($0, deadline) } }
}
