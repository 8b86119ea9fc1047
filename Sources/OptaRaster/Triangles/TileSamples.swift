/// One worker's sample buffers for a tile: 2×2 samples per pixel, row-major at sample resolution,
/// holding the nearest 1/w and the triangle that put it there (an index into `triangles`), plus
/// the resolve's per-row batch. Owned by one worker; its memory is reused tile after tile.
final class TileSamples {
    let tileSize: Int
    /// Samples per row (and rows): twice the tile size.
    let side: Int
    let depth: UnsafeMutablePointer<Float>
    let ids: UnsafeMutablePointer<UInt32>
    /// The tile's triangles in drawing order (mesh triangle indices): sample ids index this list.
    private(set) var triangles: UnsafeMutablePointer<UInt32>
    private(set) var triangleCount = 0
    private var triangleCapacity = 0
    /// Per entry of `triangles`, its setup (written by the resolve before it reads any).
    private(set) var setups: UnsafeMutablePointer<TriangleSetup>
    /// The resolve's per-row batch (front and farther surface per pixel) and per-pixel counts.
    let batchVaryings: UnsafeMutablePointer<SIMD8<Float>>
    let batchFragments: UnsafeMutablePointer<TriangleFragment>
    let batchColors: UnsafeMutablePointer<UInt32>
    let counts: UnsafeMutablePointer<SIMD2<Int32>>
    /// 128 bytes where the resolve spills a group's 16-lane ids and depths to read single lanes.
    let groupScratch: UnsafeMutableRawPointer

    /// Spare samples past the last row: 16-wide loads of the resolve may run past the last sample.
    static let spare = 32

    init(tileSize: Int) {
        self.tileSize = tileSize
        side = tileSize * 2
        let samples = side * side + Self.spare
        depth = .allocate(capacity: samples)
        depth.initialize(repeating: 0, count: samples)
        ids = .allocate(capacity: samples)
        ids.initialize(repeating: 0, count: samples)
        triangles = .allocate(capacity: 0)
        setups = .allocate(capacity: 0)
        // Varyings are readable up to a whole group of 8 past the last fragment (`FragmentBatch`).
        batchVaryings = .allocate(capacity: 2 * tileSize + 8)
        batchVaryings.initialize(repeating: .zero, count: 2 * tileSize + 8)
        batchFragments = .allocate(capacity: 2 * tileSize)
        batchFragments.initialize(repeating: TriangleFragment(triangle: 0, vertices: .zero, x: 0, y: 0, edge: .zero, dx: .zero, dy: .zero),
                                  count: 2 * tileSize)
        batchColors = .allocate(capacity: 2 * tileSize)
        batchColors.initialize(repeating: 0, count: 2 * tileSize)
        counts = .allocate(capacity: tileSize)
        counts.initialize(repeating: .zero, count: tileSize)
        groupScratch = .allocate(byteCount: 128, alignment: 64)
    }

    deinit {
        depth.deallocate(); ids.deallocate(); triangles.deallocate(); setups.deallocate()
        batchVaryings.deallocate(); batchFragments.deallocate(); batchColors.deallocate(); counts.deallocate()
        groupScratch.deallocate()
    }

    func clear(farInvW: Float) {
        depth.update(repeating: farInvW, count: side * side)
    }

    /// Appends a triangle to the tile's list (growing the per-triangle buffers when full).
    @inline(__always)
    private func append(_ triangle: UInt32) {
        if triangleCount == triangleCapacity { grow() }
        triangles[triangleCount] = triangle
        triangleCount &+= 1
    }

    private func grow() {
        let capacity = Swift.max(256, triangleCapacity * 2)
        let newTriangles = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        newTriangles.update(from: triangles, count: triangleCount)
        triangles.deallocate()
        triangles = newTriangles
        // Setups are written before they are read (the resolve sets up every triangle first).
        setups.deallocate()
        setups = .allocate(capacity: capacity)
        triangleCapacity = capacity
    }

