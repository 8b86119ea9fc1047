import Foundation
import OptaRaster
import Testing

/// The primitives graphs use: lines, arrowheads (convex polygons), rounded rectangles, halos.
@Suite struct PrimitiveTests {
    @Test func lineDrawsExactlyWhatATwoPointPolylineDraws() {
        var rng = SplitMix(seed: 3)
        for _ in 0..<40 {
            let a = SIMD2<Float>(Float.random(in: -5...70, using: &rng), Float.random(in: -5...70, using: &rng))
            let b = SIMD2<Float>(Float.random(in: -5...70, using: &rng), Float.random(in: -5...70, using: &rng))
            let w = Float.random(in: 0.2...6, using: &rng)
            let color = RGBA(0.2, 0.3, 0.5, 0.5)
            #expect(render([.line(from: a, to: b, width: w, color: color)]).pixels
                == render([.polyline(points: [a, b], width: w, color: color)]).pixels)
        }
    }

    @Test func overlappingLinesEachBlend() {
        // Two identical half-transparent lines darken where they overlap: each blends on its own.
        let item = DrawItem.line(from: [5, 32.5], to: [60, 32.5], width: 3, color: RGBA(0, 0, 0, 0.5))
        let once = render([item]), twice = render([item, item])
        #expect(once.channel(30, 32, 3) == 128)
        // 1 − (1 − 0.5)² = 0.75 → 191.25 (192 after 8-bit rounding); one merged stroke would stay at 128.
        #expect(abs(twice.channel(30, 32, 3) - 191) <= 1)
    }

    @Test func triangleCoversItsAreaWithAntialiasedEdges() {
        let points: [SIMD2<Float>] = [[10, 10], [50, 14], [22, 54]]
        let fb = render([.convexPolygon(points: points, fill: .white)])
        let area: Float = abs((points[1].x - points[0].x) * (points[2].y - points[0].y)
            - (points[2].x - points[0].x) * (points[1].y - points[0].y)) / 2
        #expect(abs(fb.alphaSum - area) < area * 0.02, "ink \(fb.alphaSum) vs area \(area)")
        #expect(fb.alpha(25, 25) == 1)   // inside
        #expect(fb.alpha(5, 5) == 0)     // outside
        // Some pixels along the edges are partly covered.
        #expect(fb.pixels.contains { $0 >> 24 > 0 && $0 >> 24 < 255 })
        // Either winding gives the same pixels.
        #expect(render([.convexPolygon(points: points.reversed(), fill: .white)]).pixels == fb.pixels)
    }

    @Test func arrowheadSharesTheShaftsEdgeWithoutAGap() {
        // A shaft ending where a head begins: along the axis no pixel between them is left blank.
        let shaft = DrawItem.line(from: [4, 32], to: [40, 32], width: 2, color: .white)
        let head = DrawItem.convexPolygon(points: [[52, 32], [40, 26], [40, 38]], fill: .white)
        let fb = render([shaft, head])
        for x in 5..<50 { #expect(fb.alpha(x, 31) > 0.9 || fb.alpha(x, 32) > 0.9, "x \(x)") }
    }

    @Test func roundedRectangleAreaAndOutline() {
        let r: Float = 6
        let fb = render([.roundedRect(PixelRectF(x0: 10, y0: 12, x1: 50, y1: 40), radius: r, fill: .white, outlineWidth: 0, outline: .clear)])
        let area = 40 * 28 - (4 - Float.pi) * r * r
        #expect(abs(fb.alphaSum - area) < area * 0.01, "ink \(fb.alphaSum) vs \(area)")
        #expect(fb.alpha(10, 12) < 0.05)   // the cut corner
        #expect(fb.alpha(30, 26) == 1)
        let outlined = render([.roundedRect(PixelRectF(x0: 10, y0: 12, x1: 50, y1: 40), radius: r, fill: .clear,
                                            outlineWidth: 2, outline: .white)])
        #expect(outlined.alpha(30, 26) == 0)
        #expect(outlined.alpha(30, 12) > 0.9)  // the top edge
    }

    @Test func haloGrowsTheMaskByItsRadius() {
        var mask = [UInt8](repeating: 0, count: 9 * 9)
        mask[4 * 9 + 4] = 255
        let halo = MaskHalo.dilated(mask, width: 9, height: 9, radius: 2)
        #expect(halo.pad == 2 && halo.width == 13 && halo.height == 13)
        let centre = (4 + 2) * 13 + (4 + 2)
        #expect(halo.coverage[centre] == 255)
        #expect(halo.coverage[centre + 1] == 255)          // 1 px right: inside the radius
        #expect(halo.coverage[centre + 2] == 128)          // on the radius: the rim's half-covered pixel
        #expect(halo.coverage[centre - 2 * 13] == 128)     // the same above
        #expect(halo.coverage[(4 + 2) * 13] == 0)          // beyond the radius
        #expect(halo.coverage[centre + 2 * 13 + 2] < 128)  // the diagonal rim, partly
    }

    @Test func thinLinesKeepInkInProportionToWidth() {
        for w: Float in [0.1, 0.3, 0.6, 1.25] {
            let fb = render([.line(from: [-4, 20.3], to: [70, 20.3], width: w, color: .white)])
            #expect(abs(fb.alphaSum - 64 * w) < 64 * w * 0.1 + 1, "width \(w): \(fb.alphaSum)")
        }
    }
}

