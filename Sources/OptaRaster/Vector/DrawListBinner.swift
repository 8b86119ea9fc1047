/// Turns draw items into prepared shapes and records which tiles each may touch.
struct DrawListBinner {
    let width: Int, height: Int, tileSize: Int
    let tilesX: Int, tilesY: Int
    let grid: TileGrid
    var shapes: [PreparedShape] = []
    var segments: [StrokeSegment] = []
    var maskBytes: [UInt8] = []
    /// Edge half-planes of convex polygons: (nx, ny, c) per edge.
    var planes: [SIMD3<Float>] = []
    /// Pieces of styled strokes and their edges.
    var pieces: [StrokePiece] = []
    var pieceEdges: [SIMD4<Float>] = []
    /// 1/w at both ends of each segment of the depth-tested strokes (`DepthTestedStrokeShape`).
    var segmentDepths: [SIMD2<Float>] = []
    /// (tile, entry) in list order; sorted into bins by `DrawListBinner.bins(of:)`.
    var pending: [(tile: Int32, entry: BinEntry)] = []
    /// Number of pending entries per tile.
    var tileCounts: [Int32]
    /// Per tile: the shape of its latest stroke entry (−1 for none) and that entry's index in
    /// `pending`, so consecutive segments of a polyline in one tile extend one entry.
    var lastStroke: [Int32]
    var lastStrokeEntry: [Int32]

    /// A binner for about `expectedItems` items (storage is reserved for them up front), filling
    /// `storage`'s arrays (empty, perhaps with an earlier frame's capacity).
    init(width: Int, height: Int, tileSize: Int, expectedItems: Int = 0, storage: BinnerStorage = .empty) {
        self.width = width; self.height = height; self.tileSize = tileSize
        tilesX = (width + tileSize - 1) / tileSize
        tilesY = (height + tileSize - 1) / tileSize
        grid = TileGrid(width: width, height: height, tileSize: tileSize)
        tileCounts = [Int32](repeating: 0, count: tilesX * tilesY)
        lastStroke = [Int32](repeating: -1, count: tilesX * tilesY)
        lastStrokeEntry = [Int32](repeating: 0, count: tilesX * tilesY)
        shapes = storage.shapes
        segments = storage.segments
        pending = storage.pending
        // At least one of each per item (recycled arrays already have a previous frame's size).
        shapes.reserveCapacity(expectedItems)
        segments.reserveCapacity(expectedItems)
        pending.reserveCapacity(expectedItems)
    }

    /// Hands the big arrays to `buffers` for later frames (the binner is left empty).
    mutating func recycleStorage(into buffers: inout BinningBuffers) {
        buffers.recycle(pending: BinningBuffers.emptying(&pending), shapes: BinningBuffers.emptying(&shapes),
                        segments: BinningBuffers.emptying(&segments))
    }

    /// Records that `entry` may touch `tile`.
    @inline(__always)
    mutating func bin(_ tile: Int32, _ entry: BinEntry) {
        pending.append((tile, entry))
        tileCounts[Int(tile)] &+= 1
    }

    /// Bins segment `s` of stroke `shape` into `tile`, extending the tile's entry of the same
    /// stroke when that ends just before `s` (runs of a polyline's segments stay one entry).
    @inline(__always)
    mutating func binStrokeSegment(_ tile: Int32, shape: Int32, segment s: Int32, color: UInt32, reach: Float) {
        let t = Int(tile)
        if lastStroke[t] == shape {
            let i = Int(lastStrokeEntry[t])
            if pending[i].entry.first &+ pending[i].entry.count == s {
                pending[i].entry.count &+= 1
                return
            }
        }
        lastStroke[t] = shape
        lastStrokeEntry[t] = Int32(pending.count)
        bin(tile, BinEntry(stroke: shape, first: s, count: 1, color: color, reach: reach))
    }

