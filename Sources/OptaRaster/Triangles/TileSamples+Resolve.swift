extension TileSamples {
    /// A tile whose listed triangles are at most 1 per this many pixels gets `TrianglePlanes`.
    static let pixelsPerTriangleForPlanes = 2

    /// Turns the tile's samples into pixels. A pixel that is not an edge shows the triangle at its
    /// centre. An edge pixel is shaded once for its nearest surface and once more for samples of a
    /// farther surface (a silhouette), then blended with the background by how many of its 2×2
    /// samples each covers.
    func resolve<S: TriangleShader>(into target: inout TileTarget, mesh: MeshBuffers, frame: FrameGeometry,
                                    shader: S, background: UInt32) {
        let rect = target.rect
        let side = side
        let farInvW = frame.farInvW
        let farNext = farInvW.nextUp
        let gapScale = 1 - TriangleRasterizer.surfaceGap
        let bg = PackedColor.unpackUnit(background)
        let backgroundGroup = SIMD8<UInt32>(repeating: background)
        let ndcX = 2 / Float(frame.width), ndcY = -2 / Float(frame.height)
        let keepFragments = shader.needsFragments
        let depth = depth, ids = ids, coverage = coverage
        let bv = batchVaryings, bf = batchFragments, bc = batchColors
        let group = pixelGroup
        let idLanes = group.scalars(of: \.ids), depthLanes = group.scalars(of: \.depths)
        let groupUs = group.scalars(of: \.us), groupWeights = group.scalars(of: \.weights)
        let listed = listedTriangles
        let interpolator = interpolator
        // Triangles that show several pixels each get their varyings' planes first; on a finer
        // mesh, each row's fragments are interpolated 8 at a time.
        let planes = planes
        let perTriangle = triangleCount * Self.pixelsPerTriangleForPlanes <= rect.width * rect.height
        if perTriangle { TrianglePlanes.prepare(triangleCount, of: listed, mesh: mesh, into: planes) }
        /// Queues the fragment of sample id `id` at pixel centre (px, py) for shading.
        @inline(__always) func add(_ id: UInt32, _ px: Float, _ py: Float, _ n: inout Int) {
            if perTriangle {
                bv[n] = planes[Int(id)].varyings(u: px * ndcX - 1, v: py * ndcY + 1)
            } else {
                interpolator.record(n, triangle: listed.triangle(Int(id)), px: px)
            }
            if keepFragments {
                bf[n] = TriangleSetup(triangle: listed.triangle(Int(id)), mesh: mesh).fragment(px: px, py: py, ndcX: ndcX, ndcY: ndcY)
            }
            n &+= 1
        }

        /// An edge pixel from its 2×2 samples: front surface, a farther one at silhouettes, the coverage counts.
        @inline(__always) func addEdgePixel(_ x: Int, _ s: Int, _ py: Float, _ n: inout Int) {
            let d0 = depth[s], d1 = depth[s &+ 1], d2 = depth[s &+ side], d3 = depth[s &+ side &+ 1]
            let nearest = Swift.max(Swift.max(d0, d1), Swift.max(d2, d3))
            if !(nearest > farInvW) {
                coverage[x &- rect.x0] = .background
                return
            }
            // The nearest sample names the front surface.
            let k = nearest == d0 ? s : nearest == d1 ? s &+ 1 : nearest == d2 ? s &+ side : s &+ side &+ 1
            let px = Float(x) + 0.5
            add(ids[k], px, py, &n)
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
            coverage[x &- rect.x0] = PixelCoverage(front: frontCount, behind: behindCount)
        }

        /// `add` for a whole group of 8 covered pixels from x0 on, with their triangles' planes:
        /// the 8 divisions by Σ e_k in one vector instruction.
        @inline(__always) func addPlaneGroup(_ x0: Int, _ py: Float, _ n: inout Int) {
            let u = (SIMD8<Float>(repeating: Float(x0)) + SIMD8(0, 1, 2, 3, 4, 5, 6, 7) + 0.5) * ndcX - 1
            let v = py * ndcY + 1
            group.pointee.us = u
            let ids = idLanes, out = bv + n
            // Σ e_k of the 8 pixels at once, from their planes' sums turned into columns.
            @inline(__always) func sums(_ p: Int) -> SIMD8<Float> {
                SIMD8(lowHalf: TrianglePlanes.sumLanes(planes + Int(ids[p])),
                      highHalf: TrianglePlanes.sumLanes(planes + Int(ids[p &+ 4])))
            }
            let (sx, sy, sz, _) = LaneTranspose.columns(sums(0), sums(1), sums(2), sums(3))
            let inverse = 1 / (sx * u + sy * v + sz)
            group.pointee.weights = inverse
            for p in 0..<8 {
                out[p] = planes[Int(ids[p])].weighted(u: groupUs[p], v: v).varyings * SIMD8(repeating: groupWeights[p])
            }
            n &+= 8
        }

        let farInvWs = SIMD8<Float>(repeating: farInvW)
        // One row at a time: collect the fragments to shade (front surface, and a farther one at
        // silhouettes), shade them as a batch, then blend each pixel by sample coverage.
        for y in rect.y0..<rect.y1 {
            let j = y &- rect.y0
            let centreRow = (j &+ 1) &* centreSide &+ 1
            let s0 = j &* 2 &* side
            let edges = edgeRows[j]
            let py = Float(y) + 0.5
            var n = 0
            var lx = 0
            while lx < rect.width {
                // 8 pixels at once: no edge pixel among them is the common case.
                let m = Swift.min(8, rect.width &- lx)
                let x0 = rect.x0 &+ lx
                let groupEdges = (edges >> UInt64(lx)) & 0xFF
                let centres = UnsafeRawPointer(centreDepth + (centreRow &+ lx)).loadUnaligned(as: SIMD8<Float>.self)
                group.pointee.ids = UnsafeRawPointer(centreIds + (centreRow &+ lx)).loadUnaligned(as: SIMD8<UInt32>.self)
                group.pointee.depths = centres
                let covered = unsafeBitCast(farInvWs - centres, to: SIMD8<Int32>.self) &>> 31
                /// Pixel p of the group, not an edge: its centre's triangle, or nothing.
                @inline(__always) func centrePixel(_ p: Int, _ n: inout Int) {
                    add(idLanes[p], Float(x0 &+ p) + 0.5, py, &n)
                    coverage[lx &+ p] = .centre
                }
                if groupEdges == 0 && (~covered).isZero && m == 8 {
                    if perTriangle && !keepFragments {
                        addPlaneGroup(x0, py, &n)
                    } else if !perTriangle && !keepFragments {
                        interpolator.recordGroup(n, ids: idLanes, of: listed, x0: x0)
                        n &+= 8
                    } else {
                        for p in 0..<8 { add(idLanes[p], Float(x0 &+ p) + 0.5, py, &n) }
                    }
                    coverage[lx] = .coveredGroup
                } else if groupEdges == 0 && covered.isZero && m == 8 {
                    coverage[lx] = .backgroundGroup
                } else {
                    for p in 0..<m {
                        if (groupEdges >> UInt64(p)) & 1 != 0 {
                            addEdgePixel(x0 &+ p, s0 &+ (lx &+ p) &* 2, py, &n)
                        } else if depthLanes[p] > farInvW {
                            centrePixel(p, &n)
                        } else {
                            coverage[lx &+ p] = .background
                        }
                    }
                }
                lx &+= 8
            }
            if n > 0 {
                if !perTriangle { interpolator.interpolate(count: n, py: py, ndcX: ndcX, ndcY: ndcY, mesh: mesh, into: bv) }
                shader.shade(FragmentBatch(count: n, varyings: UnsafePointer(bv), fragments: UnsafePointer(bf), colors: bc))
            }
            let row = target.row(y)
            var e = 0
            var x = rect.x0
            while x < rect.x1 {
                let c = coverage[x &- rect.x0]
                if c.isCoveredGroup {
                    UnsafeMutableRawPointer(row + x).storeBytes(of: UnsafeRawPointer(bc + e).loadUnaligned(as: SIMD8<UInt32>.self),
                                                                as: SIMD8<UInt32>.self)
                    e &+= 8; x &+= 8
                    continue
                }
                if c.isBackgroundGroup {
                    UnsafeMutableRawPointer(row + x).storeBytes(of: backgroundGroup, as: SIMD8<UInt32>.self)
                    x &+= 8
                    continue
                }
                defer { x &+= 1 }
                if c.front == 0 { row[x] = background; continue }
                if c.front == 4 { row[x] = bc[e]; e &+= 1; continue }
                var sum = PackedColor.unpackUnit(bc[e]) * Float(c.front)
                e &+= 1
                if c.behind > 0 { sum += PackedColor.unpackUnit(bc[e]) * Float(c.behind); e &+= 1 }
                sum += bg * Float(4 - c.front - c.behind)
                row[x] = PackedColor.packUnit(sum * 0.25)
            }
        }
    }
}
