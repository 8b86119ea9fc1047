import Foundation
import OptaCore
import OptaRaster
import OptaText

extension SurfaceFigure {
    /// The box corners: domain × [floor, height].
    var box: (lo: SIMD3<Double>, hi: SIMD3<Double>) {
        let d = scenario.landscape.domain
        return (SIMD3(d.x.lowerBound, d.y.lowerBound, prepared.floorZ), SIMD3(d.x.upperBound, d.y.upperBound, prepared.spec.height))
    }

    /// Everything drawn over the surface: box, axes, paths, markers, colourbar, title. The
    /// depth-tested parts come from `plan`, with the surface's depth at its probes (`depths`).
    func drawList(_ state: RenderState, plan: SurfaceOverlayPlan, depths: [Float]) -> DrawList {
        var list = DrawList()
        addBox(&list, plan.boxEdges, depths: depths)
        addAxes(&list, plan.projector, camera: camera(for: state))
        addMinima(&list, plan.minima, depths: depths)
        for path in plan.paths { addPath(&list, path, depths: depths) }
        addColorbar(&list)
        text(&list, title, at: SIMD2(Float(width) / 2, Float(layout.plot.y0) - Float(layout.labelSize) * 0.8),
             size: layout.titleSize, weight: .bold, horizontal: .center, vertical: .bottom)
        return list
    }

    func text(_ list: inout DrawList, _ string: String, at anchor: SIMD2<Float>, size: Int, weight: FontWeight = .regular,
              horizontal: TextStamp.HorizontalAlignment, vertical: TextStamp.VerticalAlignment, color: RGBA = ink) {
        guard !string.isEmpty, anchor.x.isFinite, anchor.y.isFinite else { return }
        let stamp = labels.stamp(string, size: size, weight: weight, fonts: fonts)
        list.append(stamp.item(at: stamp.origin(anchor: anchor, horizontal: horizontal, vertical: vertical), color: color))
    }

    // MARK: Box and axes

    func addBox(_ list: inout DrawList, _ edges: [SampledPolyline], depths: [Float]) {
        for edge in edges {
            for run in edge.visibleRuns(depths: depths) {
                list.append(.polyline(points: run, width: 1, color: Self.boxColor))
            }
        }
    }

