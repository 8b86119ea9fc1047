import OptaCore

/// The frame points of a figure's long paths, thinned (`PolylineThinning`) once when the figure is
/// built: stored runs and logged paths do not change while a figure is shown, so each frame reuses
/// them instead of mapping and thinning hundreds of thousands of points again (50 stored runs of
/// 10,000 points made R1's frames 6× slower). A path is reused only while its name, length and
/// ends are those it was thinned with; a growing path (a solver, a followed log) is thinned anew.
struct ThinnedPaths: Sendable {
    struct Entry: Sendable {
        let count: Int
        let first: SIMD2<Double>
        let last: SIMD2<Double>
        let points: [SIMD2<Float>]
    }

    let entries: [String: Entry]

    /// Thins every path of `paths` longer than `PolylineThinning.budget`, mapped by `framePoint`.
    init(_ paths: [PathSpec], framePoint: (SIMD2<Double>) -> SIMD2<Float>) {
        var entries: [String: Entry] = [:]
        for path in paths where path.points.count > PolylineThinning.budget {
            entries[path.name] = Entry(count: path.points.count, first: path.points[0], last: path.points[path.points.count - 1],
                                       points: PolylineThinning.thinned(path.points.map(framePoint)))
        }
        self.entries = entries
    }

    /// The thinned frame points of `path`: made when the figure was built, or now.
    func framePoints(of path: PathSpec, _ framePoint: (SIMD2<Double>) -> SIMD2<Float>) -> [SIMD2<Float>] {
        if let entry = entries[path.name], entry.count == path.points.count,
           entry.first == path.points.first, entry.last == path.points.last {
            return entry.points
        }
        return PolylineThinning.thinned(path.points.map(framePoint))
    }
}
