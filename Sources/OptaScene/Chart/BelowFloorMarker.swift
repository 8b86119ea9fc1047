import OptaRaster

/// The mark of a best value below a log axis' floor (or at the minimum exactly, which a log axis
/// cannot show): a hollow triangle pointing down, centred on the floor, in the series' colour as
/// the best-value ring is. A ring there would state the floor's value as the best; the triangle
/// says "lower than this", and the legend and the tree say by how much.
enum BelowFloorMarker {
    /// Half its width and half its height at 1080 p: within a ring's reach (`ConvergenceFigure.ringRadius` + 1).
    static let halfWidth: Float = 6
    static let halfHeight: Float = 5.5
    /// The width of its coloured edge at 1080 p, as the ring's outline.
    static let edge: Float = 2

    static func append(_ list: inout FigureCanvas, at p: SIMD2<Float>, color: RGBA, strokeScale k: Float) {
        let w = halfWidth * k, h = halfHeight * k
        let corners = [SIMD2(p.x - w, p.y - h), SIMD2(p.x + w, p.y - h), SIMD2(p.x, p.y + h)]
        list.append(.convexPolygon(points: corners, fill: color))
        list.append(.convexPolygon(points: inset(corners, by: edge * k), fill: RGBA(1, 1, 1)))
    }

    /// The triangle `corners` with every edge moved in by `d`: the same triangle scaled about the
    /// centre of its inscribed circle, by (r − d) / r for the circle's radius r.
    static func inset(_ corners: [SIMD2<Float>], by d: Float) -> [SIMD2<Float>] {
        let (a, b, c) = (corners[0], corners[1], corners[2])
        func length(_ v: SIMD2<Float>) -> Float { (v * v).sum().squareRoot() }
        // Each corner weighed by the length of the side across from it.
        let la = length(c - b), lb = length(a - c), lc = length(b - a), perimeter = la + lb + lc
        let center = (a * la + b * lb + c * lc) / perimeter
        let area = abs((b - a).x * (c - a).y - (b - a).y * (c - a).x) / 2
        let r = 2 * area / perimeter
        let f = max(0, (r - d) / r)
        return corners.map { center + ($0 - center) * f }
    }
}
