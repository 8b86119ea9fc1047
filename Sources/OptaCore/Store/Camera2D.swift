/// The 2D view of a landscape: which part of the plane is shown. Pan and zoom move it; the
/// scenario's domain is the home position that `reset` returns to.
public struct Camera2D: Sendable, Equatable, Codable {
    /// Centre of the view in domain units.
    public var center: SIMD2<Double>
    /// Magnification relative to the home domain (2 shows half the width and height).
    public var zoom: Double

    public static let zoomRange: ClosedRange<Double> = 1e-6...1e6

    /// The largest magnitude a view's centre or edge may reach. Domains are limited to it too (see
    /// docs/limits.md), so a view's width, centre and edges stay finite whatever the user pans to.
    public static let coordinateLimit = 1e300

    /// How far the centre may move from the home domain's centre, in home extents: far enough to
    /// look around, near enough that a view zoomed in to the limit still spans about 4000 distinct
    /// doubles (1e6 extents × 1e6 zoom ≪ 2⁵²).
    public static let panLimit = 1e6

    /// The smallest half-width of a view relative to its centre's magnitude.
    static let minimumRelativeHalfWidth = 4e-13

    /// A camera at `center` (kept within ±`coordinateLimit`) with `zoom` (kept within `zoomRange`).
    public init(center: SIMD2<Double>, zoom: Double = 1) {
        let kept = Self.clamped(center)
        self.center = Self.isFinite(kept) ? kept : .zero
        self.zoom = zoom.isNaN ? 1 : Swift.min(Swift.max(zoom, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
    }

    /// The camera that shows exactly `domain`.
    public init(showing domain: Domain) {
        self.init(center: SIMD2((domain.x.lowerBound + domain.x.upperBound) / 2,
                                (domain.y.lowerBound + domain.y.upperBound) / 2))
    }

    /// The part of the plane shown, for a home domain of this size. Always a valid, finite
    /// rectangle: a camera that would show a non-finite one (only possible from hand-made values)
    /// shows `home` instead.
    public func visibleDomain(home: Domain) -> Domain {
        var half = SIMD2(home.x.upperBound - home.x.lowerBound, home.y.upperBound - home.y.lowerBound) / (2 * zoom)
        // At least about 2000 units in the last place of the centre, so the width never rounds to 0.
        half = SIMD2(Swift.max(half.x, Self.minimumRelativeHalfWidth * abs(center.x)),
                     Swift.max(half.y, Self.minimumRelativeHalfWidth * abs(center.y)))
        let low = center - half, high = center + half
        guard Self.isFinite(low), Self.isFinite(high), low.x <= high.x, low.y <= high.y else { return home }
        return Domain(x: low.x...high.x, y: low.y...high.y)
    }

    /// Moves the view by a fraction of its own size (x right, y up): (0.1, 0) shifts by a tenth of the width.
    public func panned(by fraction: SIMD2<Double>, home: Domain) -> Camera2D {
        let visible = visibleDomain(home: home)
        var moved = self
        moved.center = Self.clamped(center + fraction * SIMD2(visible.x.upperBound - visible.x.lowerBound,
                                                              visible.y.upperBound - visible.y.lowerBound), home: home)
        return Self.isFinite(moved.center) ? moved : self
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
        result.center = Self.clamped(fixed + (center - fixed) / applied, home: home)
        return Self.isFinite(result.center) ? result : self
    }

    /// `point` kept within `panLimit` home extents of the home domain's centre (when `home` is
    /// given) and within ±`coordinateLimit`. With a domain within the same limit and the zoom within
    /// `zoomRange`, the view's edges stay below 1e307: finite. NaN stays NaN (the caller keeps the
    /// old camera then).
    static func clamped(_ point: SIMD2<Double>, home: Domain? = nil) -> SIMD2<Double> {
        var low = SIMD2(-coordinateLimit, -coordinateLimit), high = SIMD2(coordinateLimit, coordinateLimit)
        if let home {
            let mid = SIMD2(home.x.lowerBound / 2 + home.x.upperBound / 2, home.y.lowerBound / 2 + home.y.upperBound / 2)
            let reach = SIMD2(home.x.upperBound - home.x.lowerBound, home.y.upperBound - home.y.lowerBound) * panLimit
            if isFinite(mid), isFinite(reach) {
                low = SIMD2(Swift.max(low.x, mid.x - reach.x), Swift.max(low.y, mid.y - reach.y))
                high = SIMD2(Swift.min(high.x, mid.x + reach.x), Swift.min(high.y, mid.y + reach.y))
            }
        }
        return SIMD2(point.x.isNaN ? .nan : Swift.min(Swift.max(point.x, low.x), high.x),
                     point.y.isNaN ? .nan : Swift.min(Swift.max(point.y, low.y), high.y))
    }

    static func isFinite(_ v: SIMD2<Double>) -> Bool { v.x.isFinite && v.y.isFinite }
}
