import OptaRaster

/// Line segments binned into square cells of the frame, to ask quickly whether any of them comes
/// within a distance of a box (contour labels against paths with thousands of points), or how
/// much of them runs through it (graph labels against edges).
struct SegmentIndex {
    private let cell: Float
    private var segments: [(SIMD2<Float>, SIMD2<Float>)] = []
    /// The segments (indices into `segments`) each cell holds.
    private var cells: [SIMD2<Int32>: [Int]] = [:]

    /// The segments of `polylines` (non-finite points break a line) in cells of `cell` pixels.
    init(_ polylines: [[SIMD2<Float>]], cell: Float) {
        self.cell = cell
        for line in polylines {
            for (a, b) in zip(line, line.dropFirst()) where a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite {
                let lo = pointwiseMin(a, b), hi = pointwiseMax(a, b)
                // Segments far outside any plot (a path point at 1e30) are not worth binning.
                guard lo.x > -1e6, lo.y > -1e6, hi.x < 1e6, hi.y < 1e6 else { continue }
                segments.append((a, b))
                for key in keys(PixelRectF(x0: lo.x, y0: lo.y, x1: hi.x, y1: hi.y)) { cells[key, default: []].append(segments.count - 1) }
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
            for index in cells[key] ?? [] where box.distance(toSegment: segments[index].0, segments[index].1) < d { return true }
        }
        return false
    }

    /// How much of the segments runs inside `box`, in pixels: in all (each segment counted
    /// once), and of the one that runs longest in it.
    func lengths(inside box: PixelRectF) -> (total: Float, longest: Float) {
        guard !cells.isEmpty, box.x0.isFinite, box.y0.isFinite, box.x1.isFinite, box.y1.isFinite else { return (0, 0) }
        var near: [Int] = []
        for key in keys(box) { near += cells[key] ?? [] }
        var total: Float = 0, longest: Float = 0
        var previous = -1
        for index in near.sorted() where index != previous {
            previous = index
            let length = PathClipping.length(of: [segments[index].0, segments[index].1], inside: box)
            total += length
            longest = max(longest, length)
        }
        return (total, longest)
    }
}
