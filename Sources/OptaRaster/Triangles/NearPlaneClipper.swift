/// Clips a clip-space triangle against the near plane (w ≥ near) and the guard band
/// (|x|, |y| ≤ g·w) in homogeneous coordinates (Sutherland–Hodgman), then projects the pieces.
enum NearPlaneClipper {
    /// The clipped polygon as a triangle fan of screen triangles (empty when nothing is left).
    static func clip(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, triangle: UInt32,
                     halfWidth: Float, halfHeight: Float, near: Float, guardBand: Float) -> [ScreenTriangle] {
        // Plane distances d(v) ≥ 0 inside: near, then the four guard-band planes.
        let planes: [SIMD4<Float>] = [
            SIMD4(0, 0, 0, 1), SIMD4(-1, 0, 0, guardBand), SIMD4(1, 0, 0, guardBand),
            SIMD4(0, -1, 0, guardBand), SIMD4(0, 1, 0, guardBand),
        ]
        var polygon = [a, b, c]
        for (k, plane) in planes.enumerated() {
            let offset: Float = k == 0 ? -near : 0
            var out: [SIMD4<Float>] = []
            out.reserveCapacity(polygon.count + 1)
            for i in 0..<polygon.count {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                let dp = (plane * p).sum() + offset, dq = (plane * q).sum() + offset
                if dp >= 0 { out.append(p) }
                if (dp >= 0) != (dq >= 0) {
                    let t = dp / (dp - dq)
                    var v = p + (q - p) * t
                    if k == 0 { v.w = Swift.max(v.w, near) }
                    out.append(v)
                }
            }
            polygon = out
            if polygon.count < 3 { return [] }
        }
        // Slightly shrink the guard band when projecting, so rounding never pushes a vertex out.
        let projected = polygon.map {
            ScreenVertex.project($0, halfWidth: halfWidth, halfHeight: halfHeight, near: near * 0.999, guardBand: guardBand * 1.001)
        }
        if projected.contains(where: { $0.outcode != 0 }) { return [] }
        var pieces: [ScreenTriangle] = []
        for i in 1..<(projected.count - 1) {
            let v0 = projected[0], v1 = projected[i], v2 = projected[i + 1]
            pieces.append(ScreenTriangle(x: SIMD3(v0.x, v1.x, v2.x), y: SIMD3(v0.y, v1.y, v2.y),
                                         invW: SIMD3(v0.invW, v1.invW, v2.invW), triangle: triangle))
        }
        return pieces
    }
}
