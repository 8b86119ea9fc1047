import Foundation
@testable import OptaRaster
import Testing

/// Shades every triangle with its own colour from a table.
private struct PerTriangleShader: FragmentShader {
    let colors: [SIMD4<Float>]
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { colors[f.triangle % colors.count] }
}

/// Opaque white where the barycentrics are inside [0, 1] (with a pixel's slack), red otherwise.
private struct BarycentricCheckShader: FragmentShader {
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> {
        let l = f.barycentrics
        let ok = l.min() > -0.05 && l.max() < 1.05 && abs(l.sum() - 1) < 1e-3
        return ok ? SIMD4(1, 1, 1, 1) : SIMD4(1, 0, 0, 1)
    }
}

/// Clip-space vertex at pixel (x, y) of a `w × h` frame with clip w = `depth`.
private func vertex(_ x: Float, _ y: Float, w: Int = 64, h: Int = 64, depth: Float = 1) -> SIMD4<Float> {
    SIMD4((x / Float(w) * 2 - 1) * depth, (1 - y / Float(h) * 2) * depth, 0, depth)
}

private let white = SIMD4<Float>(1, 1, 1, 1)
private let opaqueWhite: UInt32 = 0xFFFF_FFFF

private func draw<S: TriangleShader>(_ clip: [SIMD4<Float>], _ indices: [UInt32], shader: S, width: Int = 64, height: Int = 64,
                                     threads: Int = 1) -> Framebuffer {
    var fb = Framebuffer(width: width, height: height)
    var context = RenderContext()
    _ = TriangleRasterizer.render(clip: clip, indices: indices, shader: shader, background: 0, near: 0.1, far: 100,
                                  into: &fb, context: &context, threads: threads)
    return fb
}

/// Draws `triangles` in order into a 2×2-sample buffer at the frame's corner through a `TriangleBatch`,
/// flushing after each one unless `batched`.
private func drawOnQuadGrid(_ triangles: [ScreenTriangle], batched: Bool = false, width: Int, height: Int,
                            depth: UnsafeMutablePointer<Float>, ids: UnsafeMutablePointer<UInt32>) {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: TriangleBatch.storageSize, alignment: 32)
    defer { storage.deallocate() }
    storage.initializeMemory(as: UInt8.self, repeating: 0, count: TriangleBatch.storageSize)
    let target = SampleTarget(grid: .quad, origin: .zero, width: width, height: height, side: width, depth: depth, ids: ids)
    var batch = TriangleBatch(storage: storage)
    for (k, t) in triangles.enumerated() {
        batch.add(t, id: UInt32(k))
        if !batched { batch.draw(into: target) }
    }
    batch.draw(into: target)
}

/// How many triangles cover each sample of one 64×64 tile, drawing each triangle on its own.
private func sampleCoverage(_ triangles: [(SIMD3<Int32>, SIMD3<Int32>)]) -> [Int] {
    var counts = [Int](repeating: 0, count: 128 * 128)
    for t in triangles {
        var depth = [Float](repeating: 0, count: 128 * 128)
        var ids = [UInt32](repeating: UInt32.max, count: 128 * 128)
        depth.withUnsafeMutableBufferPointer { d in
            ids.withUnsafeMutableBufferPointer { i in
                drawOnQuadGrid([ScreenTriangle(x: t.0, y: t.1, invW: SIMD3(repeating: 1), triangle: 0)], width: 128, height: 128,
                               depth: d.baseAddress!, ids: i.baseAddress!)
            }
        }
        for s in 0..<counts.count where ids[s] == 0 { counts[s] += 1 }  // this triangle (id 0) drew it
    }
    return counts
}