    mutating func add(_ item: DrawItem) {
        switch item {
        case let .polyline(points, width, color):
            addPolyline(points, width: width, color: color)
        case let .segment(from, to, width, color):
            addSegment(from, to, width: width, color: color)
        case let .disk(center, radius, fill, outlineWidth, outline):
            addDisk(center, radius: radius, fill: fill, outlineWidth: outlineWidth, outline: outline)
        case let .ring(center, radius, width, color):
            addRing(center, radius: radius, width: width, color: color)
        case let .rect(r, fill):
            addRect(r, fill: fill)
        case let .mask(x, y, w, h, coverage, color):
            addMask(x: x, y: y, width: w, height: h, coverage: coverage, color: color)
        case let .line(from, to, width, color):
            addLine(from, to, width: width, color: color)
        case let .convexPolygon(points, fill):
            addPolygon(points, fill: fill)
        case let .roundedRect(r, radius, fill, outlineWidth, outline):
            addRoundedRect(r, radius: radius, fill: fill, outlineWidth: outlineWidth, outline: outline)
        case let .styledStroke(points, width, color, cap, join, miterLimit):
            addStyledStroke(points, width: width, color: color, cap: cap, join: join, miterLimit: miterLimit)
        case let .image(rect, w, h, pixels):
            addImage(rect, width: w, height: h, pixels: pixels)
        case let .depthTestedPolyline(points, width, color):
            addPolyline(points.map { SIMD2($0.x, $0.y) }, width: width, color: color, depths: points.map(\.z))
        case let .depthTested(item, invW):
            addDepthTested(item, invW: invW)
        }
    }

    /// `item`, tested against a mesh's depth at 1/w `invW` when it is a disk or a ring.
    private mutating func addDepthTested(_ item: DrawItem, invW: Float) {
        let index = shapes.count
        add(item)
        // The item's one shape, if it made one; the bin entries name it by its index.
        guard invW.isFinite, shapes.count == index + 1 else { return }
        switch shapes[index] {
        case .disk(let disk): shapes[index] = .depthTestedDisk(disk, invW: invW)
        case .ring(let ring): shapes[index] = .depthTestedRing(ring, invW: invW)
        default: break
        }
    }

    // MARK: Items

    /// A polyline; with `depths` (1/w of each point), a depth-tested one, whose segments keep the
    /// 1/w of their ends after clipping (1/w is affine along a segment on screen).
    private mutating func addPolyline(_ points: [SIMD2<Float>], width: Float, color: RGBA, depths: [Float]? = nil) {
        guard width.isFinite, width > 0, color.isFinite, color.a > 0, !points.isEmpty else { return }
        let profile = CoverageProfile(halfWidth: width / 2)
        let clipper = SegmentClipper(width: self.width, height: height, margin: profile.reach + 2)
        let start = segments.count, depthStart = segmentDepths.count
        let n = points.count
        @inline(__always) func finite(_ i: Int) -> Bool {
            points[i].x.isFinite && points[i].y.isFinite && (depths.map { $0[i].isFinite } ?? true)
        }
        for i in 0..<n {
            let p = points[i]
            guard finite(i) else { continue }
            if i + 1 < n, finite(i + 1) {
                let q = points[i + 1]
                if let (a, b) = clipper.clip(p, q) {
                    segments.append(StrokeSegment(from: a, to: b, reach: profile.reach))
                    if let depths {
                        let d = q - p, length2 = (d * d).sum()
                        func depth(at c: SIMD2<Float>) -> Float {
                            let t = length2 > 0 ? Swift.min(Swift.max(((c - p) * d).sum() / length2, 0), 1) : 0
                            return depths[i] + (depths[i + 1] - depths[i]) * t
                        }
                        segmentDepths.append(SIMD2(depth(at: a), depth(at: b)))
                    }
                }
            } else if i == 0 || !finite(i - 1) {
                // An isolated point draws a round dot.
                if clipper.contains(p) {
                    segments.append(StrokeSegment(from: p, to: p, reach: profile.reach))
                    if let depths { segmentDepths.append(SIMD2(repeating: depths[i])) }
                }
            }
        }
        guard segments.count > start else { return }
        let shape = Int32(shapes.count)
        let packed = color.fading(by: profile.alphaScale).premultipliedPacked
        if depths != nil {
            shapes.append(.depthTestedStroke(DepthTestedStrokeShape(color: packed, reach: profile.reach, firstSegment: Int32(start),
                                                                    firstDepth: Int32(depthStart))))
        } else {
            shapes.append(.stroke(color: packed, reach: profile.reach))
        }
        let grid = self.grid
        for s in start..<segments.count {
            let seg = segments[s]
            grid.forEachTile(lo: seg.lo, hi: seg.hi) { tile, rect in
                if seg.mayTouch(rect, reach: profile.reach) {
                    binStrokeSegment(tile, shape: shape, segment: Int32(s), color: packed, reach: profile.reach)
                }
            }
        }
    }

