extension TileSamples {
    /// Marks the tile's edge pixels in `edgeRows`: those where the centres of the pixel and its
    /// 4 neighbours include a covered one and one that is not within the surface gap of the
    /// nearest (a straight edge through a pixel's samples always separates its centre from a
    /// neighbour's). True if there is one.
    func findEdges(rect: PixelRect, farInvW: Float) -> Bool {
        let centreSide = centreSide
        let gapScale = SIMD8<Float>(repeating: 1 - TriangleRasterizer.surfaceGap)
        // Depths are positive floats, which order like their bit patterns as signed integers: the
        // lane logic runs on integers (min, max and signs of differences), one instruction each
        // (float comparisons here compiled to a branch per lane).
        @inline(__always) func bits(_ v: SIMD8<Float>) -> SIMD8<Int32> { unsafeBitCast(v, to: SIMD8<Int32>.self) }
        let far = SIMD8<Int32>(repeating: Int32(bitPattern: farInvW.bitPattern))
        let farNext = SIMD8<Int32>(repeating: Int32(bitPattern: farInvW.nextUp.bitPattern))
        var any: UInt64 = 0
        for j in 0..<rect.height {
            var mask: UInt64 = 0
            var lx = 0
            while lx < rect.width {
                // Row j + 1 of the apron'd buffer is pixel row j, column lx + 1 pixel column lx.
                let centre = centreDepth + ((j &+ 1) &* centreSide &+ lx &+ 1)
                let c = bits(load(centre)), left = bits(load(centre - 1)), right = bits(load(centre + 1))
                let up = bits(load(centre - centreSide)), down = bits(load(centre + centreSide))
                let nearest = c.lanesMax(left).lanesMax(right.lanesMax(up)).lanesMax(down)
                let farthest = c.lanesMin(left).lanesMin(right.lanesMin(up)).lanesMin(down)
                let threshold = bits(unsafeBitCast(nearest, to: SIMD8<Float>.self) * gapScale).lanesMax(farNext)
                // Sign bits: farthest < threshold, nearest > far.
                let split = (farthest &- threshold) & (far &- nearest)
                mask |= UInt64(split.signBits) &<< UInt64(lx)
                lx &+= 8
            }
            if rect.width < 64 { mask &= (1 &<< UInt64(rect.width)) &- 1 }
            edgeRows[j] = mask
            any |= mask
        }
        return any != 0
    }

    @inline(__always) private func load(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// Pass 2: clears the 2×2 samples of rows with edge pixels and draws there every listed
    /// triangle whose bounding box touches an edge pixel.
    func drawEdgeSamples(rect: PixelRect, farInvW: Float, mesh: MeshBuffers) {
        let side = side
        for j in 0..<rect.height where edgeRows[j] != 0 {
            depth.advanced(by: 2 &* j &* side).update(repeating: farInvW, count: 2 &* side)
        }
        let scale = Int32(TriangleRasterizer.subpixelBits)
        let origin = SIMD2(Int32(rect.x0), Int32(rect.y0)) &<< scale
        let target = SampleTarget(grid: .quad, origin: origin, width: rect.width * 2, height: rect.height * 2, side: side,
                                  depth: depth, ids: ids)
        let last = SIMD2(Int32(rect.width - 1), Int32(rect.height - 1))
        let edges = edgeRows
        /// Whether the box (fixed point, meeting the tile) touches an edge pixel.
        @inline(__always) func touchesEdge(_ lo: SIMD2<Int32>, _ hi: SIMD2<Int32>) -> Bool {
            // Pixels the box touches, clamped to the tile.
            let lo = ((lo &- origin) &>> scale).clamped(lowerBound: .zero, upperBound: last)
            let hi = ((hi &- origin) &>> scale).clamped(lowerBound: .zero, upperBound: last)
            let columns = (UInt64.max >> UInt64(63 &- (hi.x &- lo.x))) << UInt64(lo.x)
            for j in Int(lo.y)...Int(hi.y) where edges[j] & columns != 0 { return true }
            return false
        }
        var batch = TriangleBatch(storage: batchLanes, plain: plainPaths)
        let listed = listedTriangles
        var first = 0
        // Pass 1's batches first: most lie away from every edge pixel.
        for b in 0..<batchCount {
            let end = Int(batchEnds[b])
            defer { first = end }
            let box = batchBoxes[b]
            if first == end || !touchesEdge(box.lowHalf, box.highHalf) { continue }
            for k in first..<end {
                let t = listed.screenTriangle(k, mesh: mesh)
                let box = boundingBox(t.x, t.y)
                if touchesEdge(box.lo, box.hi) {
                    batch.add(t, id: UInt32(truncatingIfNeeded: k))
                    if batch.isFull { batch.draw(into: target) }
                }
            }
        }
        batch.draw(into: target)
    }
}
