import OptaRaster

/// Where a fitted graph's positions go: into an area that keeps room, on every side, for the
/// labels of the nodes nearest that side. A label goes right of its node, or above a source of
/// directed edges (`GraphFigure.placedLabels`); the area is shrunk on each side by as much as
/// those preferred labels (and the disks) of the outermost nodes would reach past `bounds`, so
/// the rightmost column's names need not take another side (or be left out) at a thumbnail's
/// size, while a graph whose outer nodes carry short labels keeps the width.
struct GraphFit {
    /// A node's preferred label, as laid out at the figure's label size.
    struct Label: Sendable {
        let node: Int
        let width: Float
        let height: Float
        /// Above its node (a source of directed edges), else right of it.
        let above: Bool
    }

    /// Where the labels and disks must stay: the frame less the title's band and the legend's.
    let bounds: PixelRectF
    /// The area the nodes' centres start from: `bounds` less a margin.
    let start: PixelRectF
    let labels: [Label]
    /// The largest radius a node is drawn with (before a small frame shrinks the nodes).
    let radius: Float

    /// The area `positions` are fitted into (`GraphGeometry.fitted`). Each round shrinks the area
    /// on each side by what reaches past `bounds` when fitted into the last area; a side whose
    /// nodes are pulled in by the others' shrinking (the scale is one for both axes) needs less
    /// in the next round, so six rounds leave at most a few pixels out, which the placement
    /// then resolves by trying another side. The area never shrinks below half of `start` on
    /// either axis: labels longer than that frame can hold find other sides or are left out.
    func area(for positions: [SIMD2<Double>]) -> PixelRectF {
        var area = start
        guard !positions.isEmpty, !labels.isEmpty || radius > 0 else { return area }
        let minWidth = start.width / 2, minHeight = start.height / 2
        for _ in 0..<6 {
            let centers = GraphGeometry.fitted(positions, into: area)
            var reach = PixelRectF(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)
            func include(_ r: PixelRectF) { reach = reach.union(r) }
            for c in centers where c.x.isFinite && c.y.isFinite {
                include(PixelRectF(x0: c.x - radius, y0: c.y - radius, x1: c.x + radius, y1: c.y + radius))
            }
            for label in labels where label.node < centers.count {
                let c = centers[label.node]
                guard c.x.isFinite && c.y.isFinite else { continue }
                if label.above {
                    // Slides along into the frame (`placedLabels`): only its height counts.
                    include(PixelRectF(x0: c.x, y0: c.y - radius - 3 - label.height, x1: c.x, y1: c.y))
                } else {
                    include(PixelRectF(x0: c.x, y0: c.y - label.height / 2, x1: c.x + radius + 4 + label.width, y1: c.y + label.height / 2))
                }
            }
            let left = max(0, bounds.x0 - reach.x0), right = max(0, reach.x1 - bounds.x1)
            let top = max(0, bounds.y0 - reach.y0), bottom = max(0, reach.y1 - bounds.y1)
            guard left + right + top + bottom > 0.5 else { break }
            var next = PixelRectF(x0: area.x0 + left, y0: area.y0 + top, x1: area.x1 - right, y1: area.y1 - bottom)
            // An axis at its least keeps its last extent.
            if next.width < minWidth { next = PixelRectF(x0: area.x0, y0: next.y0, x1: area.x1, y1: next.y1) }
            if next.height < minHeight { next = PixelRectF(x0: next.x0, y0: area.y0, x1: next.x1, y1: area.y1) }
            if next == area { break }
            area = next
        }
        return area
    }
}
