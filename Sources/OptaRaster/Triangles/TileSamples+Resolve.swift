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
        // Triangles are set up when a pixel first shows them (many are hidden or cover no sample).
        let triangles = triangles, setups = setups, prepared = prepared
        prepared.initialize(repeating: false, count: triangleCount)

        /// Queues the fragment of sample id `id` at pixel centre (px, py) for shading.
        @inline(__always) func add(_ id: UInt32, _ px: Float, _ py: Float, _ n: inout Int) {
            let k = Int(id)
            if !prepared[k] {
                (setups + k).initialize(to: TriangleSetup(triangle: triangles[k], mesh: mesh))
                prepared[k] = true
            }
            let u = px * ndcX - 1, v = py * ndcY + 1
            bv[n] = setups[k].varyings(u: u, v: v)
            if keepFragments { bf[n] = setups[k].fragment(px: px, py: py, u: u, v: v, ndcX: ndcX, ndcY: ndcY) }
            n += 1
        }

        /// One pixel in full: front surface, a farther one at silhouettes, the coverage counts.
        @inline(__always) func addPixel(_ x: Int, _ s: Int, _ py: Float, _ depthRow: UnsafeMutablePointer<Float>?, _ n: inout Int) {
            let d0 = depth[s], d1 = depth[s + 1], d2 = depth[s + side], d3 = depth[s + side + 1]
            let nearest = Swift.max(Swift.max(d0, d1), Swift.max(d2, d3))
            if !(nearest > farInvW) {
                counts[x - rect.x0] = .zero
                depthRow?[x] = 0
                return
            }
            // The nearest sample names the front surface.
            let k = nearest == d0 ? s : nearest == d1 ? s + 1 : nearest == d2 ? s + side : s + side + 1
            let px = Float(x) + 0.5
            add(ids[k], px, py, &n)
            depthRow?[x] = nearest
            // Samples within the gap of the nearest are the same surface.
            let threshold = Swift.max(nearest * gapScale, farNext)
            @inline(__always) func front(_ d: Float) -> Int32 { d >= threshold ? 1 : 0 }
            @inline(__always) func back(_ d: Float) -> Int32 { d > farInvW && d < threshold ? 1 : 0 }
            let frontCount = front(d0) + front(d1) + front(d2) + front(d3)
            let behindCount = back(d0) + back(d1) + back(d2) + back(d3)
            if behindCount > 0 {
                // The nearest of the samples behind names the farther surface.
                @inline(__always) func masked(_ d: Float) -> Float { d < threshold ? d : 0 }
                let back = Swift.max(Swift.max(masked(d0), masked(d1)), Swift.max(masked(d2), masked(d3)))
                let b = back == d0 ? s : back == d1 ? s + 1 : back == d2 ? s + side : s + side + 1
                add(ids[b], px, py, &n)
            }
            counts[x - rect.x0] = SIMD2(frontCount, behindCount)
        }

        // Lanes 2p hold pixel p of a group of 8; odd lanes are the samples in between.
        let evenLane = SIMD16<Int32>(-1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0)
        let laneIndex = SIMD16<Int32>(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7)
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
                let s = s0 + 2 * lx
                let a = load16(depth + s), b = load16(depth + s + 1)
                let c = load16(depth + s + side), d = load16(depth + s + side + 1)
                let nearest = a.lanesMax(b).lanesMax(c.lanesMax(d))
                let farthest = a.lanesMin(b).lanesMin(c.lanesMin(d))
                let threshold = (nearest * gapScale).lanesMax(SIMD16(repeating: farNext))
                let valid = m == 8 ? evenLane : evenLane.replacing(with: 0, where: laneIndex .>= SIMD16(repeating: Int32(m)))
                // Sign bits: farthest < threshold (a pixel with two surfaces or background), covered.
                let split = unsafeBitCast(farthest - threshold, to: SIMD16<Int32>.self) &>> 31
                let covered = unsafeBitCast(SIMD16(repeating: farInvW) - nearest, to: SIMD16<Int32>.self) &>> 31
                if (split & valid).isZero {
                    // Every pixel shows one surface with all 4 samples: the nearest sample names it.
                    var id = load16(ids + s + side + 1)
                    id.replace(with: load16(ids + s + side), where: c .== nearest)
                    id.replace(with: load16(ids + s + 1), where: b .== nearest)
                    id.replace(with: load16(ids + s), where: a .== nearest)
                    // Lanes are read back from memory (indexing a vector by a variable spills it each time).
                    groupIds.storeBytes(of: id, as: SIMD16<UInt32>.self)
                    groupDepths.storeBytes(of: nearest, as: SIMD16<Float>.self)
                    let idLanes = groupIds.assumingMemoryBound(to: UInt32.self)
                    let depthLanes = groupDepths.assumingMemoryBound(to: Float.self)
                    for p in 0..<m {
                        add(idLanes[2 * p], Float(rect.x0 + lx + p) + 0.5, py, &n)
                        counts[lx + p] = SIMD2(4, 0)
                        depthRow?[rect.x0 + lx + p] = depthLanes[2 * p]
                    }
                } else if (covered & valid).isZero {
                    for p in 0..<m {
                        counts[lx + p] = .zero
                        depthRow?[rect.x0 + lx + p] = 0
                    }
                } else {
                    for p in 0..<m { addPixel(rect.x0 + lx + p, s + 2 * p, py, depthRow, &n) }
                }
                lx += 8
            }
            if n > 0 {
                shader.shade(FragmentBatch(count: n, varyings: UnsafePointer(bv), fragments: UnsafePointer(bf), colors: bc))
            }
            let row = target.row(y)
            var e = 0
            for x in rect.x0..<rect.x1 {
                let c = counts[x - rect.x0]
                if c.x == 0 { row[x] = background; continue }
                if c.x == 4 { row[x] = bc[e]; e += 1; continue }
                var sum = PackedColor.unpackUnit(bc[e]) * Float(c.x)
                e += 1
                if c.y > 0 { sum += PackedColor.unpackUnit(bc[e]) * Float(c.y); e += 1 }
                sum += bg * Float(4 - c.x - c.y)
                row[x] = PackedColor.packUnit(sum * 0.25)
            }
        }
    }

    @inline(__always) func load16<T: SIMDScalar>(_ p: UnsafeMutablePointer<T>) -> SIMD16<T> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD16<T>.self)
    }
}