@Suite struct TriangleRasterizerTests {
    @Test func aBatchDrawsLikeItsTrianglesOneByOne() {
        // Small triangles of both windings, a large one (64-bit path), one of no area and one off
        // the buffer, overlapping at different depths: 8 lanes set up together draw the same
        // samples as the triangles drawn one at a time in the same order.
        var generator = SplitMix(seed: 0x0B7A)
        for round in 0..<10 {
            var triangles: [ScreenTriangle] = []
            for k in 0..<8 {
                let c = SIMD2<Int32>(Int32.random(in: 0..<16384, using: &generator), Int32.random(in: 0..<16384, using: &generator))
                var x = SIMD3(c.x, c.x &+ Int32.random(in: -1500...1500, using: &generator), c.x &+ Int32.random(in: -1500...1500, using: &generator))
                var y = SIMD3(c.y, c.y &+ Int32.random(in: -1500...1500, using: &generator), c.y &+ Int32.random(in: -1500...1500, using: &generator))
                var invW = SIMD3(Float.random(in: 0.2...1, using: &generator), Float.random(in: 0.2...1, using: &generator),
                                 Float.random(in: 0.2...1, using: &generator))
                switch k {
                case 3:  // large, behind the others, over most of the buffer
                    x = SIMD3(500, 15800, 1500) &+ Int32(round); y = SIMD3(800, 2500, 15900) &- Int32(round)
                    invW = SIMD3(0.15, 0.12, 0.18)
                case 5: x = SIMD3(c.x, c.x &+ 300, c.x &+ 600); y = SIMD3(c.y, c.y &+ 100, c.y &+ 200)  // no area
                case 6: x &+= 40000; y &+= 40000  // off the buffer
                default: break
                }
                triangles.append(ScreenTriangle(x: x, y: y, invW: invW, triangle: UInt32(k)))
            }
            func render(batched: Bool) -> ([Float], [UInt32]) {
                var depth = [Float](repeating: 0.1, count: 128 * 128 + 64)
                var ids = [UInt32](repeating: .max, count: 128 * 128 + 64)
                depth.withUnsafeMutableBufferPointer { d in
                    ids.withUnsafeMutableBufferPointer { i in
                        drawOnQuadGrid(triangles, batched: batched, width: 128, height: 128, depth: d.baseAddress!, ids: i.baseAddress!)
                    }
                }
                return (depth, ids)
            }
            let one = render(batched: false), all = render(batched: true)
            #expect(one.0 == all.0 && one.1 == all.1, "round \(round)")
            #expect(one.1.contains(3), "round \(round): the large triangle is drawn")
        }
    }

    /// Fixed point: 256 units per pixel; samples sit at 64 + 128·k.
    @Test func sharedEdgeCoversEverySampleExactlyOnce() {
        // A square through sample positions (corners exactly on samples), split along a diagonal.
        let p0 = SIMD2<Int32>(64 + 128 * 4, 64 + 128 * 4), p1 = SIMD2<Int32>(64 + 128 * 40, 64 + 128 * 4)
        let p2 = SIMD2<Int32>(64 + 128 * 40, 64 + 128 * 40), p3 = SIMD2<Int32>(64 + 128 * 4, 64 + 128 * 40)
        let tris = [(SIMD3(p0.x, p1.x, p2.x), SIMD3(p0.y, p1.y, p2.y)), (SIMD3(p0.x, p2.x, p3.x), SIMD3(p0.y, p2.y, p3.y))]
        let counts = sampleCoverage(tris)
        #expect(counts.max() == 1, "a sample on the shared edge was drawn twice")
        // Half-open square: samples 4..<40 on both axes, each exactly once.
        for j in 0..<128 {
            for i in 0..<128 {
                let inside = (4..<40).contains(i) && (4..<40).contains(j)
                #expect(counts[j * 128 + i] == (inside ? 1 : 0), "sample (\(i), \(j))")
            }
        }
    }

    @Test func fanAroundAnOffGridCentreHasNoGapsOrOverlaps() {
        // A convex 16-gon fan; the centre sits between samples, rim points on and off the sample grid.
        let centre = SIMD2<Double>(4100.3, 4000.7) * 2
        var rim: [SIMD2<Int32>] = []
        for k in 0..<16 {
            let a = Double(k) / 16 * 2 * Double.pi
            let r = k % 3 == 0 ? 6400.0 : 6000.0 + Double(k) * 13
            var p = centre + SIMD2(cos(a), sin(a)) * r
            if k % 4 == 0 { p = (p / 128).rounded(.down) * 128 + 64 }  // exactly on a sample
            rim.append(SIMD2(Int32(p.x), Int32(p.y)))
        }
        let c = SIMD2<Int32>(Int32(centre.x), Int32(centre.y))
        let tris = (0..<16).map { k -> (SIMD3<Int32>, SIMD3<Int32>) in
            let a = rim[k], b = rim[(k + 1) % 16]
            return (SIMD3(c.x, a.x, b.x), SIMD3(c.y, a.y, b.y))
        }
        let counts = sampleCoverage(tris)
        #expect(counts.max() == 1)
        // Every sample well inside the polygon (the inscribed disk) is covered.
        var missing = 0
        for j in 0..<128 {
            for i in 0..<128 {
                let s = SIMD2(Double(64 + 128 * i), Double(64 + 128 * j)) - centre
                if (s * s).sum().squareRoot() < 5900 * cos(Double.pi / 16) && counts[j * 128 + i] == 0 { missing += 1 }
            }
        }
        #expect(missing == 0)
    }

