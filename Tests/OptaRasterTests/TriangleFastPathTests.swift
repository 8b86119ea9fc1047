@testable import OptaRaster
import Testing

/// The rasterizer's shortcuts for fine meshes (tiny-triangle lanes, vertices projected 8 at a
/// time, cluster binning, row interpolation) against the plain paths they stand in for.
@Suite struct TriangleFastPathTests {
    @Test func tinyTrianglesCoverWhatTheWidePathCovers() {
        // Triangles a few samples across (the tiny lanes of a batch) against the 64-bit raster,
        // each alone on a 2×2-sample grid: the same samples, at the same depth.
        var random = FastPathRandom(seed: 0x7E1E)
        let side = 32
        for round in 0..<400 {
            let c = SIMD2<Int32>(Int32(random.below(2500)) + 1000, Int32(random.below(2500)) + 1000)
            func corner() -> Int32 { Int32(random.below(700)) - 350 }
            let x = SIMD3(c.x, c.x &+ corner(), c.x &+ corner()), y = SIMD3(c.y, c.y &+ corner(), c.y &+ corner())
            let invW = SIMD3(random.unit() + 0.5, random.unit() + 0.5, random.unit() + 0.5)
            var batchDepth = [Float](repeating: 0, count: side * side + 64), batchIds = [UInt32](repeating: 9, count: side * side + 64)
            var wideDepth = batchDepth, wideIds = batchIds
            let storage = UnsafeMutableRawPointer.allocate(byteCount: TriangleBatch.storageSize, alignment: 32)
            defer { storage.deallocate() }
            storage.initializeMemory(as: UInt8.self, repeating: 0, count: TriangleBatch.storageSize)
            batchDepth.withUnsafeMutableBufferPointer { d in
                batchIds.withUnsafeMutableBufferPointer { i in
                    let target = SampleTarget(grid: .quad, origin: .zero, width: side, height: side, side: side,
                                              depth: d.baseAddress!, ids: i.baseAddress!)
                    var batch = TriangleBatch(storage: storage)
                    batch.add(ScreenTriangle(x: x, y: y, invW: invW, triangle: 0), id: 1)
                    batch.draw(into: target)
                }
            }
            wideDepth.withUnsafeMutableBufferPointer { d in
                wideIds.withUnsafeMutableBufferPointer { i in
                    let target = SampleTarget(grid: .quad, origin: .zero, width: side, height: side, side: side,
                                              depth: d.baseAddress!, ids: i.baseAddress!)
                    LargeTriangle.draw(x: x, y: y, invW: invW, id: 1, into: target)
                }
            }
            #expect(batchIds == wideIds, "round \(round)")
            let worst = zip(batchDepth, wideDepth).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 1e-4, "round \(round)")
        }
    }

    @Test func verticesProjectEightAtATimeAsOneAtATime() {
        // Runs of 8 in vector lanes, and the runs that fall back (a vertex behind the near plane,
        // outside the guard band, or too far out for the lanes' exact conversion), give exactly
        // what projecting each vertex alone gives: ties at half a subpixel included.
        var random = FastPathRandom(seed: 0x5C2E)
        var clip: [SIMD4<Float>] = []
        for k in 0..<4003 {
            let w = random.unit() * 20 + 0.05
            var v = SIMD4<Float>((random.unit() * 2 - 1) * w * 1.2, (random.unit() * 2 - 1) * w * 1.2, 0, w)
            switch k % 97 {
            case 5: v.w = 0.01  // behind the near plane
            case 11: v.x = 9 * v.w  // outside the guard band
            case 17: v.w = .nan
            case 23: v.x = 7.9 * v.w; v.y = -7.9 * v.w  // inside the band, far out
            // On half a subpixel in a 301 × 17 frame (x: ±150.5, y: 8.5 and 25.5 subpixels).
            case 31: v = SIMD4(-0.99609375, 0.99609375, 0, 1)
            case 37: v = SIMD4(-1.00390625, 0.98828125, 0, 1)
            default: break
            }
            clip.append(v)
        }
        // Binning reads a vertex as 4 integer lanes in this order.
        #expect([\ScreenVertex.x, \.y, \.invW, \.outcode].map { MemoryLayout<ScreenVertex>.offset(of: $0) } == [0, 4, 8, 12])
        for (width, height) in [(1920, 1080), (301, 17), (9000, 7000)] {
            let halfWidth = Float(width) / 2, halfHeight = Float(height) / 2
            let one = clip.map { ScreenVertex.project($0, halfWidth: halfWidth, halfHeight: halfHeight, near: 0.1, guardBand: 8) }
            let lanes = [ScreenVertex](unsafeUninitializedCapacity: clip.count) { out, count in
                clip.withUnsafeBufferPointer { c in
                    out.baseAddress!.initialize(to: one[0])
                    ScreenVertex.project(c.baseAddress!, 1..<c.count, into: out.baseAddress!, halfWidth: halfWidth,
                                         halfHeight: halfHeight, near: 0.1, guardBand: 8)
                }
                count = clip.count
            }
            for k in clip.indices {
                let a = one[k], b = lanes[k]
                #expect(a.x == b.x && a.y == b.y && a.invW.bitPattern == b.invW.bitPattern && a.outcode == b.outcode,
                        "\(width)×\(height) vertex \(k): \(a) vs \(b)")
            }
        }
    }

    @Test func clusterBinningDrawsWhatTriangleBinningDraws() {
        // A fine, tilted grid (cells of about 3 pixels) in its own order, which bins by clusters,
        // and with its triangles shuffled, which bins them one by one: the same picture.
        let n = 90, width = 300, height = 200
        var clip: [SIMD4<Float>] = [], varyings: [SIMD8<Float>] = []
        for j in 0..<n {
            for i in 0..<n {
                let u = Float(i) / Float(n - 1), v = Float(j) / Float(n - 1)
                let w = 1 + 2 * v
                clip.append(SIMD4((u * 2.2 - 1.1) * w, (v * 2.2 - 1.1) * w, 0, w))
                varyings.append(SIMD8(0.2 + 0.6 * u, 0.3 + 0.5 * v, 0.5, 0, 0, 0, 0, 0))
            }
        }
        var triangles: [SIMD3<UInt32>] = []
        for j0 in stride(from: 0, to: n - 1, by: 4) {
            for i0 in stride(from: 0, to: n - 1, by: 4) {
                for j in j0..<min(j0 + 4, n - 1) {
                    for i in i0..<min(i0 + 4, n - 1) {
                        let a = UInt32(j * n + i), b = a + 1, c = a + UInt32(n), d = c + 1
                        triangles += [SIMD3(a, b, d), SIMD3(a, d, c)]
                    }
                }
            }
        }
        var random = FastPathRandom(seed: 0xC105)
        var shuffled = triangles
        for k in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(k, Int(random.below(UInt64(k + 1)))) }
        func indices(_ t: [SIMD3<UInt32>]) -> [UInt32] { t.flatMap { [$0.x, $0.y, $0.z] } }

        func clusterEntries(_ indices: [UInt32]) -> Int {
            let screen = clip.map { ScreenVertex.project($0, halfWidth: Float(width) / 2, halfHeight: Float(height) / 2,
                                                         near: 0.1, guardBand: TriangleRasterizer.guardBand) }
            var memory = WorkerSets<BinWriterMemory>()
            let bins = screen.withUnsafeBufferPointer { s in
                clip.withUnsafeBufferPointer { c in
                    indices.withUnsafeBufferPointer { i in
                        TriangleBins(screen: s, clip: c, indices: i, width: width, height: height, tileSize: 64,
                                     near: 0.1, guardBand: TriangleRasterizer.guardBand, threads: 1, memory: &memory)
                    }
                }
            }
            return bins.chunks.reduce(0) { total, chunk in
                total + chunk.entries.filter { $0 & (TriangleBins.clippedFlag | TriangleBins.clusterFlag) == TriangleBins.clusterFlag }.count
            }
        }
        // Shuffled, a cluster only rarely happens to fall within 2 × 2 tiles.
        let clustered = clusterEntries(indices(triangles)), shuffledClusters = clusterEntries(indices(shuffled))
        #expect(clustered > 100)
        #expect(shuffledClusters * 10 < clustered)

        func render(_ indices: [UInt32], threads: Int) -> [UInt32] {
            var fb = Framebuffer(width: width, height: height)
            var context = RenderContext()
            _ = TriangleRasterizer.render(clip: clip, indices: indices, varyings: varyings, shader: ColourFromVaryings(),
                                          background: 0, near: 0.1, far: 100, into: &fb, context: &context, threads: threads)
            return Array(fb.pixels)
        }
        let ordered = render(indices(triangles), threads: 2)
        #expect(ordered.filter { $0 != 0 }.count > width * height / 3)
        #expect(ordered == render(indices(shuffled), threads: 1))
    }

    @Test func clusterMasksNameTheTrianglesBinnedIntoEachTile() {
        // A grid in row order (cells of about 5 pixels): most clusters of 32 triangles cross a
        // tile border. Each cluster entry's mask must name exactly the triangles whose box meets
        // its tile (`TriangleBins.binned`), as pass 1 once tested triangle by triangle.
        let n = 70, width = 300, height = 200, tileSize = 64
        var clip: [SIMD4<Float>] = []
        for j in 0..<n {
            for i in 0..<n {
                let u = Float(i) / Float(n - 1), v = Float(j) / Float(n - 1), w = 1 + v
                clip.append(SIMD4((u * 2.4 - 1.2) * w, (v * 2.4 - 1.2) * w, 0, w))
            }
        }
        var indices: [UInt32] = []
        for j in 0..<(n - 1) {
            for i in 0..<(n - 1) {
                let a = UInt32(j * n + i), b = a + 1, c = a + UInt32(n), d = c + 1
                indices += [a, b, d, a, d, c]
            }
        }
        let screen = clip.map { ScreenVertex.project($0, halfWidth: Float(width) / 2, halfHeight: Float(height) / 2,
                                                     near: 0.1, guardBand: TriangleRasterizer.guardBand) }
        let tiles = TileScheduler.tiles(width: width, height: height, tileSize: tileSize)
        screen.withUnsafeBufferPointer { s in
            clip.withUnsafeBufferPointer { c in
                indices.withUnsafeBufferPointer { i in
                    var memory = WorkerSets<BinWriterMemory>()
                    let bins = TriangleBins(screen: s, clip: c, indices: i, width: width, height: height, tileSize: tileSize,
                                            near: 0.1, guardBand: TriangleRasterizer.guardBand, threads: 2, memory: &memory)
                    var mixed = 0, partial = 0
                    for chunk in bins.chunks {
                        for tile in 0..<tiles.count {
                            for k in Int(chunk.offsets[tile])..<Int(chunk.offsets[tile + 1]) {
                                let e = chunk.entries[k]
                                guard e & (TriangleBins.clippedFlag | TriangleBins.clusterFlag) == TriangleBins.clusterFlag else { continue }
                                let first = Int(e & (TriangleBins.oneTileFlag - 1)) * TriangleBins.clusterSize
                                let cluster = first..<min(first + TriangleBins.clusterSize, indices.count / 3)
                                var expected: UInt32 = 0
                                for t in cluster where TriangleBins.binned(MeshCorners(t, screen: s, indices: i).box, into: tiles[tile]) {
                                    expected |= 1 << UInt32(t - first)
                                }
                                #expect(chunk.masks[k] == expected, "tile \(tile), cluster at triangle \(first)")
                                if e & TriangleBins.oneTileFlag == 0 {
                                    mixed += 1
                                    if expected.nonzeroBitCount < cluster.count { partial += 1 }
                                }
                            }
                        }
                    }
                    // The grid really has clusters split between tiles.
                    #expect(mixed > 20)
                    #expect(partial > 20)
                }
            }
        }
    }

    @Test func planesPreparedEightAtATimeAreThePlanesOfEachTriangle() {
        // 8 triangles at a time in vector lanes, one at a time from `TriangleSetup`: the same bits,
        // for groups full and partial.
        var random = FastPathRandom(seed: 0x9A7E)
        let vertices = RandomClipMesh(vertices: 90, random: &random)
        var entries = (0..<30).map { _ in UInt32(random.below(30)) }
        vertices.withBuffers { mesh in
            entries.withUnsafeMutableBufferPointer { e in
                let listed = ListedTriangles(entries: e.baseAddress!, pieces: [])
                let planes = UnsafeMutablePointer<TrianglePlanes>.allocate(capacity: 30)
                defer { planes.deallocate() }
                for count in [30, 8, 5] {
                    TrianglePlanes.prepare(count, of: listed, mesh: mesh, into: planes)
                    for k in 0..<count {
                        let one = TrianglePlanes(TriangleSetup(triangle: e[k], mesh: mesh), mesh: mesh)
                        #expect(planes[k].vx == one.vx && planes[k].vy == one.vy && planes[k].v0 == one.v0
                                && planes[k].sum == one.sum, "count \(count), triangle \(k)")
                    }
                }
            }
        }
    }

    @Test func rowInterpolationMatchesTrianglePlanes() {
        // Random triangles at different depths, fragments at pixel centres inside them: the 8-wide
        // row interpolation and the per-triangle planes give the same varyings.
        var random = FastPathRandom(seed: 0x1A7E)
        let vertices = RandomClipMesh(vertices: 60, random: &random)
        let width = 200, height = 100
        let ndcX = 2 / Float(width), ndcY = -2 / Float(height)
        vertices.withBuffers { mesh in
            let interpolator = RowInterpolator(fragments: 21)
            defer { interpolator.deallocate() }
            let out = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: interpolator.capacity)
            defer { out.deallocate() }
            for row in 0..<10 {
                let py = Float(row * 10) + 0.5
                var expected: [SIMD8<Float>] = []
                for n in 0..<21 {
                    let triangle = UInt32(random.below(20))
                    let px = Float(random.below(UInt64(width))) + 0.5
                    interpolator.record(n, triangle: triangle, px: px)
                    let planes = TrianglePlanes(TriangleSetup(triangle: triangle, mesh: mesh), mesh: mesh)
                    expected.append(planes.varyings(u: px * ndcX - 1, v: py * ndcY + 1))
                }
                interpolator.interpolate(count: 21, py: py, ndcX: ndcX, ndcY: ndcY, mesh: mesh, into: out)
                for n in 0..<21 {
                    let scale = max(1, (expected[n] * expected[n]).max().squareRoot())
                    let error = ((out[n] - expected[n]) * (out[n] - expected[n])).max().squareRoot()
                    // Outside its triangle a fragment extrapolates: compare relative to the values' size.
                    #expect(error <= 1e-3 * scale, "row \(row) fragment \(n)")
                }
            }
        }
    }
}

