import OptaRaster

/// Line segments binned into square cells of the frame, to ask quickly whether any of them comes
/// within a distance of a box (contour labels against paths with thousands of points).
struct SegmentIndex {
    private let cell: Float
    private var cells: [SIMD2<Int32>: [(SIMD2<Float>, SIMD2<Float>)]] = [:]

    /// The segments of `polylines` (non-finite points break a line) in cells of `cell` pixels.
    init(_ polylines: [[SIMD2<Float>]], cell: Float) {
        self.cell = cell
        for line in polylines {
            for (a, b) in zip(line, line.dropFirst()) where a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite {
                let lo = pointwiseMin(a, b), hi = pointwiseMax(a, b)
                // Segments far outside any plot (a path point at 1e30) are not worth binning.
                guard lo.x > -1e6, lo.y > -1e6, hi.x < 1e6, hi.y < 1e6 else { continue }
                for key in keys(PixelRectF(x0: lo.x, y0: lo.y, x1: hi.x, y1: hi.y)) { cells[key, default: []].append((a, b)) }
            }
        }
    }

    private func keys(_ r: PixelRectF) -> [SIMD2<Int32>] {
        let x0 = Int32((r.x0 / cell).rounded(.down)), x1 = Int32((r.x1 / cell).rounded(.down))
        let y0 = Int32((r.y0 / cell).rounded(.down)), y1 = Int32((r.y1 / cell).rounded(.down))
        var out: [SIMD2<Int32>] = []
        for y in y0...y1 { for x in x0...x1 { out.append(SIMD2(x, y)) } }
        return out
    }

    /// Whether a segment passes within `d` pixels of `box` (or through it).
    func comesWithin(_ d: Float, of box: PixelRectF) -> Bool {
        guard !cells.isEmpty else { return false }
        for key in keys(box.grown(by: d)) {
            for (a, b) in cells[key] ?? [] where box.distance(toSegment: a, b) < d { return true }
        }
        return false
    }
}
