/// Triangles sorted into the frame's tiles, built in parallel over fixed chunks of the index
/// buffer. Within a tile, entries come chunk by chunk in triangle order, so every tile sees its
/// triangles in index order whatever the thread count.
struct TriangleBins: Sendable {
    /// One chunk's triangles by tile: entries of tile t are `entries[offsets[t]..<offsets[t+1]]`.
    /// An entry is a triangle index, or `clippedFlag | k` for `pieces[k]`, or a cluster. Beside a
    /// cluster's entry, `masks` has bit i set where triangle i of the cluster is binned into the
    /// entry's tile (every triangle of it, with `oneTileFlag`); 0 beside other entries.
    struct Chunk: Sendable {
        var offsets: [Int32] = []
        var entries: [UInt32] = []
        var masks: [UInt32] = []
        var pieces: [ScreenTriangle] = []
    }

    static let clippedFlag: UInt32 = 0x8000_0000
    /// An entry `clusterFlag | c` stands for triangles c · clusterSize ..< (c + 1) · clusterSize
    /// (those of them its mask names are drawn: the ones binned into the tile).
    static let clusterFlag: UInt32 = 0x4000_0000
    /// With `clusterFlag`: the cluster's box, grown by the margin, lies inside one tile and the
    /// frame, so every triangle of it is binned there.
    static let oneTileFlag: UInt32 = 0x2000_0000
    static let clusterSize = 32
    /// Triangles per binning job; fixed, so chunking never depends on the thread count.
    static let chunkSize = 16384

    let tilesX: Int
    let tilesY: Int
    let tileSize: Int
    var chunks: [Chunk]