    @Test func fineMeshCoversEverySampleExactlyOnce() {
        // Cells of 1.3 and 3.7 pixels (narrow and 8-wide raster paths), corners off the sample grid,
        // both diagonals: inside the mesh every sample is drawn by exactly one triangle.
        for cell in [333.0, 947.0] {
            let n = Int(7000 / cell)
            func corner(_ i: Int, _ j: Int) -> SIMD2<Int32> {
                SIMD2(Int32(1000 + Double(i) * cell + Double((i * 7 + j * 3) % 5)), Int32(900 + Double(j) * cell + Double((i * 5 + j) % 3)))
            }
            var tris: [(SIMD3<Int32>, SIMD3<Int32>)] = []
            for j in 0..<n {
                for i in 0..<n {
                    let a = corner(i, j), b = corner(i + 1, j), c = corner(i, j + 1), d = corner(i + 1, j + 1)
                    let quads = (i + j) % 2 == 0 ? [(a, b, d), (a, d, c)] : [(a, b, c), (b, d, c)]
                    for (p, q, r) in quads { tris.append((SIMD3(p.x, q.x, r.x), SIMD3(p.y, q.y, r.y))) }
                }
            }
            let counts = sampleCoverage(tris)
            #expect(counts.max() == 1, "cell \(cell)")
            // Samples safely inside the mesh's outline are all covered.
            let lo = 1000.0 + 8, hi = 1000.0 + Double(n) * cell - 8
            var missing = 0
            for j in 0..<128 {
                for i in 0..<128 {
                    let x = Double(64 + 128 * i), y = Double(64 + 128 * j)
                    if x > lo && x < hi && y > lo - 100 && y < hi - 100 && counts[j * 128 + i] == 0 { missing += 1 }
                }
            }
            #expect(missing == 0, "cell \(cell)")
        }
    }

    @Test func meshOfQuadsCoversTheFrameWithoutSeams() {
        // A 9×7 grid of quads (two triangles each) over the whole 100×70 frame, corners off the
        // pixel grid: every pixel is fully covered, none shows the background.
        var clip: [SIMD4<Float>] = [], indices: [UInt32] = []
        let nx = 10, ny = 8
        for j in 0..<ny {
            for i in 0..<nx {
                let x = i == 0 ? -2 : i == nx - 1 ? 102 : Float(i) * 11.13
                let y = j == 0 ? -2 : j == ny - 1 ? 72 : Float(j) * 9.71
                clip.append(vertex(x, y, w: 100, h: 70))
            }
        }
        for j in 0..<(ny - 1) {
            for i in 0..<(nx - 1) {
                let a = UInt32(j * nx + i), b = a + 1, c = a + UInt32(nx), d = c + 1
                indices += (i + j) % 2 == 0 ? [a, b, d, a, d, c] : [a, b, c, b, d, c]
            }
        }
        let fb = draw(clip, indices, shader: PerTriangleShader(colors: [white]), width: 100, height: 70)
        #expect(fb.pixels.allSatisfy { $0 == opaqueWhite })
    }

    @Test func silhouettePixelsBlendByCoverage() {
        // A square over the background: inside pixels are opaque, pixels its edge halves are half covered.
        let clip = [vertex(10, 10.5), vertex(50, 10.5), vertex(50, 50), vertex(10, 50)]
        let fb = draw(clip, [0, 1, 2, 0, 2, 3], shader: PerTriangleShader(colors: [white]))
        #expect(fb[30, 30] == opaqueWhite)
        #expect(fb[30, 10] >> 24 == 128, "the top edge halves row 10: 2 of 4 samples")
        #expect(fb[30, 9] == 0)
    }

    @Test func coverageNextToATileBorderSeesTheNeighbouringTile() {
        // A strip covering only the lower samples of row 63 (the last row of the first tile row),
        // continued below by a surface that lies wholly in the next tile row: row 63's centres
        // show background, and only the neighbour across the tile border tells that the row is an
        // edge. It must still be half covered.
        let strip = [vertex(-4, 63.6, h: 128), vertex(68, 63.6, h: 128), vertex(68, 64, h: 128), vertex(-4, 64, h: 128)]
        let below = [vertex(-4, 64, h: 128), vertex(68, 64, h: 128), vertex(68, 70, h: 128), vertex(-4, 70, h: 128)]
        let fb = draw(strip + below, [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7], shader: PerTriangleShader(colors: [white]),
                      width: 64, height: 128)
        for x in [0, 10, 63] {
            #expect(fb[x, 63] >> 24 == 128, "pixel (\(x), 63)")
            #expect(fb[x, 64] == opaqueWhite)
            #expect(fb[x, 62] == 0)
        }
    }

