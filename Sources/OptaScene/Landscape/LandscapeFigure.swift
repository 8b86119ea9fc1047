import OptaCore
import OptaRaster
import OptaText
import Shaders

/// One landscape figure at one frame size: the fused per-pixel shader (heatmap, contours,
/// colourbar ramp) and the vector overlay (axes, ticks, labels, paths, markers, legend).
///
/// Built from a scenario once per size; `drawList(paths:)` is cheap and can be redone every frame
/// as paths grow.
public struct LandscapeFigure: Sendable {
    public let scenario: Scenario
    public let prepared: PreparedLandscape
    public let layout: LandscapeLayout
    public let viewport: PlotViewport
    public let width: Int
    public let height: Int
    let fonts: FontLibrary
    let xTicks: (values: [Double], step: Double)
    let yTicks: (values: [Double], step: Double)
    /// The tick labels, with a common offset or power of ten taken out where the ticks need it.
    let xLabels: TickLabels, yLabels: TickLabels
    let colorbarTicks: (ticks: [ColorbarTicks.Tick], title: String)
    /// Contour labels and the gaps cut into the lines for them.
    let contourLabels: [(label: ContourLabelPlacer.Label, stamp: TextStamp, origin: SIMD2<Int>)]
    /// Long paths thinned for drawing, once per figure.
    let thinnedPaths: ThinnedPaths

    /// Figure colours.
    static let background = RGBA(1, 1, 1)
    static let ink = RGBA(0.13, 0.13, 0.15)
    static let frameColor = RGBA(0.25, 0.25, 0.28)

    public init(scenario: Scenario, width: Int, height: Int, fonts: FontLibrary, prepared: PreparedLandscape? = nil) {
        self.scenario = scenario
        self.width = width
        self.height = height
        self.fonts = fonts
        let prepared = prepared ?? PreparedLandscape(scenario.landscape)
        self.prepared = prepared
        let domain = scenario.landscape.domain
        let labelSize = LandscapeLayout.labelSize(frameHeight: height)
        // Ticks first (their label widths shape the margins), from an estimate of the plot size.
        let xStep = scenario.axes.xStep ?? NiceTicks.step(span: domain.x.upperBound - domain.x.lowerBound,
                                                           targetCount: max(2, width / (labelSize * 10)))
        let yStep = scenario.axes.yStep ?? NiceTicks.step(span: domain.y.upperBound - domain.y.lowerBound,
                                                           targetCount: max(2, height / (labelSize * 6)))
        xTicks = (NiceTicks.values(in: domain.x, step: xStep), xStep)
        yTicks = (NiceTicks.values(in: domain.y, step: yStep), yStep)
        xLabels = TickLabels(values: xTicks.values, step: xStep)
        yLabels = TickLabels(values: yTicks.values, step: yStep)
        colorbarTicks = ColorbarTicks.ticks(for: prepared.scale, targetCount: max(2, height / (labelSize * 5)),
                                            automatic: scenario.landscape.scaleIsAutomatic)
        let yLabelWidth = yLabels.labels.map { fonts.measure($0, pixelSize: labelSize) }.max() ?? 0
        let barLabelWidth = colorbarTicks.ticks.map { fonts.measure($0.label, pixelSize: labelSize) }.max() ?? 0
        layout = LandscapeLayout(width: width, height: height, hasTitle: true, hasColorbar: scenario.axes.colorbar,
                                 yLabelWidth: yLabelWidth, colorbarLabelWidth: barLabelWidth, labelSize: labelSize)
        viewport = PlotViewport(rect: layout.plot, xRange: domain.x, yRange: domain.y)
        let pathViewport = viewport
        thinnedPaths = ThinnedPaths(scenario.paths) { p in
            let q = pathViewport.framePoint(p)
            return SIMD2(Float(q.x), Float(q.y))
        }
        if scenario.landscape.labels, let levels = prepared.contours?.values {
            // Keep labels off minima markers, path points and the legend.
            let plotViewport = viewport
            let toFrame: (SIMD2<Double>) -> SIMD2<Float> = { p in
                let q = plotViewport.framePoint(p)
                return SIMD2(Float(q.x), Float(q.y))
            }
            let minima = scenario.landscape.showMinima ? scenario.landscape.objective.minima.map(\.point) : []
            let avoid = (minima + scenario.paths.flatMap(\.points)).map(toFrame)
            var avoidRects: [PixelRectF] = []
            if scenario.axes.legend {
                let names = Self.legendEntries(scenario.paths, minimaCount: minima.count).map(\.0)
                if !names.isEmpty { avoidRects.append(Self.legendFrame(names, plot: layout.plot, size: labelSize, fonts: fonts)) }
            }
            let placed = ContourLabelPlacer.place(
                objective: scenario.landscape.objective, viewport: viewport, levels: levels,
                spacing: Float(min(layout.plot.width, layout.plot.height)) * 0.45,
                clearance: Float(labelSize) * 3, edgeMargin: Float(labelSize) * 3,
                avoid: avoid, avoidRects: avoidRects)
            let size = labelSize - 1
            contourLabels = placed.map { label in
                let stamp = TextStamp(fonts.layout(label.text, pixelSize: size))
                return (label, stamp, stamp.origin(anchor: label.center, horizontal: .center, vertical: .middle))
            }
        } else {
            contourLabels = []
        }
    }