    /// Bins `indices` (three per triangle) whose corners are `screen` (and `clip`, for clipping).
    init(screen: UnsafeBufferPointer<ScreenVertex>, clip: UnsafeBufferPointer<SIMD4<Float>>,
         indices: UnsafeBufferPointer<UInt32>, width: Int, height: Int, tileSize: Int,
         near: Float, guardBand: Float, threads: Int, clusters: Bool = true, memory: inout WorkerSets<BinWriterMemory>) {
        self.tileSize = tileSize
        tilesX = (width + tileSize - 1) / tileSize
        tilesY = (height + tileSize - 1) / tileSize
        let triangleCount = indices.count / 3
        precondition(triangleCount < Int(Self.oneTileFlag), "at most 2^29 triangles")
        let chunkCount = (triangleCount + Self.chunkSize - 1) / Self.chunkSize
        var chunks = [Chunk](repeating: Chunk(), count: chunkCount)
        let tilesX = tilesX, tilesY = tilesY
        let tileCount = tilesX * tilesY
        let shift = tileSize.trailingZeroBitCount + TriangleRasterizer.subpixelBits
        precondition(tileSize == 1 << tileSize.trailingZeroBitCount, "tile size must be a power of two")
        let maxX = Int32(width << TriangleRasterizer.subpixelBits), maxY = Int32(height << TriangleRasterizer.subpixelBits)
        let halfWidth = Float(width) / 2, halfHeight = Float(height) / 2
        let screenBox = SendableBuffer(screen), clipBox = SendableBuffer(clip), indexBox = SendableBuffer(indices)
        let writers = memory.forWorkers(Swift.max(1, Swift.min(threads, chunkCount)), make: { BinWriterMemory() })
        chunks.withUnsafeMutableBufferPointer { out in
            let results = SharedMutablePointer(out.baseAddress!)
            ParallelWork.run(count: chunkCount, threads: threads, scratch: { writers[$0] }) { c, writerMemory in
                let screen = screenBox.buffer, clip = clipBox.buffer, indices = indexBox.buffer
                let first = c * Self.chunkSize, end = Swift.min(triangleCount, first + Self.chunkSize)
                var writer = BinWriter(tilesX: tilesX, tilesY: tilesY, shift: shift, maxX: maxX, maxY: maxY,
                                       capacity: (end - first) * 5 / 4 + 16, memory: writerMemory)
                let boxes = ClusterBoxes()
                defer { boxes.deallocate() }
                var pieces: [ScreenTriangle] = []
                @inline(__always) func bin(_ t: Int) {
                    let i0 = Int(indices[t &* 3]), i1 = Int(indices[t &* 3 &+ 1]), i2 = Int(indices[t &* 3 &+ 2])
                    let a = screen[i0], b = screen[i1], d = screen[i2]
                    if (a.outcode | b.outcode | d.outcode) == 0 {
                        let x = SIMD3(a.x, b.x, d.x), y = SIMD3(a.y, b.y, d.y)
                        // Zero area: nothing to draw (both windings are drawn, so only the sign is free).
                        // Inside the guard band, coordinates fit in 24 bits: no overflow.
                        let area = Int64(x.y &- x.x) &* Int64(y.z &- y.x) &- Int64(y.y &- y.x) &* Int64(x.z &- x.x)
                        if area == 0 { return }
                        writer.add(boundingBox(x, y), UInt32(t))
                    } else if (a.outcode & b.outcode & d.outcode & ScreenVertex.behindNear) == 0 {
                        for piece in NearPlaneClipper.clip(clip[i0], clip[i1], clip[i2], triangle: UInt32(t),
                                                           halfWidth: halfWidth, halfHeight: halfHeight,
                                                           near: near, guardBand: guardBand) {
                            writer.add(boundingBox(piece.x, piece.y), Self.clippedFlag | UInt32(pieces.count))
                            pieces.append(piece)
                        }
                    }
                }
                // A cluster of consecutive triangles that needs no clipping and whose box meets at
                // most 2 × 2 tiles is binned as one entry (a mesh in a spatially coherent order, like
                // a surface grid, is nearly all such clusters); the others triangle by triangle.
                var t = first
                while t < end {
                    let clusterEnd = Swift.min(t &+ Self.clusterSize, end)
                    if clusters, let box = Self.clusterBox(t..<clusterEnd, screen: screen, indices: indices, into: boxes),
                       writer.spansAtMost2x2(box) {
                        let entry = Self.clusterFlag | UInt32(truncatingIfNeeded: t / Self.clusterSize)
                        if writer.liesInOneTile(box) {
                            writer.add(box, entry | Self.oneTileFlag, mask: UInt32.max >> UInt32(Self.clusterSize &- (clusterEnd &- t)))
                        } else {
                            writer.addCluster(box, entry, boxes: boxes, count: clusterEnd &- t)
                        }
                    } else {
                        for u in t..<clusterEnd { bin(u) }
                    }
                    t = clusterEnd
                }
                // Counting sort by tile, stable, so each tile keeps triangle order. Consecutive
                // triangles mostly fall in the same tile: each run of one tile is counted and copied
                // with its cursor in a register (a counter updated in memory per pair made every pair
                // wait for the previous one's store).
                let pairs = writer.pairs, count = writer.count
                @inline(__always) func tile(_ k: Int) -> Int { Int(truncatingIfNeeded: pairs[k] >> 32) }
                var offsets = [Int32](repeating: 0, count: tileCount + 1)
                var entries = [UInt32](repeating: 0, count: count)
                var masks = [UInt32](repeating: 0, count: count)
                let writtenMasks = writer.masks
                offsets.withUnsafeMutableBufferPointer { offsets in
                    var k = 0
                    while k < count {
                        let t = tile(k)
                        var end = k &+ 1
                        while end < count && tile(end) == t { end &+= 1 }
                        offsets[t &+ 1] &+= Int32(truncatingIfNeeded: end &- k)
                        k = end
                    }
                    for k in 0..<tileCount { offsets[k &+ 1] &+= offsets[k] }
                    var cursor = Array(offsets)
                    entries.withUnsafeMutableBufferPointer { e in
                      masks.withUnsafeMutableBufferPointer { m in
                        cursor.withUnsafeMutableBufferPointer { cur in
                            var k = 0
                            while k < count {
                                let t = tile(k)
                                var at = Int(cur[t])
                                repeat {
                                    e[at] = UInt32(truncatingIfNeeded: pairs[k])
                                    m[at] = writtenMasks[k]
                                    at &+= 1
                                    k &+= 1
                                } while k < count && tile(k) == t
                                cur[t] = Int32(truncatingIfNeeded: at)
                            }
                        }
                      }
                    }
                }
                (results.base + c).pointee = Chunk(offsets: offsets, entries: entries, masks: masks, pieces: pieces)
            }
        }
        self.chunks = chunks
    }
}

