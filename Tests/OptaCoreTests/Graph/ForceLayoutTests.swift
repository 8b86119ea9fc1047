import Testing
@testable import OptaCore

@Suite struct ForceLayoutTests {
    /// A ring of `n` nodes with chords, positions from the seed.
    static func graph(_ n: Int, seed: UInt64 = 1) -> GraphSpec {
        let nodes = (0..<n).map { GraphNode(id: "n\($0)") }
        var edges = (0..<n).map { GraphEdge(from: $0, to: ($0 + 1) % n) }
        edges += stride(from: 0, to: n, by: 5).map { GraphEdge(from: $0, to: ($0 * 7 + 3) % n) }
        return GraphSpec(nodes: nodes, edges: edges, layout: GraphLayoutSpec(method: .force, seed: seed, iterations: 200))
    }

    @Test func energyDecreases() {
        var layout = ForceLayout(graph: Self.graph(60))
        let start = layout.energy()
        var previous = start
        var rises = 0
        for i in 1...200 {
            layout.step()
            if i % 20 == 0 {
                let e = layout.energy()
                if e > previous { rises += 1 }
                previous = e
            }
        }
        #expect(layout.isSettled)
        #expect(previous < start - abs(start) * 0.05, "energy \(start) → \(previous)")
        #expect(rises <= 1)
    }

    @Test func sameSeedSamePositionsOtherSeedOthers() {
        var a = ForceLayout(graph: Self.graph(80, seed: 4)), b = ForceLayout(graph: Self.graph(80, seed: 4))
        var c = ForceLayout(graph: Self.graph(80, seed: 5))
        for _ in 0..<50 { a.step(); b.step(); c.step() }
        #expect(a.positions == b.positions)
        #expect(a.positions != c.positions)
    }

    @Test func tenThousandNodesWithoutQuadraticWork() {
        var layout = ForceLayout(graph: Self.graph(10_000))
        layout.step()
        layout.step()
        // Barnes–Hut visits O(log n) bodies per node; all pairs would be 10⁸.
        #expect(layout.lastWork > 10_000)
        #expect(layout.lastWork < 10_000 * 120, "work \(layout.lastWork)")
        #expect(layout.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    @Test func quadTreeForceMatchesAllPairsForNearTheta() {
        var rng = SolverRandom(seed: 9)
        let points = (0..<300).map { _ in SIMD2(rng.uniform() * 100, rng.uniform() * 100) }
        let tree = QuadTree(points)
        var work = 0
        for i in [0, 17, 150] {
            let approx = tree.accumulate(for: i, theta: 0.01, work: &work) { delta, n in delta * (n / (delta * delta).sum()) }
            var exact = SIMD2<Double>.zero
            for j in points.indices where j != i {
                let d = points[i] - points[j]
                exact += d / (d * d).sum()
            }
            #expect(((approx - exact) * (approx - exact)).sum().squareRoot() < 1e-6 * max(1, (exact * exact).sum().squareRoot()))
        }
    }
}
