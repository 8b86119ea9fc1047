/// One worker's depth buffers for a tile. The first pass draws every triangle at pixel centres
/// (one sample per pixel, over the tile and a one-pixel apron), holding the nearest 1/w and the
/// triangle that put it there (an index into `listed`). Pixels whose 3×3 neighbourhood of centres
/// shows more than one surface (silhouettes, the mesh's outline) are marked as edges; the second
/// pass draws the triangles that touch an edge pixel again at 2×2 samples per pixel, which the
/// resolve blends by coverage. Owned by one worker; its memory is reused tile after tile.
final class TileSamples {
    let tileSize: Int
    /// 2×2 samples: per row (and rows), twice the tile size.
    let side: Int
    let depth: UnsafeMutablePointer<Float>
    let ids: UnsafeMutablePointer<UInt32>
    /// Pixel centres of the tile and its apron: `centreSide` per row, `tileSize + 2` rows; the
    /// tile's pixel (x, y) is at (x − x0 + 1, y − y0 + 1).
    let centreSide: Int
    let centreDepth: UnsafeMutablePointer<Float>
    let centreIds: UnsafeMutablePointer<UInt32>
    /// Per pixel row of the tile, bit x − x0 set where the pixel is an edge.
    let edgeRows: UnsafeMutablePointer<UInt64>
    /// The tile's triangles in drawing order (every one whose bounding box meets the tile): ids index this list.
    private(set) var listed: UnsafeMutablePointer<ScreenTriangle>
    private(set) var triangleCount = 0
    private var triangleCapacity = 0
    /// Per entry of `listed`, its setup (written by the resolve before it reads any).
    private(set) var setups: UnsafeMutablePointer<TriangleSetup>
    /// Per entry of `listed` (and one more), whether a pixel or sample shows it (see the resolve).
    private(set) var shown: UnsafeMutablePointer<UInt8>
    /// The resolve's per-row batch (front and farther surface per pixel) and per-pixel counts.
    let batchVaryings: UnsafeMutablePointer<SIMD8<Float>>
    let batchFragments: UnsafeMutablePointer<TriangleFragment>
    let batchColors: UnsafeMutablePointer<UInt32>
    let counts: UnsafeMutablePointer<SIMD2<Int32>>
    /// 128 bytes where the resolve spills a group's lanes to read single ones.
    let groupScratch: UnsafeMutableRawPointer
    /// The lanes of the raster's `TriangleBatch`.
    let batchLanes: UnsafeMutableRawPointer

    /// Spare samples past the last row: 16-wide loads of the resolve may run past the last sample.
    static let spare = 32

    init(tileSize: Int) {
        precondition(tileSize <= 64, "edge rows are 64-bit masks")
        self.tileSize = tileSize
        side = tileSize * 2
        let samples = side * side + Self.spare
        depth = .allocate(capacity: samples)
        depth.initialize(repeating: 0, count: samples)
        ids = .allocate(capacity: samples)
        ids.initialize(repeating: 0, count: samples)
        centreSide = tileSize + 2 + 8
        let centres = centreSide * (tileSize + 2) + Self.spare
        centreDepth = .allocate(capacity: centres)
        centreDepth.initialize(repeating: 0, count: centres)
        centreIds = .allocate(capacity: centres)
        centreIds.initialize(repeating: 0, count: centres)
        edgeRows = .allocate(capacity: tileSize)
        edgeRows.initialize(repeating: 0, count: tileSize)
        listed = .allocate(capacity: 0)
        setups = .allocate(capacity: 0)
        shown = .allocate(capacity: 1)
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
        batchLanes = .allocate(byteCount: TriangleBatch.storageSize, alignment: 32)
        batchLanes.initializeMemory(as: UInt8.self, repeating: 0, count: TriangleBatch.storageSize)
    }

    deinit {
        depth.deallocate(); ids.deallocate(); centreDepth.deallocate(); centreIds.deallocate(); edgeRows.deallocate()
        listed.deallocate(); setups.deallocate(); shown.deallocate()
        batchVaryings.deallocate(); batchFragments.deallocate(); batchColors.deallocate(); counts.deallocate()
        groupScratch.deallocate(); batchLanes.deallocate()
    }

    /// Makes room for `count` triangles in the per-triangle buffers (their contents are not kept).
    private func reserve(_ count: Int) {
        if count <= triangleCapacity { return }
        let capacity = Swift.max(256, count, triangleCapacity * 2)
        listed.deallocate()
        listed = .allocate(capacity: capacity)
        // Setups are written before they are read (the resolve sets up every triangle first).
        setups.deallocate()
        setups = .allocate(capacity: capacity)
        shown.deallocate()
        shown = .allocate(capacity: capacity + 1)
        triangleCapacity = capacity
    }