    /// Clears the samples to `farInvW` and rasterizes the tile's binned triangles; false when the
    /// tile has none (then nothing is cleared: the caller fills the tile with the background).
    func rasterize(tile: Int, rect: PixelRect, bins: TriangleBins, mesh: MeshBuffers, farInvW: Float) -> Bool {
        guard bins.chunks.contains(where: { $0.offsets[tile] != $0.offsets[tile + 1] }) else { return false }
        clear(farInvW: farInvW)
        let side = side
        triangleCount = 0
        let sw = rect.width * 2, sh = rect.height * 2
        let originX = Int64(rect.x0) << TriangleRasterizer.subpixelBits
        let originY = Int64(rect.y0) << TriangleRasterizer.subpixelBits
        let d = depth, idp = ids
        let screen = mesh.screen.buffer, indices = mesh.indices.buffer
        for chunk in bins.chunks {
            let first = Int(chunk.offsets[tile]), end = Int(chunk.offsets[tile + 1])
            if first == end { continue }
            chunk.entries.withUnsafeBufferPointer { entries in
                for k in first..<end {
                    let e = entries[k]
                    let local = UInt32(truncatingIfNeeded: triangleCount)
                    if e & TriangleBins.clippedFlag == 0 {
                        let t = Int(e)
                        let a = screen[Int(indices[t &* 3])], b = screen[Int(indices[t &* 3 &+ 1])], c = screen[Int(indices[t &* 3 &+ 2])]
                        let x = SIMD3(a.x, b.x, c.x), y = SIMD3(a.y, b.y, c.y), invW = SIMD3(a.invW, b.invW, c.invW)
                        let drawn = Self.draw(x: x, y: y, invW: invW, id: local, originX: originX, originY: originY,
                                              sw: sw, sh: sh, side: side, depth: d, ids: idp)
                        if drawn { append(e) }
                    } else {
                        let p = chunk.pieces[Int(e & ~TriangleBins.clippedFlag)]
                        if Self.draw(x: p.x, y: p.y, invW: p.invW, id: local,
                                     originX: originX, originY: originY, sw: sw, sh: sh, side: side, depth: d, ids: idp) {
                            append(p.triangle)
                        }
                    }
                }
            }
        }
        return true
    }

    /// Sample k of a tile sits at fixed-point offset k · half + quarter from the tile's corner.
    static let half = Int64(TriangleRasterizer.subpixelScale / 2)
    static let quarter = Int64(TriangleRasterizer.subpixelScale / 4)

    /// Draws one triangle's samples with `id`; false when its bounding box holds no sample of the tile
    /// (then no sample can name it). Small triangles (nearly all of a fine mesh) are drawn inline
    /// in 32-bit arithmetic, 8 samples of a row at once; the others are a call.
    @inline(__always)
    static func draw(x: SIMD3<Int32>, y: SIMD3<Int32>, invW: SIMD3<Float>, id: UInt32,
                     originX: Int64, originY: Int64, sw: Int, sh: Int, side: Int,
                     depth: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<UInt32>) -> Bool {
        let box = SmallTriangle.box(x: x, y: y)
        guard SmallTriangle.fits(box) else {
            return drawLarge(x: x, y: y, invW: invW, id: id, originX: originX, originY: originY,
                             sw: sw, sh: sh, side: side, depth: depth, ids: ids)
        }
        let origin = SIMD2(Int32(truncatingIfNeeded: originX), Int32(truncatingIfNeeded: originY))
        return SmallTriangle.draw(x: x &- origin.x, y: y &- origin.y, box: (box.lo &- origin, box.hi &- origin),
                                  invW: invW, id: id, sw: sw, sh: sh, side: side, depth: depth, ids: ids)
    }

