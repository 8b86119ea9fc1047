extension TileSamples {
    /// Turns the tile's samples into pixels: each pixel is shaded once for its nearest surface and
    /// once more for samples of a farther surface (a silhouette), then blended with the background
    /// by how many of its 4 samples each covers.
    func resolve<S: TriangleShader>(into target: inout TileTarget, mesh: MeshBuffers, frame: FrameGeometry,
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
        depth.withUnsafeBufferPointer { depth in
            ids.withUnsafeBufferPointer { ids in
                for y in rect.y0..<rect.y1 {
                    let row = target.row(y)
                    let s0 = (y - rect.y0) * 2 * side
                    let py = Float(y) + 0.5
                    for x in rect.x0..<rect.x1 {
                        let s = s0 + (x - rect.x0) * 2
                        let d = SIMD4(depth[s], depth[s + 1], depth[s + side], depth[s + side + 1])
                        let covered = d .> farInvW
                        if !any(covered) {
                            row[x] = background
                            depthOut?[y * frame.width + x] = 0
                            continue
                        }
                        // The nearest sample names the front surface.
                        let nearest = Swift.max(Swift.max(d.x, d.y), Swift.max(d.z, d.w))
                        let k = nearest == d.x ? 0 : nearest == d.y ? 1 : nearest == d.z ? 2 : 3
                        let sampleIndex = SIMD4(s, s + 1, s + side, s + side + 1)
                        let front = ids[sampleIndex[k]]
                        let px = Float(x) + 0.5
                        let frontColor = shader.shade(fragment(front, px, py))
                        depthOut?[y * frame.width + x] = nearest
                        let inFront = covered .& (d .>= nearest * gapScale)
                        let frontCount = inFront.countTrue
                        if frontCount == 4 {
                            row[x] = pack(frontColor)
                            continue
                        }
                        var sum = frontColor * Float(frontCount)
                        let behind = covered .& .!inFront
                        let behindCount = behind.countTrue
                        if behindCount > 0 {
                            let masked = d.replacing(with: 0, where: .!behind)
                            let back = Swift.max(Swift.max(masked.x, masked.y), Swift.max(masked.z, masked.w))
                            let b = back == d.x ? 0 : back == d.y ? 1 : back == d.z ? 2 : 3
                            sum += shader.shade(fragment(ids[sampleIndex[b]], px, py)) * Float(behindCount)
                        }
                        sum += bg * Float(4 - frontCount - behindCount)
                        row[x] = pack(sum * 0.25)
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
