/// A Barnes–Hut quadtree over points: each cell knows its point count and centre of mass, so the
/// pull of a far cell on a point is taken as one body. Built in O(n log n), flat arrays only.
public struct QuadTree: Sendable {
    /// A square cell: centre of mass, count, side, and its four children (−1 when none).
    struct Cell {
        var mass: SIMD2<Double>  // sum of positions, divided by count on finish
        var count: Int
        var center: SIMD2<Double>
        var half: Double
        var children: (Int, Int, Int, Int) = (-1, -1, -1, -1)
        var point: Int = -1      // the one point of a leaf
    }

    var cells: [Cell] = []
    let positions: [SIMD2<Double>]

    /// Deepest subdivision; points closer than the smallest cell share a leaf.
    static let maxDepth = 40

    public init(_ positions: [SIMD2<Double>]) {
        self.positions = positions
        guard let first = positions.first else { return }
        var lo = first, hi = first
        for p in positions { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let half = Swift.max(hi.x - lo.x, hi.y - lo.y) / 2 + 1e-9
        cells.reserveCapacity(positions.count * 2)
        cells.append(Cell(mass: .zero, count: 0, center: (lo + hi) / 2, half: half))
        for i in positions.indices { insert(i) }
        for c in cells.indices { cells[c].mass /= Double(cells[c].count) }
    }

    private mutating func insert(_ i: Int) {
        let p = positions[i]
        var c = 0
        var depth = 0
        while true {
            cells[c].mass += p
            cells[c].count += 1
            if cells[c].count == 1 { cells[c].point = i; return }
            if depth >= Self.maxDepth { return }
            if cells[c].count == 2, cells[c].point >= 0 {
                // A leaf splits: push its point one level down.
                let old = cells[c].point
                cells[c].point = -1
                let child = childIndex(c, for: positions[old])
                cells[child].mass += positions[old]
                cells[child].count += 1
                cells[child].point = old
            }
            c = childIndex(c, for: p)
            depth += 1
        }
    }

    /// The child of `c` holding `p`, created on first use.
    private mutating func childIndex(_ c: Int, for p: SIMD2<Double>) -> Int {
        let center = cells[c].center
        let q = (p.x >= center.x ? 1 : 0) + (p.y >= center.y ? 2 : 0)
        var existing: Int
        switch q {
        case 0: existing = cells[c].children.0
        case 1: existing = cells[c].children.1
        case 2: existing = cells[c].children.2
        default: existing = cells[c].children.3
        }
        if existing >= 0 { return existing }
        let h = cells[c].half / 2
        let offset = SIMD2<Double>(q & 1 == 1 ? h : -h, q & 2 == 2 ? h : -h)
        existing = cells.count
        cells.append(Cell(mass: .zero, count: 0, center: center + offset, half: h))
        switch q {
        case 0: cells[c].children.0 = existing
        case 1: cells[c].children.1 = existing
        case 2: cells[c].children.2 = existing
        default: cells[c].children.3 = existing
        }
        return existing
    }

    /// The sum of `force(delta, count)` over all other points seen from point `i`, far cells
    /// (side / distance < `theta`) taken as one body of `count` points at their centre of mass.
    /// `work` counts the bodies visited.
    func accumulate(for i: Int, theta: Double, work: inout Int,
                    _ force: (SIMD2<Double>, Double) -> SIMD2<Double>) -> SIMD2<Double> {
        guard !cells.isEmpty else { return .zero }
        let p = positions[i]
        var total = SIMD2<Double>.zero
        var stack: [Int] = [0]
        stack.reserveCapacity(64)
        while let c = stack.popLast() {
            let cell = cells[c]
            if cell.count == 0 { continue }
            if cell.point == i && cell.count == 1 { continue }
            let delta = p - cell.mass
            let d2 = (delta * delta).sum()
            let isLeaf = cell.children == (-1, -1, -1, -1)
            if isLeaf || (2 * cell.half) * (2 * cell.half) < theta * theta * d2 {
                // A leaf holding i among coincident points: count the others only.
                let n = Double(cell.count) - (isLeaf && containsPoint(c, i) ? 1 : 0)
                if n > 0 { total += force(delta, n); work += 1 }
                continue
            }
            let ch = cell.children
            for k in [ch.0, ch.1, ch.2, ch.3] where k >= 0 { stack.append(k) }
        }
        return total
    }

    private func containsPoint(_ c: Int, _ i: Int) -> Bool {
        let cell = cells[c]
        if cell.point == i { return true }
        // A depth-capped leaf with several points: i is in it when i's position rounds into it.
        return cell.count > 1 && abs(positions[i].x - cell.center.x) <= cell.half && abs(positions[i].y - cell.center.y) <= cell.half
    }
}
