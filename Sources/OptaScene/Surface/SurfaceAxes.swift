import OptaCore
import OptaRaster
import OptaText

/// Where one camera puts the ticks and labels of a 3D frame's axes: x ticks along the bottom box
/// edge nearer the eye in y, y ticks along the one nearer in x, f ticks up the vertical edge that
/// is leftmost on screen, the axis titles beyond the ticks and "f" over the f axis. Labels are
/// anchors and alignments; `SurfaceFigure` decides which of them are drawn (thinned where they
/// would overlap) and fits the view to them (`SurfaceFraming`).
struct SurfaceAxes {
    /// One label of the axes.
    struct Label {
        /// Which axis the label belongs to; titles are the axis titles and "f".
        enum Group: CaseIterable { case title, f, x, y }
        let group: Group
        /// The tick's ordinal, for thinning (`TickThinning`).
        let ordinal: Int
        let text: String
        let weight: FontWeight
        /// The projected point the label belongs to, and a fixed shift from it in pixels: the
        /// label's anchor is their sum.
        let point: SIMD2<Float>
        var nudge = SIMD2<Float>.zero
        let horizontal: TextStamp.HorizontalAlignment
        let vertical: TextStamp.VerticalAlignment

        var anchor: SIMD2<Float> { point + nudge }
    }

    private(set) var ticks: [(from: SIMD2<Float>, to: SIMD2<Float>)] = []
    private(set) var labels: [Label] = []

    init(_ figure: SurfaceFigure, projector: SurfaceProjector, camera: OrbitCamera) {
        let (lo, hi) = figure.box
        let mid = (lo + hi) / 2
        let eye = camera.eye
        let span = max(hi.x - lo.x, hi.y - lo.y)
        let size = Float(figure.layout.labelSize)
        let text = figure.labels
        // x ticks on the y edge nearer the eye, y ticks on the x edge nearer the eye.
        let yEdge = abs(eye.y - lo.y) < abs(eye.y - hi.y) ? lo.y : hi.y
        let xEdge = abs(eye.x - lo.x) < abs(eye.x - hi.x) ? lo.x : hi.x
        let outY = SIMD3<Double>(0, yEdge == lo.y ? -1 : 1, 0) * span, outX = SIMD3<Double>(xEdge == lo.x ? -1 : 1, 0, 0) * span
        func tick(_ p: SIMD3<Double>, _ out: SIMD3<Double>, _ label: String, _ group: Label.Group, _ ordinal: Int) {
            guard let a = projector.project(p), let b = projector.project(p + out * 0.025),
                  let c = projector.project(p + out * 0.07) else { return }
            ticks.append((a.point, b.point))
            labels.append(Label(group: group, ordinal: ordinal, text: label, weight: .regular, point: c.point,
                                horizontal: .center, vertical: .middle))
        }
        for (k, t) in text.xTicks.enumerated() { tick(SIMD3(t.value, yEdge, lo.z), outY, t.label, .x, text.xOrdinals[k]) }
        for (k, t) in text.yTicks.enumerated() { tick(SIMD3(xEdge, t.value, lo.z), outX, t.label, .y, text.yOrdinals[k]) }
        if let p = projector.project(SIMD3(mid.x, yEdge, lo.z) + outY * 0.16), !text.xTitle.isEmpty {
            labels.append(Label(group: .title, ordinal: 0, text: text.xTitle, weight: .regular, point: p.point,
                                horizontal: .center, vertical: .middle))
        }
        if let p = projector.project(SIMD3(xEdge, mid.y, lo.z) + outX * 0.16), !text.yTitle.isEmpty {
            labels.append(Label(group: .title, ordinal: 0, text: text.yTitle, weight: .regular, point: p.point,
                                horizontal: .center, vertical: .middle))
        }
        // f ticks on the vertical edge that is leftmost on screen, pointing away from the box.
        var best: (x: Double, y: Double, screen: Float)?
        for cx in [lo.x, hi.x] {
            for cy in [lo.y, hi.y] {
                if let p = projector.project(SIMD3(cx, cy, mid.z)), best == nil || p.point.x < best!.screen {
                    best = (cx, cy, p.point.x)
                }
            }
        }
        guard let corner = best else { return }
        var out = SIMD3(corner.x - mid.x, corner.y - mid.y, 0)
        out /= max(1e-12, (out * out).sum().squareRoot())
        out *= span
        for t in figure.colorbarTicks.ticks where t.position >= -1e-9 && t.position <= 1 + 1e-9 {
            let z = t.position * figure.prepared.spec.height
            guard let a = projector.project(SIMD3(corner.x, corner.y, z)),
                  let b = projector.project(SIMD3(corner.x, corner.y, z) + out * 0.025) else { continue }
            ticks.append((a.point, b.point))
            labels.append(Label(group: .f, ordinal: t.ordinal, text: t.label, weight: .regular, point: b.point, nudge: SIMD2(-4, 0),
                                horizontal: .right, vertical: .middle))
        }
        if let top = projector.project(SIMD3(corner.x, corner.y, hi.z) + out * 0.03) {
            labels.append(Label(group: .title, ordinal: 0, text: "f", weight: .bold, point: top.point, nudge: SIMD2(0, -size),
                                horizontal: .center, vertical: .bottom))
        }
    }
}
