/// Pass 1's queue: triangles go into a `TriangleBatch`, drawn 8 at a time into the pixel centres;
/// each one whose bounding box meets the tile is listed, and each batch's listed triangles' end
/// and box are noted. A local value with mutating methods (not closures over local variables):
/// however the compiler inlines them, its state needs no exclusivity checks at run time.
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

    /// `add` for a mesh triangle known to lie inside the tile.
    @inline(__always)
    mutating func addListed(_ t: MeshCorners) {
        batch.add(t, id: UInt32(truncatingIfNeeded: count))
        listed[count] = t.triangle
        count &+= 1
        if batch.isFull { drawBatch() }
    }
}
