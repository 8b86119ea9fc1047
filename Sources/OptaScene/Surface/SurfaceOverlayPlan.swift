import OptaCore
import OptaRaster

/// The depth-tested part of a 3D frame's overlay, planned before the surface is drawn: the box
/// edges and the solver paths as screen samples, and the path ends as points. Every sample in
/// the frame is a depth probe, so the render reports the surface's depth at just those pixels (a
/// few thousand) instead of writing a depth buffer for the whole frame. Also where the minima's
/// markers go, which are not depth-tested: a minimum in a valley is what the reader looks for,
/// and the hills in front of it would hide it.
struct SurfaceOverlayPlan {
    /// A solver path lifted onto the surface: its pieces (split where f is undefined), its start
    /// ring and, with more than one iterate, its head marker.
    struct Path {
        let color: RGBA
        let width: Float
        let pieces: [SampledPolyline]
        let start: DepthSample?
        let head: DepthSample?
    }

    /// The frame's camera projection the samples were made with.
    let projector: SurfaceProjector
    private(set) var probes: DepthProbeList
    private(set) var boxEdges: [SampledPolyline] = []
    private(set) var paths: [Path] = []
    private(set) var minima: [SIMD2<Float>] = []

    init(figure: SurfaceFigure, state: RenderState, projector: SurfaceProjector) {
        self.projector = projector
        probes = DepthProbeList(width: figure.width, height: figure.height)
        let (lo, hi) = figure.box
        let corners = (0..<8).map { k in
            SIMD3(k & 1 == 0 ? lo.x : hi.x, k & 2 == 0 ? lo.y : hi.y, k & 4 == 0 ? lo.z : hi.z)
        }
        for a in 0..<8 {
            for bit in [1, 2, 4] where a & bit == 0 {
                boxEdges.append(projector.sampled([corners[a], corners[a | bit]], probes: &probes))
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
            var pieces: [SampledPolyline] = []
            var piece: [SIMD3<Double>] = []
            for p in lifted(path.points, figure) + [SIMD3(.nan, .nan, .nan)] {
                if p.z.isFinite { piece.append(p); continue }
                pieces.append(projector.sampled(piece, probes: &probes))
                piece = []
            }
            let start = path.points.first.flatMap { marker($0, figure, projector) }
            let head = path.points.count > 1 ? path.points.last.flatMap { marker($0, figure, projector) } : nil
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

    /// The figure's marker at domain point `p` (`SurfaceFigure.marker`), as a depth sample.
    private mutating func marker(_ p: SIMD2<Double>, _ figure: SurfaceFigure, _ projector: SurfaceProjector) -> DepthSample? {
        figure.marker(p, projector).map { probes.sample($0.point, invW: $0.invW) }
    }
}
