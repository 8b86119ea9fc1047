/// Up to 8 triangles queued for one sample buffer, set up together (one per lane: bounding box,
/// winding, edge functions with the top-left rule, the plane of 1/w, the samples to visit) and
/// then drawn one after another in the order they were added.
///
/// Setting up 8 at once is what makes fine meshes cheap: their triangles cover a few pixels each,
/// so the setup, not the samples, is most of the work.
struct TriangleBatch {
    /// The batch's memory (`Storage`). Queued corners and ids are written a lane at a time with
    /// scalar stores (`RowLane`).
    private let storage: UnsafeMutablePointer<Storage>
    private(set) var count = 0
    /// Draws every triangle through `LargeTriangle`, the plain path the tiny and small lanes
    /// stand in for (`RenderMode.reference`; TriangleFastPathTests hold the lanes to it).
    let plain: Bool

    /// Bytes of memory a batch needs (`storage` of `init`, 32-byte aligned).
    static let storageSize = MemoryLayout<Storage>.size

    init(storage: UnsafeMutableRawPointer, plain: Bool = false) {
        self.storage = storage.assumingMemoryBound(to: Storage.self)
        self.plain = plain
    }

    var isFull: Bool { count == 8 }

    private var queued: UnsafeMutablePointer<Queued> { storage.pointer(to: \.queued)! }
    private var setup: UnsafeMutablePointer<Setup> { storage.pointer(to: \.setup)! }

    /// Queues triangle `t` to be drawn with sample id `id`.
    @inline(__always)
    mutating func add(_ t: ScreenTriangle, id: UInt32) {
        let lane = RowLane(queued, lane: count)
        lane[\.corner0.x] = t.x.x; lane[\.corner1.x] = t.x.y; lane[\.corner2.x] = t.x.z
        lane[\.corner0.y] = t.y.x; lane[\.corner1.y] = t.y.y; lane[\.corner2.y] = t.y.z
        lane[\.corner0.invW] = t.invW.x; lane[\.corner1.invW] = t.invW.y; lane[\.corner2.invW] = t.invW.z
        lane[\.id] = id
        count &+= 1
    }

    /// Queues a mesh triangle's corners to be drawn with sample id `id`. (Its own stores rather
    /// than a helper shared with `add(_: ScreenTriangle, id:)`: pass 1's loop, which this inlines
    /// into, is at the edge of what the compiler inlines.)
    @inline(__always)
    mutating func add(_ t: MeshCorners, id: UInt32) {
        Self.store(t, id: id, at: RowLane(queued, lane: count))
        count &+= 1
    }

    /// Queues mesh triangles `first ..< first + n` (at most the room left), with ids from
    /// `firstID` on, in one loop whose state stays in registers.
    @inline(__always)
    mutating func add(meshTriangles first: Int, count n: Int, firstID: UInt32,
                      screen: UnsafeBufferPointer<ScreenVertex>, indices: UnsafeBufferPointer<UInt32>) {
        let queued = queued
        for i in 0..<n {
            Self.store(MeshCorners(first &+ i, screen: screen, indices: indices), id: firstID &+ UInt32(truncatingIfNeeded: i),
                       at: RowLane(queued, lane: count &+ i))
        }
        count &+= n
    }