/// Random clip-space vertices in front of the camera (w from 0.5 to 4.5) with random varyings,
/// every 3 in a row a triangle: the mesh the resolve's interpolation tests read.
private struct RandomClipMesh {
    var clip: [SIMD4<Float>] = []
    var varyings: [SIMD8<Float>] = []

    init(vertices: Int, random: inout FastPathRandom) {
        for _ in 0..<vertices {
            let w = 0.5 + 4 * random.unit()
            clip.append(SIMD4((random.unit() * 2 - 1) * w, (random.unit() * 2 - 1) * w, 0, w))
            varyings.append(SIMD8((0..<8).map { _ in random.unit() * 10 - 5 }))
        }
    }

    /// Runs `body` with the mesh's buffers (screen positions unused: all zero).
    func withBuffers(_ body: (MeshBuffers) -> Void) {
        let indices = (0..<clip.count).map { UInt32($0) }
        let screen = [ScreenVertex](repeating: ScreenVertex(x: 0, y: 0, invW: 0, outcode: 0), count: clip.count)
        clip.withUnsafeBufferPointer { c in
            indices.withUnsafeBufferPointer { i in
                varyings.withUnsafeBufferPointer { v in
                    screen.withUnsafeBufferPointer { s in
                        body(MeshBuffers(screen: SendableBuffer(s), clip: SendableBuffer(c), indices: SendableBuffer(i),
                                         varyings: SendableBuffer(v)))
                    }
                }
            }
        }
    }
}

