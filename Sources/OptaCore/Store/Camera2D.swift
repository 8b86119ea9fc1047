/// The 2D view of a landscape: which part of the plane is shown. Pan and zoom move it; the
/// scenario's domain is the home position that `reset` returns to.
public struct Camera2D: Sendable, Equatable, Codable {
    /// Centre of the view in domain units.
    public var center: SIMD2<Double>
    /// Magnification relative to the home domain (2 shows half the width and height).
    public var zoom: Double

    public static let zoomRange: ClosedRange<Double> = 1e-6...1e6

    public init(center: SIMD2<Double>, zoom: Double = 1) {
        self.center = center
        self.zoom = zoom
    }

    /// The camera that shows exactly `domain`.
    public init(showing domain: Domain) {
        self.init(center: SIMD2((domain.x.lowerBound + domain.x.upperBound) / 2,
                                (domain.y.lowerBound + domain.y.upperBound) / 2))
    }

    /// The part of the plane shown, for a home domain of this size.
    public func visibleDomain(home: Domain) -> Domain {
        let half = SIMD2(home.x.upperBound - home.x.lowerBound, home.y.upperBound - home.y.lowerBound) / (2 * zoom)
        return Domain(x: (center.x - half.x)...(center.x + half.x), y: (center.y - half.y)...(center.y + half.y))
    }

    /// Moves the view by a fraction of its own size (x right, y up): (0.1, 0) shifts by a tenth of the width.
    public func panned(by fraction: SIMD2<Double>, home: Domain) -> Camera2D {
        let visible = visibleDomain(home: home)
        var moved = self
        moved.center += fraction * SIMD2(visible.x.upperBound - visible.x.lowerBound, visible.y.upperBound - visible.y.lowerBound)
        return moved.hasFiniteView(home: home) ? moved : self
    }

    /// Whether the view's edges are finite and ordered. A pan or zoom that would overflow them
    /// (a replayed or scripted action with a huge amount) leaves the camera where it was, so
    /// `visibleDomain` always builds valid ranges.
    func hasFiniteView(home: Domain) -> Bool {
        let half = SIMD2(home.x.upperBound - home.x.lowerBound, home.y.upperBound - home.y.lowerBound) / (2 * zoom)
        let low = center - half, high = center + half
        return low.x.isFinite && low.y.isFinite && high.x.isFinite && high.y.isFinite && low.x <= high.x && low.y <= high.y
    }

    /// Zooms by `factor` keeping the point at `anchor` (fractions of the view: (0, 0) bottom-left,
    /// (1, 1) top-right) where it is on screen.
    public func zoomed(by factor: Double, about anchor: SIMD2<Double>, home: Domain) -> Camera2D {
        guard factor.isFinite, factor > 0 else { return self }
        let visible = visibleDomain(home: home)
        let size = SIMD2(visible.x.upperBound - visible.x.lowerBound, visible.y.upperBound - visible.y.lowerBound)
        let fixed = SIMD2(visible.x.lowerBound, visible.y.lowerBound) + anchor * size
        let newZoom = min(max(zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
        let applied = newZoom / zoom
        var result = self
        result.zoom = newZoom
        // The fixed point keeps its fraction of the view: centre moves toward it by 1 − 1/factor.
        result.center = fixed + (center - fixed) / applied
        return result.hasFiniteView(home: home) ? result : self
    }
}
