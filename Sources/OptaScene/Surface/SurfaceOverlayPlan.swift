import OptaCore
import OptaRaster

/// The depth-tested part of a 3D frame's overlay: the box edges and the solver paths projected
/// to frame pixels with their 1/w, and the path ends as points with theirs. They are drawn over
/// the surface in the same pass, each pixel tested against the depth the surface left there
/// (`DrawItem.depthTestedPolyline`, `.depthTested`). Also where the minima's markers go, which
/// are not depth-tested: a minimum in a valley is what the reader looks for, and the hills in
/// front of it would hide it.
struct SurfaceOverlayPlan {
    /// A solver path lifted onto the surface: its pieces (split where f is undefined or a point
    /// is behind the eye), its start and, with more than one iterate, its head.
    struct Path {
        let color: RGBA
        let width: Float
        let pieces: [[SIMD3<Float>]]
        let start: ProjectedPoint?
        let head: ProjectedPoint?
    }

    /// The frame's camera projection the overlay was made with.
    let projector: SurfaceProjector
    private(set) var boxEdges: [[SIMD3<Float>]] = []
    private(set) var paths: [Path] = []
    private(set) var minima: [SIMD2<Float>] = []

    init(figure: SurfaceFigure, state: RenderState, projector: SurfaceProjector) {
        self.projector = projector
        let (lo, hi) = figure.box
        let corners = (0..<8).map { k in
            SIMD3(k & 1 == 0 ? lo.x : hi.x, k & 2 == 0 ? lo.y : hi.y, k & 4 == 0 ? lo.z : hi.z)
        }
        for a in 0..<8 {
            for bit in [1, 2, 4] where a & bit == 0 {
                boxEdges += projector.projected([corners[a], corners[a | bit]])
            }
        }
        let scenario = figure.scenario
        if scenario.landscape.showMinima {
            let domain = scenario.landscape.domain
            for m in scenario.landscape.objective.minima where domain.x.contains(m.point.x) && domain.y.contains(m.point.y) {
                if let p = figure.marker(m.point, projector) { minima.append(p.point) }
            }
        }
        for (index, path) in state.scenario.paths.enumerated() {
            let color = Palette.color(path.color, orPaletteAt: index)
            // Split at undefined points.
            var pieces: [[SIMD3<Float>]] = []
            var piece: [SIMD3<Double>] = []
            for p in lifted(path.points, figure) + [SIMD3(.nan, .nan, .nan)] {
                if p.z.isFinite { piece.append(p); continue }
                pieces += projector.projected(piece)
                piece = []
            }
            let start = path.points.first.flatMap { figure.marker($0, projector) }
            let head = path.points.count > 1 ? path.points.last.flatMap { figure.marker($0, projector) } : nil
            paths.append(Path(color: color, width: Float(path.width) + 0.5, pieces: pieces, start: start, head: head))
        }
    }

    /// A domain polyline lifted onto the surface (subdivided so it follows it between iterates).
    private func lifted(_ points: [SIMD2<Double>], _ figure: SurfaceFigure) -> [SIMD3<Double>] {
        let domain = figure.scenario.landscape.domain
        let span = max(domain.x.upperBound - domain.x.lowerBound, domain.y.upperBound - domain.y.lowerBound)
        let lift = figure.prepared.spec.height * 0.006
        var out: [SIMD3<Double>] = []
        func add(_ p: SIMD2<Double>) {
            let z = figure.prepared.surfaceHeight(at: p)
            out.append(SIMD3(p.x, p.y, z.isFinite ? z + lift : .nan))
        }
        guard let first = points.first else { return [] }
        add(first)
        for k in 1..<max(1, points.count) {
            let a = points[k - 1], b = points[k]
            let d = b - a
            let pieces = min(64, max(1, Int(((d * d).sum().squareRoot() / (span / 200)).rounded(.up))))
            for s in 1...pieces { add(a + d * (Double(s) / Double(pieces))) }
        }
        return out
    }
}
