import Foundation

/// A released drag coasting to rest: velocity × e^(−t/τ) in pixels per second, integrated exactly
/// between frames, so the travel per frame only shrinks and the total is velocity × τ (less under
/// `stopSpeed` × τ, the negligible tail dropped at the stop) whatever the frame times.
public struct Inertia: Sendable, Equatable {
    /// The damping time constant in seconds.
    public static let timeConstant = 0.15
    /// Releases slower than this (pixels per second) do not coast.
    public static let startSpeed = 30.0
    /// Below this speed (pixels per second) the motion is negligible and stops.
    public static let stopSpeed = 2.0

    /// Velocity at `time`, in pixels per second.
    public private(set) var velocity: SIMD2<Double>
    /// The time up to which motion has been emitted.
    public private(set) var time: Double
    /// What the motion does: pan or orbit.
    public let kind: DragKind

    /// Starts coasting at `time` with `velocity`, or nil when the velocity is already negligible.
    public init?(velocity: SIMD2<Double>, time: Double, kind: DragKind) {
        let speed = Self.speed(velocity)
        guard speed.isFinite, speed >= Self.startSpeed, time.isFinite else { return nil }
        self.velocity = velocity
        self.time = time
        self.kind = kind
    }

    /// Advances to `now`: returns the pixels travelled since the last call and whether the motion
    /// has now become negligible (the last motion is still returned).
    public mutating func advance(to now: Double) -> (delta: SIMD2<Double>, finished: Bool) {
        guard now.isFinite, now > time else { return (.zero, false) }
        let tau = Self.timeConstant
        let decay = exp(-(now - time) / tau)
        let remaining = velocity * decay
        let delta = velocity * tau * (1 - decay)
        time = now
        velocity = remaining
        return (delta, Self.speed(remaining) < Self.stopSpeed)
    }

    private static func speed(_ v: SIMD2<Double>) -> Double {
        (v * v).sum().squareRoot()
    }
}
