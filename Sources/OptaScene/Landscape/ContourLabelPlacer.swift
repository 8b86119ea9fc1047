import OptaCore
import OptaRaster
import Shaders

/// Places value labels along contour lines, like matplotlib's `clabel`: each level gets labels
/// where its line crosses the plot, spaced apart, away from the edges. A label's box keeps a gap
/// from every other label's box and from the figure's paths and markers, so labels never run
/// together ("−0.672−0.872") or touch what is drawn over the plot. Lines are found by marching
/// over a coarse grid of samples.
public enum ContourLabelPlacer {
    /// A label: the level it names (and its index in the levels), the text, and its centre in
    /// frame pixels.
    public struct Label: Sendable, Equatable {
        public let level: Double
        public let levelIndex: Int
        public let text: String
        public let center: SIMD2<Float>
    }

    /// What labels keep clear of, in frame pixels.
    struct Obstacles {
        /// Path lines, with how far a label box stays from each (half the stroke plus a gap).
        var lines: [[SIMD2<Float>]] = []
        var lineClearance: Float = 0
        /// Markers as discs: a label box stays `gap` beyond each radius.
        var discs: [(center: SIMD2<Float>, radius: Float)] = []
        /// Boxes to stay out of (a legend fixed in a corner).
        var rects: [PixelRectF] = []
    }

    /// Labels for `levels` over `viewport`. `box(levelIndex, centre)` is the box of that level's
    /// label centred there. Two labels of one level are at least `spacing` apart (centres), any
    /// two at least `clearance` apart (centres) with `gap` pixels between their boxes; boxes stay
    /// `gap` from markers and rectangles, `obstacles.lineClearance` from path lines, and centres
    /// `edgeMargin` inside the plot with the whole box inside it.
    static func place(objective: Objective, viewport: PlotViewport, levels: [Double],
                      box: (Int, SIMD2<Float>) -> PixelRectF, spacing: Float, clearance: Float, gap: Float,
                      edgeMargin: Float, obstacles: Obstacles = Obstacles()) -> [Label] {
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
        let plot = PixelRectF(rect)
        let lines = SegmentIndex(obstacles.lines, cell: 32)
        var placed: [(label: Label, box: PixelRectF)] = []
        let lo = SIMD2<Float>(Float(rect.x0) + edgeMargin, Float(rect.y0) + edgeMargin)
        let hi = SIMD2<Float>(Float(rect.x1) - edgeMargin, Float(rect.y1) - edgeMargin)
        for (levelIndex, level) in levels.enumerated() {
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
                    if placed.contains(where: { distance($0.label.center, p) < clearance }) { continue }
                    let labelBox = box(levelIndex, p)
                    guard plot.grown(by: -2).contains(labelBox) else { continue }
                    if placed.contains(where: { $0.box.overlaps(labelBox, gap: gap) }) { continue }
                    let grown = labelBox.grown(by: gap)
                    if obstacles.rects.contains(where: { $0.overlaps(grown) }) { continue }
                    if obstacles.discs.contains(where: { labelBox.distance(to: $0.center) < $0.radius + gap }) { continue }
                    if lines.comesWithin(obstacles.lineClearance, of: labelBox) { continue }
                    sameLevel.append(p)
                    placed.append((Label(level: level, levelIndex: levelIndex, text: NiceTicks.compactLabel(level), center: p), labelBox))
                }
            }
        }
        return placed.map(\.label)
    }

    static func distance(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
        let d = a - b
        return (d * d).sum().squareRoot()
    }
}
