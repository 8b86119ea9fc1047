import OptaCore
import OptaRaster
import Shaders

/// Places value labels along contour lines, like matplotlib's `clabel`: each level gets labels
/// where its line crosses the plot, spaced apart, away from the edges and from each other.
/// Lines are found by marching over a coarse grid of samples.
public enum ContourLabelPlacer {
    /// A label: the level it names, the text, and its centre in frame pixels.
    public struct Label: Sendable, Equatable {
        public let level: Double
        public let text: String
        public let center: SIMD2<Float>
    }

    /// Labels for `levels` over `viewport`; `spacing` is the least distance between two labels of
    /// one level, `clearance` between any two labels (pixels).
    /// Labels keep `clearance` away from each point of `avoid` and out of `avoidRects` (markers,
    /// paths, the legend).
    public static func place(objective: Objective, viewport: PlotViewport, levels: [Double],
                             spacing: Float, clearance: Float, edgeMargin: Float,
                             avoid: [SIMD2<Float>] = [], avoidRects: [PixelRectF] = []) -> [Label] {
        let rect = viewport.rect
        let cell = 6
        let columns = rect.width / cell + 1, rows = rect.height / cell + 1
        guard columns >= 2, rows >= 2, !levels.isEmpty else { return [] }
        var grid = [Double](repeating: .nan, count: columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let p = viewport.domainPoint(SIMD2(Double(rect.x0 + i * cell), Double(rect.y0 + j * cell)))
                grid[j * columns + i] = objective.value(p)
            }
        }
        var placed: [Label] = []
        let lo = SIMD2<Float>(Float(rect.x0) + edgeMargin, Float(rect.y0) + edgeMargin)
        let hi = SIMD2<Float>(Float(rect.x1) - edgeMargin, Float(rect.y1) - edgeMargin)
        for level in levels {
            // Crossings of the level along horizontal grid edges, in scan order.
            var sameLevel: [SIMD2<Float>] = []
            for j in stride(from: 0, to: rows, by: 2) {
                for i in 0..<(columns - 1) {
                    let a = grid[j * columns + i], b = grid[j * columns + i + 1]
                    guard a.isFinite, b.isFinite, (a - level) * (b - level) < 0 else { continue }
                    let t = Float((level - a) / (b - a))
                    let p = SIMD2<Float>(Float(rect.x0 + i * cell) + t * Float(cell), Float(rect.y0 + j * cell))
                    guard all(p .>= lo), all(p .<= hi) else { continue }
                    if sameLevel.contains(where: { distance($0, p) < spacing }) { continue }
                    if placed.contains(where: { distance($0.center, p) < clearance }) { continue }
                    if avoid.contains(where: { distance($0, p) < clearance }) { continue }
                    if avoidRects.contains(where: { p.x > $0.x0 - clearance && p.x < $0.x1 + clearance
                        && p.y > $0.y0 - clearance / 2 && p.y < $0.y1 + clearance / 2 }) { continue }
                    sameLevel.append(p)
                    placed.append(Label(level: level, text: NiceTicks.compactLabel(level), center: p))
                }
            }
        }
        return placed
    }

    static func distance(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
        let d = a - b
        return (d * d).sum().squareRoot()
    }
}
