import OptaA11y
import OptaCore
import OptaRaster
import OptaText
import Shaders

/// The 3D landscape: the lit height-field surface seen by the state's orbit camera, solver paths
/// lifted onto it (depth-tested, with head markers), a bounding box with ticked, labelled axes,
/// a colourbar and a title. The mesh comes prepared (`PreparedSurface`); each frame transforms,
/// rasterizes and shades it, then draws the overlay.
public struct SurfaceFigure: Sendable {
    public let scenario: Scenario
    public let prepared: PreparedSurface
    public let width: Int
    public let height: Int
    public let layout: LandscapeLayout
    let fonts: FontLibrary
    let colorbarTicks: (ticks: [ColorbarTicks.Tick], title: String)
    let labels: SurfaceLabels
    /// The colourbar's title, on one or more lines (see `ColorbarChrome`).
    let colorbarTitleLines: [String]
    /// The title, wrapped onto at most two lines to fit the frame.
    let titleLines: [String]
    /// Where the box, its axes and labels go: the frame below the title, left of the colourbar
    /// (and of a legend beside the view, above one below it).
    private(set) var viewRect: PixelRectF
    /// Where a legend outside the view goes (beside it, or below it in columns); nil when the
    /// legend goes inside the view.
    private(set) var legendOutside: OutsideLegend?
    /// The zoom and shift that fit the scenario's camera's view into `viewRect`; every camera of
    /// the session is seen with it, so orbiting and zooming start from the fitted picture.
    private(set) var framing = SurfaceFraming.identity

    /// Figure colours: R3's background and light text on it.
    static let background = RGBA(0.05, 0.05, 0.08)
    static let ink = RGBA(0.88, 0.88, 0.9)
    static let boxColor = RGBA(0.75, 0.75, 0.8, 0.55)

    public init(scenario: Scenario, width: Int, height: Int, fonts: FontLibrary, prepared: PreparedSurface? = nil) {
        self.scenario = scenario
        self.width = width
        self.height = height
        self.fonts = fonts
        let prepared = prepared ?? PreparedSurface(scenario: scenario)
        self.prepared = prepared
        let labelSize = LandscapeLayout.labelSize(width: width, height: height)
        colorbarTicks = ColorbarTicks.ticks(for: prepared.scale, targetCount: max(2, height / (labelSize * 5)),
                                            automatic: scenario.landscape.scaleIsAutomatic)
        let barLabelWidth = colorbarTicks.ticks.map { fonts.measure($0.label, pixelSize: labelSize) }.max() ?? 0
        let (titleLines, titleSize) = FigureText.title(scenario.title ?? scenario.landscape.objective.displayName,
                                                       maxWidth: Float(width) - Float(labelSize) * 1.2,
                                                       maxLines: FigureText.titleLineLimit(frameHeight: height, labelSize: labelSize),
                                                       fonts: fonts, size: labelSize + 4, minSize: labelSize + 1)
        self.titleLines = titleLines
        var layout = LandscapeLayout(width: width, height: height, hasTitle: true, hasColorbar: scenario.axes.colorbar,
                                     yLabelWidth: 0, colorbarLabelWidth: barLabelWidth, labelSize: labelSize,
                                     titleLines: titleLines.count, titleSize: titleSize)
        // The colourbar's title runs along the bar: wrapped, or a shorter form, as a landscape's.
        let colorbarTitleLines = scenario.axes.colorbar
            ? FigureText.wrappedOrShorter([colorbarTicks.title] + ColorbarTicks.shorterTitles(for: prepared.scale),
                                          maxWidth: Float(layout.colorbar?.height ?? layout.plot.height),
                                          maxLines: FigureText.titleLineLimit(frameHeight: height, labelSize: labelSize),
                                          fonts: fonts, size: labelSize) : []
        if colorbarTitleLines.count > 1 {
            layout = LandscapeLayout(width: width, height: height, hasTitle: true, hasColorbar: scenario.axes.colorbar,
                                     yLabelWidth: 0, colorbarLabelWidth: barLabelWidth, labelSize: labelSize,
                                     titleLines: titleLines.count, colorbarTitleLines: colorbarTitleLines.count, titleSize: titleSize)
        }
        self.layout = layout
        self.colorbarTitleLines = colorbarTitleLines
        labels = SurfaceLabels(scenario: scenario, layout: layout, colorbarTicks: colorbarTicks,
                               titleLines: titleLines, fonts: fonts)
        let gap = Float(labelSize) * 0.6
        viewRect = PixelRectF(x0: gap, y0: Float(layout.plot.y0), x1: layout.colorbar.map { Float($0.x0) - 2 * gap } ?? Float(width) - gap,
                              y1: Float(height) - gap)
        framing = fitted(prepared.spec.camera)
        let position = scenario.axes.legendPosition
        if scenario.axes.legend, position == .outside || (position == .best && legendWantsOutside()),
           let (outside, view) = OutsideLegend.bestForView(LandscapeFigure.legendEntries(scenario.paths, minimaCount: visibleMinima.count),
                                                           view: viewRect, frameWidth: width, frameHeight: height,
                                                           labelSize: labelSize, barBottom: colorbarBottom, fonts: fonts,
                                                           metrics: layout.legendMetrics) {
            // The view is fitted again into what the legend leaves.
            viewRect = view
            legendOutside = outside
            framing = fitted(prepared.spec.camera)
        }
    }

