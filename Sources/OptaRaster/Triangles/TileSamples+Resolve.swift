extension TileSamples {
    /// Turns the tile's samples into pixels: each pixel is shaded once for its nearest surface and
    /// once more for samples of a farther surface (a silhouette), then blended with the background
    /// by how many of its 4 samples each covers.
    mutating func resolve<S: TriangleShader>(into target: inout TileTarget, mesh: MeshBuffers, frame: FrameGeometry,
                                    shader: S, background: UInt32, depth depthOut: UnsafeMutablePointer<Float>?) {
        let rect = target.rect
        let side = side
        let farInvW = frame.farInvW
        let gapScale = 1 - TriangleRasterizer.surfaceGap
        let bg = unpack(background)
        let ndcX = 2 / Float(frame.width), ndcY = -2 / Float(frame.height)
        let clip = mesh.clip.buffer, indices = mesh.indices.buffer
        // The last triangle's setup: neighbouring pixels mostly show the same triangle.
        var cachedId = UInt32.max
        var cached = (i: SIMD3<UInt32>(), rx: SIMD3<Float>(), ry: SIMD3<Float>(), rz: SIMD3<Float>())
        @inline(__always) func fragment(_ id: UInt32, _ px: Float, _ py: Float) -> TriangleFragment {
            if id != cachedId {
                let t = Int(id)
                let i = SIMD3<UInt32>(indices[3 * t], indices[3 * t + 1], indices[3 * t + 2])
                let c0 = clip[Int(i.x)], c1 = clip[Int(i.y)], c2 = clip[Int(i.z)]
                // Rows of the adjugate of [c0 c1 c2] (x, y, w columns): e_k = (c_(k+1) × c_(k+2)) · (u, v, 1).
                let x1 = SIMD3(c1.x, c2.x, c0.x), y1 = SIMD3(c1.y, c2.y, c0.y), w1 = SIMD3(c1.w, c2.w, c0.w)
                let x2 = SIMD3(c2.x, c0.x, c1.x), y2 = SIMD3(c2.y, c0.y, c1.y), w2 = SIMD3(c2.w, c0.w, c1.w)
                cached = (i, y1 * w2 - w1 * y2, w1 * x2 - x1 * w2, x1 * y2 - y1 * x2)
                cachedId = id
            }
            let u = px * ndcX - 1, v = py * ndcY + 1
            return TriangleFragment(triangle: Int(id), vertices: cached.i, x: px, y: py,
                                    edge: cached.rx * u + cached.ry * v + cached.rz, dx: cached.rx * ndcX, dy: cached.ry * ndcY)
        }
        // One row at a time: collect the fragments to shade (front surface, and a farther one at
        // silhouettes), shade them as a batch, then blend each pixel by sample coverage.
        // Moved out of self for the pass (unique, so no copy), and back at the end.
        var batchVaryings = self.batchVaryings, batchFragments = self.batchFragments
        var batchColors = self.batchColors, counts = self.counts
        self.batchVaryings = []; self.batchFragments = []; self.batchColors = []; self.counts = []
        defer {
            self.batchVaryings = batchVaryings; self.batchFragments = batchFragments
            self.batchColors = batchColors; self.counts = counts
        }
        let varyingsIn = mesh.varyings.buffer
        let keepFragments = shader.needsFragments
        depth.withUnsafeBufferPointer { depth in
            ids.withUnsafeBufferPointer { ids in
                batchVaryings.withUnsafeMutableBufferPointer { bv in
                    batchFragments.withUnsafeMutableBufferPointer { bf in
                        batchColors.withUnsafeMutableBufferPointer { bc in
                            counts.withUnsafeMutableBufferPointer { counts in
                                @inline(__always) func add(_ id: UInt32, _ px: Float, _ py: Float, _ n: inout Int) {
                                    let f = fragment(id, px, py)
                                    let l = f.barycentrics
                                    let i = f.vertices
                                    bv[n] = varyingsIn[Int(i.x)] * l.x + varyingsIn[Int(i.y)] * l.y + varyingsIn[Int(i.z)] * l.z
                                    if keepFragments { bf[n] = f }
                                    n += 1
                                }
                                for y in rect.y0..<rect.y1 {
                                    let row = target.row(y)
                                    let s0 = (y - rect.y0) * 2 * side
                                    let py = Float(y) + 0.5
                                    var n = 0
                                    for x in rect.x0..<rect.x1 {
                                        let s = s0 + (x - rect.x0) * 2
                                        // Scalar on purpose: SIMDMask operations on 4 lanes get scalarized slowly.
                                        let d0 = depth[s], d1 = depth[s + 1], d2 = depth[s + side], d3 = depth[s + side + 1]
                                        let nearest = Swift.max(Swift.max(d0, d1), Swift.max(d2, d3))
                                        if !(nearest > farInvW) {
                                            counts[x - rect.x0] = .zero
                                            depthOut?[y * frame.width + x] = 0
                                            continue
                                        }
                                        // The nearest sample names the front surface.
                                        let k = nearest == d0 ? s : nearest == d1 ? s + 1 : nearest == d2 ? s + side : s + side + 1
                                        let px = Float(x) + 0.5
                                        add(ids[k], px, py, &n)
                                        depthOut?[y * frame.width + x] = nearest
                                        // Samples within the gap of the nearest are the same surface.
                                        let threshold = Swift.max(nearest * gapScale, farInvW.nextUp)
                                        if Swift.min(Swift.min(d0, d1), Swift.min(d2, d3)) >= threshold {
                                            counts[x - rect.x0] = SIMD2(4, 0)
                                            continue
                                        }
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
                                    if n > 0 {
                                        shader.shade(FragmentBatch(count: n, varyings: UnsafePointer(bv.baseAddress!),
                                                                   fragments: UnsafePointer(bf.baseAddress!), colors: bc.baseAddress!))
                                    }
                                    var e = 0
                                    for x in rect.x0..<rect.x1 {
                                        let c = counts[x - rect.x0]
                                        if c.x == 0 { row[x] = background; continue }
                                        if c.x == 4 { row[x] = pack(bc[e]); e += 1; continue }
                                        var sum = bc[e] * Float(c.x)
                                        e += 1
                                        if c.y > 0 { sum += bc[e] * Float(c.y); e += 1 }
                                        sum += bg * Float(4 - c.x - c.y)
                                        row[x] = pack(sum * 0.25)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @inline(__always) func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24)) / 255
    }

    @inline(__always) func pack(_ c: SIMD4<Float>) -> UInt32 {
        @inline(__always) func byte(_ v: Float) -> UInt32 {
            let x = v * 255 + 0.5
            return x >= 255 ? 255 : x > 0 ? UInt32(x) : 0
        }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | byte(c.w) << 24
    }
}

extension SIMDMask where Storage == SIMD4<Int32> {
    /// How many lanes are set.
    @inline(__always) var countTrue: Int {
        (self[0] ? 1 : 0) + (self[1] ? 1 : 0) + (self[2] ? 1 : 0) + (self[3] ? 1 : 0)
    }
}
