import OptaCore
import OptaSupport

/// The thinned frame points (`PolylineThinning`) of a figure's paths, kept from frame to frame:
/// a path that grew since the last frame (a followed log, a solver) has only its new points
/// mapped and thinned, so a frame's work does not grow with the points shown so far, and a path
/// that did not change (a stored run, a logged path) is thinned once. Owned by one figure, whose
/// viewport the frame points belong to: a new view or size builds a new figure and starts over.
///
/// A path is taken as the one thinned before while it is at least as long and has the same first
/// point and the same point where the thinning stopped; otherwise (a log read again from its
/// start, a solver's trajectory decimated) it is thinned anew from its first point. The lock
/// makes a figure safe to draw from several threads at once.
final class ThinnedPaths: Sendable {
    private struct Entry: Sendable {
        var name: String
        var first: SIMD2<Double>
        /// The last point thinned.
        var last: SIMD2<Double>
        var thinning: PolylineThinning
    }

    /// By the path's index among the figure's paths.
    private let entries = Locked<[Int: Entry]>([:])

    init() {}

    /// The thinned frame points of `path`, the figure's path at `index`, mapped by `framePoint`.
    func framePoints(of path: PathSpec, at index: Int, _ framePoint: (SIMD2<Double>) -> SIMD2<Float>) -> [SIMD2<Float>] {
        let points = path.points
        guard let first = points.first else { return [] }
        return entries.withLock { entries in
            let fresh = Entry(name: path.name, first: first, last: first, thinning: PolylineThinning())
            // Taken out of the dictionary, so that it grows in place rather than as a copy.
            var thinned = entries.removeValue(forKey: index) ?? fresh
            if thinned.name != path.name || thinned.first != first || thinned.thinning.count > points.count
                || (thinned.thinning.count > 0 && points[thinned.thinning.count - 1] != thinned.last) {
                thinned = fresh
            }
            let new = points[thinned.thinning.count...]
            for p in new { thinned.thinning.append(framePoint(p)) }
            thinned.last = new.last ?? thinned.last
            let result = thinned.thinning.points
            entries[index] = thinned
            return result
        }
    }
}
