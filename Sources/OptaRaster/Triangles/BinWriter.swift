/// The buffers a `BinWriter` fills, kept for one worker from frame to frame (`WorkerScratch`).
///
/// Safety (`@unchecked Sendable`): its mutable pointers move between threads but are used by one
/// at a time. `WorkerSets.forWorkers` gives each worker of a binning pass its own memory, and only
/// memory no other value holds (`isKnownUniquelyReferenced`); a `RenderContext` is never used by
/// two frames at once, and `ParallelWork.run` returns only after every worker is done with it.
final class BinWriterMemory: @unchecked Sendable {
    fileprivate var pairs: UnsafeMutablePointer<UInt64>
    fileprivate var masks: UnsafeMutablePointer<UInt32>
    fileprivate var capacity: Int

    init() {
        capacity = 0
        pairs = .allocate(capacity: 0)
        masks = .allocate(capacity: 0)
    }

    deinit { pairs.deallocate(); masks.deallocate() }

    /// Makes room for at least `count` pairs, keeping the first `kept`.
    fileprivate func grow(to count: Int, keeping kept: Int) {
        guard count > capacity else { return }
        let biggerPairs = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        biggerPairs.moveInitialize(from: pairs, count: kept)
        pairs.deallocate()
        pairs = biggerPairs
        let biggerMasks = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        biggerMasks.moveInitialize(from: masks, count: kept)
        masks.deallocate()
        masks = biggerMasks
        capacity = count
    }
}

/// Collects (tile, entry) pairs for every tile a triangle's bounding box (grown by `margin`) touches, as
/// `tile << 32 | entry` in its `BinWriterMemory`, and beside each one its mask (see `TriangleBins.Chunk`).
struct BinWriter {
    let tilesX: Int
    let tilesY: Int
    let shift: Int
    let maxX: Int32
    let maxY: Int32
    private let memory: BinWriterMemory
    private(set) var pairs: UnsafeMutablePointer<UInt64>
    private(set) var masks: UnsafeMutablePointer<UInt32>
    private(set) var count = 0
    private var capacity: Int

    /// A writer into `memory`, grown to `capacity` pairs first when it holds fewer.
    init(tilesX: Int, tilesY: Int, shift: Int, maxX: Int32, maxY: Int32, capacity: Int, memory: BinWriterMemory) {
        self.tilesX = tilesX; self.tilesY = tilesY; self.shift = shift; self.maxX = maxX; self.maxY = maxY
        memory.grow(to: Swift.max(16, capacity), keeping: 0)
        self.memory = memory
        pairs = memory.pairs
        masks = memory.masks
        self.capacity = memory.capacity
    }

    @inline(__always)
    private mutating func append(_ tile: Int, _ entry: UInt32, _ mask: UInt32) {
        if count == capacity {
            memory.grow(to: capacity * 2, keeping: count)
            pairs = memory.pairs
            masks = memory.masks
            capacity = memory.capacity
        }
        pairs[count] = UInt64(truncatingIfNeeded: tile) << 32 | UInt64(entry)
        masks[count] = mask
        count &+= 1
    }

    /// Added to a bounding box on every side: half a pixel, so a tile's bin holds every triangle
    /// that can cover a pixel centre of the one-pixel apron its pixel-centre pass draws around it
    /// (`TileSamples`).
    static let margin = Int32(TriangleRasterizer.subpixelScale / 2)