    /// The title shown above the plot.
    public var title: String { scenario.title ?? scenario.landscape.objective.displayName }

    /// The per-pixel pass: background, heatmap with contours, colourbar ramp.
    public var shader: LandscapeShader<Objective> {
        let contour = scenario.landscape.contours
        let color = contour?.color ?? [1, 1, 1, 1]
        return LandscapeShader(
            field: scenario.landscape.objective, viewport: viewport, scale: prepared.scale,
            colormap: prepared.colormap, contours: prepared.contours, contourWidth: Float(contour?.width ?? 0.8),
            contourColor: SIMD4(Float(color[0]), Float(color[1]), Float(color[2]), Float(color[3])),
            background: Self.background.premultipliedPacked, colorbar: layout.colorbar,
            contourGaps: contourLabels.map { entry in
                PixelRect(x0: entry.origin.x - 2, y0: entry.origin.y - 1,
                          x1: entry.origin.x + entry.stamp.width + 2, y1: entry.origin.y + entry.stamp.height + 1)
            })
    }

    /// The vector overlay for `paths` (defaults to the scenario's own paths).
    public func drawList(paths: [PathSpec]? = nil) -> DrawList {
        var list = DrawList()
        let paths = paths ?? scenario.paths
        addFrameAndTicks(&list)
        addColorbar(&list)
        addContourLabels(&list)
        let plotLo = SIMD2<Float>(Float(layout.plot.x0), Float(layout.plot.y0))
        let plotHi = SIMD2<Float>(Float(layout.plot.x1), Float(layout.plot.y1))
        for (index, path) in paths.enumerated() {
            addPath(&list, path, color: Palette.color(path.color, orPaletteAt: index), lo: plotLo, hi: plotHi)
        }
        if scenario.landscape.showMinima {
            for minimum in visibleMinima {
                addMinimumMarker(&list, at: framePoint(minimum.point))
            }
        }
        if scenario.axes.legend { addLegend(&list, paths: paths) }
        return list
    }

    /// Known minima inside the shown domain.
    public var visibleMinima: [KnownMinimum] {
        let domain = scenario.landscape.domain
        return scenario.landscape.objective.minima.filter { domain.x.contains($0.point.x) && domain.y.contains($0.point.y) }
    }

    func framePoint(_ p: SIMD2<Double>) -> SIMD2<Float> {
        let q = viewport.framePoint(p)
        return SIMD2(Float(q.x), Float(q.y))
    }

    // MARK: Text

    func text(_ list: inout DrawList, _ string: String, at anchor: SIMD2<Float>, size: Int,
              weight: FontWeight = .regular, horizontal: TextStamp.HorizontalAlignment,
              vertical: TextStamp.VerticalAlignment, color: RGBA = ink, rotated: Bool = false) {
        FigureText.append(&list, string, fonts: fonts, at: anchor, size: size, weight: weight, horizontal: horizontal,
                          vertical: vertical, color: color, rotated: rotated)
    }

    // MARK: Axes