extension TriangleBins {
    /// The bounding box of the corners of `triangles`, or nil when one of them needs clipping;
    /// each triangle's own box goes to `boxes`.
    @inline(__always)
    static func clusterBox(_ triangles: Range<Int>, screen: UnsafeBufferPointer<ScreenVertex>,
                           indices: UnsafeBufferPointer<UInt32>, into boxes: ClusterBoxes)
        -> (lo: SIMD2<Int32>, hi: SIMD2<Int32>)? {
        // Each corner as 4 integer lanes (x, y, the bits of 1/w, outcode): one load, one lane-wise
        // min and max. The largest outcode is 0 only when every outcode is.
        @inline(__always) func lanesMin(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD4<Int32> { a.replacing(with: b, where: b .< a) }
        @inline(__always) func lanesMax(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD4<Int32> { a.replacing(with: b, where: b .> a) }
        var lo = ScreenVertex.lanes(indices[triangles.lowerBound &* 3], of: screen), hi = lo
        for t in triangles {
            let m = MeshCorners(t, screen: screen, indices: indices)
            let low = lanesMin(m.a, lanesMin(m.b, m.c)), high = lanesMax(m.a, lanesMax(m.b, m.c))
            boxes.set(t &- triangles.lowerBound, low: SIMD2(low.x, low.y), high: SIMD2(high.x, high.y))
            lo = lanesMin(lo, low)
            hi = lanesMax(hi, high)
        }
        return hi.w == 0 ? (SIMD2(lo.x, lo.y), SIMD2(hi.x, hi.y)) : nil
    }

    /// Whether a triangle with bounding box `box` is binned into the tile with pixel corners
    /// `rect` (its box grown by `BinWriter.margin` meets the tile): the rule `BinWriter.addCluster`
    /// applies 8 triangles at a time, which the tests hold to this one.
    @inline(__always)
    static func binned(_ box: (lo: SIMD2<Int32>, hi: SIMD2<Int32>), into rect: PixelRect) -> Bool {
        let scale = Int32(TriangleRasterizer.subpixelBits), m = BinWriter.margin
        return box.hi.x &+ m >= Int32(rect.x0) &<< scale && box.lo.x &- m < Int32(rect.x1) &<< scale
            && box.hi.y &+ m >= Int32(rect.y0) &<< scale && box.lo.y &- m < Int32(rect.y1) &<< scale
    }
}

/// A read-only buffer shared with the workers of one pass.
///
/// Safety (`@unchecked Sendable`): created inside the `withUnsafeBufferPointer` scope that keeps
/// the storage alive for the whole (blocking) parallel pass; nobody writes to it meanwhile.
struct SendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<T>
    init(_ buffer: UnsafeBufferPointer<T>) { self.buffer = buffer }
}

/// The bounding box of a triangle with corners (`x`, `y`): lowest and highest x and y.
@inline(__always)
func boundingBox(_ x: SIMD3<Int32>, _ y: SIMD3<Int32>) -> (lo: SIMD2<Int32>, hi: SIMD2<Int32>) {
    (SIMD2(Swift.min(x.x, x.y, x.z), Swift.min(y.x, y.y, y.z)), SIMD2(Swift.max(x.x, x.y, x.z), Swift.max(y.x, y.y, y.z)))
}
