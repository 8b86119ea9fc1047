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
    /// A placeholder for storage about to be overwritten.
    static let unused = ScreenVertex(x: 0, y: 0, invW: 0, outcode: 0)

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

extension ScreenVertex {
    /// Vertex `index` of `screen` as 4 integer lanes (x, y, the bits of 1/w, outcode), in one load.
    @inline(__always)
    static func lanes(_ index: UInt32, of screen: UnsafeBufferPointer<ScreenVertex>) -> SIMD4<Int32> {
        UnsafeRawPointer(screen.baseAddress!).loadUnaligned(fromByteOffset: Int(index) &* MemoryLayout<ScreenVertex>.stride,
                                                            as: SIMD4<Int32>.self)
    }

    /// Projects clip-space vertices `range` of `clip` into the same places of `out`, exactly as
    /// `project` does: 8 at a time in vector lanes where all 8 lie in front of the near plane and
    /// well inside the guard band (the common case), one at a time otherwise.
    static func project(_ clip: UnsafePointer<SIMD4<Float>>, _ range: Range<Int>, into out: UnsafeMutablePointer<ScreenVertex>,
                        halfWidth: Float, halfHeight: Float, near: Float, guardBand: Float) {
        @inline(__always) func bits(_ m: SIMDMask<SIMD8<Int32>>) -> SIMD8<Int32> { unsafeBitCast(m, to: SIMD8<Int32>.self) }
        @inline(__always) func magnitude(_ v: SIMD8<Float>) -> SIMD8<Float> {
            unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
        }
        let scale = Float(TriangleRasterizer.subpixelScale)
        let limit = SIMD8<Float>(repeating: 4_194_304)  // 2^22
        let half = SIMD8<Float>(repeating: 0.5)
        var i = range.lowerBound
        withUnsafeTemporaryAllocation(of: ProjectedLanes.self, capacity: 1) { scratch in
            let projected = scratch.baseAddress!
            while i &+ 8 <= range.upperBound {
                let c = clip + i
                let (x, y, _, w) = LaneTranspose.columns(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7])
                let g = guardBand * w
                // The same operations, in the same order, as `project`.
                let inv = 1 / w
                let sx = (x * inv + 1) * halfWidth * scale
                let sy = (1 - y * inv) * halfHeight * scale
                let rx = sx + half.replacing(with: -half, where: sx .< 0), ry = sy + half.replacing(with: -half, where: sy .< 0)
                let ok = bits(w .>= SIMD8(repeating: near)) & bits(magnitude(x) .<= g) & bits(magnitude(y) .<= g)
                    & bits(magnitude(rx) .< limit) & bits(magnitude(ry) .< limit)
                if (~ok).isZero {
                    // |rx|, |ry| < 2^22 here: the conversion is exact.
                    projected.pointee = ProjectedLanes(x: rx.truncated, y: ry.truncated, invW: inv)
                    for k in 0..<8 {
                        let lane = RowLane(projected, lane: k)
                        (out + (i &+ k)).initialize(to: ScreenVertex(x: lane[\.x], y: lane[\.y], invW: lane[\.invW], outcode: 0))
                    }
                } else {
                    for k in i..<(i &+ 8) {
                        (out + k).initialize(to: project(clip[k], halfWidth: halfWidth, halfHeight: halfHeight, near: near, guardBand: guardBand))
                    }
                }
                i &+= 8
            }
        }
        for k in i..<range.upperBound {
            (out + k).initialize(to: project(clip[k], halfWidth: halfWidth, halfHeight: halfHeight, near: near, guardBand: guardBand))
        }
    }
}

/// 8 vertices projected together, one per lane, each in front of the near plane and inside the
/// guard band.
private struct ProjectedLanes {
    var x: SIMD8<Int32>
    var y: SIMD8<Int32>
    var invW: SIMD8<Float>
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

/// A mesh triangle's corners as the tile passes read them: each vertex as 4 integer lanes (x, y,
/// the bits of 1/w, outcode; `ScreenVertex`'s layout), one load each.
struct MeshCorners {
    var a: SIMD4<Int32>
    var b: SIMD4<Int32>
    var c: SIMD4<Int32>
    var triangle: UInt32

    /// Mesh triangle `t` (three indices from `t · 3`) with corners `screen`.
    @inline(__always)
    init(_ t: Int, screen: UnsafeBufferPointer<ScreenVertex>, indices: UnsafeBufferPointer<UInt32>) {
        a = ScreenVertex.lanes(indices[t &* 3], of: screen)
        b = ScreenVertex.lanes(indices[t &* 3 &+ 1], of: screen)
        c = ScreenVertex.lanes(indices[t &* 3 &+ 2], of: screen)
        triangle = UInt32(truncatingIfNeeded: t)
    }

    /// The bounding box of the corners (as `boundingBox` gives it).
    @inline(__always)
    var box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>) {
        let lo = a.replacing(with: b, where: b .< a), hi = a.replacing(with: b, where: b .> a)
        let lowest = lo.replacing(with: c, where: c .< lo), highest = hi.replacing(with: c, where: c .> hi)
        return (SIMD2(lowest.x, lowest.y), SIMD2(highest.x, highest.y))
    }
}
