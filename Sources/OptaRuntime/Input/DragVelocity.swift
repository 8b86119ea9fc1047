/// Estimates a drag's velocity at release from its most recent pointer samples.
public struct DragVelocity: Sendable, Equatable {
    /// Only samples this recent (seconds before the last one) count.
    public static let window = 0.08
    /// A release this long after the last movement means the pointer had stopped (motion events
    /// arrive every few milliseconds while it moves).
    public static let staleAfter = 0.05

    private var samples: [(time: Double, position: SIMD2<Double>)] = []

    public init() {}

    /// Adds a pointer position, dropping samples older than the window.
    public mutating func add(_ position: SIMD2<Double>, time: Double) {
        samples.append((time, position))
        if let last = samples.last {
            samples.removeAll { last.time - $0.time > Self.window }
        }
    }

    /// Pixels per second at `time`: zero with fewer than two samples, or when the pointer has
    /// not moved for `staleAfter` seconds.
    public func velocity(at time: Double) -> SIMD2<Double> {
        guard let first = samples.first, let last = samples.last, samples.count >= 2,
              time - last.time <= Self.staleAfter else { return .zero }
        let dt = last.time - first.time
        guard dt > 0 else { return .zero }
        let v = (last.position - first.position) / dt
        return v.x.isFinite && v.y.isFinite ? v : .zero
    }

    public static func == (a: DragVelocity, b: DragVelocity) -> Bool {
        a.samples.elementsEqual(b.samples) { $0.time == $1.time && $0.position == $1.position }
    }
}