    /// The tiles a bounding box (grown by `margin`) meets, or nil when it misses the frame.
    @inline(__always)
    func tiles(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>)) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let x0 = box.lo.x &- Self.margin, x1 = box.hi.x &+ Self.margin
        let y0 = box.lo.y &- Self.margin, y1 = box.hi.y &+ Self.margin
        if x1 < 0 || y1 < 0 || x0 >= maxX || y0 >= maxY { return nil }
        let tx0 = Int(Swift.max(x0, 0)) &>> shift, tx1 = Swift.min(Int(x1) &>> shift, tilesX &- 1)
        let ty0 = Int(Swift.max(y0, 0)) &>> shift, ty1 = Swift.min(Int(y1) &>> shift, tilesY &- 1)
        return (tx0...tx1, ty0...ty1)
    }

    /// Whether `box`, grown by `margin`, lies inside the frame and one tile.
    @inline(__always)
    func liesInOneTile(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>)) -> Bool {
        let x0 = box.lo.x &- Self.margin, x1 = box.hi.x &+ Self.margin
        let y0 = box.lo.y &- Self.margin, y1 = box.hi.y &+ Self.margin
        return x0 >= 0 && y0 >= 0 && x1 < maxX && y1 < maxY && x0 &>> Int32(shift) == x1 &>> Int32(shift)
            && y0 &>> Int32(shift) == y1 &>> Int32(shift)
    }

    /// Whether `box` meets at most 2 × 2 tiles (or none).
    @inline(__always)
    func spansAtMost2x2(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>)) -> Bool {
        guard let t = tiles(box) else { return true }
        return t.x.count <= 2 && t.y.count <= 2
    }

    /// Adds `entry` (with `mask`) to every tile its bounding box `box` meets.
    @inline(__always)
    mutating func add(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>), _ entry: UInt32, mask: UInt32 = 0) {
        guard let t = tiles(box) else { return }
        if t.x.count == 1 && t.y.count == 1 {  // the common case: one tile
            append(t.y.lowerBound &* tilesX &+ t.x.lowerBound, entry, mask)
            return
        }
        for ty in t.y {
            for tx in t.x { append(ty &* tilesX &+ tx, entry, mask) }
        }
    }

    /// Adds cluster `entry` (bounding box `box`) to every tile the box meets, each with the mask
    /// of the cluster's triangles (the first `count` of `boxes`) binned into that tile: those
    /// whose box, grown by `margin`, meets it (`TriangleBins.binned`, with the tile's pixel
    /// corners clamped to the frame as `TileScheduler` cuts them), 8 triangles per vector.
    mutating func addCluster(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>), _ entry: UInt32, boxes: ClusterBoxes, count: Int) {
        guard let t = tiles(box) else { return }
        let m = Self.margin
        let kept = UInt32.max >> UInt32(TriangleBins.clusterSize &- count)
        for ty in t.y {
            let y0 = Int32(ty &<< shift), y1 = Swift.min(Int32((ty &+ 1) &<< shift), maxY)
            for tx in t.x {
                let x0 = Int32(tx &<< shift), x1 = Swift.min(Int32((tx &+ 1) &<< shift), maxX)
                var mask: UInt32 = 0
                for g in 0..<(TriangleBins.clusterSize / 8) {
                    // Sign bits (coordinates fit in 24 bits, so no difference overflows): high x + m ≥ x0,
                    // low x − m < x1, and the same in y.
                    let inside = ~(boxes.highX(g) &+ (m &- x0)) & (boxes.lowX(g) &- (m &+ x1))
                        & ~(boxes.highY(g) &+ (m &- y0)) & (boxes.lowY(g) &- (m &+ y1))
                    mask |= inside.signBits &<< UInt32(g &* 8)
                }
                append(ty &* tilesX &+ tx, entry, mask & kept)
            }
        }
    }
}

/// The bounding boxes of one cluster's triangles, one row of `TriangleBins.clusterSize` lanes per
/// coordinate (lowest x, lowest y, highest x, highest y), so `BinWriter.addCluster` tests 8 at a time.
struct ClusterBoxes {
    private let rows: UnsafeMutablePointer<Int32>

    init() {
        rows = .allocate(capacity: 4 * TriangleBins.clusterSize)
        rows.initialize(repeating: 0, count: 4 * TriangleBins.clusterSize)
    }

    func deallocate() { rows.deallocate() }

    @inline(__always)
    func set(_ i: Int, low: SIMD2<Int32>, high: SIMD2<Int32>) {
        let n = TriangleBins.clusterSize
        rows[i] = low.x; rows[n &+ i] = low.y; rows[2 &* n &+ i] = high.x; rows[3 &* n &+ i] = high.y
    }

    @inline(__always) private func lanes(_ row: Int, _ g: Int) -> SIMD8<Int32> {
        UnsafeRawPointer(rows + (row &* TriangleBins.clusterSize &+ g &* 8)).loadUnaligned(as: SIMD8<Int32>.self)
    }
    /// Triangles 8g ..< 8g + 8.
    @inline(__always) func lowX(_ g: Int) -> SIMD8<Int32> { lanes(0, g) }
    @inline(__always) func lowY(_ g: Int) -> SIMD8<Int32> { lanes(1, g) }
    @inline(__always) func highX(_ g: Int) -> SIMD8<Int32> { lanes(2, g) }
    @inline(__always) func highY(_ g: Int) -> SIMD8<Int32> { lanes(3, g) }
}
