import OptaRaster

/// A uniform zoom and shift of the picture, in frame pixels (`p ↦ p · scale + offset`), that
/// fits a 3D view into a rectangle of the frame. The camera keeps its direction and perspective;
/// the picture is zoomed and moved so that the box, its axes and their labels all show, for any
/// frame size and aspect ratio. Folded into the projection (`applied(to:)`) it is a camera with
/// an off-centre frustum, so the surface and its depth-tested overlay see one projection.
struct SurfaceFraming: Sendable, Equatable {
    let scale: Double
    let offset: SIMD2<Double>

    static let identity = SurfaceFraming(scale: 1, offset: .zero)

    /// Something to keep in the picture: a projected point (it moves with the zoom) and a box
    /// of fixed pixel extents around it (a label's size does not change with the zoom).
    struct Item {
        let anchor: SIMD2<Double>
        let lo: SIMD2<Double>
        let hi: SIMD2<Double>

        init(anchor: SIMD2<Double>, lo: SIMD2<Double> = .zero, hi: SIMD2<Double> = .zero) {
            self.anchor = anchor
            self.lo = lo
            self.hi = hi
        }
    }

    /// The rows of a view-projection matrix followed by this framing, for a frame of
    /// `width` × `height` pixels. Clip w (and so depth and the near plane) is unchanged.
    func applied(to rows: [SIMD4<Double>], width: Int, height: Int) -> [SIMD4<Double>] {
        guard rows.count == 4 else { return rows }
        // Pixel x = (ndc + 1) · w / 2, so x·s + o in pixels is ndc·s + (s − 1 + 2o/w) in NDC;
        // pixel y = (1 − ndc) · h / 2 flips the sign of the shift.
        let shiftX = scale - 1 + 2 * offset.x / Double(width)
        let shiftY = 1 - scale - 2 * offset.y / Double(height)
        return [rows[0] * scale + rows[3] * shiftX, rows[1] * scale + rows[3] * shiftY, rows[2], rows[3]]
    }

    /// The largest zoom that puts every item inside `rect`, centred there. When even the items'
    /// own boxes are too big for the rectangle, the points alone are fitted.
    static func fit(_ items: [Item], into rect: PixelRectF) -> SurfaceFraming {
        let items = items.filter { $0.anchor.x.isFinite && $0.anchor.y.isFinite }
        let size = SIMD2(Double(rect.width), Double(rect.height))
        guard !items.isEmpty, size.x > 0, size.y > 0 else { return .identity }
        if !fits(items, scale: 0, size) {
            let points = items.map { Item(anchor: $0.anchor) }
            return fits(points, scale: 0, size) ? fit(points, into: rect) : .identity
        }
        // The span of the items grows with the zoom past some point (it is convex in the zoom),
        // so the zooms that fit form an interval from 0: bisect for its end.
        var low = 0.0, high = 1.0
        while fits(items, scale: high, size) {
            high *= 2
            if high > 1e9 { return .identity }
        }
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if fits(items, scale: middle, size) { low = middle } else { high = middle }
        }
        guard low > 0 else { return .identity }
        let (lo, hi) = extent(items, scale: low)
        let center = SIMD2(Double(rect.x0 + rect.x1), Double(rect.y0 + rect.y1)) / 2
        return SurfaceFraming(scale: low, offset: center - (lo + hi) / 2)
    }

    /// The bounds of the items at zoom `scale` (before centring).
    static func extent(_ items: [Item], scale: Double) -> (lo: SIMD2<Double>, hi: SIMD2<Double>) {
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for item in items {
            let p = item.anchor * scale
            lo = pointwiseMin(lo, p + item.lo)
            hi = pointwiseMax(hi, p + item.hi)
        }
        return (lo, hi)
    }

    static func fits(_ items: [Item], scale: Double, _ size: SIMD2<Double>) -> Bool {
        let (lo, hi) = extent(items, scale: scale)
        return hi.x - lo.x <= size.x && hi.y - lo.y <= size.y
    }
}
