import OptaRaster

/// Areas of polygons in frame pixels: how much of a shape a rectangle covers, and the convex
/// outline of a set of points.
enum PolygonArea {
    /// The area of `polygon` (any simple polygon, either winding) inside `rect`.
    static func inside(_ polygon: [SIMD2<Float>], _ rect: PixelRectF) -> Float {
        // Sutherland–Hodgman against the rectangle's four sides, then the shoelace formula.
        var shape = polygon
        let sides: [(SIMD2<Float>) -> Float] = [{ $0.x - rect.x0 }, { rect.x1 - $0.x }, { $0.y - rect.y0 }, { rect.y1 - $0.y }]
        for side in sides {
            guard let last = shape.last else { return 0 }
            var out: [SIMD2<Float>] = []
            var previous = last
            for current in shape {
                let a = side(previous), b = side(current)
                if b >= 0 {
                    if a < 0 { out.append(previous + (current - previous) * (a / (a - b))) }
                    out.append(current)
                } else if a >= 0 {
                    out.append(previous + (current - previous) * (a / (a - b)))
                }
                previous = current
            }
            shape = out
        }
        return area(shape)
    }

    /// The area enclosed by `polygon`.
    static func area(_ polygon: [SIMD2<Float>]) -> Float {
        guard polygon.count >= 3 else { return 0 }
        var twice: Float = 0
        for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) { twice += a.x * b.y - b.x * a.y }
        return abs(twice) / 2
    }

    /// The convex hull of `points`, counter-clockwise (Andrew's monotone chain).
    static func hull(_ points: [SIMD2<Float>]) -> [SIMD2<Float>] {
        let sorted = points.filter { $0.x.isFinite && $0.y.isFinite }.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count >= 3 else { return sorted }
        func turn(_ o: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [SIMD2<Float>] = [], upper: [SIMD2<Float>] = []
        for p in sorted {
            while lower.count >= 2 && turn(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2 && turn(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
