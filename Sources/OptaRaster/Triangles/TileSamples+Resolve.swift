extension TileSamples {
    /// Turns the tile's samples into pixels: each pixel is shaded once for its nearest surface and
    /// once more for samples of a farther surface (a silhouette), then blended with the background
    /// by how many of its 4 samples each covers.
    func resolve<S: TriangleShader>(into target: inout TileTarget, mesh: MeshBuffers, frame: FrameGeometry,
                                    shader: S, background: UInt32, depth depthOut: UnsafeMutablePointer<Float>?) {
        let rect = target.rect
        let side = side
        let farInvW = frame.farInvW
        let farNext = farInvW.nextUp
        let gapScale = 1 - TriangleRasterizer.surfaceGap
        let bg = PackedColor.unpackUnit(background)
        let ndcX = 2 / Float(frame.width), ndcY = -2 / Float(frame.height)
        let keepFragments = shader.needsFragments
        let depth = depth, ids = ids, counts = counts
        let bv = batchVaryings, bf = batchFragments, bc = batchColors
        let groupIds = groupScratch, groupDepths = groupScratch + 64
        // Every triangle of the tile is set up first, in drawing order: the mesh is read nearly
        // in sequence, and the pixel loop has no branch per pixel on whether its triangle is ready
        // (setting up on first use mispredicted about once per triangle and gathered the mesh in
        // pixel order).
        let setups = setups
        for k in 0..<triangleCount { (setups + k).initialize(to: TriangleSetup(triangle: triangles[k], mesh: mesh)) }

        /// Queues the fragment of sample id `id` at pixel centre (px, py) for shading.
        @inline(__always) func add(_ id: UInt32, _ px: Float, _ py: Float, _ n: inout Int) {
            let k = Int(id)
            let u = px * ndcX - 1, v = py * ndcY + 1
            bv[n] = setups[k].varyings(u: u, v: v)
            if keepFragments { bf[n] = setups[k].fragment(px: px, py: py, u: u, v: v, ndcX: ndcX, ndcY: ndcY) }
            n &+= 1
        }

        /// One pixel in full: front surface, a farther one at silhouettes, the coverage counts.
        @inline(__always) func addPixel(_ x: Int, _ s: Int, _ py: Float, _ depthRow: UnsafeMutablePointer<Float>?, _ n: inout Int) {
            let d0 = depth[s], d1 = depth[s &+ 1], d2 = depth[s &+ side], d3 = depth[s &+ side &+ 1]
            let nearest = Swift.max(Swift.max(d0, d1), Swift.max(d2, d3))
            if !(nearest > farInvW) {
                counts[x &- rect.x0] = .zero
                depthRow?[x] = 0
                return
            }
            // The nearest sample names the front surface.
            let k = nearest == d0 ? s : nearest == d1 ? s &+ 1 : nearest == d2 ? s &+ side : s &+ side &+ 1
            let px = Float(x) + 0.5
            add(ids[k], px, py, &n)
            depthRow?[x] = nearest
            // Samples within the gap of the nearest are the same surface.
            let threshold = Swift.max(nearest * gapScale, farNext)
            @inline(__always) func front(_ d: Float) -> Int32 { d >= threshold ? 1 : 0 }
            @inline(__always) func back(_ d: Float) -> Int32 { d > farInvW && d < threshold ? 1 : 0 }
            let frontCount = front(d0) &+ front(d1) &+ front(d2) &+ front(d3)
            let behindCount = back(d0) &+ back(d1) &+ back(d2) &+ back(d3)
            if behindCount > 0 {
                // The nearest of the samples behind names the farther surface.
                @inline(__always) func masked(_ d: Float) -> Float { d < threshold ? d : 0 }
                let back = Swift.max(Swift.max(masked(d0), masked(d1)), Swift.max(masked(d2), masked(d3)))
                let b = back == d0 ? s : back == d1 ? s &+ 1 : back == d2 ? s &+ side : s &+ side &+ 1
                add(ids[b], px, py, &n)
            }
            counts[x &- rect.x0] = SIMD2(frontCount, behindCount)
        }

        // A group of 8 pixels is read as two halves of 4 (SIMD8 of samples each: SIMD16 masks
        // compile to lane shuffles on AVX2). Lanes 2p of a half hold its pixel p; odd lanes are the
        // samples in between.
        let farInvWs = SIMD8<Float>(repeating: farInvW), farNexts = SIMD8<Float>(repeating: farNext)
        // One row at a time: collect the fragments to shade (front surface, and a farther one at
        // silhouettes), shade them as a batch, then blend each pixel by sample coverage.
        for y in rect.y0..<rect.y1 {
            let depthRow = depthOut.map { $0 + y * frame.width }
            let s0 = (y - rect.y0) * 2 * side
            let py = Float(y) + 0.5
            var n = 0
            var lx = 0
            while lx < rect.width {
                // 8 pixels at once: every pixel wholly one surface, or none covered, is the common case.
                let m = Swift.min(8, rect.width - lx)
                let s = s0 &+ lx &* 2
                let low = GroupHalf(depth + s, side: side, first: 0, m: Int32(m), gapScale: gapScale, farInvW: farInvWs, farNext: farNexts)
                let high = GroupHalf(depth + s + 8, side: side, first: 4, m: Int32(m), gapScale: gapScale, farInvW: farInvWs, farNext: farNexts)
                if (low.split | high.split).isZero {
                    // Every pixel shows one surface with all 4 samples: the nearest sample names it.
                    // Lanes are read back from memory (indexing a vector by a variable spills it each time).
                    groupIds.storeBytes(of: low.nearestIds(depth + s, ids + s, side: side), as: SIMD8<UInt32>.self)
                    groupIds.storeBytes(of: high.nearestIds(depth + s + 8, ids + s + 8, side: side), toByteOffset: 32, as: SIMD8<UInt32>.self)
                    groupDepths.storeBytes(of: low.nearest, as: SIMD8<Float>.self)
                    groupDepths.storeBytes(of: high.nearest, toByteOffset: 32, as: SIMD8<Float>.self)
                    let idLanes = groupIds.assumingMemoryBound(to: UInt32.self)
                    let depthLanes = groupDepths.assumingMemoryBound(to: Float.self)
                    let x0 = rect.x0 &+ lx
                    for p in 0..<m {
                        add(idLanes[p &* 2], Float(x0 &+ p) + 0.5, py, &n)
                        counts[lx &+ p] = SIMD2(4, 0)
                        depthRow?[x0 &+ p] = depthLanes[p &* 2]
                    }
                } else if (low.covered | high.covered).isZero {
                    for p in 0..<m {
                        counts[lx &+ p] = .zero
                        depthRow?[rect.x0 &+ lx &+ p] = 0
                    }
                } else {
                    for p in 0..<m { addPixel(rect.x0 &+ lx &+ p, s &+ p &* 2, py, depthRow, &n) }
                }
                lx &+= 8
            }
            if n > 0 {
                shader.shade(FragmentBatch(count: n, varyings: UnsafePointer(bv), fragments: UnsafePointer(bf), colors: bc))
            }
            let row = target.row(y)
            var e = 0
            for x in rect.x0..<rect.x1 {
                let c = counts[x &- rect.x0]
                if c.x == 0 { row[x] = background; continue }
                if c.x == 4 { row[x] = bc[e]; e &+= 1; continue }
                var sum = PackedColor.unpackUnit(bc[e]) * Float(c.x)
                e &+= 1
                if c.y > 0 { sum += PackedColor.unpackUnit(bc[e]) * Float(c.y); e &+= 1 }
                sum += bg * Float(4 - c.x - c.y)
                row[x] = PackedColor.packUnit(sum * 0.25)
            }
        }
    }

}