    /// Ticks and labels on the box edges nearest the viewer: x and y along the bottom, f up a
    /// vertical edge on the left.
    func addAxes(_ list: inout DrawList, _ projector: SurfaceProjector, camera: OrbitCamera) {
        let (lo, hi) = box
        let mid = (lo + hi) / 2
        let eye = camera.eye
        let span = max(hi.x - lo.x, hi.y - lo.y)
        let size = layout.labelSize
        // x ticks on the y edge nearer the eye, y ticks on the x edge nearer the eye.
        let yEdge = abs(eye.y - lo.y) < abs(eye.y - hi.y) ? lo.y : hi.y
        let xEdge = abs(eye.x - lo.x) < abs(eye.x - hi.x) ? lo.x : hi.x
        let outY = SIMD3<Double>(0, yEdge == lo.y ? -1 : 1, 0) * span, outX = SIMD3<Double>(xEdge == lo.x ? -1 : 1, 0, 0) * span
        func tick(_ p: SIMD3<Double>, _ out: SIMD3<Double>, _ label: String) {
            guard let a = projector.project(p), let b = projector.project(p + out * 0.025),
                  let c = projector.project(p + out * 0.07) else { return }
            list.append(.segment(from: a.point, to: b.point, width: 1, color: Self.boxColor))
            text(&list, label, at: c.point, size: size, horizontal: .center, vertical: .middle)
        }
        for (v, label) in labels.xTicks { tick(SIMD3(v, yEdge, lo.z), outY, label) }
        for (v, label) in labels.yTicks { tick(SIMD3(xEdge, v, lo.z), outX, label) }
        if let p = projector.project(SIMD3(mid.x, yEdge, lo.z) + outY * 0.16) {
            text(&list, scenario.axes.xTitle, at: p.point, size: size, horizontal: .center, vertical: .middle)
        }
        if let p = projector.project(SIMD3(xEdge, mid.y, lo.z) + outX * 0.16) {
            text(&list, scenario.axes.yTitle, at: p.point, size: size, horizontal: .center, vertical: .middle)
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
        for t in colorbarTicks.ticks where t.position >= -1e-9 && t.position <= 1 + 1e-9 {
            let z = t.position * prepared.spec.height
            guard let a = projector.project(SIMD3(corner.x, corner.y, z)), let b = projector.project(SIMD3(corner.x, corner.y, z) + out * 0.025)
            else { continue }
            list.append(.segment(from: a.point, to: b.point, width: 1, color: Self.boxColor))
            text(&list, t.label, at: b.point + SIMD2(-4, 0), size: size, horizontal: .right, vertical: .middle)
        }
        if let top = projector.project(SIMD3(corner.x, corner.y, hi.z) + out * 0.03) {
            text(&list, "f", at: top.point + SIMD2(0, -Float(size)), size: size, weight: .bold, horizontal: .center, vertical: .bottom)
        }
    }

    // MARK: Paths and markers

    /// Where a marker just above the surface at domain point `p` is drawn, or nil where f is
    /// undefined or the point is behind the near plane.
    func marker(_ p: SIMD2<Double>, _ projector: SurfaceProjector) -> (point: SIMD2<Float>, invW: Float)? {
        let z = prepared.surfaceHeight(at: p)
        guard z.isFinite else { return nil }
        return projector.project(SIMD3(p.x, p.y, z + prepared.spec.height * 0.006))
    }

    func addPath(_ list: inout DrawList, _ path: SurfaceOverlayPlan.Path, depths: [Float]) {
        for piece in path.pieces {
            for run in piece.visibleRuns(depths: depths) {
                list.append(.polyline(points: run, width: path.width, color: path.color))
            }
        }
        // Start ring and head marker; a hidden head still shows, faintly, where it is.
        if let s = path.start {
            let shown = s.isVisible(depths: depths)
            list.append(.ring(center: s.point, radius: 4.5, width: 2, color: shown ? path.color : path.color.fading(by: 0.35)))
        }
        if let e = path.head {
            if e.isVisible(depths: depths) {
                list.append(.disk(center: e.point, radius: 6, fill: path.color, outlineWidth: 1.5, outline: RGBA(0.05, 0.05, 0.08)))
            } else {
                list.append(.ring(center: e.point, radius: 6, width: 1.5, color: path.color.fading(by: 0.5)))
            }
        }
    }

    func addMinima(_ list: inout DrawList, _ minima: [DepthSample], depths: [Float]) {
        for p in minima where p.isVisible(depths: depths) {
            let r: Float = 5
            for (a, b) in [(SIMD2<Float>(-r, -r), SIMD2<Float>(r, r)), (SIMD2<Float>(-r, r), SIMD2<Float>(r, -r))] {
                list.append(.segment(from: p.point + a, to: p.point + b, width: 3, color: RGBA(0.05, 0.05, 0.08)))
                list.append(.segment(from: p.point + a * 0.85, to: p.point + b * 0.85, width: 1.5, color: RGBA(1, 1, 1)))
            }
        }
    }

    // MARK: Colourbar

    func addColorbar(_ list: inout DrawList) {
        guard let bar = layout.colorbar else { return }
        let x0 = Float(bar.x0), y0 = Float(bar.y0), x1 = Float(bar.x1), y1 = Float(bar.y1)
        let entries = prepared.colormap.entries
        // One opaque rect per run of rows with the same colormap entry (whole pixels: the same
        // pixels as a rect per row, with a third of the items to bin and draw each frame).
        @inline(__always) func entry(_ y: Int) -> Int {
            let t = 1 - (Float(y) + 0.5 - y0) / (y1 - y0)
            return Int(max(0, min(255, t * 255 + 0.5)))
        }
        var runStart = bar.y0
        while runStart < bar.y1 {
            let index = entry(runStart)
            var runEnd = runStart + 1
            while runEnd < bar.y1 && entry(runEnd) == index { runEnd += 1 }
            let p = entries[index]
            let color = RGBA(Float(p & 0xFF) / 255, Float((p >> 8) & 0xFF) / 255, Float((p >> 16) & 0xFF) / 255)
            list.append(.rect(PixelRectF(x0: x0, y0: Float(runStart), x1: x1, y1: Float(runEnd)), fill: color))
            runStart = runEnd
        }
        let size = layout.labelSize
        let tick = Float(size) * 0.4
        for t in colorbarTicks.ticks where t.position >= -1e-9 && t.position <= 1 + 1e-9 {
            let y = (y1 - Float(t.position) * (y1 - y0)).rounded(.down) + 0.5
            list.append(.rect(PixelRectF(x0: x1, y0: y - 0.5, x1: x1 + tick, y1: y + 0.5), fill: Self.ink))
            text(&list, t.label, at: SIMD2(x1 + tick + Float(size) * 0.3, y), size: size, horizontal: .left, vertical: .middle)
        }
        let titleX = x1 + tick + Float(size) * 0.3 + labels.widestColorbarLabel + Float(size) * 1.2
        let stamp = labels.colorbarTitle
        list.append(stamp.item(at: stamp.origin(anchor: SIMD2(titleX, (y0 + y1) / 2), horizontal: .center, vertical: .middle), color: Self.ink))
    }
}