    func addFrameAndTicks(_ list: inout DrawList) {
        let p = layout.plot
        let x0 = Float(p.x0), y0 = Float(p.y0), x1 = Float(p.x1), y1 = Float(p.y1)
        let size = layout.labelSize
        let tick = Float(size) * 0.4
        let gap = Float(size) * 0.3
        // Frame: a 1 px line just outside the plot area.
        Self.addBorder(&list, PixelRectF(x0: x0 - 1, y0: y0 - 1, x1: x1 + 1, y1: y1 + 1), color: Self.frameColor)
        let lineHeight = Float(size) * 1.25
        for (v, label) in zip(xTicks.values, xLabels.labels) {
            let x = Float(viewport.framePoint(SIMD2(v, 0)).x).rounded(.down) + 0.5
            list.append(.rect(PixelRectF(x0: x - 0.5, y0: y1 + 1, x1: x + 0.5, y1: y1 + 1 + tick), fill: Self.frameColor))
            text(&list, label, at: SIMD2(x, y1 + 1 + tick + gap), size: size, horizontal: .center, vertical: .top)
        }
        for (v, label) in zip(yTicks.values, yLabels.labels) {
            let y = Float(viewport.framePoint(SIMD2(0, v)).y).rounded(.down) + 0.5
            list.append(.rect(PixelRectF(x0: x0 - 1 - tick, y0: y - 0.5, x1: x0 - 1, y1: y + 0.5), fill: Self.frameColor))
            text(&list, label, at: SIMD2(x0 - 1 - tick - gap, y), size: size, horizontal: .right, vertical: .middle)
        }
        // A common offset or power of ten: under the x labels' right end, above the y axis.
        if let note = xLabels.annotation {
            text(&list, note, at: SIMD2(x1, y1 + 1 + tick + gap + lineHeight), size: size, horizontal: .right, vertical: .top)
        }
        if let note = yLabels.annotation {
            text(&list, note, at: SIMD2(x0, y0 - gap), size: size, horizontal: .left, vertical: .bottom)
        }
        // Axis titles and the plot title.
        text(&list, scenario.axes.xTitle, at: SIMD2((x0 + x1) / 2, Float(height) - Float(size) * 0.6), size: size,
             horizontal: .center, vertical: .bottom)
        text(&list, scenario.axes.yTitle, at: SIMD2(Float(size) * 0.6 + lineHeight / 2, (y0 + y1) / 2), size: size,
             horizontal: .center, vertical: .middle, rotated: true)
        text(&list, title, at: SIMD2((x0 + x1) / 2, y0 - Float(size) * 0.8), size: layout.titleSize, weight: .bold,
             horizontal: .center, vertical: .bottom)
    }

    func addColorbar(_ list: inout DrawList) {
        guard let bar = layout.colorbar else { return }
        let x0 = Float(bar.x0), y0 = Float(bar.y0), x1 = Float(bar.x1), y1 = Float(bar.y1)
        let size = layout.labelSize
        let tick = Float(size) * 0.4
        Self.addBorder(&list, PixelRectF(x0: x0 - 1, y0: y0 - 1, x1: x1 + 1, y1: y1 + 1), color: Self.frameColor)
        var widest: Float = 0
        for t in colorbarTicks.ticks where t.position >= -1e-9 && t.position <= 1 + 1e-9 {
            let y = (y1 - Float(t.position) * (y1 - y0)).rounded(.down) + 0.5
            list.append(.rect(PixelRectF(x0: x1 + 1, y0: y - 0.5, x1: x1 + 1 + tick, y1: y + 0.5), fill: Self.frameColor))
            text(&list, t.label, at: SIMD2(x1 + 1 + tick + Float(size) * 0.3, y), size: size, horizontal: .left, vertical: .middle)
            widest = max(widest, fonts.measure(t.label, pixelSize: size))
        }
        let titleX = x1 + 1 + tick + Float(size) * 0.3 + widest + Float(size) * 0.6 + Float(size) * 0.625
        text(&list, colorbarTicks.title, at: SIMD2(titleX, (y0 + y1) / 2), size: size,
             horizontal: .center, vertical: .middle, rotated: true)
    }