@Suite struct CapAndDashTests {
    @Test func capsExtendTheLineAsNamed() {
        let a = SIMD2<Float>(20, 32), b = SIMD2<Float>(40, 32), w: Float = 8
        let butt = render([DrawItem.line(from: a, to: b, width: w, color: .white, cap: .butt)])
        let square = render([DrawItem.line(from: a, to: b, width: w, color: .white, cap: .square)])
        let round = render([DrawItem.line(from: a, to: b, width: w, color: .white, cap: .round)])
        // Ink: butt = 20 × 8, square = 28 × 8, round = 20 × 8 + π 4².
        #expect(abs(butt.alphaSum - 160) < 2)
        #expect(abs(square.alphaSum - 224) < 2)
        #expect(abs(round.alphaSum - (160 + .pi * 16)) < 2)
        // Beyond the end: butt leaves x = 41 blank, square and round cover it at the axis.
        #expect(butt.alpha(41, 32) == 0 && square.alpha(41, 32) == 1 && round.alpha(41, 32) == 1)
        // At the corner of the square cap the round cap is blank.
        #expect(square.alpha(43, 35) == 1 && round.alpha(43, 35) == 0)
    }

    @Test func dashesCutTheLineByLength() {
        let pts = Dashes.split([[0, 10], [30, 10]], pattern: [5, 5])
        // Dashes [0,5] [10,15] [20,25] and the last gap: 3 dashes separated by 2 breaks.
        #expect(pts.filter { $0.x.isNaN }.count == 2)
        #expect(pts.filter { !$0.x.isNaN } == [[0, 10], [5, 10], [10, 10], [15, 10], [20, 10], [25, 10]])
        // Around a corner the pattern continues: a dash of 5 from x = 8 turns the corner at (10, 10).
        let corner = Dashes.split([[0, 0], [10, 0], [10, 10]], pattern: [4, 4])
        #expect(corner.filter { !$0.x.isNaN } == [[0, 0], [4, 0], [8, 0], [10, 0], [10, 2], [10, 6], [10, 10]])
        let fb = render([DrawItem.dashed(points: [[2, 20.5], [62, 20.5]], width: 1, color: .white, pattern: [6, 4])])
        #expect(fb.alpha(4, 20) == 1 && fb.alpha(10, 20) == 0 && fb.alpha(14, 20) == 1)
        // Phase shifts the pattern.
        let shifted = Dashes.split([[0, 10], [30, 10]], pattern: [5, 5], phase: 5)
        #expect(shifted.first == [5, 10])
        // A useless pattern leaves the line solid.
        #expect(Dashes.split([[0, 0], [9, 0]], pattern: [0, 0]) == [[0, 0], [9, 0]])
    }
}

