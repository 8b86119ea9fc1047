import OptaCore

/// A landscape's height field as a triangle mesh, in the scenario's coordinates: x and y are the
/// domain's, z is the surface's height as Opta's 3-D view draws it (the value scaled linearly or
/// logarithmically to 0…1 over the grid, times the surface's `height`). Each vertex also keeps f
/// itself and a colour; paths are polylines lifted onto the surface.
///
/// Vertex (i, j) of the n×n grid is `j * n + i`; cells with an undefined corner (f not finite)
/// have no triangles, so holes in the function stay holes in the mesh.
public struct SurfaceMesh: Sendable {
    /// A path as a polyline on the surface.
    public struct Polyline: Sendable {
        public let name: String
        public let color: SIMD3<UInt8>
        /// Points on the surface, in order (undefined stretches split a path into several polylines).
        public let points: [SIMD3<Double>]
    }

    public let gridSize: Int
    public let positions: [SIMD3<Double>]
    /// Unit normals, pointing up.
    public let normals: [SIMD3<Float>]
    public let colors: [SIMD3<UInt8>]
    /// f at each vertex (NaN where undefined).
    public let values: [Double]
    /// Counter-clockwise seen from above (+z), so face normals point up.
    public let triangles: [SIMD3<UInt32>]
    public let polylines: [Polyline]
    /// A one-line description for the files' comments.
    public let title: String

    /// The mesh of `field` (sampled from `objective`), coloured by `color` of each vertex's
    /// normalized height (0…1), with `paths` (domain points, a name and colour each) lifted onto it.
    public init(field: HeightField, objective: Objective, title: String, color: (Float) -> SIMD3<UInt8>,
                paths: [(name: String, color: SIMD3<UInt8>, points: [SIMD2<Double>])]) {
        let n = field.resolution
        var positions = [SIMD3<Double>](), values = [Double](), colors = [SIMD3<UInt8>]()
        positions.reserveCapacity(n * n)
        values.reserveCapacity(n * n)
        colors.reserveCapacity(n * n)
        for j in 0..<n {
            for i in 0..<n {
                let p = HeightField.point(i, j, n, field.domain)
                let f = objective.value(p)
                let level = field.levels[j * n + i]
                values.append(f)
                positions.append(SIMD3(p.x, p.y, f.isFinite ? Double(level) * field.height : 0))
                colors.append(color(level))
            }
        }
        var triangles = [SIMD3<UInt32>]()
        triangles.reserveCapacity((n - 1) * (n - 1) * 2)
        for j in 0..<(n - 1) {
            for i in 0..<(n - 1) {
                let a = j * n + i, b = a + 1, c = a + n, d = c + 1
                guard values[a].isFinite, values[b].isFinite, values[c].isFinite, values[d].isFinite else { continue }
                triangles.append(SIMD3(UInt32(a), UInt32(b), UInt32(d)))
                triangles.append(SIMD3(UInt32(a), UInt32(d), UInt32(c)))
            }
        }
        gridSize = n
        self.positions = positions
        self.values = values
        self.colors = colors
        normals = field.normals
        self.triangles = triangles
        self.title = title
        polylines = paths.flatMap { path in
            Self.lift(path.points, field: field, objective: objective).map {
                Polyline(name: path.name, color: path.color, points: $0)
            }
        }
    }

    /// The surface's bounding box (over the grid's defined vertices).
    public var bounds: (min: SIMD3<Double>, max: SIMD3<Double>) {
        var lo = SIMD3<Double>(repeating: .infinity), hi = SIMD3<Double>(repeating: -.infinity)
        for (p, f) in zip(positions, values) where f.isFinite {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return (lo, hi)
    }

    /// A path lifted onto the surface: each segment subdivided (about 1/200 of the domain's larger
    /// side per piece, at most 64 pieces) so the polyline follows the surface between iterates, as
    /// the 3-D view draws it; split where f is undefined or points leave the domain.
    static func lift(_ points: [SIMD2<Double>], field: HeightField, objective: Objective) -> [[SIMD3<Double>]] {
        let domain = field.domain
        let span = max(domain.x.upperBound - domain.x.lowerBound, domain.y.upperBound - domain.y.lowerBound)
        var pieces: [[SIMD3<Double>]] = [], piece: [SIMD3<Double>] = []
        func add(_ p: SIMD2<Double>) {
            let f = objective.value(p)
            if f.isFinite, domain.x.contains(p.x), domain.y.contains(p.y) {
                piece.append(SIMD3(p.x, p.y, field.height * field.level(of: f)))
            } else if !piece.isEmpty {
                pieces.append(piece)
                piece = []
            }
        }
        guard let first = points.first else { return [] }
        add(first)
        for k in points.indices.dropFirst() {
            let a = points[k - 1], d = points[k] - a
            let length = (d * d).sum().squareRoot()
            let count = length.isFinite && span > 0 ? min(64, max(1, Int((length / (span / 200)).rounded(.up)))) : 1
            for s in 1...count { add(a + d * (Double(s) / Double(count))) }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces.filter { $0.count >= 2 }
    }
}
