import OptaRaster
import Testing

@Suite struct StrokeTests {
    @Test func onePixelLineOnPixelBoundariesFillsExactlyOneRow() {
        // Polyline across the whole frame (caps off-screen) and a butt segment, both covering y ∈ [10, 11].
        let line = render([.polyline(points: [[-10, 10.5], [80, 10.5]], width: 1, color: .white)])
        let seg = render([.segment(from: [2, 20.5], to: [30, 20.5], width: 1, color: .white)])
        for x in 0..<64 {
            for y in 0..<64 {
                #expect(line.alpha(x, y) == (y == 10 ? 1 : 0))
                #expect(seg.alpha(x, y) == (y == 20 && x >= 2 && x < 30 ? 1 : 0))
            }
        }
    }

    @Test func hairlineIsNeverDropped() {
        let width: Float = 0.5
        let h = render([.polyline(points: [[0, 10.3], [64, 10.3]], width: width, color: .white)])
        let d = render([.polyline(points: [[3, 5.2], [60.7, 58.9]], width: width, color: .white)])
        for x in 0..<64 {
            let column = (0..<64).reduce(Float(0)) { $0 + h.alpha(x, $1) }
            #expect(abs(column - width) < 0.02, "horizontal hairline column \(x): \(column)")
        }
        for x in 4..<60 {
            let column = (0..<64).reduce(Float(0)) { $0 + d.alpha(x, $1) }
            // A 45°-ish line crosses a column over √2 × its width of ink.
            #expect(column > 0.5 && column < 0.9, "diagonal hairline column \(x): \(column)")
        }
        // Even thinner lines keep ink in proportion to width.
        let thin = render([.polyline(points: [[0, 30.5], [64, 30.5]], width: 0.1, color: .white)])
        #expect(thin.inkedPixels >= 64)
        #expect(abs(thin.alphaSum - 6.4) < 0.7)
    }

    @Test func translucentRightAngleJointBlendsOnce() {
        let color = RGBA(1, 1, 1, 0.5)
        let points: [SIMD2<Float>] = [[10, 40], [40, 40], [40, 10]]
        let fb = render([.polyline(points: points, width: 8, color: color)])
        var checked = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let p = SIMD2<Float>(Float(x) + 0.5, Float(y) + 0.5)
                let d = min(distance(p, points[0], points[1]), distance(p, points[1], points[2]))
                #expect(fb.channel(x, y, 3) <= 128)
                if d <= 3.5 { // fully inside the stroke
                    #expect(fb.channel(x, y, 3) == 128, "(\(x), \(y))")
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
        // The corner itself and the outer round join.
        #expect(fb.channel(40, 40, 3) == 128)
        #expect(fb.channel(41, 41, 3) == 128)
        #expect(fb.channel(42, 42, 3) > 100)
    }

    @Test func roundCapsExtendByHalfWidth() {
        let round = render([.polyline(points: [[20, 20.5], [40, 20.5]], width: 8, color: .white)])
        let butt = render([.segment(from: [20, 20.5], to: [40, 20.5], width: 8, color: .white)])
        // Along the axis, the cap reaches 4 px beyond each end.
        #expect(round.alpha(43, 20) == 1 && round.alpha(44, 20) == 0)
        #expect(round.alpha(16, 20) == 1 && round.alpha(15, 20) == 0)
        #expect(butt.alpha(39, 20) == 1 && butt.alpha(40, 20) == 0)
        #expect(butt.alpha(20, 20) == 1 && butt.alpha(19, 20) == 0)
        // Ink: rectangle 20×8 plus a disk of radius 4 for the two half caps.
        #expect(abs(butt.alphaSum - 160) < 1)
        #expect(abs(round.alphaSum - (160 + Float.pi * 16)) < 1)
    }

    @Test func emptyAndSinglePointPolylines() {
        #expect(render([.polyline(points: [], width: 3, color: .white)]).inkedPixels == 0)
        let dot = render([.polyline(points: [[30.2, 30.7]], width: 6, color: .white)])
        #expect(abs(dot.alphaSum - Float.pi * 9) < Float.pi * 9 * 0.02)
        #expect(dot.alpha(30, 30) == 1)
        // A repeated point also draws a dot.
        let twice = render([.polyline(points: [[30.2, 30.7], [30.2, 30.7]], width: 6, color: .white)])
        #expect(twice.pixels == dot.pixels)
    }

    @Test func polylineWithNaNBreaksInsteadOfVanishing() {
        let nan = Float.nan
        let fb = render([.polyline(points: [[5, 10.5], [30, 10.5], [nan, 3], [40, 40.5], [60, 40.5]], width: 2, color: .white)])
        #expect(fb.alpha(20, 10) == 1)
        #expect(fb.alpha(50, 40) == 1)
        #expect(fb.alpha(35, 25) == 0) // no segment across the gap
    }

    @Test func longPolylineSplitsIntoBins() {
        // A zig-zag with many points over a 256×256 frame: tiles only get segments near them.
        var points: [SIMD2<Float>] = []
        for i in 0...200 { points.append([Float(i) * 1.2 + 5, i % 2 == 0 ? 20 : 230]) }
        var list = DrawList()
        list.append(.polyline(points: points, width: 1.5, color: .white))
        let binned = BinnedDrawList(list, width: 256, height: 256, tileSize: 64)
        // 200 segments over 16 tiles: far fewer entries than 200 per tile.
        #expect(binned.entryCount < 16 * 60)
        var a = Framebuffer(width: 256, height: 256)
        a.draw(binned, threads: 2)
        var b = Framebuffer(width: 256, height: 256)
        b.draw(list, threads: 1, tileSize: 16)
        #expect(a.pixels == b.pixels)
    }
}

/// Distance from `p` to segment `a`–`b`.
func distance(_ p: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
    let d = b - a, w = p - a
    let t = max(0, min(1, (w * d).sum() / (d * d).sum()))
    let e = w - d * t
    return (e * e).sum().squareRoot()
}
