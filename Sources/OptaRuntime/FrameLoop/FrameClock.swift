import Foundation
import OptaSupport

/// A time source for frame pacing. The real one uses `ContinuousClock`; tests use
/// `ManualFrameClock`, which only moves when told.
///
/// Times are `Duration`s since an arbitrary origin fixed by each clock.
public protocol FrameClock: Sendable {
    /// The current time, since this clock's origin.
    var now: Duration { get }
    /// Blocks the calling thread until `now >= deadline` (returns at once if it already is).
    func sleep(until deadline: Duration)
    /// Blocks the calling thread until `now >= deadline` (nil: no deadline) or `signal` is given,
    /// whichever comes first, and takes the signal: how background workers wait, so that commands
    /// end their waits early.
    func wait(until deadline: Duration?, or signal: WakeSignal)
}

/// The real frame clock: monotonic time from `ContinuousClock`, origin at creation.
public struct SystemFrameClock: FrameClock {
    private let origin: ContinuousClock.Instant

    public init() { origin = ContinuousClock.now }

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(until deadline: Duration) {
        // Thread.sleep may wake a little early on some systems: loop until the deadline has passed.
        while true {
            let remaining = deadline - now
            if remaining <= .zero { return }
            Thread.sleep(forTimeInterval: remaining.seconds)
        }
    }

    public func wait(until deadline: Duration?, or signal: WakeSignal) {
        signal.block(timeout: deadline.map { $0 - now })
        signal.take()
    }
}

extension Duration {
    /// This duration in milliseconds, as a `Double`.
    var milliseconds: Double { seconds * 1_000 }

    /// This duration in attoseconds, exactly.
    var attoseconds: Int128 {
        Int128(components.seconds) * 1_000_000_000_000_000_000 + Int128(components.attoseconds)
    }
}
