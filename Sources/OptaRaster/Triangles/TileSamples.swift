/// One worker's depth buffers for a tile. The first pass draws every triangle at pixel centres
/// (one sample per pixel, over the tile and a one-pixel apron), holding the nearest 1/w and the
/// triangle that put it there (an index into `listed`). Pixels whose centre and 4 neighbouring
/// centres show more than one surface (silhouettes, the mesh's outline) are marked as edges; the second
/// pass draws the triangles that touch an edge pixel again at 2×2 samples per pixel, which the
/// resolve blends by coverage. Owned by one worker; its memory is reused tile after tile.
///
/// Safety (`@unchecked Sendable`): a set moves between threads but is used by one at a time.
/// `WorkerSets.forWorkers` gives each worker of a render its own set, and only sets no other value
/// holds (`isKnownUniquelyReferenced`); a `RenderContext` is never used by two frames at once, and
/// a render returns only after every worker is done with its set.
final class TileSamples: @unchecked Sendable {
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
    /// The tile's triangles in drawing order (every one whose bounding box meets the tile): ids
    /// index this list. An entry is a mesh triangle, or `TriangleBins.clippedFlag | p` for
    /// `listedPieces[p]` (4 bytes an entry keep the list in cache; see `ListedTriangles`).
    private(set) var listed: UnsafeMutablePointer<UInt32>
    /// The batches pass 1 drew, in order: where each one's listed triangles end (they start where
    /// the previous batch's end) and the bounding box of its triangles (fixed point), so pass 2
    /// can skip a batch far from every edge pixel at once.
    private(set) var batchEnds: UnsafeMutablePointer<Int32>
    private(set) var batchBoxes: UnsafeMutablePointer<SIMD4<Int32>>
    private(set) var batchCount = 0
    /// The pieces of clipped triangles that `listed` names.
    private(set) var listedPieces: [ScreenTriangle] = []
    private(set) var triangleCount = 0
    private var triangleCapacity = 0
    /// Per entry of `listed`, its varyings' planes (when the resolve prepares them).
    private(set) var planes: UnsafeMutablePointer<TrianglePlanes>
    /// The resolve's per-row batch (front and farther surface per pixel) and per-pixel coverage.
    let batchVaryings: UnsafeMutablePointer<SIMD8<Float>>
    let batchFragments: UnsafeMutablePointer<TriangleFragment>
    let batchColors: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<PixelCoverage>
    /// Where the resolve spills a group's lanes to read single ones.
    let pixelGroup: UnsafeMutablePointer<PixelGroupLanes>
    /// The resolve's varyings for a row's fragments.
    let interpolator: RowInterpolator
    /// The memory of the raster's `TriangleBatch` (`TriangleBatch.Storage`).
    let batchLanes: UnsafeMutableRawPointer

    /// Whether triangles are drawn through the plain path alone (`TriangleBatch.plain`).
    var plainPaths = false

