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

    /// Everything drawn over the surface: box, axes, paths, minima, colourbar, title; the box,
    /// paths and their ends (from `plan`) depth-tested against the surface.
    func drawList(_ state: RenderState, plan: SurfaceOverlayPlan) -> DrawList {
        canvas(state, plan: plan).list
    }

    /// `drawList` with the box of every text it places.
    func canvas(_ state: RenderState, plan: SurfaceOverlayPlan) -> FigureCanvas {
        var list = FigureCanvas()
        addBox(&list, plan.boxEdges)
        addAxes(&list, SurfaceAxes(self, projector: plan.projector, camera: camera(for: state)))
        for path in plan.paths { addPath(&list, path) }
        for p in plan.minima { MinimumMarker.append(&list, at: p, strokeScale: layout.strokeScale) }
        if let legend = placedLegend(paths: state.scenario.paths, plan: plan, texts: list.texts) {
            addLegend(&list, legend)
        }
        addColorbar(&list)
        let gap = Float(layout.labelSize) * 0.6
        let anchors = FigureText.titleAnchors(titleLines, center: Float(width) / 2, left: gap, right: Float(width) - gap,
                                              bottom: Float(layout.plot.y0) - Float(layout.labelSize) * 0.8,
                                              lineStep: layout.titleLineStep, fonts: fonts, size: layout.titleSize)
        for (line, anchor) in zip(titleLines, anchors) {
            text(&list, line, at: anchor, size: layout.titleSize, weight: .bold, horizontal: .center, vertical: .bottom)
        }
        return list
    }

    func text(_ list: inout FigureCanvas, _ string: String, at anchor: SIMD2<Float>, size: Int, weight: FontWeight = .regular,
              horizontal: TextStamp.HorizontalAlignment, vertical: TextStamp.VerticalAlignment, color: RGBA = ink) {
        guard !string.isEmpty, anchor.x.isFinite, anchor.y.isFinite else { return }
        let stamp = labels.stamp(string, size: size, weight: weight, fonts: fonts)
        list.append(stamp, at: stamp.origin(anchor: anchor, horizontal: horizontal, vertical: vertical), color: color, text: string)
    }

    // MARK: Box and axes

    func addBox(_ list: inout FigureCanvas, _ edges: [[SIMD3<Float>]]) {
        for edge in edges { list.append(.depthTestedPolyline(points: edge, width: layout.strokeScale, color: Self.boxColor)) }
    }

    /// The axes' ticks, and the labels that have room: each axis keeps every k-th label so that
    /// neighbours do not touch (`TickThinning`), then labels are drawn titles first, f, x, y,
    /// each only where it touches no label drawn before it and lies below the title, left of the
    /// colourbar and of a legend beside the view (where they all are unless the frame is too
    /// small for the fit).
    func addAxes(_ list: inout FigureCanvas, _ axes: SurfaceAxes) {
        for tick in axes.ticks { list.append(.segment(from: tick.from, to: tick.to, width: layout.strokeScale, color: Self.boxColor)) }
        let size = layout.labelSize
        let gap = Float(size) * 0.4
        let placed = axes.labels.map { label in
            let stamp = labels.stamp(label.text, size: size, weight: label.weight, fonts: fonts)
            let origin = stamp.origin(anchor: label.anchor, horizontal: label.horizontal, vertical: label.vertical)
            return (label: label, stamp: stamp, origin: origin, rect: stamp.rect(at: origin))
        }
        var shown = [Bool](repeating: true, count: placed.count)
        for group in [SurfaceAxes.Label.Group.f, .x, .y] {
            let members = placed.indices.filter { placed[$0].label.group == group }
            let kept = TickThinning.kept(members.map { placed[$0].rect }, ordinals: members.map { placed[$0].label.ordinal }, gap: gap)
            for (index, keep) in zip(members, kept) where !keep { shown[index] = false }
        }
        let frame = PixelRectF(x0: 0, y0: viewRect.y0, x1: viewRect.x1 + Float(size) * 0.6, y1: Float(height))
        var taken: [PixelRectF] = []
        for group in SurfaceAxes.Label.Group.allCases {
            for (index, entry) in placed.enumerated() where entry.label.group == group && shown[index] {
                guard entry.rect.x0.isFinite, entry.rect.y0.isFinite, frame.contains(entry.rect),
                      !taken.contains(where: { $0.overlaps(entry.rect, gap: 2) }) else { continue }
                taken.append(entry.rect)
                list.append(entry.stamp, at: entry.origin, color: Self.ink, text: entry.label.text)
            }
        }
    }

    // MARK: Paths and markers

    /// Where a marker just above the surface at domain point `p` is drawn, or nil where f is
    /// undefined or the point is behind the near plane.
    func marker(_ p: SIMD2<Double>, _ projector: SurfaceProjector) -> ProjectedPoint? {
        let z = prepared.surfaceHeight(at: p)
        guard z.isFinite else { return nil }
        return projector.project(SIMD3(p.x, p.y, z + prepared.spec.height * 0.006))
    }

    func addPath(_ list: inout FigureCanvas, _ path: SurfaceOverlayPlan.Path) {
        // Lines and markers grow with the frame as the text does (×2 at 2160 p).
        let k = layout.strokeScale
        PathStroke.appendDepthTested(&list, pieces: path.pieces, width: path.width * k, color: path.color, scale: k)
        // Start ring and head marker, where the surface hides them still shown faintly: the
        // faint mark is drawn whole, the full one over it only where it is in front.
        if let s = path.start {
            list.append(.ring(center: s.point, radius: 4.5 * k, width: 2 * k, color: path.color.fading(by: 0.35)))
            list.append(.depthTested(.ring(center: s.point, radius: 4.5 * k, width: 2 * k, color: path.color), invW: s.invW))
        }
        if let e = path.head {
            list.append(.ring(center: e.point, radius: 6 * k, width: 1.5 * k, color: path.color.fading(by: 0.5)))
            list.append(.depthTested(.disk(center: e.point, radius: 6 * k, fill: path.color, outlineWidth: 1.5 * k,
                                           outline: RGBA(0.05, 0.05, 0.08)), invW: e.invW))
        }
    }

    // MARK: Colourbar

    /// The colourbar: its ramp, one run of rows per colormap entry, in the chrome every figure's
    /// colourbar has.
    func addColorbar(_ list: inout FigureCanvas) {
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
        colorbarChrome(bar).draw(&list, fonts: fonts)
    }

    func colorbarChrome(_ bar: PixelRect) -> ColorbarChrome {
        ColorbarChrome(bar: bar, ticks: colorbarTicks.ticks, titleLines: colorbarTitleLines, labelSize: layout.labelSize,
                       titleLineStep: layout.colorbarTitleLineStep, lineWidth: layout.lineWidth,
                       frameColor: Self.boxColor, ink: Self.ink)
    }

    /// The lowest pixel row the colourbar reaches (its frame, or a tick label centred on its
    /// bottom end); nil without a colourbar.
    var colorbarBottom: Float? {
        guard let bar = layout.colorbar else { return nil }
        var chrome = FigureCanvas()
        colorbarChrome(bar).draw(&chrome, fonts: fonts)
        return chrome.texts.map(\.rect.y1).reduce(Float(bar.y1) + layout.lineWidth, max)
    }
}