@Suite struct BackgroundPassTests {
    @Test func aFillAndVectorPlanEqualsClearThenDraw() {
        let items: [DrawItem] = [.line(from: [3, 4], to: [90, 70], width: 1.25, color: RGBA(0.2, 0.3, 0.5, 0.5)),
                                 .disk(center: [40, 30], radius: 4, fill: RGBA(0.95, 0.6, 0.1), outlineWidth: 1, outline: .black)]
        var a = Framebuffer(width: 100, height: 75, fill: 0x1234_5678)
        var b = a
        a.clear(to: 0xFFFF_FFFF)
        a.draw(DrawList(items), threads: 2)
        var context = RenderContext()
        context.run(FramePlan([.fill(0xFFFF_FFFF), .vector(DrawList(items))]), into: &b, threads: 2)
        #expect(a.pixels == b.pixels)
    }
}

@Suite struct JoinTests {
    static let corner: [SIMD2<Float>] = [[10, 40], [40, 40], [40, 10]]

    func stroke(_ join: LineJoin, cap: LineCap = .butt, color: RGBA = .white, points: [SIMD2<Float>] = corner,
                miterLimit: Float = 4) -> Framebuffer {
        render([DrawItem.stroke(points: points, width: 8, color: color, cap: cap, join: join, miterLimit: miterLimit)])
    }

    @Test func joinsShapeTheOuterCorner() {
        let miter = stroke(.miter), bevel = stroke(.bevel), round = stroke(.round)
        // The miter reaches the corner (44, 44); the bevel cuts it along x + y = 84; round is a disk of radius 4.
        #expect(miter.alpha(43, 43) == 1)
        #expect(bevel.alpha(43, 43) == 0 && round.alpha(43, 43) < 0.1)
        #expect(bevel.alpha(41, 41) == 1 && round.alpha(41, 41) == 1)
        // Ink: bodies 30 × 8 + 30 × 8 − the 4 × 4 inner overlap… plus the joins (miter 16, bevel 8, round 4π).
        let bodies: Float = 2 * 30 * 8 - 16 + 16  // the inner square counted once, the outer square by the join
        #expect(abs(miter.alphaSum - bodies) < 3, "miter ink \(miter.alphaSum)")
        #expect(abs(bevel.alphaSum - (bodies - 8)) < 3, "bevel ink \(bevel.alphaSum)")
        #expect(abs(round.alphaSum - (bodies - 16 + 4 * .pi)) < 3, "round ink \(round.alphaSum)")
    }

    @Test func translucentStrokeBlendsOnceAcrossJointsWithoutSeams() {
        let half = RGBA(1, 1, 1, 0.5)
        for join in [LineJoin.miter, .bevel, .round] {
            let straight = stroke(join, color: half, points: [[4, 30], [30, 30], [60, 30]])
            for x in 6..<58 { for y in 27..<33 { #expect(straight.channel(x, y, 3) == 128, "\(join) (\(x), \(y))") } }
            let bent = stroke(join, color: half)
            #expect(bent.pixels.allSatisfy { $0 >> 24 <= 128 })
            #expect(bent.channel(38, 38, 3) == 128 && bent.channel(40, 40, 3) == 128)
        }
    }

    @Test func sharpMiterFallsBackToBevelPastTheLimit() {
        let sharp: [SIMD2<Float>] = [[5, 20], [55, 32], [5, 44]]  // about 27° between the segments
        let limited = stroke(.miter, points: sharp, miterLimit: 2)
        let bevel = stroke(.bevel, points: sharp)
        #expect(limited.pixels == bevel.pixels)
        let long = stroke(.miter, points: sharp, miterLimit: 10)
        #expect(long.alphaSum > bevel.alphaSum + 10)
    }

    @Test func styledCapsMatchTheLineCaps() {
        for cap in [LineCap.butt, .square, .round] {
            let styled = render([DrawItem.stroke(points: [[20, 32], [40, 32]], width: 8, color: .white, cap: cap, join: .miter)])
            let line = render([DrawItem.line(from: [20, 32], to: [40, 32], width: 8, color: .white, cap: cap)])
            #expect(abs(styled.alphaSum - line.alphaSum) < 1.5, "\(cap): \(styled.alphaSum) vs \(line.alphaSum)")
        }
    }
}