    /// A round-capped line: exactly `addPolyline([p, q], …)`.
    private mutating func addLine(_ p: SIMD2<Float>, _ q: SIMD2<Float>, width: Float, color: RGBA) {
        guard width.isFinite, width > 0, color.isFinite, color.a > 0 else { return }
        let profile = CoverageProfile(halfWidth: width / 2)
        let clipper = SegmentClipper(width: self.width, height: height, margin: profile.reach + 2)
        guard let (a, b) = clipper.clip(p, q) else { return }
        let s = segments.count
        let seg = StrokeSegment(from: a, to: b, reach: profile.reach)
        segments.append(seg)
        let shape = Int32(shapes.count)
        let packed = color.fading(by: profile.alphaScale).premultipliedPacked
        shapes.append(.stroke(color: packed, reach: profile.reach))
        let entry = BinEntry(stroke: shape, first: Int32(s), count: 1, color: packed, reach: profile.reach)
        let grid = self.grid
        grid.forEachTile(lo: seg.lo, hi: seg.hi) { tile, rect in
            if seg.mayTouch(rect, reach: profile.reach) { bin(tile, entry) }
        }
    }

    private mutating func addPolygon(_ points: [SIMD2<Float>], fill: RGBA) {
        guard points.count >= 3, fill.isFinite, fill.a > 0,
              points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e6 && abs($0.y) < 1e6 }) else { return }
        // Winding from the signed area; planes face inwards.
        var area: Float = 0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            area += p.x * q.y - q.x * p.y
        }
        guard abs(area) > 1e-6 else { return }
        let sign: Float = area > 0 ? 1 : -1
        let first = planes.count
        var lo = points[0], hi = points[0]
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p)
            let e = q - p
            let len = (e * e).sum().squareRoot()
            guard len > 1e-6 else { continue }
            let n = sign * SIMD2<Float>(-e.y, e.x) / len
            planes.append(SIMD3(n.x, n.y, -(n.x * p.x + n.y * p.y)))
        }
        let shape = PolygonShape(first: first, edgeCount: planes.count - first, lo: lo - 0.5, hi: hi + 0.5,
                                 color: fill.premultipliedPacked)
        addBoxed(.polygon(shape), lo: lo - 1, hi: hi + 1)
    }

    private mutating func addStyledStroke(_ points: [SIMD2<Float>], width: Float, color: RGBA, cap: LineCap,
                                          join: LineJoin, miterLimit: Float) {
        guard width.isFinite, width > 0, width < 1e4, color.isFinite, color.a > 0,
              points.allSatisfy({ !$0.x.isFinite || abs($0.x) < 1e6 && abs($0.y) < 1e6 }) else { return }
        // Thin strokes keep a 1 px footprint, like every stroke, at lower alpha.
        let profile = CoverageProfile(halfWidth: width / 2)
        let (polygons, disks) = StrokePieceBuilder.pieces(points, width: Swift.max(width, 1), cap: cap, join: join,
                                                          miterLimit: miterLimit.isFinite ? miterLimit : 4)
        guard !polygons.isEmpty || !disks.isEmpty else { return }
        let first = pieces.count
        for polygon in polygons {
            pieces.append(StrokePiece(first: Int32(pieceEdges.count), count: Int32(polygon.count), disk: .zero))
            pieceEdges += polygon
        }
        for d in disks {
            pieces.append(StrokePiece(first: 0, count: 0, disk: SIMD3(d.x, d.y, CoverageProfile(halfWidth: d.z).reach)))
        }
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        var lo = finite[0], hi = finite[0]
        for p in finite { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let grow = Swift.max(width, 1) / 2 * Swift.max(miterLimit.isFinite ? miterLimit : 4, 1.5) + 1
        lo -= grow; hi += grow
        let shape = StyledStrokeShape(first: first, count: pieces.count - first, lo: lo, hi: hi,
                                      color: color.fading(by: profile.alphaScale).premultipliedPacked)
        addBoxed(.styledStroke(shape), lo: lo, hi: hi)
    }

    private mutating func addRoundedRect(_ r: PixelRectF, radius: Float, fill: RGBA, outlineWidth: Float, outline: RGBA) {
        guard r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite, radius.isFinite, fill.isFinite else { return }
        let hasOutline = outlineWidth.isFinite && outlineWidth > 0 && outline.isFinite && outline.a > 0
        guard fill.a > 0 || hasOutline else { return }
        let x0 = min(r.x0, r.x1), x1 = max(r.x0, r.x1), y0 = min(r.y0, r.y1), y1 = max(r.y0, r.y1)
        guard x1 - x0 < 1e6, y1 - y0 < 1e6 else { return }
        let half = SIMD2<Float>((x1 - x0) / 2, (y1 - y0) / 2)
        let radius = max(0, min(radius, min(half.x, half.y)))
        let profile = CoverageProfile(halfWidth: hasOutline ? outlineWidth / 2 : 0)
        let reach = (hasOutline ? profile.reach : 0) + 1
        let center = SIMD2<Float>((x0 + x1) / 2, (y0 + y1) / 2)
        let shape = RoundedRectShape(
            center: center, half: half, radius: radius,
            fill: fill.a > 0 ? fill.premultipliedPacked : 0,
            outline: hasOutline ? outline.fading(by: profile.alphaScale).premultipliedPacked : 0,
            outlineProfile: profile, reach: reach)
        addBoxed(.roundedRect(shape), lo: center - half - reach, hi: center + half + reach)
    }

    private mutating func addSegment(_ p: SIMD2<Float>, _ q: SIMD2<Float>, width: Float, color: RGBA) {
        guard width.isFinite, width > 0, color.isFinite, color.a > 0 else { return }
        let across = CoverageProfile(halfWidth: width / 2)
        let clipper = SegmentClipper(width: self.width, height: height, margin: across.reach + 2)
        guard let (a, b) = clipper.clip(p, q) else { return }
        let seg = StrokeSegment(from: a, to: b, reach: across.reach)
        guard seg.invLen2 > 0 else { return }
        let length = 1 / seg.invLen2.squareRoot()
        let along = CoverageProfile(halfWidth: length / 2)
        let alpha = across.alphaScale * along.alphaScale
        let shape = ButtSegmentShape(
            segment: seg, u: seg.d * seg.invLen2.squareRoot(), halfLength: length / 2,
            across: across, along: along, color: color.fading(by: alpha).premultipliedPacked)
        let index = Int32(shapes.count)
        shapes.append(.segment(shape))
        let grid = self.grid
        grid.forEachTile(lo: seg.lo, hi: seg.hi) { tile, rect in
            if seg.mayTouch(rect, reach: across.reach) {
                bin(tile, BinEntry(shape: index))
            }
        }
    }

    private mutating func addDisk(
        _ c: SIMD2<Float>, radius: Float, fill: RGBA, outlineWidth: Float, outline: RGBA
    ) {
        guard c.x.isFinite, c.y.isFinite, radius.isFinite, radius > 0, fill.isFinite else { return }
        let hasOutline = outlineWidth.isFinite && outlineWidth > 0 && outline.isFinite && outline.a > 0
        guard fill.a > 0 || hasOutline else { return }
        let fillProfile = CoverageProfile(diskRadius: radius)
        let ringProfile = CoverageProfile(halfWidth: hasOutline ? outlineWidth / 2 : 0)
        let outer = hasOutline ? Swift.max(fillProfile.reach, radius + ringProfile.reach) : fillProfile.reach
        let shape = DiskShape(
            center: c, radius: radius, fill: fillProfile, outline: ringProfile,
            fillColor: fill.a > 0 ? fill.fading(by: fillProfile.alphaScale).premultipliedPacked : 0,
            outlineColor: hasOutline ? outline.fading(by: ringProfile.alphaScale).premultipliedPacked : 0,
            outerReach: outer)
        addBoxed(.disk(shape), lo: c - outer, hi: c + outer)
    }

    private mutating func addRing(_ c: SIMD2<Float>, radius: Float, width: Float, color: RGBA) {
        guard c.x.isFinite, c.y.isFinite, radius.isFinite, radius >= 0, width.isFinite, width > 0,
              color.isFinite, color.a > 0 else { return }
        let profile = CoverageProfile(halfWidth: width / 2)
        let outer = radius + profile.reach
        let shape = RingShape(
            center: c, radius: radius, profile: profile,
            color: color.fading(by: profile.alphaScale).premultipliedPacked, outerReach: outer)
        addBoxed(.ring(shape), lo: c - outer, hi: c + outer)
    }

    private mutating func addRect(_ r: PixelRectF, fill: RGBA) {
        guard r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite, fill.isFinite, fill.a > 0 else { return }
        // Edges beyond the frame are invisible: clamp them (keeps Float maths small).
        let fx = Float(width) + 2, fy = Float(height) + 2
        let x0 = Swift.max(Swift.min(r.x0, r.x1), -2), x1 = Swift.min(Swift.max(r.x0, r.x1), fx)
        let y0 = Swift.max(Swift.min(r.y0, r.y1), -2), y1 = Swift.min(Swift.max(r.y0, r.y1), fy)
        guard x1 > x0, y1 > y0 else { return }
        let xp = CoverageProfile(halfWidth: (x1 - x0) / 2)
        let yp = CoverageProfile(halfWidth: (y1 - y0) / 2)
        let center = SIMD2<Float>((x0 + x1) / 2, (y0 + y1) / 2)
        let shape = RectShape(
            center: center, xProfile: xp, yProfile: yp,
            color: fill.fading(by: xp.alphaScale * yp.alphaScale).premultipliedPacked)
        let reach = SIMD2<Float>(xp.reach, yp.reach)
        addBoxed(.rect(shape), lo: center - reach, hi: center + reach)
    }

    private mutating func addMask(x: Int, y: Int, width w: Int, height h: Int, coverage: [UInt8], color: RGBA) {
        guard w > 0, h > 0, color.isFinite, color.a > 0 else { return }
        let (count, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, coverage.count >= count else { return }
        // Reject placements whose far edge would overflow or that miss the frame.
        guard x < width, y < height, x > -w, y > -h else { return }
        let shape = MaskShape(
            x: x, y: y, width: w, height: h, offset: maskBytes.count, color: color.premultipliedPacked)
        maskBytes.append(contentsOf: coverage[0..<count])
        addBoxed(.mask(shape), lo: SIMD2(Float(x), Float(y)), hi: SIMD2(Float(x + w), Float(y + h)))
    }

    private mutating func addImage(_ r: PixelRectF, width w: Int, height h: Int, pixels: [UInt32]) {
        guard w > 0, h > 0, w <= Int(Int32.max), h <= Int(Int32.max) else { return }
        let (count, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, count <= Int.max / 4, pixels.count >= count else { return }
        guard r.x0.isFinite, r.y0.isFinite, r.x1.isFinite, r.y1.isFinite, r.x1 > r.x0, r.y1 > r.y0 else { return }
        // Off-frame pictures (and the far-off coordinates Int32 cannot hold) draw nothing.
        guard r.x0 < Float(width), r.y0 < Float(height), r.x1 > 0, r.y1 > 0 else { return }
        let lo = SIMD2<Int32>(Int32(Swift.max(0, (r.x0 - 1).rounded(.down))), Int32(Swift.max(0, (r.y0 - 1).rounded(.down))))
        let hi = SIMD2<Int32>(Int32(Swift.min(Float(width), (r.x1 + 1).rounded(.up))), Int32(Swift.min(Float(height), (r.y1 + 1).rounded(.up))))
        let step = SIMD2<Float>(Float(w) / (r.x1 - r.x0), Float(h) / (r.y1 - r.y0))
        // A picture squeezed below a 65536th of a pixel per picture pixel shows as nothing.
        guard step.x > 0, step.y > 0, step.x <= 65536, step.y <= 65536 else { return }
        let exact = step == SIMD2(1, 1) && r.x0 == r.x0.rounded() && r.y0 == r.y0.rounded()
        let shape = ImageShape(origin: SIMD2(r.x0, r.y0), step: step, width: Int32(w), height: Int32(h), lo: lo, hi: hi,
                               offset: maskBytes.count, exact: exact)
        maskBytes.reserveCapacity(maskBytes.count + 4 * count)
        for p in pixels[0..<count] {
            maskBytes.append(UInt8(truncatingIfNeeded: p)); maskBytes.append(UInt8(truncatingIfNeeded: p >> 8))
            maskBytes.append(UInt8(truncatingIfNeeded: p >> 16)); maskBytes.append(UInt8(truncatingIfNeeded: p >> 24))
        }
        addBoxed(.image(shape), lo: SIMD2(Float(lo.x), Float(lo.y)), hi: SIMD2(Float(hi.x), Float(hi.y)))
    }

    // MARK: Binning

    /// Appends `shape` and bins it into every tile its box `lo…hi` overlaps.
    private mutating func addBoxed(_ shape: PreparedShape, lo: SIMD2<Float>, hi: SIMD2<Float>) {
        let index = Int32(shapes.count)
        var any = false
        let grid = self.grid
        grid.forEachTile(lo: lo, hi: hi) { tile, _ in
            any = true
            bin(tile, BinEntry(shape: index))
        }
        if any { shapes.append(shape) }
    }
}

/// The tiles of a frame, as `TileScheduler.tiles` cuts them (row by row).
struct TileGrid {
    let width: Int, height: Int, tileSize: Int, tilesX: Int

    init(width: Int, height: Int, tileSize: Int) {
        self.width = width; self.height = height; self.tileSize = tileSize
        tilesX = (width + tileSize - 1) / tileSize
    }

    /// Calls `body` for every tile whose pixels overlap the box `lo…hi`, in row order.
    func forEachTile(lo: SIMD2<Float>, hi: SIMD2<Float>, _ body: (Int32, PixelRect) -> Void) {
        let px0 = SafeIndex.floor(lo.x, 0, width), px1 = SafeIndex.ceil(hi.x, 0, width)
        let py0 = SafeIndex.floor(lo.y, 0, height), py1 = SafeIndex.ceil(hi.y, 0, height)
        guard px1 > px0, py1 > py0 else { return }
        let tx0 = px0 / tileSize, tx1 = (px1 - 1) / tileSize
        let ty0 = py0 / tileSize, ty1 = (py1 - 1) / tileSize
        for ty in ty0...ty1 {
            for tx in tx0...tx1 {
                let rect = PixelRect(
                    x0: tx * tileSize, y0: ty * tileSize,
                    x1: Swift.min((tx + 1) * tileSize, width), y1: Swift.min((ty + 1) * tileSize, height))
                body(Int32(ty * tilesX + tx), rect)
            }
        }
    }
}
