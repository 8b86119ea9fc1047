import OptaCore

/// Long paths drawn with fewer points: a path of thousands of steps (a stored run, a long solve)
/// moves a fraction of a pixel per step and runs nearly straight for long stretches, and drawing
/// every step costs frame time without changing what is seen. A point is skipped while the path
/// stays within `tolerance` pixels of the straight line from the last kept point and keeps
/// going forward along it; the drawn segment ends at the stretch's last point, whose direction
/// differs from the stretch's by at most `tolerance` over its length, so every skipped point
/// lies within twice `tolerance` (a fifth of a pixel) of the drawn line.
/// Non-finite points are always kept (clipping cuts the path there), and so are the first and
/// last. Paths of at most `minimumCount` points are drawn point for point.
enum PathThinning {
    static let minimumCount = 4096
    static let tolerance = 0.1

    /// The points of `points` to draw when a pixel spans `unitsPerPixel` domain units.
    static func thinned(_ points: [SIMD2<Double>], unitsPerPixel: SIMD2<Double>) -> [SIMD2<Double>] {
        guard points.count > minimumCount else { return points }
        let scale = 1 / unitsPerPixel
        var kept: [SIMD2<Double>] = [points[0]]
        kept.reserveCapacity(points.count / 16)
        var lastKept = 0
        func keep(_ index: Int) {
            guard index != lastKept else { return }
            kept.append(points[index])
            lastKept = index
        }
        // The stretch being collapsed: its start (the last kept point, in pixels), its direction
        // once it has one, how far along it has gone, and its last point so far.
        var anchor = points[0] * scale
        var direction: SIMD2<Double>?
        var reach = 0.0
        var last = 0
        for i in 1..<(points.count - 1) {
            let p = points[i] * scale
            defer { last = i }
            guard p.x.isFinite, p.y.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
                keep(last)
                keep(i)
                anchor = p
                direction = nil
                reach = 0
                continue
            }
            let v = p - anchor
            if let d = direction {
                let along = (v * d).sum()
                if abs(v.x * d.y - v.y * d.x) <= tolerance && along >= reach - tolerance {
                    reach = max(reach, along)
                    continue
                }
                // The stretch ends at its last point; the next one starts there.
                keep(last)
                anchor = points[last] * scale
            }
            let w = p - anchor
            let length = (w * w).sum().squareRoot()
            direction = length > tolerance ? w / length : nil
            reach = length > tolerance ? length : 0
        }
        keep(last)
        kept.append(points[points.count - 1])
        return kept
    }
}

/// The thinned points of a figure's long paths, made once when the figure is built: stored runs
/// and logged paths do not change while a figure is shown, so each frame reuses them instead of
/// thinning hundreds of thousands of points again. A path is reused only while its name, length
/// and ends are those it was thinned with (a growing solver path is thinned anew).
struct ThinnedPaths: Sendable {
    struct Entry: Sendable {
        let count: Int
        let first: SIMD2<Double>
        let last: SIMD2<Double>
        let points: [SIMD2<Double>]
    }

    let unitsPerPixel: SIMD2<Double>
    let entries: [String: Entry]

    init(_ paths: [PathSpec], unitsPerPixel: SIMD2<Double>) {
        self.unitsPerPixel = unitsPerPixel
        var entries: [String: Entry] = [:]
        for path in paths where path.points.count > PathThinning.minimumCount {
            entries[path.name] = Entry(count: path.points.count, first: path.points[0], last: path.points[path.points.count - 1],
                                       points: PathThinning.thinned(path.points, unitsPerPixel: unitsPerPixel))
        }
        self.entries = entries
    }

    /// The points to draw for `path`.
    func points(for path: PathSpec) -> [SIMD2<Double>] {
        if let entry = entries[path.name], entry.count == path.points.count,
           entry.first == path.points.first, entry.last == path.points.last {
            return entry.points
        }
        return PathThinning.thinned(path.points, unitsPerPixel: unitsPerPixel)
    }
}
