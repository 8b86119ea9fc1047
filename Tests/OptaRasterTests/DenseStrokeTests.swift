import Foundation
import OptaRaster
import Testing

/// Strokes of thousands of short segments (a long followed path, a noisy convergence series):
/// each tile walks its segments one by one over the rows each reaches, and the picture must not
/// depend on how the frame is cut into tiles.
@Suite struct DenseStrokeTests {
    /// A random walk in a small area (a run settling in a valley) and a chart-like zigzag through
    /// each pixel column's low and high value, drawn at several tile sizes.
    @Test func denseStrokesDrawTheSameBytesWhateverTheTileSize() {
        var rng = SplitMix(seed: 11)
        var walk: [SIMD2<Float>] = [[90, 70]]
        for _ in 0..<3000 {
            let p = walk[walk.count - 1] + SIMD2(Float.random(in: -1.5...1.5, using: &rng), Float.random(in: -1.5...1.5, using: &rng))
            walk.append(pointwiseMin(pointwiseMax(p, [40, 20]), [140, 120]))
        }
        var zigzag: [SIMD2<Float>] = []
        for column in 0..<170 {
            let middle = 60 + 30 * sin(Float(column) * 0.05)
            zigzag.append([Float(column) + 5, middle - Float.random(in: 0...40, using: &rng)])
            zigzag.append([Float(column) + 5.5, middle + Float.random(in: 0...40, using: &rng)])
        }
        var list = DrawList()
        list.append(.polyline(points: walk, width: 2.5, color: RGBA(0.1, 0.4, 0.8, 0.7)))
        list.append(.polyline(points: zigzag, width: 2, color: RGBA(0.9, 0.3, 0.1, 1)))
        var reference = Framebuffer(width: 180, height: 140)
        reference.draw(list, threads: 1, tileSize: 256)
        #expect(reference.inkedPixels > 5000)
        for tileSize in [8, 16, 64] {
            var tiled = Framebuffer(width: 180, height: 140)
            tiled.draw(list, threads: 2, tileSize: tileSize)
            let different = zip(tiled.pixels, reference.pixels).filter { $0 != $1 }.count
            #expect(different == 0, "tile size \(tileSize): \(different) pixels differ")
        }
    }
}
