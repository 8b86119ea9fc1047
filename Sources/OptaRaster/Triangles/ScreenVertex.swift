/// A vertex after the perspective divide: position in fixed-point pixels (`TriangleRasterizer.subpixelBits`
/// fractional bits), 1/w for depth, and whether the vertex needs clipping first.
struct ScreenVertex: Sendable {
    var x: Int32
    var y: Int32
    var invW: Float
    /// Bit 0: behind the near plane; bit 1: outside the guard band (fixed point would overflow).
    var outcode: UInt32

    static let behindNear: UInt32 = 1
    static let outsideGuard: UInt32 = 2

    /// Projects a clip-space vertex onto a `width × height` frame.
    @inline(__always)
    static func project(_ c: SIMD4<Float>, halfWidth: Float, halfHeight: Float, near: Float, guardBand: Float) -> ScreenVertex {
        if !(c.w >= near) { return ScreenVertex(x: 0, y: 0, invW: 0, outcode: behindNear) }
        let g = guardBand * c.w
        if !(abs(c.x) <= g && abs(c.y) <= g) { return ScreenVertex(x: 0, y: 0, invW: 0, outcode: outsideGuard) }
        let inv = 1 / c.w
        let scale = Float(TriangleRasterizer.subpixelScale)
        let sx = (c.x * inv + 1) * halfWidth * scale
        let sy = (1 - c.y * inv) * halfHeight * scale
        // Round half away from zero without a libm call.
        let rx = sx + (sx >= 0 ? 0.5 : -0.5), ry = sy + (sy >= 0 ? 0.5 : -0.5)
        return ScreenVertex(x: Int32(rx), y: Int32(ry), invW: inv, outcode: 0)
    }
}

/// A triangle ready to rasterize: fixed-point corners and 1/w at each.
struct ScreenTriangle: Sendable {
    var x: SIMD3<Int32>
    var y: SIMD3<Int32>
    var invW: SIMD3<Float>
    /// The mesh triangle it shows (a piece of it, when clipped).
    var triangle: UInt32
}

extension ScreenTriangle {
    /// Mesh triangle `t` (three indices from `t · 3`) with corners `screen`.
    @inline(__always)
    init(_ t: Int, screen: UnsafeBufferPointer<ScreenVertex>, indices: UnsafeBufferPointer<UInt32>) {
        let a = screen[Int(indices[t &* 3])], b = screen[Int(indices[t &* 3 &+ 1])], c = screen[Int(indices[t &* 3 &+ 2])]
        self.init(x: SIMD3(a.x, b.x, c.x), y: SIMD3(a.y, b.y, c.y), invW: SIMD3(a.invW, b.invW, c.invW),
                  triangle: UInt32(truncatingIfNeeded: t))
    }
}
