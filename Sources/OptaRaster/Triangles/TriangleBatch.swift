/// Up to 8 triangles queued for one sample buffer, set up together (one per lane: bounding box,
/// winding, edge functions with the top-left rule, the plane of 1/w, the samples to visit) and
/// then drawn one after another in the order they were added.
///
/// Setting up 8 at once is what makes fine meshes cheap: their triangles cover a few pixels each,
/// so the setup, not the samples, is most of the work.
struct TriangleBatch {
    /// The queued corners and ids, one 8-lane row per field (x0, x1, x2, y0, y1, y2, w0, w1, w2,
    /// id), written a lane at a time with scalar stores (setting a lane of a vector variable
    /// reloads the whole vector right after a store to it, a stall per lane).
    private let lanes: UnsafeMutableRawPointer
    private(set) var count = 0

    /// Bytes of storage a batch needs (`storage` of `init`), 32-byte aligned: the lanes, their
    /// set-up (`Setup`), then the storage of its `TinyTriangles`.
    static let storageSize = 10 * 32 + Setup.size + TinyTriangles.storageSize

    init(storage: UnsafeMutableRawPointer) { lanes = storage }

    var isFull: Bool { count == 8 }

    /// Queues triangle `t` to be drawn with sample id `id`.
    @inline(__always)
    mutating func add(_ t: ScreenTriangle, id: UInt32) {
        let p = lanes + count &* 4
        p.storeBytes(of: t.x.x, as: Int32.self); p.storeBytes(of: t.x.y, toByteOffset: 32, as: Int32.self)
        p.storeBytes(of: t.x.z, toByteOffset: 64, as: Int32.self)
        p.storeBytes(of: t.y.x, toByteOffset: 96, as: Int32.self); p.storeBytes(of: t.y.y, toByteOffset: 128, as: Int32.self)
        p.storeBytes(of: t.y.z, toByteOffset: 160, as: Int32.self)
        p.storeBytes(of: t.invW.x, toByteOffset: 192, as: Float.self); p.storeBytes(of: t.invW.y, toByteOffset: 224, as: Float.self)
        p.storeBytes(of: t.invW.z, toByteOffset: 256, as: Float.self)
        p.storeBytes(of: id, toByteOffset: 288, as: UInt32.self)
        count &+= 1
    }

    /// Queues a mesh triangle's corners to be drawn with sample id `id`: the same lane layout as
    /// `add(_:id:)` above, written from the corners' lanes. (Routing both through one store
    /// helper cost 1 % more instructions per frame at R3 N = 512: the pass-1 code it inlines
    /// into is at the edge of what the compiler inlines.)
    @inline(__always)
    mutating func add(_ t: MeshCorners, id: UInt32) {
        Self.store(t, id: id, at: lanes + count &* 4)
        count &+= 1
    }

    /// Queues mesh triangles `first ..< first + n` (at most the room left), with ids from
    /// `firstID` on: one loop whose state stays in registers (in pass 1's large loop, the
    /// batch's count was kept in memory and reloaded per triangle).
    @inline(__always)
    mutating func add(meshTriangles first: Int, count n: Int, firstID: UInt32,
                      screen: UnsafeBufferPointer<ScreenVertex>, indices: UnsafeBufferPointer<UInt32>) {
        var p = lanes + count &* 4
        for i in 0..<n {
            Self.store(MeshCorners(first &+ i, screen: screen, indices: indices), id: firstID &+ UInt32(truncatingIfNeeded: i), at: p)
            p += 4
        }
        count &+= n
    }

    /// Fills the empty batch with mesh triangles `first ..< first + 8`, ids from `firstID` on:
    /// each corner's 8 vertices are turned into lane rows by `LaneTranspose` (the same lanes as
    /// `add(meshTriangles:)`, in 10 vector stores instead of 80 scalar ones).
    @inline(__always)
    mutating func fill(meshTriangles first: Int, firstID: UInt32,
                       screen: UnsafeBufferPointer<ScreenVertex>, indices: UnsafeBufferPointer<UInt32>) {
        let vertices = UnsafeRawPointer(screen.baseAddress!), corners = indices.baseAddress! + first &* 3
        for k in 0..<3 {
            /// Corner k of triangle p as 4 lanes (x, y, the bits of 1/w, outcode), carried as floats.
            @inline(__always) func corner(_ p: Int) -> SIMD4<Float> {
                vertices.loadUnaligned(fromByteOffset: Int(corners[p &* 3 &+ k]) &* MemoryLayout<ScreenVertex>.stride,
                                       as: SIMD4<Float>.self)
            }
            let (x, y, w, _) = LaneTranspose.columns(corner(0), corner(1), corner(2), corner(3),
                                                      corner(4), corner(5), corner(6), corner(7))
            lanes.storeBytes(of: x, toByteOffset: k &* 32, as: SIMD8<Float>.self)
            lanes.storeBytes(of: y, toByteOffset: (3 &+ k) &* 32, as: SIMD8<Float>.self)
            lanes.storeBytes(of: w, toByteOffset: (6 &+ k) &* 32, as: SIMD8<Float>.self)
        }
        lanes.storeBytes(of: SIMD8(repeating: firstID) &+ SIMD8(0, 1, 2, 3, 4, 5, 6, 7), toByteOffset: 9 * 32, as: SIMD8<UInt32>.self)
        count = 8
    }