    /// Spare samples past the last row: 8-wide loads and stores of a row's last block may run past it.
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
        planes = .allocate(capacity: 0)
        batchEnds = .allocate(capacity: 0)
        batchBoxes = .allocate(capacity: 0)
        // Varyings are readable up to a whole group of 8 past the last fragment (`FragmentBatch`).
        batchVaryings = .allocate(capacity: 2 * tileSize + 8)
        batchVaryings.initialize(repeating: .zero, count: 2 * tileSize + 8)
        batchFragments = .allocate(capacity: 2 * tileSize)
        batchFragments.initialize(repeating: TriangleFragment(triangle: 0, vertices: .zero, x: 0, y: 0, edge: .zero, dx: .zero, dy: .zero),
                                  count: 2 * tileSize)
        batchColors = .allocate(capacity: 2 * tileSize)
        batchColors.initialize(repeating: 0, count: 2 * tileSize)
        coverage = .allocate(capacity: tileSize)
        coverage.initialize(repeating: .background, count: tileSize)
        pixelGroup = .allocate(capacity: 1)
        pixelGroup.initialize(to: PixelGroupLanes(ids: .zero, depths: .zero, us: .zero, weights: .zero))
        interpolator = RowInterpolator(fragments: 2 * tileSize)
        batchLanes = .allocate(byteCount: TriangleBatch.storageSize, alignment: 32)
        batchLanes.initializeMemory(as: UInt8.self, repeating: 0, count: TriangleBatch.storageSize)
    }

    deinit {
        depth.deallocate(); ids.deallocate(); centreDepth.deallocate(); centreIds.deallocate(); edgeRows.deallocate()
        listed.deallocate(); planes.deallocate(); batchEnds.deallocate(); batchBoxes.deallocate()
        batchVaryings.deallocate(); batchFragments.deallocate(); batchColors.deallocate(); coverage.deallocate()
        pixelGroup.deallocate(); batchLanes.deallocate(); interpolator.deallocate()
    }

    /// Makes room for `count` triangles in the per-triangle buffers (their contents are not kept).
    private func reserve(_ count: Int) {
        if count <= triangleCapacity { return }
        let capacity = Swift.max(256, count, triangleCapacity * 2)
        listed.deallocate()
        listed = .allocate(capacity: capacity)
        // Planes are written before they are read (the resolve prepares every triangle first).
        planes.deallocate()
        planes = .allocate(capacity: capacity)
        // Every batch but the last is full.
        batchEnds.deallocate()
        batchEnds = .allocate(capacity: capacity / 8 + 2)
        batchBoxes.deallocate()
        batchBoxes = .allocate(capacity: capacity / 8 + 2)
        triangleCapacity = capacity
    }

    /// Draws the tile's binned triangles: pixel centres first, then 2×2 samples at edge pixels;
    /// false when the tile has none (then nothing is drawn: the caller fills the tile with the
    /// background).
    func rasterize(tile: Int, rect: PixelRect, bins: TriangleBins, mesh: MeshBuffers, farInvW: Float) -> Bool {
        guard bins.chunks.contains(where: { $0.offsets[tile] != $0.offsets[tile + 1] }) else { return false }
        drawCentres(tile: tile, rect: rect, bins: bins, mesh: mesh, farInvW: farInvW)
        if findEdges(rect: rect, farInvW: farInvW) { drawEdgeSamples(rect: rect, farInvW: farInvW, mesh: mesh) }
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
        let meshTriangles = indices.count / 3
        reserve(bins.chunks.reduce(0) { total, chunk in
            chunk.entries[Int(chunk.offsets[tile])..<Int(chunk.offsets[tile + 1])].reduce(total) {
                $0 + ($1 & (TriangleBins.clippedFlag | TriangleBins.clusterFlag) == TriangleBins.clusterFlag ? TriangleBins.clusterSize : 1)
            }
        })
        listedPieces.removeAll(keepingCapacity: true)
        var queue = CentreQueue(batch: TriangleBatch(storage: batchLanes, plain: plainPaths), listed: listed, batchEnds: batchEnds,
                                batchBoxes: batchBoxes, target: target, tileLo: tileLo, tileHi: tileHi)
        swap(&queue.pieces, &listedPieces)
        @inline(__always) func meshTriangle(_ t: Int) -> ScreenTriangle { ScreenTriangle(t, screen: screen, indices: indices) }
        @inline(__always) func corners(_ t: Int) -> MeshCorners { MeshCorners(t, screen: screen, indices: indices) }
        for chunk in bins.chunks {
            let first = Int(chunk.offsets[tile]), end = Int(chunk.offsets[tile + 1])
            if first == end { continue }
            chunk.entries.withUnsafeBufferPointer { entries in
              chunk.masks.withUnsafeBufferPointer { masks in
                for k in first..<end {
                    let e = entries[k]
                    if e & TriangleBins.clippedFlag != 0 {
                        let piece = chunk.pieces[Int(e & ~TriangleBins.clippedFlag)]
                        queue.add(piece, boundingBox(piece.x, piece.y), piece: true)
                    } else if e & TriangleBins.clusterFlag != 0 {
                        let c = Int(e & (TriangleBins.oneTileFlag &- 1)) &* TriangleBins.clusterSize
                        let triangles = c..<Swift.min(c &+ TriangleBins.clusterSize, meshTriangles)
                        if e & TriangleBins.oneTileFlag != 0 {
                            // Every triangle lies inside the tile.
                            queue.addListed(triangles, screen: screen, indices: indices)
                        } else {
                            // The triangles binned here (the binning found them: see `BinWriter.addCluster`).
                            var mask = masks[k]
                            while mask != 0 {
                                let triangle = corners(c &+ mask.trailingZeroBitCount)
                                mask &= mask &- 1
                                queue.add(triangle, triangle.box)
                            }
                        }
                    } else {
                        let triangle = meshTriangle(Int(e))
                        queue.add(triangle, boundingBox(triangle.x, triangle.y), piece: false)
                    }
                }
              }
            }
        }
        queue.drawBatch()
        swap(&queue.pieces, &listedPieces)
        triangleCount = queue.count
        batchCount = queue.batches
    }

    /// The tile's list as the passes after drawing read it.
    var listedTriangles: ListedTriangles { ListedTriangles(entries: listed, pieces: listedPieces) }
}

