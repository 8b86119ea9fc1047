@testable import OptaRaster
import Testing

/// Opaque white everywhere a triangle is drawn.
private struct WhiteShader: FragmentShader {
    func shade(_ f: TriangleFragment, varyings: SIMD8<Float>) -> SIMD4<Float> { SIMD4(1, 1, 1, 1) }
}

/// Items over a mesh layer that are depth-tested show exactly in the pixels where they are in
/// front of the mesh, in the same pass; with no mesh under them they are drawn whole.
@Suite struct DepthTestedItemTests {
    /// A 200 × 150 frame (4 × 3 tiles of 64), opaque black: triangle A at 1/w = 0.5 over
    /// triangle C at 0.2 in the top left, triangle B at 0.25 in the bottom right.
    private let mesh: MeshLayer = {
        let (w, h) = (200, 150)
        func vertex(_ x: Float, _ y: Float, invW: Float) -> SIMD3<Float> {
            // World positions under an identity view-projection whose w is the point's z.
            let depth = 1 / invW
            return SIMD3((x / Float(w) * 2 - 1) * depth, (1 - y / Float(h) * 2) * depth, depth)
        }
        let positions = [vertex(4, 4, invW: 0.5), vertex(40, 4, invW: 0.5), vertex(4, 40, invW: 0.5),
                         vertex(150, 100, invW: 0.25), vertex(190, 100, invW: 0.25), vertex(150, 140, invW: 0.25),
                         vertex(2, 2, invW: 0.2), vertex(60, 2, invW: 0.2), vertex(2, 60, invW: 0.2)]
        let rows: [SIMD4<Float>] = [SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 0, 0), SIMD4(0, 0, 1, 0)]
        return MeshLayer(positions: positions, transform: rows, indices: Array(0..<9), varyings: nil, shader: WhiteShader(),
                         opaqueShader: true, background: 0xFF00_0000, near: 0.1, far: 100)
    }()

    private let red = RGBA(1, 0, 0)

    private func render(_ items: [DrawItem], threads: Int) -> Framebuffer {
        var frame = Framebuffer(width: 200, height: 150)
        var context = RenderContext()
        context.run(FramePlan([.mesh(mesh), .vector(DrawList(items))]), into: &frame, threads: threads)
        return frame
    }

    private func isRed(_ pixel: UInt32) -> Bool { pixel == RGBA(1, 0, 0).premultipliedPacked }

    @Test(arguments: [1, 2])
    func aLineShowsOnlyWhereItIsInFrontOfTheMesh(threads: Int) {
        let alone = render([], threads: threads)
        // At 1/w 0.3: behind A, in front of C and of the background.
        let across = DrawItem.depthTestedPolyline(points: [SIMD3(0, 12.5, 0.3), SIMD3(200, 12.5, 0.3)], width: 3, color: red)
        // At 1/w 0.2, behind B (0.25, less the 1 % tolerance).
        let below = DrawItem.depthTestedPolyline(points: [SIMD3(0, 120.5, 0.2), SIMD3(200, 120.5, 0.2)], width: 3, color: red)
        let frame = render([across, below], threads: threads)
        #expect(alone[10, 12] == 0xFFFF_FFFF && frame[10, 12] == alone[10, 12], "hidden by A")
        #expect(isRed(frame[45, 12]), "in front of C")
        #expect(isRed(frame[100, 12]), "over the background")
        #expect(alone[160, 120] == 0xFFFF_FFFF && frame[160, 120] == alone[160, 120], "hidden by B")
        #expect(isRed(frame[100, 120]))
        // Rows the lines do not reach are the mesh's.
        for x in 0..<200 { #expect(frame[x, 70] == alone[x, 70]) }
    }

    /// 1/w runs along a segment: the line passes behind A part-way along it.
    @Test(arguments: [1, 2])
    func depthIsInterpolatedAlongEachSegment(threads: Int) {
        // From 1/w 0.6 at x = 0 to 0.4 at x = 40: in front of A (0.5, less 1 %) up to x ≈ 20.2.
        let line = DrawItem.depthTestedPolyline(points: [SIMD3(0, 20.5, 0.6), SIMD3(40, 20.5, 0.4)], width: 3, color: red)
        let alone = render([], threads: threads), frame = render([line], threads: threads)
        #expect(isRed(frame[15, 20]))
        #expect(alone[22, 20] == 0xFFFF_FFFF && frame[22, 20] == alone[22, 20])
        // Past A, over C (0.2): in front again.
        #expect(isRed(frame[30, 20]))
    }

    @Test(arguments: [1, 2])
    func aMarkerAtOneDepthShowsOnlyWhereItIsInFront(threads: Int) {
        let behind = DrawItem.depthTested(.disk(center: SIMD2(12, 12), radius: 3, fill: red, outlineWidth: 0, outline: red), invW: 0.3)
        let before = DrawItem.depthTested(.disk(center: SIMD2(12, 24), radius: 3, fill: red, outlineWidth: 0, outline: red), invW: 0.6)
        // Half over A, half over the background (A's right edge runs from (40, 4) to (4, 40)).
        let astride = DrawItem.depthTested(.ring(center: SIMD2(22, 22), radius: 4, width: 2, color: red), invW: 0.3)
        let alone = render([], threads: threads), frame = render([behind, before, astride], threads: threads)
        for y in 8...16 { for x in 8...16 { #expect(frame[x, y] == alone[x, y]) } }
        #expect(isRed(frame[12, 24]))
        #expect(frame[18, 22] == alone[18, 22], "the ring's left, over A")
        #expect(frame[26, 22] != alone[26, 22], "the ring's right, over C")
    }

    /// Thousands of depth-tested items over the mesh (binned in parallel chunks on 2 threads,
    /// whose segment and depth indices are shifted when the chunks are joined) give the same bytes
    /// on 1 thread and 2; absurd coordinates and depths draw nothing and do not crash.
    @Test func manyItemsGiveTheSameBytesOnAnyThreadCount() {
        var rng = SplitMix(seed: 0xDE97)
        func p() -> SIMD3<Float> {
            SIMD3(Float.random(in: -10...210, using: &rng), Float.random(in: -10...160, using: &rng), Float.random(in: 0.1...0.6, using: &rng))
        }
        var items: [DrawItem] = []
        for i in 0..<5000 {
            let color = RGBA(Float(i % 7) / 7, 0.5, Float(i % 3) / 3, 0.8)
            switch i % 3 {
            case 0: items.append(.depthTestedPolyline(points: (0..<Int.random(in: 1...5, using: &rng)).map { _ in p() }, width: 1.5, color: color))
            case 1: items.append(.depthTested(.disk(center: SIMD2(p().x, p().y), radius: 2, fill: color, outlineWidth: 0.5, outline: red),
                                              invW: p().z))
            default: items.append(.depthTested(.ring(center: SIMD2(p().x, p().y), radius: 3, width: 1, color: color), invW: p().z))
            }
        }
        let one = render(items, threads: 1), two = render(items, threads: 2)
        #expect(one.pixels == two.pixels)
        #expect(one.pixels != render([], threads: 1).pixels)

        let nan = Float.nan, inf = Float.infinity
        let absurd: [DrawItem] = [
            .depthTestedPolyline(points: [SIMD3(nan, 3, 0.3), SIMD3(4, 5, nan), SIMD3(1e30, -1e30, inf)], width: 2, color: red),
            .depthTestedPolyline(points: [SIMD3(-1e38, 20, 0.3), SIMD3(1e38, 20, -inf)], width: 1e30, color: red),
            .depthTested(.disk(center: SIMD2(1e30, 10), radius: 1e30, fill: red, outlineWidth: 1, outline: red), invW: nan),
            .depthTested(.ring(center: SIMD2(10, 10), radius: 4, width: 1, color: red), invW: -inf),
            .depthTested(.depthTested(.disk(center: SIMD2(100, 70), radius: 3, fill: red, outlineWidth: 0, outline: red), invW: 0.3),
                         invW: 0.3),
        ]
        _ = render(absurd, threads: 2)
    }

    /// Without a mesh under them, depth-tested items are drawn whole, as their plain kinds.
    @Test func withoutAMeshTheyAreDrawnWhole() {
        let points: [SIMD3<Float>] = [SIMD3(5, 5, 0.1), SIMD3(120, 60, 0.9), SIMD3(150, 20, 0.3)]
        var plain = Framebuffer(width: 160, height: 80), tested = Framebuffer(width: 160, height: 80)
        plain.draw(DrawList([.polyline(points: points.map { SIMD2($0.x, $0.y) }, width: 2.5, color: red),
                             .disk(center: SIMD2(40, 40), radius: 5, fill: red, outlineWidth: 1, outline: RGBA(0, 0, 1))]), threads: 1)
        tested.draw(DrawList([.depthTestedPolyline(points: points, width: 2.5, color: red),
                              .depthTested(.disk(center: SIMD2(40, 40), radius: 5, fill: red, outlineWidth: 1, outline: RGBA(0, 0, 1)),
                                           invW: 0.1)]), threads: 1)
        #expect(tested.pixels == plain.pixels)
        #expect(plain.pixels.contains { $0 != 0 })
    }
}