    /// Draws the tile's binned triangles: pixel centres first, then 2×2 samples at edge pixels;
    /// false when the tile has none (then nothing is drawn: the caller fills the tile with the
    /// background).
    func rasterize(tile: Int, rect: PixelRect, bins: TriangleBins, mesh: MeshBuffers, farInvW: Float) -> Bool {
        guard bins.chunks.contains(where: { $0.offsets[tile] != $0.offsets[tile + 1] }) else { return false }
        drawCentres(tile: tile, rect: rect, bins: bins, mesh: mesh, farInvW: farInvW)
        if findEdges(rect: rect, farInvW: farInvW) { drawEdgeSamples(rect: rect, farInvW: farInvW) }
        return true
    }

    /// Pass 1: every binned triangle at the pixel centres of the tile and its apron; lists those
    /// whose bounding box meets the tile.
    private func drawCentres(tile: Int, rect: PixelRect, bins: TriangleBins, mesh: MeshBuffers, farInvW: Float) {
        let centreSide = centreSide
        centreDepth.update(repeating: farInvW, count: centreSide * (rect.height + 2))
        triangleCount = 0
        let scale = Int32(TriangleRasterizer.subpixelBits)
        let target = SampleTarget(grid: .pixelCentres, origin: SIMD2(Int32(rect.x0 - 1), Int32(rect.y0 - 1)) &<< scale,
                                  width: rect.width + 2, height: rect.height + 2, side: centreSide,
                                  depth: centreDepth, ids: centreIds)
        // The tile in fixed point: a triangle is listed when its bounding box meets it.
        let tileLo = SIMD2(Int32(rect.x0), Int32(rect.y0)) &<< scale
        let tileHi = SIMD2(Int32(rect.x1), Int32(rect.y1)) &<< scale
        let screen = mesh.screen.buffer, indices = mesh.indices.buffer
        reserve(bins.chunks.reduce(0) { $0 + Int($1.offsets[tile + 1] - $1.offsets[tile]) })
        let listed = listed
        var count = 0
        var batch = TriangleBatch(storage: batchLanes)
        @inline(__always) func queue(_ t: ScreenTriangle) {
            let box = boundingBox(t.x, t.y)
            // Apron-only triangles draw with the next free id: apron ids are never read.
            batch.add(t, id: UInt32(truncatingIfNeeded: count))
            if box.hi.x >= tileLo.x && box.lo.x < tileHi.x && box.hi.y >= tileLo.y && box.lo.y < tileHi.y {
                (listed + count).initialize(to: t)
                count &+= 1
            }
            if batch.isFull { batch.draw(into: target) }
        }
        for chunk in bins.chunks {
            let first = Int(chunk.offsets[tile]), end = Int(chunk.offsets[tile + 1])
            if first == end { continue }
            chunk.entries.withUnsafeBufferPointer { entries in
                for k in first..<end {
                    let e = entries[k]
                    if e & TriangleBins.clippedFlag == 0 {
                        let t = Int(e)
                        let a = screen[Int(indices[t &* 3])], b = screen[Int(indices[t &* 3 &+ 1])], c = screen[Int(indices[t &* 3 &+ 2])]
                        queue(ScreenTriangle(x: SIMD3(a.x, b.x, c.x), y: SIMD3(a.y, b.y, c.y),
                                             invW: SIMD3(a.invW, b.invW, c.invW), triangle: e))
                    } else {
                        queue(chunk.pieces[Int(e & ~TriangleBins.clippedFlag)])
                    }
                }
            }
        }
        batch.draw(into: target)
        triangleCount = count
    }