/// Pass 1's queue: triangles go into a `TriangleBatch`, drawn 8 at a time into the pixel centres;
/// each one whose bounding box meets the tile is listed, and each batch's listed triangles' end
/// and box are noted. A local value with mutating methods (not closures over local variables):
/// however the compiler inlines them, its state needs no exclusivity checks at run time. (It stays
/// in this file: in a file of its own, pass 1 compiles to more instructions.)
struct CentreQueue {
    var batch: TriangleBatch
    let listed: UnsafeMutablePointer<UInt32>
    let batchEnds: UnsafeMutablePointer<Int32>
    let batchBoxes: UnsafeMutablePointer<SIMD4<Int32>>
    let target: SampleTarget
    /// The tile in fixed point.
    let tileLo: SIMD2<Int32>
    let tileHi: SIMD2<Int32>
    /// Listed triangles and batches drawn so far; the clipped pieces listed.
    var count = 0
    var batches = 0
    var pieces: [ScreenTriangle] = []

    /// Draws the batch and notes its listed triangles' end and its box.
    @inline(__always)
    mutating func drawBatch() {
        batchBoxes[batches] = batch.draw(into: target)
        batchEnds[batches] = Int32(truncatingIfNeeded: count)
        batches &+= 1
    }

    @inline(__always)
    func meetsTile(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>)) -> Bool {
        box.hi.x >= tileLo.x && box.lo.x < tileHi.x && box.hi.y >= tileLo.y && box.lo.y < tileHi.y
    }

    /// Draws `t` (a clipped piece if `piece`) and lists it if its box meets the tile.
    @inline(__always)
    mutating func add(_ t: ScreenTriangle, _ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>), piece: Bool) {
        // Apron-only triangles draw with the next free id: apron ids are never read.
        batch.add(t, id: UInt32(truncatingIfNeeded: count))
        if meetsTile(box) {
            if piece {
                listed[count] = TriangleBins.clippedFlag | UInt32(truncatingIfNeeded: pieces.count)
                pieces.append(t)
            } else {
                listed[count] = t.triangle
            }
            count &+= 1
        }
        if batch.isFull { drawBatch() }
    }

    /// `add` for a mesh triangle of a cluster.
    @inline(__always)
    mutating func add(_ t: MeshCorners, _ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>)) {
        batch.add(t, id: UInt32(truncatingIfNeeded: count))
        if meetsTile(box) {
            listed[count] = t.triangle
            count &+= 1
        }
        if batch.isFull { drawBatch() }
    }

    /// `add` for mesh triangles known to lie inside the tile: a batch's worth at a time.
    @inline(__always)
    mutating func addListed(_ triangles: Range<Int>, screen: UnsafeBufferPointer<ScreenVertex>,
                            indices: UnsafeBufferPointer<UInt32>) {
        var t = triangles.lowerBound
        while t < triangles.upperBound {
            if batch.count == 0 && triangles.upperBound &- t >= 8 {
                let id = UInt32(truncatingIfNeeded: count)
                batch.fill(meshTriangles: t, firstID: id, screen: screen, indices: indices)
                UnsafeMutableRawPointer(listed + count).storeBytes(
                    of: SIMD8(repeating: UInt32(truncatingIfNeeded: t)) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7), as: SIMD8<UInt32>.self)
                count &+= 8
                t &+= 8
                drawBatch()
                continue
            }
            let n = Swift.min(8 &- batch.count, triangles.upperBound &- t)
            batch.add(meshTriangles: t, count: n, firstID: UInt32(truncatingIfNeeded: count), screen: screen, indices: indices)
            for i in 0..<n { listed[count &+ i] = UInt32(truncatingIfNeeded: t &+ i) }
            count &+= n
            t &+= n
            if batch.isFull { drawBatch() }
        }
    }
}

/// A tile's listed triangles (`TileSamples.listed` and its clipped pieces), copied into a local
/// value once per pass: reading the class's `listedPieces` in a loop costs a dynamic exclusivity
/// check each time.
struct ListedTriangles {
    let entries: UnsafeMutablePointer<UInt32>
    let pieces: [ScreenTriangle]

    /// The mesh triangle that listed triangle `k` shows.
    @inline(__always)
    func triangle(_ k: Int) -> UInt32 {
        let e = entries[k]
        return e & TriangleBins.clippedFlag == 0 ? e : pieces[Int(e & ~TriangleBins.clippedFlag)].triangle
    }

    /// Listed triangle `k` as drawn.
    @inline(__always)
    func screenTriangle(_ k: Int, mesh: MeshBuffers) -> ScreenTriangle {
        let e = entries[k]
        return e & TriangleBins.clippedFlag == 0 ? ScreenTriangle(Int(e), screen: mesh.screen.buffer, indices: mesh.indices.buffer)
            : pieces[Int(e & ~TriangleBins.clippedFlag)]
    }
}