/// Half of a group of 8 pixels in the resolve: 4 pixels' 2×2 samples as SIMD8 rows (SIMD16 masks
/// compile to lane shuffles on AVX2). Lane 2p holds pixel p of the half; odd lanes are the
/// samples in between. All lane logic is in sign bits (SIMDMask operations get scalarized).
@usableFromInline struct GroupHalf {
    /// The nearest sample of each pixel.
    @usableFromInline let nearest: SIMD8<Float>
    /// Sign masks over the valid pixels: where a pixel has samples outside the nearest surface
    /// (a second surface or background), where it has any sample.
    @usableFromInline let split: SIMD8<Int32>
    @usableFromInline let covered: SIMD8<Int32>

    /// The half whose first sample is `depth[0]`: pixels `first`..<`first` + 4 of a group of which
    /// those below `m` are valid.
    @inlinable @inline(__always)
    init(_ depth: UnsafeMutablePointer<Float>, side: Int, first: Int32, m: Int32, gapScale: Float,
         farInvW: SIMD8<Float>, farNext: SIMD8<Float>) {
        let a = Self.load(depth), b = Self.load(depth + 1)
        let c = Self.load(depth + side), d = Self.load(depth + side + 1)
        let nearest = a.lanesMax(b).lanesMax(c.lanesMax(d))
        let farthest = a.lanesMin(b).lanesMin(c.lanesMin(d))
        let threshold = (nearest * gapScale).lanesMax(farNext)
        // Literals, not static lets (those are lazily initialized globals, checked on every use).
        let evenLane = SIMD8<Int32>(-1, 0, -1, 0, -1, 0, -1, 0)
        let pixelOfLane = SIMD8<Int32>(0, 0, 1, 1, 2, 2, 3, 3)
        let valid = m == 8 ? evenLane : evenLane & ((pixelOfLane &+ (first &- m)) &>> 31)
        // Sign bits: farthest < threshold, nearest > far.
        split = (unsafeBitCast(farthest - threshold, to: SIMD8<Int32>.self) &>> 31) & valid
        covered = (unsafeBitCast(farInvW - nearest, to: SIMD8<Int32>.self) &>> 31) & valid
        self.nearest = nearest
    }

    /// Per lane, the id of the sample that holds `nearest`: the first of the four that does (each
    /// is at most `nearest`, so it holds it exactly when its difference is +0, not negative).
    @inlinable @inline(__always)
    func nearestIds(_ depth: UnsafeMutablePointer<Float>, _ ids: UnsafeMutablePointer<UInt32>, side: Int) -> SIMD8<UInt32> {
        @inline(__always) func holds(_ d: UnsafeMutablePointer<Float>) -> SIMD8<UInt32> {
            ~unsafeBitCast(unsafeBitCast(Self.load(d) - nearest, to: SIMD8<Int32>.self) &>> 31, to: SIMD8<UInt32>.self)
        }
        @inline(__always) func pick(_ id: SIMD8<UInt32>, _ other: UnsafeMutablePointer<UInt32>, _ m: SIMD8<UInt32>) -> SIMD8<UInt32> {
            (id & ~m) | (Self.load(other) & m)
        }
        var id = Self.load(ids + side + 1)
        id = pick(id, ids + side, holds(depth + side))
        id = pick(id, ids + 1, holds(depth + 1))
        id = pick(id, ids, holds(depth))
        return id
    }

    @inlinable @inline(__always)
    static func load<T: SIMDScalar>(_ p: UnsafeMutablePointer<T>) -> SIMD8<T> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<T>.self)
    }
}
