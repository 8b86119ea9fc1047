/// How far a fitted graph's nodes must shrink so that no two of them touch: the positions are
/// fitted to the frame, so a small frame brings them closer while the nodes keep their size.
enum NodeSpacing {
    /// Pixels kept clear between the outlines of two nodes.
    static let gap: Float = 2
    /// Nodes never shrink below this share of their size: a node must stay visible, and nodes at
    /// (nearly) the same position overlap whatever their size.
    static let smallest: Float = 0.1

    /// The factor (`smallest`…1) that every node (radius and outline) is multiplied by so that
    /// every two disks keep `gap` apart: the smallest `(d − gap) / (rᵢ + rⱼ + outline)` over the
    /// pairs that are too close at full size. Pairs are found by a sweep along x, so only nodes
    /// within reach of each other are compared.
    static func shrink(centers: [SIMD2<Float>], radii: [Float], outlineWidth: Float) -> Float {
        guard centers.count > 1, let largest = radii.max(), largest > 0 else { return 1 }
        let reach = 2 * largest + outlineWidth + gap
        let order = centers.indices.filter { centers[$0].x.isFinite && centers[$0].y.isFinite }.sorted {
            (centers[$0].x, $0) < (centers[$1].x, $1)
        }
        var factor: Float = 1
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                let d = centers[j] - centers[i]
                if d.x >= reach { break }
                let size = radii[i] + radii[j] + outlineWidth
                let distance = (d * d).sum().squareRoot()
                guard size > 0, distance < size + gap else { continue }
                factor = min(factor, (distance - gap) / size)
                // Nothing shrinks further: a dense graph (its geometry is made every frame) stops here.
                if factor <= smallest { return smallest }
            }
        }
        return max(smallest, factor)
    }
}
