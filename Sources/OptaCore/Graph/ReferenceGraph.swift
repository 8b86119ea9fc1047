import RealModule

/// The seeded generator of the R2 reference graph (../shared/REFERENCE-SCENES.md): 2000 nodes
/// spread over a 1920×1080 frame and 8000 straight edges with a mean length of about 220 px.
/// `Benchmarks/Scenarios/r2-graph.json` and its edge CSV are this generator's output (a test checks).
public enum ReferenceGraph {
    /// Node positions (frame pixels) and edges (node index pairs) of R2.
    public static func r2(seed: UInt64 = 2, nodeCount: Int = 2000, edgeCount: Int = 8000,
                          width: Double = 1920, height: Double = 1080) -> (positions: [SIMD2<Double>], edges: [(Int, Int)]) {
        var rng = SolverRandom(seed: seed)
        let margin = 12.0
        // Positions rounded to 1/8 px so the scenario file holds them exactly.
        func q(_ v: Double) -> Double { (v * 8).rounded() / 8 }
        var positions: [SIMD2<Double>] = []
        positions.reserveCapacity(nodeCount)
        for _ in 0..<nodeCount {
            positions.append(SIMD2(q(margin + rng.uniform() * (width - 2 * margin)),
                                   q(margin + rng.uniform() * (height - 2 * margin))))
        }
        // Each edge leaves a random node towards a random direction and length (40…430 px) and
        // ends at the node nearest that target; self-loops and repeats are drawn again.
        var seen = Set<Int>()
        var edges: [(Int, Int)] = []
        edges.reserveCapacity(edgeCount)
        while edges.count < edgeCount {
            let a = Int(rng.next() % UInt64(nodeCount))
            let angle = rng.uniform() * 2 * Double.pi
            let length = 40 + rng.uniform() * 390
            let target = positions[a] + length * SIMD2(Double.cos(angle), Double.sin(angle))
            var best = -1
            var bestD = Double.infinity
            for (i, p) in positions.enumerated() where i != a {
                let d = ((p - target) * (p - target)).sum()
                if d < bestD { bestD = d; best = i }
            }
            let key = min(a, best) * nodeCount + max(a, best)
            if seen.insert(key).inserted { edges.append((a, best)) }
        }
        return (positions, edges)
    }
}
