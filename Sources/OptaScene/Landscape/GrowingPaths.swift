import OptaCore
import OptaSupport

/// What a figure builds from each of its paths point by point — the thinned frame points
/// (`PolylineThinning`), a followed path's stroke coverage (`PathCoverage`) — kept from frame to
/// frame: a path that grew since the last frame (a followed log, a solver) adds only its new
/// points, so a frame's work does not grow with the points shown so far, and a path that did not
/// change (a stored run, a logged path) is built once. Owned by one figure, whose viewport the
/// frame points belong to: a new view or size builds a new figure and starts over.
///
/// A path is taken as the one built before while it is at least as long and has the same name,
/// the same first point and the same point where building stopped; otherwise (a log read again
/// from its start, a solver's trajectory decimated) it is built anew from its first point. The
/// lock makes a figure safe to draw from several threads at once.
final class GrowingPaths<Built: Sendable>: Sendable {
    private struct Entry: Sendable {
        var name: String
        var first: SIMD2<Double>
        /// The last point added.
        var last: SIMD2<Double>
        var count: Int
        var built: Built
    }

    /// By the path's index among the figure's paths.
    private let entries = Locked<[Int: Entry]>([:])

    init() {}

    /// What `read` makes of what was built of `path`, the figure's path at `index`: from `start()`
    /// (when the path is new) with `add` given each point the path gained since the last call.
    func update<Result>(_ path: PathSpec, at index: Int, start: () -> Built, add: (inout Built, SIMD2<Double>) -> Void,
                        read: (inout Built) -> Result) -> Result {
        let points = path.points
        return entries.withLock { entries in
            let first = points.first ?? .zero
            // Taken out of the dictionary, so that it grows in place rather than as a copy.
            var entry = entries.removeValue(forKey: index)
            if let kept = entry, kept.name != path.name || kept.first != first || kept.count > points.count
                || (kept.count > 0 && points[kept.count - 1] != kept.last) {
                entry = nil
            }
            var grown = entry ?? Entry(name: path.name, first: first, last: first, count: 0, built: start())
            entry = nil
            for p in points[grown.count...] { add(&grown.built, p) }
            grown.last = points.last ?? grown.last
            grown.count = points.count
            let result = read(&grown.built)
            entries[index] = grown
            return result
        }
    }
}

/// A path's line as a frame draws it: its frame points, thinned (`PolylineThinning`), and their
/// pieces inside the plot (`PathClipping`) with at least two points each, cut again only after
/// points were added. An unchanged path's pieces are then the same arrays every frame, so the
/// layer of stored runs they are drawn in compares equal to the last frame's at once.
struct ThinnedLine: Sendable {
    var thinning = PolylineThinning()
    var pieces: [[SIMD2<Float>]] = []
    /// Whether `pieces` were cut from the points as they are.
    var isCut = false
}

extension GrowingPaths where Built == ThinnedLine {
    /// The thinned frame points of `path`, the figure's path at `index`, mapped by `framePoint`,
    /// and their pieces inside `lo...hi` (the plot, the same for every call on one figure).
    func line(of path: PathSpec, at index: Int, _ framePoint: (SIMD2<Double>) -> SIMD2<Float>,
              lo: SIMD2<Float>, hi: SIMD2<Float>) -> (points: [SIMD2<Float>], pieces: [[SIMD2<Float>]]) {
        update(path, at: index, start: { ThinnedLine() }, add: { $0.thinning.append(framePoint($1)); $0.isCut = false }, read: { line in
            if !line.isCut {
                line.pieces = PathClipping.clip(line.thinning.points, lo: lo, hi: hi).filter { $0.count >= 2 }
                line.isCut = true
            }
            return (line.thinning.points, line.pieces)
        })
    }
}