/// Colours a fragment by its first three varyings.
private struct ColourFromVaryings: FragmentShader {
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { SIMD4(varyings[0], varyings[1], varyings[2], 1) }
}

/// A small deterministic random source (SplitMix64).
private struct FastPathRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: UInt64) -> UInt64 { next() % n }
    mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}

/// The lane shuffles shaders use to read 8 fragments' varyings a varying at a time.
@Suite struct LaneTransposeTests {
    @Test func fragmentColumnsHoldEachFragmentsVaryings() {
        let varyings = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 24)
        defer { varyings.deallocate() }
        for i in 0..<24 { varyings[i] = SIMD8((0..<8).map { Float(i * 100 + $0) }) }
        let batch = FragmentBatch(count: 16, varyings: UnsafePointer(varyings), fragments: UnsafePointer(bitPattern: 64)!,
                                  colors: UnsafeMutablePointer(bitPattern: 64)!)
        for k in [0, 8, 16] {
            let c = batch.columns(k)
            let columns = [c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7]
            for j in 0..<8 {
                for p in 0..<8 { #expect(columns[j][p] == varyings[k + p][j], "fragment \(k + p), varying \(j)") }
            }
        }
    }

    @Test func rowsOfFourBecomeColumnsOfEight() {
        let rows = (0..<8).map { p in SIMD4<Float>((0..<4).map { Float(p * 10 + $0) + 0.5 }) }
        let c = LaneTranspose.columns(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7])
        let columns = [c.0, c.1, c.2, c.3]
        for j in 0..<4 {
            for p in 0..<8 { #expect(columns[j][p] == rows[p][j], "row \(p), value \(j)") }
        }
    }
}