    /// Fills the empty batch with mesh triangles `first ..< first + 8`, ids from `firstID` on:
    /// each corner's 8 vertices are turned into lane rows by `LaneTranspose`, a row per store.
    @inline(__always)
    mutating func fill(meshTriangles first: Int, firstID: UInt32,
                       screen: UnsafeBufferPointer<ScreenVertex>, indices: UnsafeBufferPointer<UInt32>) {
        let vertices = UnsafeRawPointer(screen.baseAddress!), corners = indices.baseAddress! + first &* 3
        /// Corner k of the 8 triangles.
        @inline(__always) func corner(_ k: Int) -> Corner {
            /// Corner k of triangle p as 4 lanes (x, y, the bits of 1/w, outcode), carried as floats.
            @inline(__always) func vertex(_ p: Int) -> SIMD4<Float> {
                vertices.loadUnaligned(fromByteOffset: Int(corners[p &* 3 &+ k]) &* MemoryLayout<ScreenVertex>.stride,
                                       as: SIMD4<Float>.self)
            }
            let (x, y, invW, _) = LaneTranspose.columns(vertex(0), vertex(1), vertex(2), vertex(3),
                                                         vertex(4), vertex(5), vertex(6), vertex(7))
            return Corner(x: unsafeBitCast(x, to: SIMD8<Int32>.self), y: unsafeBitCast(y, to: SIMD8<Int32>.self), invW: invW)
        }
        queued.pointee.corner0 = corner(0)
        queued.pointee.corner1 = corner(1)
        queued.pointee.corner2 = corner(2)
        queued.pointee.id = SIMD8(repeating: firstID) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7)
        count = 8
    }

    /// Writes a mesh triangle's corners and id to `lane`.
    @inline(__always)
    private static func store(_ t: MeshCorners, id: UInt32, at lane: RowLane<Queued>) {
        lane[\.corner0.x] = t.a.x; lane[\.corner1.x] = t.b.x; lane[\.corner2.x] = t.c.x
        lane[\.corner0.y] = t.a.y; lane[\.corner1.y] = t.b.y; lane[\.corner2.y] = t.c.y
        // The corners' third lanes hold the bits of 1/w.
        @inline(__always) func invW(_ bits: Int32) -> Float { Float(bitPattern: UInt32(bitPattern: bits)) }
        lane[\.corner0.invW] = invW(t.a.z); lane[\.corner1.invW] = invW(t.b.z); lane[\.corner2.invW] = invW(t.c.z)
        lane[\.id] = id
    }

    /// Largest bounding-box side of a triangle set up in 32-bit lanes (fixed point, exclusive):
    /// 32 pixels. Larger ones take the 64-bit path one by one.
    static let maxSpan = Int32(32 * TriangleRasterizer.subpixelScale)

    /// Draws the queued triangles into `target` and empties the batch. Returns the bounding box
    /// of the triangles drawn (fixed point: lowest x and y, highest x and y), empty (lowest above
    /// highest) when there were none.
    @inline(__always) @discardableResult
    mutating func draw(into target: SampleTarget) -> SIMD4<Int32> {
        if count == 0 { return SIMD4(1, 1, 0, 0) }
        var (tinyLanes, tiny, small, large, box) = setUp(for: target)
        if plain { (tiny, small, large) = (0, 0, tiny | small | large) }
        let queued = queued, setup = setup
        let tinyTriangles = TinyTriangles(lanes: storage.pointer(to: \.tiny)!)
        if tiny != 0 { tinyTriangles.evaluate(setup, lanes: tinyLanes, side: target.side) }
        for k in 0..<count {
            let triangle = RowLane(queued, lane: k)
            let id = triangle[\.id]
            if (tiny >> UInt32(k)) & 1 != 0 {
                tinyTriangles.draw(lane: k, id: id, into: target)
            } else if (small >> UInt32(k)) & 1 != 0 {
                SmallTriangle.draw(RowLane(setup, lane: k), id: id, into: target)
            } else if (large >> UInt32(k)) & 1 != 0 {
                LargeTriangle.draw(x: SIMD3(triangle[\.corner0.x], triangle[\.corner1.x], triangle[\.corner2.x]),
                                   y: SIMD3(triangle[\.corner0.y], triangle[\.corner1.y], triangle[\.corner2.y]),
                                   invW: SIMD3(triangle[\.corner0.invW], triangle[\.corner1.invW], triangle[\.corner2.invW]),
                                   id: id, into: target)
            }
        }
        count = 0
        return box
    }

    /// Sets every lane up for `target` (into `setup`); returns the lanes to draw as tiny
    /// triangles (as sign bits and as a bit mask), the other lanes to draw in 32-bit lanes (small,
    /// with samples in the buffer) and the large ones.
    @inline(__always)
    private func setUp(for target: SampleTarget)
        -> (tinyLanes: SIMD8<Int32>, tiny: UInt32, small: UInt32, large: UInt32, box: SIMD4<Int32>) {
        let setup = setup
        // Integer lane logic in sign bits and arithmetic (SIMDMask operations get scalarized).
        @inline(__always) func select(_ mask: SIMD8<Int32>, _ yes: SIMD8<Int32>, _ no: SIMD8<Int32>) -> SIMD8<Int32> {
            (yes & mask) | (no & ~mask)
        }
        @inline(__always) func select(_ mask: SIMD8<Int32>, _ yes: SIMD8<Float>, _ no: SIMD8<Float>) -> SIMD8<Float> {
            unsafeBitCast(select(mask, unsafeBitCast(yes, to: SIMD8<Int32>.self), unsafeBitCast(no, to: SIMD8<Int32>.self)),
                          to: SIMD8<Float>.self)
        }
        let corner0 = queued.pointee.corner0, corner1 = queued.pointee.corner1, corner2 = queued.pointee.corner2
        let x0 = corner0.x, x1 = corner1.x, x2 = corner2.x, y0 = corner0.y, y1 = corner1.y, y2 = corner2.y
        let w0 = corner0.invW, w1 = corner1.invW, w2 = corner2.invW
        let grid = target.grid
        let spacing = grid.spacing, offset = grid.offset, shift = grid.shift
        let loX = x0.lanesMin(x1.lanesMin(x2)), hiX = x0.lanesMax(x1.lanesMax(x2))
        let loY = y0.lanesMin(y1.lanesMin(y2)), hiY = y0.lanesMax(y1.lanesMax(y2))
        // Inside the guard band coordinates fit in 24 bits, so spans do not overflow.
        let small = ((hiX &- loX &- Self.maxSpan) & (hiY &- loY &- Self.maxSpan)) &>> 31
        // The other winding swaps corners 1 and 2, so the inside is positive. (Only small lanes'
        // products are in range; the others are not drawn from this setup.)
        let area0 = (x1 &- x0) &* (y2 &- y0) &- (y1 &- y0) &* (x2 &- x0)
        let flip = area0 &>> 31
        let area = (area0 ^ flip) &- flip
        let cx1 = select(flip, x2, x1), cx2 = select(flip, x1, x2)
        let cy1 = select(flip, y2, y1), cy2 = select(flip, y1, y2)
        let cw1 = select(flip, w2, w1), cw2 = select(flip, w1, w2)
        // Edge k (opposite corner k) runs from corner k+1 to corner k+2: E = A·x + B·y + C.
        let a0 = cy1 &- cy2, b0 = cx2 &- cx1
        let a1 = cy2 &- y0, b1 = x0 &- cx2
        let a2 = y0 &- cy1, b2 = cx1 &- x0
        // Sample range inside the bounding box, clamped to the buffer.
        let minX = loX &- target.origin.x &- offset, maxX = hiX &- target.origin.x &- offset
        let minY = loY &- target.origin.y &- offset, maxY = hiY &- target.origin.y &- offset
        let i0 = (0 &- ((0 &- minX) &>> shift)).lanesMax(.zero), i1 = (maxX &>> shift).lanesMin(SIMD8(repeating: Int32(target.width &- 1)))
        let j0 = (0 &- ((0 &- minY) &>> shift)).lanesMax(.zero), j1 = (maxY &>> shift).lanesMin(SIMD8(repeating: Int32(target.height &- 1)))
        let width = i1 &- i0 &+ 1, rows = j1 &- j0 &+ 1
        // The first sample (i0, j0): inside the bounding box when there is one, so every difference
        // below is under 2^13 and every product under 2^26.
        let sx = target.origin.x &+ offset &+ (i0 &<< shift), sy = target.origin.y &+ offset &+ (j0 &<< shift)
        // Top-left rule: a sample exactly on an edge belongs to the triangle only if the edge is a
        // left edge (inside to the right, A > 0) or a top edge (horizontal, inside below): that is
        // (A, B) > (0, 0) in lexicographic order, the sign of A·2^16 + B as |B| < 2^13. −1 where
        // the edge's samples are out.
        @inline(__always) func bias(_ a: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<Int32> { ((a &<< 16) &+ b &- 1) &>> 31 }
        // 1/w is affine in screen space, with the barycentric E_k / area as the weight of corner k.
        // (Coefficients and offsets within the box are under 2^13: exact conversions.)
        let invArea = 1 / area.floats
        let dzx = (a0.floats * w0 + a1.floats * cw1 + a2.floats * cw2) * invArea
        let dzy = (b0.floats * w0 + b1.floats * cw1 + b2.floats * cw2) * invArea
        setup.pointee.box = SampleBox(i0: i0, j0: j0, width: width, rows: rows)
        setup.pointee.edge0 = Edge(value: a0 &* (sx &- cx1) &+ b0 &* (sy &- cy1) &+ bias(a0, b0), stepX: a0 &<< shift, stepY: b0 &<< shift)
        setup.pointee.edge1 = Edge(value: a1 &* (sx &- cx2) &+ b1 &* (sy &- cy2) &+ bias(a1, b1), stepX: a1 &<< shift, stepY: b1 &<< shift)
        setup.pointee.edge2 = Edge(value: a2 &* (sx &- x0) &+ b2 &* (sy &- y0) &+ bias(a2, b2), stepX: a2 &<< shift, stepY: b2 &<< shift)
        setup.pointee.depth = DepthPlane(z: w0 + dzx * (sx &- x0).floats + dzy * (sy &- y0).floats,
                                         dzdx: dzx * Float(spacing), dzdy: dzy * Float(spacing))
        // Drawn from this setup: small lanes with area and samples in the buffer, among those queued.
        let inBatch = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &- Int32(truncatingIfNeeded: count)
        // Sign bits: area ≥ 1, width ≥ 1, rows ≥ 1, queued.
        let drawn = small & ~(area &- 1) & (0 &- width) & (0 &- rows) & inBatch
        // Sign bits: a box of at most 4 × 4 samples.
        let tiny = drawn & (width &- (TinyTriangles.maxSide &+ 1)) & (rows &- (TinyTriangles.maxSide &+ 1))
        // The bounding box of the queued lanes: the lowest lane of each of loX, loY, −hiX, −hiY,
        // all four found together (coordinates fit in 24 bits, so no difference overflows).
        let queuedMask = inBatch &>> 31
        let none = SIMD8<Int32>(repeating: 1 << 30)
        let a = select(queuedMask, loX, none), b = select(queuedMask, loY, none)
        let c = select(queuedMask, 0 &- hiX, none), d = select(queuedMask, 0 &- hiY, none)
        let ab = SIMD8(lowHalf: a.lowHalf, highHalf: b.lowHalf).lanesMin(SIMD8(lowHalf: a.highHalf, highHalf: b.highHalf))
        let cd = SIMD8(lowHalf: c.lowHalf, highHalf: d.lowHalf).lanesMin(SIMD8(lowHalf: c.highHalf, highHalf: d.highHalf))
        let pairs = SIMD16(lowHalf: ab, highHalf: cd)
        let quads = pairs.evenHalf.lanesMin(pairs.oddHalf)  // a01, a23, b01, b23, c01, c23, d01, d23
        let lowest = quads.evenHalf.lanesMin(quads.oddHalf)
        let box = SIMD4(lowest.x, lowest.y, 0 &- lowest.z, 0 &- lowest.w)
        return (tiny, tiny.signBits, (drawn & ~tiny).signBits, (~small & inBatch).signBits, box)
    }
}
