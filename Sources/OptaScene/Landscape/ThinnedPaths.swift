import OptaCore

/// The frame points of a figure's long paths, thinned (`PolylineThinning`) and cut to the plot
/// (`PathClipping`) once when the figure is built: stored runs and logged paths do not change
/// while a figure is shown, so each frame reuses them instead of mapping, thinning and clipping
/// hundreds of thousands of points again (50 stored runs of 10,000 points made R1's frames 6×
/// slower), and draws them with the same arrays. A path is reused only while its name, length and
/// ends are those it was thinned with; a growing path (a solver, a followed log) is thinned anew.
struct ThinnedPaths: Sendable {
    /// A path's line as a frame draws it: its points (thinned when long), and their pieces
    /// inside the plot with at least two points each.
    struct Line: Sendable {
        let points: [SIMD2<Float>]
        let pieces: [[SIMD2<Float>]]
    }

    struct Entry: Sendable {
        let count: Int
        let first: SIMD2<Double>
        let last: SIMD2<Double>
        let line: Line
    }

    let entries: [String: Entry]
    /// The plot's corners in frame pixels, which lines are cut to.
    let lo: SIMD2<Float>, hi: SIMD2<Float>

    /// Thins and cuts to `[lo, hi]` every path of `paths` longer than `PolylineThinning.budget`,
    /// mapped by `framePoint`.
    init(_ paths: [PathSpec], lo: SIMD2<Float>, hi: SIMD2<Float>, framePoint: (SIMD2<Double>) -> SIMD2<Float>) {
        self.lo = lo
        self.hi = hi
        var entries: [String: Entry] = [:]
        for path in paths where path.points.count > PolylineThinning.budget {
            entries[path.name] = Entry(count: path.points.count, first: path.points[0], last: path.points[path.points.count - 1],
                                       line: Self.line(PolylineThinning.thinned(path.points.map(framePoint)), lo: lo, hi: hi))
        }
        self.entries = entries
    }

    /// The line of `path`: made when the figure was built, or now.
    func line(of path: PathSpec, _ framePoint: (SIMD2<Double>) -> SIMD2<Float>) -> Line {
        if let entry = entries[path.name], entry.count == path.points.count,
           entry.first == path.points.first, entry.last == path.points.last {
            return entry.line
        }
        return Self.line(PolylineThinning.thinned(path.points.map(framePoint)), lo: lo, hi: hi)
    }

    static func line(_ points: [SIMD2<Float>], lo: SIMD2<Float>, hi: SIMD2<Float>) -> Line {
        Line(points: points, pieces: PathClipping.clip(points, lo: lo, hi: hi).filter { $0.count >= 2 })
    }
}
