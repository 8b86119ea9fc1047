import RealModule

/// Force-directed graph layout as an optimization: Fruchterman–Reingold forces are the negative
/// gradient of the energy `E = Σ_edges d³ / (3k) − Σ_pairs k² ln d`, and each iteration moves
/// every node along its force by at most the current temperature, which cools geometrically.
/// Repulsion uses a Barnes–Hut quadtree (O(n log n) per iteration). Seeded, single-threaded,
/// plain Double arithmetic: the same graph and seed give the same positions on every machine run.
public struct ForceLayout: Sendable, Equatable {
    public private(set) var positions: [SIMD2<Double>]
    public private(set) var iteration: Int
    public let maxIterations: Int
    /// Natural edge length (layout units).
    public let k: Double
    public private(set) var temperature: Double
    /// Bodies visited by the last iteration's repulsion (a work count for tests and statistics).
    public private(set) var lastWork: Int = 0
    let edges: [(Int, Int)]
    let weights: [Double]
    static let theta = 0.8
    static let cooling = 0.985

    public static func == (a: ForceLayout, b: ForceLayout) -> Bool {
        a.positions == b.positions && a.iteration == b.iteration && a.temperature == b.temperature
    }

    /// A layout of `graph`: given positions are kept as starting points, the others drawn from the seed.
    public init(graph: GraphSpec) {
        let n = graph.nodes.count
        k = 30
        var rng = SolverRandom(seed: graph.layout.seed)
        let side = k * Double(max(1, n)).squareRoot()
        positions = graph.nodes.map { node in
            let r = SIMD2(rng.uniform(), rng.uniform())
            return node.position ?? (r - 0.5) * side
        }
        edges = graph.edges.filter { $0.from != $0.to }.map { ($0.from, $0.to) }
        weights = graph.edges.filter { $0.from != $0.to }.map { _ in 1 }
        iteration = 0
        maxIterations = graph.layout.iterations
        temperature = side / 10
    }

    /// A layout over explicit points and edges (tests, benchmarks).
    public init(positions: [SIMD2<Double>], edges: [(Int, Int)], iterations: Int = 300) {
        self.positions = positions
        self.edges = edges.filter { $0.0 != $0.1 }
        weights = self.edges.map { _ in 1 }
        k = 30
        iteration = 0
        maxIterations = iterations
        temperature = k * Double(max(1, positions.count)).squareRoot() / 10
    }

    /// Whether the layout has taken all its iterations.
    public var isSettled: Bool { iteration >= maxIterations || positions.count < 2 }

    /// One iteration: forces, capped moves, cooling. Does nothing once settled.
    public mutating func step() {
        guard !isSettled else { return }
        let n = positions.count
        let tree = QuadTree(positions)
        let k2 = k * k
        var force = [SIMD2<Double>](repeating: .zero, count: n)
        var work = 0
        for i in 0..<n {
            force[i] = tree.accumulate(for: i, theta: Self.theta, work: &work) { delta, count in
                let d2 = Swift.max((delta * delta).sum(), 1e-4)
                return delta * (count * k2 / d2)
            }
        }
        for (e, (a, b)) in edges.enumerated() {
            let delta = positions[a] - positions[b]
            let d = (delta * delta).sum().squareRoot()
            let pull = delta * (d / k) * weights[e]
            force[a] -= pull
            force[b] += pull
        }
        // A weak pull to the centre keeps disconnected parts together.
        for i in 0..<n { force[i] -= positions[i] * 0.01 }
        for i in 0..<n {
            let f = force[i]
            let len = (f * f).sum().squareRoot()
            if len > 0, len.isFinite { positions[i] += f * (Swift.min(len, temperature) / len) }
        }
        temperature *= Self.cooling
        iteration += 1
        lastWork = work
    }

    /// The layout energy `Σ_edges d³ / (3k) − Σ_pairs k² ln d + 0.005 Σ |p|²` (exact, O(n²): tests).
    public func energy() -> Double {
        var e = 0.0
        for (a, b) in edges {
            let d = ((positions[a] - positions[b]) * (positions[a] - positions[b])).sum().squareRoot()
            e += d * d * d / (3 * k)
        }
        for i in positions.indices {
            for j in (i + 1)..<positions.count {
                let d2 = Swift.max(((positions[i] - positions[j]) * (positions[i] - positions[j])).sum(), 1e-4)
                e -= k * k * 0.5 * Double.log(d2)
            }
            e += 0.005 * (positions[i] * positions[i]).sum()
        }
        return e
    }

    /// What the renderer needs: an immutable copy of the positions and progress.
    public var snapshot: GraphLayoutSnapshot {
        GraphLayoutSnapshot(positions: positions, iteration: iteration, maxIterations: maxIterations, settled: isSettled)
    }
}

/// Node positions at one moment of a layout (layout units; `GraphSpec` order) and its progress.
public struct GraphLayoutSnapshot: Sendable, Equatable {
    public let positions: [SIMD2<Double>]
    public let iteration: Int
    public let maxIterations: Int
    public let settled: Bool

    public init(positions: [SIMD2<Double>], iteration: Int, maxIterations: Int, settled: Bool) {
        self.positions = positions
        self.iteration = iteration
        self.maxIterations = maxIterations
        self.settled = settled
    }
}
