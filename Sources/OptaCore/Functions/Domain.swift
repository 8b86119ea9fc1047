/// A rectangle of the (x, y) plane.
public struct Domain: Sendable, Equatable {
    /// The horizontal extent.
    public var x: ClosedRange<Double>
    /// The vertical extent.
    public var y: ClosedRange<Double>

    /// Creates the rectangle `x × y`.
    public init(x: ClosedRange<Double>, y: ClosedRange<Double>) {
        self.x = x
        self.y = y
    }
}
