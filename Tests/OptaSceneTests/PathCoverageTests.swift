import Foundation
import OptaRaster
@testable import OptaScene
import Testing

/// A long followed path drawn from its stroke coverage shows the pixels its whole stroke shows.
@Suite struct PathCoverageTests {
    static let plot = PixelRect(x0: 20, y0: 10, x1: 300, y1: 190)

    /// A noisy walk in frame pixels; `inside` keeps it within the plot and whole, else it leaves
    /// the plot and comes back, and has a break.
    static func walk(_ count: Int, inside: Bool = false) -> [SIMD2<Float>] {
        var state: UInt64 = 5, p = SIMD2<Float>(150, 100)
        return (0..<count).map { k in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let angle = Float(state >> 40) / Float(1 << 24) * 2 * .pi
            p += SIMD2(cos(angle), sin(angle)) * 2.5 + SIMD2(k < count / 2 ? 0.02 : -0.02, 0)
            if inside { p = pointwiseMin(pointwiseMax(p, SIMD2(30, 20)), SIMD2(290, 180)) }
            return k == count / 3 && !inside ? SIMD2(.nan, .nan) : p
        }
    }

    /// The frame with `items` drawn over white.
    static func picture(_ items: [DrawItem]) -> Framebuffer {
        var frame = Framebuffer(width: 320, height: 200, fill: RGBA(1, 1, 1).premultipliedPacked)
        frame.draw(DrawList(items))
        return frame
    }

    @Test(arguments: [true, false]) func theCoverageDrawsWhatTheWholeStrokeDraws(inside: Bool) {
        let points = Self.walk(20_000, inside: inside)
        let color = RGBA(0.85, 0.2, 0.1), width: Float = 1.5
        var coverage = PathCoverage(plot: Self.plot, width: width, outlineWidth: PathStroke.haloWidth)
        for p in points { coverage.append(p) }
        let lo = SIMD2(Float(Self.plot.x0), Float(Self.plot.y0)), hi = SIMD2(Float(Self.plot.x1), Float(Self.plot.y1))
        var stroke = FigureCanvas()
        PathStroke.append(&stroke, pieces: PathClipping.clip(points, lo: lo, hi: hi).filter { $0.count >= 2 }, width: width, color: color)
        let drawn = Self.picture(coverage.items(color: color, outline: PathStroke.outline(for: color)))
        let expected = Self.picture(stroke.list.items)
        // Inside the plot: a figure paints over what strokes draw beyond it (`addPlotClip`).
        var differing = 0, largest: UInt32 = 0
        let plot = Self.plot
        let pairs = (plot.y0..<plot.y1).flatMap { y in (plot.x0..<plot.x1).map { x in (drawn[x, y], expected[x, y]) } }
        for (a, b) in pairs where a != b {
            differing += 1
            for shift in stride(from: 0, to: 32, by: 8) {
                let x = (a >> UInt32(shift)) & 0xFF, y = (b >> UInt32(shift)) & 0xFF
                largest = max(largest, x > y ? x - y : y - x)
            }
        }
        // A coverage of 128/256 is kept as 127. Pieces of a path cut apart (by the plot's edge,
        // by a break) blend once each as strokes, once together as coverage, so where they cross
        // the edges of their lines differ a little.
        #expect(largest <= (inside ? 2 : 80), "largest difference \(largest) in \(differing) pixels")
        #expect(differing < pairs.count / 100, "\(differing) pixels differ")
        #expect(drawn != Self.picture([]), "the path shows")
    }

    @Test func theCoverageIsTheSameHoweverThePointsArrive() {
        let points = Self.walk(5_000)
        var whole = PathCoverage(plot: Self.plot, width: 3, outlineWidth: 1)
        for p in points { whole.append(p) }
        var growing = PathCoverage(plot: Self.plot, width: 3, outlineWidth: 1)
        var frames: [Framebuffer] = []
        for (k, p) in points.enumerated() {
            growing.append(p)
            if k % 997 == 0 { frames.append(Self.picture(growing.items(color: RGBA(0, 0, 1), outline: RGBA(1, 1, 1)))) }
        }
        let color = RGBA(0, 0, 1), outline = RGBA(1, 1, 1)
        #expect(Self.picture(growing.items(color: color, outline: outline)) == Self.picture(whole.items(color: color, outline: outline)))
        #expect(frames.first != frames.last, "the path grew in the picture")
    }