    /// The framing that shows the whole box, axes and labels as `camera` sees them inside
    /// `viewRect`; no framing when part of the box is behind the camera.
    func fitted(_ camera: OrbitCamera) -> SurfaceFraming {
        let projector = SurfaceProjector(camera: camera, width: width, height: height,
                                         near: prepared.spec.near, far: prepared.spec.far)
        let (lo, hi) = box
        var items: [SurfaceFraming.Item] = []
        for k in 0..<8 {
            let corner = SIMD3(k & 1 == 0 ? lo.x : hi.x, k & 2 == 0 ? lo.y : hi.y, k & 4 == 0 ? lo.z : hi.z)
            guard let p = projector.project(corner) else { return .identity }
            items.append(SurfaceFraming.Item(anchor: SIMD2(Double(p.point.x), Double(p.point.y))))
        }
        let margin: Float = 2
        for label in SurfaceAxes(self, projector: projector, camera: camera).labels {
            let stamp = labels.stamp(label.text, size: layout.labelSize, weight: label.weight, fonts: fonts)
            let box = stamp.rect(at: stamp.origin(anchor: label.nudge, horizontal: label.horizontal, vertical: label.vertical))
            items.append(SurfaceFraming.Item(anchor: SIMD2(Double(label.point.x), Double(label.point.y)),
                                             lo: SIMD2(Double(box.x0 - margin), Double(box.y0 - margin)),
                                             hi: SIMD2(Double(box.x1 + margin), Double(box.y1 + margin))))
        }
        return SurfaceFraming.fit(items, into: viewRect)
    }

    /// The title shown above the plot.
    public var title: String { scenario.title ?? scenario.landscape.objective.displayName }

    /// The camera a frame of `state` is seen with.
    public func camera(for state: RenderState) -> OrbitCamera { state.orbit ?? prepared.spec.camera }

    func projector(_ camera: OrbitCamera) -> SurfaceProjector {
        SurfaceProjector(camera: camera, width: width, height: height, near: prepared.spec.near, far: prepared.spec.far,
                         framing: framing)
    }

    /// The per-pixel shading program for a camera.
    public func shader(camera: OrbitCamera) -> SurfaceShader {
        let spec = prepared.spec
        let domain = scenario.landscape.domain
        let contour = scenario.landscape.contours
        let c = RGBA(contour?.color ?? ContourSpec.defaultColor)
        // The shader sees positions relative to `prepared.origin`: so are the eye and the domain.
        let o = prepared.origin
        let eye = camera.eye
        let lo = SIMD2<Float>(Float(domain.x.lowerBound - o.x), Float(domain.y.lowerBound - o.y))
        let hi = SIMD2<Float>(Float(domain.x.upperBound - o.x), Float(domain.y.upperBound - o.y))
        return SurfaceShader(
            levels: prepared.field.levels, normals: prepared.field.normals, positions: prepared.positions,
            surfaceTriangles: prepared.surfaceTriangles, colormap: prepared.colormap, lighting: .standard,
            eye: SIMD3(Float(eye.x - o.x), Float(eye.y - o.y), Float(eye.z)),
            isolineLevels: spec.isolines ? prepared.contourLevels : [],
            isolineColor: SIMD4(c.r, c.g, c.b, c.a * 0.85),
            isolineWidth: (Float(contour?.width ?? 0.8) + 0.4) * layout.strokeScale,
            wireframeStep: spec.wireframe ? (hi - lo) / 32 : nil, wireframeOrigin: lo,
            floorColor: SIMD3(0.14, 0.14, 0.18), floorGrid: prepared.floorGrid, floorDomain: (lo, hi))
    }