    func addContourLabels(_ list: inout DrawList) {
        guard !contourLabels.isEmpty else { return }
        let c = scenario.landscape.contours?.color ?? [1, 1, 1, 1]
        let color = RGBA(Float(c[0]), Float(c[1]), Float(c[2]), 1)
        let light = 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] > 0.5
        let haloColor = light ? RGBA(0, 0, 0, 0.35) : RGBA(1, 1, 1, 0.5)
        for entry in contourLabels {
            let halo = entry.stamp.halo(radius: 1)
            list.append(halo.item(at: entry.origin &- 1, color: haloColor))
            list.append(entry.stamp.item(at: entry.origin, color: color))
        }
    }

    /// A 1-px opaque border just inside `r`.
    static func addBorder(_ list: inout DrawList, _ r: PixelRectF, color: RGBA) {
        list.append(.rect(PixelRectF(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y0 + 1), fill: color))
        list.append(.rect(PixelRectF(x0: r.x0, y0: r.y1 - 1, x1: r.x1, y1: r.y1), fill: color))
        list.append(.rect(PixelRectF(x0: r.x0, y0: r.y0, x1: r.x0 + 1, y1: r.y1), fill: color))
        list.append(.rect(PixelRectF(x0: r.x1 - 1, y0: r.y0, x1: r.x1, y1: r.y1), fill: color))
    }

    // MARK: Paths and markers

    func addPath(_ list: inout DrawList, _ path: PathSpec, color: RGBA, lo: SIMD2<Float>, hi: SIMD2<Float>) {
        let drawn = thinnedPaths.framePoints(of: path, framePoint)
        let width = Float(path.width)
        for piece in PathClipping.clip(drawn, lo: lo, hi: hi) where piece.count >= 2 {
            list.append(.polyline(points: piece, width: width, color: color))
        }
        let inside: (SIMD2<Float>) -> Bool = { p in p.x.isFinite && p.y.isFinite && all(p .>= lo) && all(p .<= hi) }
        // Markers at every point, also where the line was thinned; the ends are kept by thinning.
        let points = path.markers && drawn.count != path.points.count ? path.points.map(framePoint) : drawn
        if path.markers {
            let r = Float(path.markerRadius)
            for p in points where inside(p) {
                list.append(.disk(center: p, radius: r, fill: color, outlineWidth: 0, outline: color))
            }
        }
        // Start: a hollow ring; end: a larger disk with a dark rim.
        if let start = points.first, inside(start) {
            list.append(.disk(center: start, radius: 6, fill: RGBA(1, 1, 1), outlineWidth: 2.5, outline: color))
        }
        if points.count > 1, let end = points.last, inside(end) {
            list.append(.disk(center: end, radius: 6, fill: color, outlineWidth: 1.5, outline: Self.ink))
        }
    }

    func addMinimumMarker(_ list: inout DrawList, at p: SIMD2<Float>) {
        let r: Float = 7
        for (a, b) in [(SIMD2<Float>(-r, -r), SIMD2<Float>(r, r)), (SIMD2<Float>(-r, r), SIMD2<Float>(r, -r))] {
            list.append(.segment(from: p + a, to: p + b, width: 4, color: Self.ink))
        }
        for (a, b) in [(SIMD2<Float>(-r, -r), SIMD2<Float>(r, r)), (SIMD2<Float>(-r, r), SIMD2<Float>(r, -r))] {
            list.append(.segment(from: p + a * 0.85, to: p + b * 0.85, width: 2, color: RGBA(1, 1, 1)))
        }
    }

    /// Legend entries: each path by index, then the minimum marker (nil index).
    static func legendEntries(_ paths: [PathSpec], minimaCount: Int) -> [(String, Int?)] {
        var entries: [(String, Int?)] = paths.enumerated().map { ($0.element.name, $0.offset) }
        if minimaCount > 0 { entries.append((minimaCount == 1 ? "global minimum" : "global minima", nil)) }
        return entries
    }

    /// The legend box in the plot's top-right corner for entries with these names.
    static func legendFrame(_ names: [String], plot: PixelRect, size: Int, fonts: FontLibrary) -> PixelRectF {
        let line = Float(size) * 1.6, swatch = Float(size) * 2.2, pad = Float(size) * 0.6
        let textWidth = names.map { fonts.measure($0, pixelSize: size) }.max() ?? 0
        let w = pad * 3 + swatch + textWidth, h = pad * 2 + line * Float(names.count)
        let x1 = Float(plot.x1) - pad * 1.5, y0 = Float(plot.y0) + pad * 1.5
        return PixelRectF(x0: x1 - w, y0: y0, x1: x1, y1: y0 + h)
    }

    func addLegend(_ list: inout DrawList, paths: [PathSpec]) {
        let entries = Self.legendEntries(paths, minimaCount: scenario.landscape.showMinima ? visibleMinima.count : 0)
        guard !entries.isEmpty else { return }
        let size = layout.labelSize
        let line = Float(size) * 1.6
        let swatch = Float(size) * 2.2
        let pad = Float(size) * 0.6
        let frame = Self.legendFrame(entries.map(\.0), plot: layout.plot, size: size, fonts: fonts)
        let x0 = frame.x0, x1 = frame.x1, y0 = frame.y0, h = frame.height
        list.append(.rect(PixelRectF(x0: x0, y0: y0, x1: x1, y1: y0 + h), fill: RGBA(1, 1, 1, 0.88)))
        Self.addBorder(&list, frame, color: RGBA(0.6, 0.6, 0.62))
        for (i, entry) in entries.enumerated() {
            let cy = y0 + pad + line * (Float(i) + 0.5)
            let sx = x0 + pad
            if let index = entry.1 {
                let color = Palette.color(paths[index].color, orPaletteAt: index)
                list.append(.polyline(points: [SIMD2(sx, cy), SIMD2(sx + swatch, cy)], width: Float(paths[index].width), color: color))
                list.append(.disk(center: SIMD2(sx + swatch / 2, cy), radius: Float(paths[index].markerRadius),
                                  fill: color, outlineWidth: 0, outline: color))
            } else {
                addMinimumMarker(&list, at: SIMD2(sx + swatch / 2, cy))
            }
            text(&list, entry.0, at: SIMD2(sx + swatch + pad, cy), size: size, horizontal: .left, vertical: .middle)
        }
    }
}