    /// `draw` for a triangle whose bounding box is 64 samples or more a side: 64-bit edge functions.
    @inline(never)
    static func drawLarge(x: SIMD3<Int32>, y: SIMD3<Int32>, invW: SIMD3<Float>, id: UInt32,
                          originX: Int64, originY: Int64, sw: Int, sh: Int, side: Int,
                          depth: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<UInt32>) -> Bool {
        var x0 = Int64(x.x), x1 = Int64(x.y), x2 = Int64(x.z)
        var y0 = Int64(y.x), y1 = Int64(y.y), y2 = Int64(y.z)
        var w0 = invW.x, w1 = invW.y, w2 = invW.z
        var area = (x1 &- x0) &* (y2 &- y0) &- (y1 &- y0) &* (x2 &- x0)
        if area == 0 { return false }
        if area < 0 {  // the other winding: swap two corners so the inside is positive
            swap(&x1, &x2); swap(&y1, &y2); swap(&w1, &w2)
            area = 0 &- area
        }
        // Sample range inside the bounding box, clamped to the tile.
        let minX = Swift.min(x0, x1, x2) &- originX &- quarter, maxX = Swift.max(x0, x1, x2) &- originX &- quarter
        let minY = Swift.min(y0, y1, y2) &- originY &- quarter, maxY = Swift.max(y0, y1, y2) &- originY &- quarter
        let i0 = Int(Swift.max(0, ceilHalf(minX))), i1 = Int(Swift.min(Int64(sw - 1), floorHalf(maxX)))
        let j0 = Int(Swift.max(0, ceilHalf(minY))), j1 = Int(Swift.min(Int64(sh - 1), floorHalf(maxY)))
        if i0 > i1 || j0 > j1 { return false }
        // Edge functions E = A·x + B·y + C, positive inside; E_k is 0 on the edge opposite corner k.
        let a0 = y1 &- y2, b0 = x2 &- x1
        let a1 = y2 &- y0, b1 = x0 &- x2
        let a2 = y0 &- y1, b2 = x1 &- x0
        // Top-left rule: a sample exactly on an edge belongs to the triangle only if the edge is a
        // left edge (inside to the right, A > 0) or a top edge (horizontal, inside below).
        @inline(__always) func bias(_ a: Int64, _ b: Int64) -> Int64 { (a > 0 || (a == 0 && b > 0)) ? 0 : -1 }
        // Values at the first sample (i0, j0).
        let sx = originX &+ quarter &+ Int64(i0) &* half, sy = originY &+ quarter &+ Int64(j0) &* half
        var r0 = a0 &* (sx &- x1) &+ b0 &* (sy &- y1) &+ bias(a0, b0)
        var r1 = a1 &* (sx &- x2) &+ b1 &* (sy &- y2) &+ bias(a1, b1)
        var r2 = a2 &* (sx &- x0) &+ b2 &* (sy &- y0) &+ bias(a2, b2)
        // 1/w is affine in screen space: interpolate it with the (unbiased) edge functions.
        let invArea = 1 / Float(area)
        let dzdx = (Float(a0) * w0 + Float(a1) * w1 + Float(a2) * w2) * invArea * Float(half)
        let dzdy = (Float(b0) * w0 + Float(b1) * w1 + Float(b2) * w2) * invArea * Float(half)
        let e0 = Float(a0 &* (sx &- x1) &+ b0 &* (sy &- y1)), e1 = Float(a1 &* (sx &- x2) &+ b1 &* (sy &- y2))
        var zRow = (e0 * w0 + e1 * w1) * invArea + (1 - (e0 + e1) * invArea) * w2
        let stepX0 = a0 &* half, stepX1 = a1 &* half, stepX2 = a2 &* half
        let stepY0 = b0 &* half, stepY1 = b1 &* half, stepY2 = b2 &* half
        var rowIndex = j0 * side
        for _ in j0...j1 {
            var e0 = r0, e1 = r1, e2 = r2, z = zRow
            for i in i0...i1 {
                if (e0 | e1 | e2) >= 0 {
                    let s = rowIndex + i
                    if z > depth[s] { depth[s] = z; ids[s] = id }
                }
                e0 &+= stepX0; e1 &+= stepX1; e2 &+= stepX2; z += dzdx
            }
            r0 &+= stepY0; r1 &+= stepY1; r2 &+= stepY2; zRow += dzdy
            rowIndex += side
        }
        return true
    }

    /// ⌊a / half⌋ and ⌈a / half⌉ for the sample spacing `half` (a power of two: arithmetic shifts).
    @inline(__always) static func floorHalf(_ a: Int64) -> Int64 { a >> halfShift }
    @inline(__always) static func ceilHalf(_ a: Int64) -> Int64 { 0 &- ((0 &- a) >> halfShift) }
    static let halfShift = Int64(TriangleRasterizer.subpixelBits - 1)
}