    @Test func nearerTriangleWinsWhateverTheOrder() {
        let red = SIMD4<Float>(1, 0, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)
        let near = [vertex(0, 0, depth: 2), vertex(64, 0, depth: 2), vertex(0, 64, depth: 2)]
        let far = [vertex(0, 0, depth: 5), vertex(64, 0, depth: 5), vertex(0, 64, depth: 5)]
        for order in [near + far, far + near] {
            let nearFirst = order[0].w == 2
            let fb = draw(order, [0, 1, 2, 3, 4, 5], shader: PerTriangleShader(colors: nearFirst ? [red, blue] : [blue, red]))
            #expect(fb[10, 10] == PackedColor.opaque(1, 0, 0))
        }
        // Equal depth: the earlier triangle keeps the sample.
        let fb = draw(near + near, [0, 1, 2, 3, 4, 5], shader: PerTriangleShader(colors: [red, blue]))
        #expect(fb[10, 10] == PackedColor.opaque(1, 0, 0))
    }

    @Test func depthIsPerspectiveCorrectAcrossATiltedTriangle() {
        // A triangle from depth 1 to depth 10 crossing a flat one at depth 3: the crossing is where
        // 1/w (not w) reaches 1/3.
        let red = SIMD4<Float>(1, 0, 0, 1), blue = SIMD4<Float>(0, 0, 1, 1)
        let tilted = [vertex(0, -100, depth: 1), vertex(64, -100, depth: 1), vertex(32, 64, depth: 10)]
        let flat = [vertex(-10, -10, depth: 3), vertex(100, -10, depth: 3), vertex(32, 100, depth: 3)]
        let fb = draw(tilted + flat, [0, 1, 2, 3, 4, 5], shader: PerTriangleShader(colors: [red, blue]))
        // Screen y is affine in 1/w along the tilted one: 1/w = 1 at y = -100, 0.1 at y = 64.
        let crossing = -100 + (1 - 1.0 / 3) / 0.9 * 164
        #expect(fb[32, Int(crossing) - 2] == PackedColor.opaque(1, 0, 0))
        #expect(fb[32, Int(crossing) + 2] == PackedColor.opaque(0, 0, 1))
    }

    @Test func nearPlaneClippingKeepsTheVisiblePart() {
        // One corner behind the camera (w < 0): the triangle is clipped, the rest is drawn, and the
        // barycentrics of every fully covered pixel stay inside the triangle.
        let clip: [SIMD4<Float>] = [vertex(32, 8, depth: 1), vertex(8, 56, depth: 1), SIMD4(0.2, -0.5, 0, -1)]
        let fb = draw(clip, [0, 1, 2], shader: BarycentricCheckShader())
        #expect(fb.inkedPixels > 100)
        // Fully covered pixels are shaded at their centre, inside the triangle: never red.
        #expect(fb.pixels.allSatisfy { $0 >> 24 < 255 || $0 == opaqueWhite })
        #expect(fb[31, 10] == opaqueWhite)
        // All corners behind: nothing.
        let behind: [SIMD4<Float>] = [SIMD4(0, 0, 0, -1), SIMD4(1, 0, 0, -2), SIMD4(0, 1, 0, 0.05)]
        #expect(draw(behind, [0, 1, 2], shader: BarycentricCheckShader()).inkedPixels == 0)
    }

    @Test func hugeTrianglesAreClippedToTheGuardBand() {
        // Corners far outside the frame (beyond the fixed-point guard band) still fill it.
        let clip: [SIMD4<Float>] = [SIMD4(-500, -500, 0, 1), SIMD4(1500, -500, 0, 1), SIMD4(-500, 1500, 0, 1)]
        let fb = draw(clip, [0, 1, 2], shader: BarycentricCheckShader(), width: 96, height: 80)
        #expect(fb.pixels.allSatisfy { $0 == opaqueWhite })
    }

