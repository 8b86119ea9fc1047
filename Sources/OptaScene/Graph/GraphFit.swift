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
        /// The label's size at the smallest size labels are set at (`GraphFigure.labelSizes`).
        var smallWidth: Float = 0
        var smallHeight: Float = 0
    }

    /// Where the labels and disks must stay: the frame less the title's band and the legend's.
    let bounds: PixelRectF
    /// The area the nodes' centres start from: `bounds` less a margin.
    let start: PixelRectF
    let labels: [Label]
    /// The largest radius a node is drawn with (before a small frame shrinks the nodes).
    let radius: Float
    /// Every node's radius and the outline's width before a small frame shrinks them
    /// (`GraphGeometry`): with them, a crowded column's second column of names keeps room for
    /// the nodes as they are drawn (the supply chain's stores at 320×240 are 2 px across, not
    /// the 15.5 px `radius` keeps).
    var fullRadii: [Float] = []
    var outlineWidth: Float = 0

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
            let crowded = crowdedColumns(labels, centers)
            // With a crowded column, the radius the nodes are drawn with (shrunk as
            // `GraphGeometry` shrinks a small frame's), so that its second column of names keeps
            // room; else the largest, as before.
            let radius = crowded.isEmpty || fullRadii.count != centers.count ? self.radius
                : self.radius * NodeSpacing.shrink(centers: centers, radii: fullRadii, outlineWidth: outlineWidth)
            for c in centers where c.x.isFinite && c.y.isFinite {
                include(PixelRectF(x0: c.x - radius, y0: c.y - radius, x1: c.x + radius, y1: c.y + radius))
            }
            for label in labels where label.node < centers.count {
                let c = centers[label.node]
                guard c.x.isFinite && c.y.isFinite else { continue }
                if let widest = crowded[label.node] {
                    // Every other name in a second column 3 px past the first's widest, at the
                    // smallest size (`GraphFigure.leaderCandidates`).
                    include(PixelRectF(x0: c.x, y0: c.y - label.smallHeight / 2,
                                       x1: c.x + radius + 4 + widest + 3 + widest, y1: c.y + label.smallHeight / 2))
                }
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

    /// The nodes whose labels go right of them in a column (three nodes or more within a pixel
    /// of one x) closer than those labels' height at the smallest size, each with the widest of those
    /// labels at that size: their names stagger in two columns with leaders
    /// (`GraphFigure.leaderCandidates`), which the area keeps room for.
    func crowdedColumns(_ labels: [Label], _ centers: [SIMD2<Float>]) -> [Int: Float] {
        let right = labels.filter { !$0.above && $0.node < centers.count && centers[$0.node].x.isFinite && centers[$0.node].y.isFinite }
            .sorted { (centers[$0.node].x, centers[$0.node].y) < (centers[$1.node].x, centers[$1.node].y) }
        var crowded: [Int: Float] = [:]
        var column: [Label] = []
        func close() {
            // Three nodes at least: two that a force layout happens to set one above the other
            // make no column, and their labels find other sides.
            let widest = column.map(\.smallWidth).max() ?? 0
            if column.count >= 3 { for label in column { crowded[label.node] = widest } }
            column = []
        }
        for (a, b) in zip(right, right.dropFirst()) {
            let p = centers[a.node], q = centers[b.node]
            if abs(q.x - p.x) <= 1, q.y - p.y < (a.smallHeight + b.smallHeight) / 2 + 2 {
                if column.last?.node != a.node { close(); column = [a] }
                column.append(b)
            }
        }
        close()
        return crowded
    }
}