    /// Writes a mesh triangle's corners and id to the lane at `p`.
    @inline(__always)
    private static func store(_ t: MeshCorners, id: UInt32, at p: UnsafeMutableRawPointer) {
        p.storeBytes(of: t.a.x, as: Int32.self); p.storeBytes(of: t.b.x, toByteOffset: 32, as: Int32.self)
        p.storeBytes(of: t.c.x, toByteOffset: 64, as: Int32.self)
        p.storeBytes(of: t.a.y, toByteOffset: 96, as: Int32.self); p.storeBytes(of: t.b.y, toByteOffset: 128, as: Int32.self)
        p.storeBytes(of: t.c.y, toByteOffset: 160, as: Int32.self)
        // 1/w, as its bits.
        p.storeBytes(of: t.a.z, toByteOffset: 192, as: Int32.self); p.storeBytes(of: t.b.z, toByteOffset: 224, as: Int32.self)
        p.storeBytes(of: t.c.z, toByteOffset: 256, as: Int32.self)
        p.storeBytes(of: id, toByteOffset: 288, as: UInt32.self)
    }

    @inline(__always) private func int(_ field: Int, _ k: Int) -> Int32 {
        lanes.load(fromByteOffset: field &* 32 &+ k &* 4, as: Int32.self)
    }
    @inline(__always) private func float(_ field: Int, _ k: Int) -> Float {
        lanes.load(fromByteOffset: field &* 32 &+ k &* 4, as: Float.self)
    }

    /// Largest bounding-box side of a triangle set up in 32-bit lanes (fixed point, exclusive):
    /// 32 pixels. Larger ones take the 64-bit path one by one.
    static let maxSpan = Int32(32 * TriangleRasterizer.subpixelScale)

    /// What each lane's raster starts from (see `SmallTriangle.draw`), in memory: one 8-lane row
    /// per field, in this order. Written a field at a time as `setUp` finds it, so few vectors
    /// are live at once (returned as one value, they were spilled and reloaded).
    struct Setup {
        static let i0 = 0, j0 = 1, width = 2, rows = 3, q0 = 4, q1 = 5, q2 = 6
        static let stepX0 = 7, stepX1 = 8, stepX2 = 9, stepY0 = 10, stepY1 = 11, stepY2 = 12
        static let z = 13, dzdx = 14, dzdy = 15
        static let size = 16 * 32
        let base: UnsafeMutableRawPointer

        @inline(__always) func ints(_ field: Int) -> SIMD8<Int32> { base.load(fromByteOffset: field &* 32, as: SIMD8<Int32>.self) }
        @inline(__always) func floats(_ field: Int) -> SIMD8<Float> { base.load(fromByteOffset: field &* 32, as: SIMD8<Float>.self) }
        @inline(__always) func set(_ field: Int, _ v: SIMD8<Int32>) { base.storeBytes(of: v, toByteOffset: field &* 32, as: SIMD8<Int32>.self) }
        @inline(__always) func set(_ field: Int, _ v: SIMD8<Float>) { base.storeBytes(of: v, toByteOffset: field &* 32, as: SIMD8<Float>.self) }

        /// Lane `k` alone, read a field at a time.
        @inline(__always) func lane(_ k: Int) -> Lane { Lane(base: UnsafeRawPointer(base + k &* 4)) }

        /// One lane of a `Setup`: its fields as scalars.
        struct Lane {
            let base: UnsafeRawPointer
            @inline(__always) func int(_ field: Int) -> Int32 { base.load(fromByteOffset: field &* 32, as: Int32.self) }
            @inline(__always) func float(_ field: Int) -> Float { base.load(fromByteOffset: field &* 32, as: Float.self) }
        }
    }

    private var setup: Setup { Setup(base: lanes + 10 * 32) }

