import OptaCore

/// What a drag does to the camera: move it across the plane, or rotate a 3D view.
public enum DragKind: Sendable, Equatable {
    case pan, orbit

    /// Degrees of orbit per pixel dragged.
    public static let degreesPerPixel = 0.3

    /// The action for a drag of `delta` pixels (x right, y down) in a view of `viewSize` pixels,
    /// or nil when the drag did not move. Panning moves the view opposite to the drag, so the
    /// point under the cursor follows it; pixel y grows downward and domain y upward.
    public func action(forDrag delta: SIMD2<Double>, viewSize: SIMD2<Double>) -> Action? {
        guard delta != .zero, delta.x.isFinite, delta.y.isFinite else { return nil }
        switch self {
        case .pan:
            return .pan(SIMD2(-delta.x / viewSize.x, delta.y / viewSize.y))
        case .orbit:
            return .orbit(yaw: delta.x * Self.degreesPerPixel, pitch: delta.y * Self.degreesPerPixel)
        }
    }
}