    /// Draws the surface for `state` alone, without the overlay.
    public func renderSurface(_ state: RenderState, into framebuffer: inout Framebuffer, context: inout RenderContext, threads: Int) {
        context.run(FramePlan([.mesh(mesh(camera(for: state)))]), into: &framebuffer, threads: threads)
    }

    /// The surface seen by `camera` as a mesh layer.
    func mesh(_ camera: OrbitCamera) -> MeshLayer {
        // The world-to-clip rows take positions relative to `prepared.origin`: the translation
        // by the origin is folded into each row's constant in Double, before rounding to Float.
        let o = prepared.origin
        let rows = projector(camera).rows.map { r in SIMD4<Float>(SIMD4(r.x, r.y, r.z, r.w + r.x * o.x + r.y * o.y)) }
        return MeshLayer(positions: prepared.positions, transform: rows, indices: prepared.indices, varyings: prepared.varyings,
                         shader: shader(camera: camera), opaqueShader: true, background: Self.background.premultipliedPacked,
                         near: Float(prepared.spec.near), far: Float(prepared.spec.far))
    }
}

extension SurfaceFigure: SceneFigure {
    public var hudOrigin: SIMD2<Float> { SIMD2(Float(layout.plot.x0) + 8, Float(layout.plot.y0) + 8) }

    /// The surface as a mesh layer, and over it, in the same pass, the figure's overlay (box,
    /// axes, paths, markers, legend, colourbar, title; the box, paths and markers depth-tested
    /// against the surface pixel by pixel), then `overlay`.
    public func plan(_ state: RenderState, overlay: DrawList) -> FramePlan {
        let camera = camera(for: state)
        let items = drawList(state, plan: SurfaceOverlayPlan(figure: self, state: state, projector: projector(camera)))
        return FramePlan([.mesh(mesh(camera)), .vector(items), .vector(overlay)])
    }

    public func accessibilityTree(for state: RenderState) -> AccessibilityTree {
        SurfaceAccessibility.tree(figure: self, state: state)
    }
}

extension SurfaceFigure {
    /// The frame's layout for `state` without drawing it (the overlay as if nothing hid it).
    func layoutReport(for state: RenderState) -> FigureLayoutReport {
        let projector = projector(camera(for: state))
        let plan = SurfaceOverlayPlan(figure: self, state: state, projector: projector)
        let canvas = canvas(state, plan: plan)
        let (lo, hi) = box
        let corners = (0..<8).compactMap { k in
            projector.project(SIMD3(k & 1 == 0 ? lo.x : hi.x, k & 2 == 0 ? lo.y : hi.y, k & 4 == 0 ? lo.z : hi.z))?.point
        }
        var report = FigureLayoutReport(width: width, height: height, texts: canvas.texts, plot: viewRect, boxCorners: corners)
        // The legend was placed against the texts before it; those after it (the colourbar's,
        // the title) lie outside the view, where no corner reaches.
        if let placed = placedLegend(paths: state.scenario.paths, plan: plan,
                                     texts: canvas.texts.filter { !(canvas.legend?.contains($0.rect) ?? false) }) {
            report.legend = canvas.legend
            report.legendObstacles = legendObstacles(plan: plan, texts: canvas.texts.filter { !placed.frame.contains($0.rect) })
            if legendOutside == nil {
                report.legendCorners = LegendPlacer.corners(of: viewRect, size: placed.legend.size, inset: placed.legend.pad * 1.5).map(\.1)
            }
        }
        return report
    }
}
