import OptaRaster
import OptaSupport

/// The labels a graph placed for the last node positions it drew, so that a settled layout (a
/// still window, the end of a layout video) does not place them again every frame: placing
/// tries eight boxes per label against every other label, node and edge, and grows each chosen
/// label's halo. Placement depends on the positions alone (for one figure's size, fonts and
/// labels), so the figure's copies may share the cache; the lock makes it safe to draw from
/// several threads at once.
final class GraphLabelCache: Sendable {
    /// What placement reads of a frame: node centres and radii, and the self-loops' boxes.
    struct Key: Equatable, Sendable {
        let centers: [SIMD2<Float>]
        let radii: [Float]
        let loops: [PixelRectF]
    }

    private let last = Locked<(key: Key, items: [DrawItem])?>(nil)

    /// The labels' draw items for `key`: the last ones when the key is the same, else `place()`'s.
    func items(for key: Key, place: () -> [DrawItem]) -> [DrawItem] {
        if let kept = last.withLock({ stored in stored.flatMap { $0.key == key ? $0.items : nil } }) { return kept }
        let placed = place()
        last.withLock { $0 = (key, placed) }
        return placed
    }
}