    /// Each mask byte is the largest coverage any of the path's segments gives its pixel, worked
    /// out here pixel by pixel over each segment's whole box with `StrokeSegment.distance`.
    @Test func theMasksHoldEachPixelsLargestCoverage() {
        let points = Self.walk(3_000)
        let plot = Self.plot, color = RGBA(0.1, 0.3, 0.9), outlineColor = RGBA(1, 1, 1)
        var coverage = PathCoverage(plot: plot, width: 1.5, outlineWidth: PathStroke.haloWidth)
        for p in points { coverage.append(p) }
        var line = [UInt8](repeating: 0, count: plot.width * plot.height), outline = line
        let lo = SIMD2(Float(plot.x0), Float(plot.y0)), hi = SIMD2(Float(plot.x1), Float(plot.y1))
        for (a, b) in zip(points, points.dropFirst()) {
            guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite,
                  let (s, t) = PathClipping.clipSegment(a, b, lo: lo, hi: hi) else { continue }
            let segment = StrokeSegment(from: s, to: t, reach: coverage.outlineReach)
            let boxLo = pointwiseMax(pointwiseMin(s, t) - coverage.outlineReach - 1, lo)
            let boxHi = pointwiseMin(pointwiseMax(s, t) + coverage.outlineReach + 1, hi)
            for y in Int(boxLo.y)..<Int(boxHi.y.rounded(.up)) {
                for x in Int(boxLo.x)..<Int(boxHi.x.rounded(.up)) {
                    let d = segment.distance(SIMD2(Float(x) + 0.5, Float(y) + 0.5))
                    let i = (y - plot.y0) * plot.width + x - plot.x0
                    line[i] = max(line[i], PathCoverage.byte(coverage.lineReach - d))
                    outline[i] = max(outline[i], PathCoverage.byte(coverage.outlineReach - d))
                }
            }
        }
        let expected: [DrawItem] = [
            .mask(x: plot.x0, y: plot.y0, width: plot.width, height: plot.height, coverage: outline,
                  color: outlineColor.fading(by: coverage.outlineFade)),
            .mask(x: plot.x0, y: plot.y0, width: plot.width, height: plot.height, coverage: line,
                  color: color.fading(by: coverage.lineFade)),
        ]
        #expect(Self.picture(coverage.items(color: color, outline: outlineColor)) == Self.picture(expected))
        #expect(line.contains { $0 > 0 }, "the path covers pixels")
    }

    /// The 8-lane conversion gives `byte` for every coverage from below 0 to above 1.
    @Test func eightMaskBytesAtOnceAreEachByte() {
        for k in -8...(264 * 8) {
            let c = Float(k) / 2048
            let lanes = SIMD8<Float>(repeating: c) + SIMD8(0, 1e-4, 2e-4, 3e-4, 5e-4, 8e-4, -1e-4, -3e-4)
            let bytes = PathCoverage.bytes(lanes)
            for lane in 0..<8 { #expect(UInt8(bytes[lane]) == PathCoverage.byte(lanes[lane]), "\(lanes[lane])") }
        }
    }

    @Test func aMaskByteBlendsAsTheStrokesCoverage() {
        for k in 0...256 {
            let c = Float(k) / 256
            let byte = PathCoverage.byte(c)
            let blended = UInt32(byte) + UInt32(byte >> 7)
            #expect(blended == UInt32(k) || (k == 128 && blended == 127), "\(k) → \(byte)")
        }
        #expect(PathCoverage.byte(-3) == 0 && PathCoverage.byte(7) == 255 && PathCoverage.byte(.nan) == 0)
    }
}