    /// Marks the tile's edge pixels in `edgeRows`: those where the centres of the pixel and its
    /// 4 neighbours include a covered one and one that is not within the surface gap of the
    /// nearest (a straight edge through a pixel's samples always separates its centre from a
    /// neighbour's). True if there is one.
    private func findEdges(rect: PixelRect, farInvW: Float) -> Bool {
        let centreSide = centreSide
        let gapScale = SIMD8<Float>(repeating: 1 - TriangleRasterizer.surfaceGap)
        // Depths are positive floats, which order like their bit patterns as signed integers: the
        // lane logic runs on integers (min, max and signs of differences), one instruction each
        // (float comparisons here compiled to a branch per lane).
        @inline(__always) func bits(_ v: SIMD8<Float>) -> SIMD8<Int32> { unsafeBitCast(v, to: SIMD8<Int32>.self) }
        let far = SIMD8<Int32>(repeating: Int32(bitPattern: farInvW.bitPattern))
        let farNext = SIMD8<Int32>(repeating: Int32(bitPattern: farInvW.nextUp.bitPattern))
        let laneBit = SIMD8<Int32>(1, 2, 4, 8, 16, 32, 64, 128)
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
                mask |= UInt64(truncatingIfNeeded: ((split &>> 31) & laneBit).wrappedSum()) &<< UInt64(lx)
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
    private func drawEdgeSamples(rect: PixelRect, farInvW: Float) {
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
        var batch = TriangleBatch(storage: batchLanes)
        for k in 0..<triangleCount {
            let t = listed[k]
            let box = boundingBox(t.x, t.y)
            // Pixels the bounding box touches, clamped to the tile.
            let lo = ((box.lo &- origin) &>> scale).clamped(lowerBound: .zero, upperBound: last)
            let hi = ((box.hi &- origin) &>> scale).clamped(lowerBound: .zero, upperBound: last)
            let columns = (UInt64.max >> UInt64(63 &- (hi.x &- lo.x))) << UInt64(lo.x)
            var touches = false
            for j in Int(lo.y)...Int(hi.y) where edges[j] & columns != 0 { touches = true; break }
            if touches {
                batch.add(t, id: UInt32(truncatingIfNeeded: k))
                if batch.isFull { batch.draw(into: target) }
            }
        }
        batch.draw(into: target)
    }

    /// Draws one triangle with corners (`x`, `y`) in fixed point (frame coordinates) on the 2×2
    /// grid of a buffer whose corner is at (`originX`, `originY`): the tests' entry point.
    static func draw(x: SIMD3<Int32>, y: SIMD3<Int32>, invW: SIMD3<Float>, id: UInt32,
                     originX: Int64, originY: Int64, sw: Int, sh: Int, side: Int,
                     depth: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<UInt32>) {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: TriangleBatch.storageSize, alignment: 32)
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: TriangleBatch.storageSize)
        var batch = TriangleBatch(storage: storage)
        batch.add(ScreenTriangle(x: x, y: y, invW: invW, triangle: id), id: id)
        batch.draw(into: SampleTarget(grid: .quad, origin: SIMD2(Int32(originX), Int32(originY)),
                                      width: sw, height: sh, side: side, depth: depth, ids: ids))
    }

    /// Draws a triangle whose bounding box is 32 pixels or more a side: 64-bit edge functions.
    @inline(never)
    static func drawLarge(x: SIMD3<Int32>, y: SIMD3<Int32>, invW: SIMD3<Float>, id: UInt32, into target: SampleTarget) {
        let grid = target.grid
        let originX = Int64(target.origin.x), originY = Int64(target.origin.y)
        let sw = target.width, sh = target.height, side = target.side, depth = target.depth, ids = target.ids
        let half = Int64(grid.spacing), quarter = Int64(grid.offset), shift = Int64(grid.shift)
        /// ⌊a / half⌋ and ⌈a / half⌉ (half is a power of two: arithmetic shifts).
        @inline(__always) func floorHalf(_ a: Int64) -> Int64 { a >> shift }
        @inline(__always) func ceilHalf(_ a: Int64) -> Int64 { 0 &- ((0 &- a) >> shift) }
        var x0 = Int64(x.x), x1 = Int64(x.y), x2 = Int64(x.z)
        var y0 = Int64(y.x), y1 = Int64(y.y), y2 = Int64(y.z)
        var w0 = invW.x, w1 = invW.y, w2 = invW.z
        var area = (x1 &- x0) &* (y2 &- y0) &- (y1 &- y0) &* (x2 &- x0)
        if area == 0 { return }
        if area < 0 {  // the other winding: swap two corners so the inside is positive
            swap(&x1, &x2); swap(&y1, &y2); swap(&w1, &w2)
            area = 0 &- area
        }
        // Sample range inside the bounding box, clamped to the tile.
        let minX = Swift.min(x0, x1, x2) &- originX &- quarter, maxX = Swift.max(x0, x1, x2) &- originX &- quarter
        let minY = Swift.min(y0, y1, y2) &- originY &- quarter, maxY = Swift.max(y0, y1, y2) &- originY &- quarter
        let i0 = Int(Swift.max(0, ceilHalf(minX))), i1 = Int(Swift.min(Int64(sw - 1), floorHalf(maxX)))
        let j0 = Int(Swift.max(0, ceilHalf(minY))), j1 = Int(Swift.min(Int64(sh - 1), floorHalf(maxY)))
        if i0 > i1 || j0 > j1 { return }
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
    }
}