    @Test func degenerateAndOffscreenTrianglesDrawNothing() {
        let s = PerTriangleShader(colors: [white])
        let line = [vertex(1, 1), vertex(30, 30), vertex(60, 60)]
        #expect(draw(line, [0, 1, 2], shader: s).inkedPixels == 0)
        let point = [vertex(10, 10), vertex(10, 10), vertex(10, 10)]
        #expect(draw(point, [0, 1, 2], shader: s).inkedPixels == 0)
        let off = [vertex(70, 10), vertex(90, 10), vertex(80, 40)]
        #expect(draw(off, [0, 1, 2], shader: s).inkedPixels == 0)
        let beyondFar = [vertex(0, 0, depth: 200), vertex(64, 0, depth: 200), vertex(0, 64, depth: 200)]
        #expect(draw(beyondFar, [0, 1, 2], shader: s).inkedPixels == 0)
        // A tiny triangle between samples covers no sample.
        let tiny = [vertex(10.3, 10.3), vertex(10.45, 10.3), vertex(10.3, 10.45)]
        #expect(draw(tiny, [0, 1, 2], shader: s).inkedPixels == 0)
    }

    @Test func edgesAreAntialiasedByCoverage() {
        // A vertical edge through the middle of pixel column 20: half its samples are covered.
        let clip = [vertex(20.5, -10), vertex(80, -10), vertex(20.5, 90)]
        let fb = draw(clip, [0, 1, 2], shader: PerTriangleShader(colors: [white]))
        #expect(fb[19, 30] == 0)
        #expect(fb[20, 30] >> 24 == 128)
        #expect(fb[21, 30] == opaqueWhite)
    }

    @Test func bytesDoNotDependOnTheThreadCount() {
        // Many overlapping triangles at random depths over a 300×200 frame.
        var rng = TriangleTestRandom(seed: 7)
        var clip: [SIMD4<Float>] = [], indices: [UInt32] = []
        var colors: [SIMD4<Float>] = []
        for t in 0..<40_000 {
            let cx = rng.float(-20, 320), cy = rng.float(-20, 220), size = rng.float(0.3, 30)
            let depth = rng.float(-0.5, 20)
            for _ in 0..<3 {
                clip.append(vertex(cx + rng.float(-size, size), cy + rng.float(-size, size), w: 300, h: 200,
                                   depth: depth + rng.float(-1, 1)))
            }
            indices += [UInt32(3 * t), UInt32(3 * t + 1), UInt32(3 * t + 2)]
            colors.append(SIMD4(rng.float(0, 1), rng.float(0, 1), rng.float(0, 1), 1))
        }
        let shader = PerTriangleShader(colors: colors)
        let one = draw(clip, indices, shader: shader, width: 300, height: 200, threads: 1)
        #expect(one.inkedPixels > 50_000)
        for threads in [2, 3, 8] {
            #expect(draw(clip, indices, shader: shader, width: 300, height: 200, threads: threads) == one)
        }
    }
}

/// A small deterministic random source for tests.
private struct TriangleTestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func float(_ lo: Float, _ hi: Float) -> Float {
        lo + (hi - lo) * Float(next() >> 40) / Float(1 << 24)
    }
}

/// Shows the first varying as grey.
private struct VaryingShader: FragmentShader {
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { SIMD4(varyings[0], varyings[0], varyings[0], 1) }
}

@Suite struct TriangleVaryingTests {
    @Test func varyingsArePerspectiveCorrect() {
        // A quad receding from w = 1 (bottom) to w = 4 (top) with a varying 0 → 1 along it: at the
        // screen's middle row the varying is not 0.5 but what 1/w interpolation gives.
        let clip: [SIMD4<Float>] = [
            SIMD4(-1, -1, 0, 1), SIMD4(1, -1, 0, 1), SIMD4(4, 4, 0, 4), SIMD4(-4, 4, 0, 4),
        ]
        let varyings: [SIMD8<Float>] = [SIMD8(repeating: 0), SIMD8(repeating: 0), SIMD8(repeating: 1), SIMD8(repeating: 1)]
        var fb = Framebuffer(width: 64, height: 64)
        var context = RenderContext()
        _ = TriangleRasterizer.render(clip: clip, indices: [0, 1, 2, 0, 2, 3], varyings: varyings, shader: VaryingShader(),
                                      background: 0, near: 0.1, far: 100, into: &fb, context: &context, threads: 1)
        // Screen y (0 at the top) of row 32: ndc v = 1 − 32.5/32 ≈ −0.0156. Along the quad,
        // v(s) = (−1 + 5s) / (1 + 3s) for s the varying, so s = (1 + v) / (5 − 3v).
        let v: Float = 1 - 32.5 / 32
        let expected = (1 + v) / (5 - 3 * v)
        let got = Float(fb.channel(32, 32, 0)) / 255
        #expect(abs(got - expected) < 1.5 / 255, "got \(got), expected \(expected)")
        #expect(abs(expected - 0.5) > 0.1)
    }
}