    /// Draws the queued triangles into `target` and empties the batch. Returns the bounding box
    /// of the triangles drawn (fixed point: lowest x and y, highest x and y), empty (lowest above
    /// highest) when there were none.
    @inline(__always) @discardableResult
    mutating func draw(into target: SampleTarget) -> SIMD4<Int32> {
        if count == 0 { return SIMD4(1, 1, 0, 0) }
        let (tinyLanes, tiny, small, large, box) = setUp(for: target)
        let setup = setup
        let tinyTriangles = TinyTriangles(storage: lanes + 10 * 32 + Setup.size)
        if tiny != 0 { tinyTriangles.evaluate(setup, lanes: tinyLanes, side: target.side) }
        for k in 0..<count {
            let id = UInt32(bitPattern: int(9, k))
            if (tiny >> UInt32(k)) & 1 != 0 {
                tinyTriangles.draw(lane: k, id: id, into: target)
            } else if (small >> UInt32(k)) & 1 != 0 {
                SmallTriangle.draw(setup.lane(k), id: id, into: target)
            } else if (large >> UInt32(k)) & 1 != 0 {
                LargeTriangle.draw(x: SIMD3(int(0, k), int(1, k), int(2, k)), y: SIMD3(int(3, k), int(4, k), int(5, k)),
                                   invW: SIMD3(float(6, k), float(7, k), float(8, k)), id: id, into: target)
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
        @inline(__always) func ints(_ field: Int) -> SIMD8<Int32> { lanes.load(fromByteOffset: field &* 32, as: SIMD8<Int32>.self) }
        @inline(__always) func floats(_ field: Int) -> SIMD8<Float> { lanes.load(fromByteOffset: field &* 32, as: SIMD8<Float>.self) }
        let x0 = ints(0), x1 = ints(1), x2 = ints(2), y0 = ints(3), y1 = ints(4), y2 = ints(5)
        let w0 = floats(6), w1 = floats(7), w2 = floats(8)
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
        setup.set(Setup.i0, i0); setup.set(Setup.j0, j0); setup.set(Setup.width, width); setup.set(Setup.rows, rows)
        setup.set(Setup.q0, a0 &* (sx &- cx1) &+ b0 &* (sy &- cy1) &+ bias(a0, b0))
        setup.set(Setup.q1, a1 &* (sx &- cx2) &+ b1 &* (sy &- cy2) &+ bias(a1, b1))
        setup.set(Setup.q2, a2 &* (sx &- x0) &+ b2 &* (sy &- y0) &+ bias(a2, b2))
        setup.set(Setup.stepX0, a0 &<< shift); setup.set(Setup.stepX1, a1 &<< shift); setup.set(Setup.stepX2, a2 &<< shift)
        setup.set(Setup.stepY0, b0 &<< shift); setup.set(Setup.stepY1, b1 &<< shift); setup.set(Setup.stepY2, b2 &<< shift)
        setup.set(Setup.z, w0 + dzx * (sx &- x0).floats + dzy * (sy &- y0).floats)
        setup.set(Setup.dzdx, dzx * Float(spacing)); setup.set(Setup.dzdy, dzy * Float(spacing))
        // Drawn from this setup: small lanes with area and samples in the buffer, among those queued.
        let queued = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &- Int32(truncatingIfNeeded: count)
        // Sign bits: area ≥ 1, width ≥ 1, rows ≥ 1, queued.
        let drawn = small & ~(area &- 1) & (0 &- width) & (0 &- rows) & queued
        // Sign bits: a box of at most 4 × 4 samples.
        let tiny = drawn & (width &- (TinyTriangles.maxSide &+ 1)) & (rows &- (TinyTriangles.maxSide &+ 1))
        // The bounding box of the queued lanes: the lowest lane of each of loX, loY, −hiX, −hiY,
        // all four found together (coordinates fit in 24 bits, so no difference overflows).
        let queuedMask = queued &>> 31
        let none = SIMD8<Int32>(repeating: 1 << 30)
        let a = select(queuedMask, loX, none), b = select(queuedMask, loY, none)
        let c = select(queuedMask, 0 &- hiX, none), d = select(queuedMask, 0 &- hiY, none)
        let ab = SIMD8(lowHalf: a.lowHalf, highHalf: b.lowHalf).lanesMin(SIMD8(lowHalf: a.highHalf, highHalf: b.highHalf))
        let cd = SIMD8(lowHalf: c.lowHalf, highHalf: d.lowHalf).lanesMin(SIMD8(lowHalf: c.highHalf, highHalf: d.highHalf))
        let pairs = SIMD16(lowHalf: ab, highHalf: cd)
        let quads = pairs.evenHalf.lanesMin(pairs.oddHalf)  // a01, a23, b01, b23, c01, c23, d01, d23
        let lowest = quads.evenHalf.lanesMin(quads.oddHalf)
        let box = SIMD4(lowest.x, lowest.y, 0 &- lowest.z, 0 &- lowest.w)
        return (tiny, tiny.signBits, (drawn & ~tiny).signBits, (~small & queued).signBits, box)
    }
}
