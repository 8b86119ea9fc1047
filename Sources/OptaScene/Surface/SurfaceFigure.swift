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
        let labelSize = LandscapeLayout.labelSize(frameHeight: height)
        colorbarTicks = ColorbarTicks.ticks(for: prepared.scale, targetCount: max(2, height / (labelSize * 5)),
                                            automatic: scenario.landscape.scaleIsAutomatic)
        let barLabelWidth = colorbarTicks.ticks.map { fonts.measure($0.label, pixelSize: labelSize) }.max() ?? 0
        layout = LandscapeLayout(width: width, height: height, hasTitle: true, hasColorbar: scenario.axes.colorbar,
                                 yLabelWidth: 0, colorbarLabelWidth: barLabelWidth, labelSize: labelSize)
        labels = SurfaceLabels(scenario: scenario, layout: layout, colorbarTicks: colorbarTicks,
                               title: scenario.title ?? scenario.landscape.objective.displayName, fonts: fonts)
    }

    /// The title shown above the plot.
    public var title: String { scenario.title ?? scenario.landscape.objective.displayName }

    /// The camera a frame of `state` is seen with.
    public func camera(for state: RenderState) -> OrbitCamera { state.orbit ?? prepared.spec.camera }

    func projector(_ camera: OrbitCamera) -> SurfaceProjector {
        SurfaceProjector(camera: camera, width: width, height: height, near: prepared.spec.near, far: prepared.spec.far)
    }

    /// The per-pixel shading program for a camera.
    public func shader(camera: OrbitCamera) -> SurfaceShader {
        let spec = prepared.spec
        let domain = scenario.landscape.domain
        let contour = scenario.landscape.contours
        let c = contour?.color ?? [1, 1, 1, 1]
        let eye = camera.eye
        let lo = SIMD2<Float>(Float(domain.x.lowerBound), Float(domain.y.lowerBound))
        let hi = SIMD2<Float>(Float(domain.x.upperBound), Float(domain.y.upperBound))
        return SurfaceShader(
            levels: prepared.field.levels, normals: prepared.field.normals, positions: prepared.positions,
            surfaceTriangles: prepared.surfaceTriangles, colormap: prepared.colormap, lighting: .standard,
            eye: SIMD3(Float(eye.x), Float(eye.y), Float(eye.z)),
            isolineLevels: spec.isolines ? prepared.contourLevels : [],
            isolineColor: SIMD4(Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3]) * 0.85),
            isolineWidth: Float(contour?.width ?? 0.8) + 0.4,
            wireframeStep: spec.wireframe ? (hi - lo) / 32 : nil, wireframeOrigin: lo,
            floorColor: SIMD3(0.14, 0.14, 0.18), gridResolution: spec.resolution, floorDomain: (lo, hi))
    }

    /// Draws the surface for `state`; returns the nearest 1/w drawn at each pixel of `probes`
    /// (0 where nothing is), for depth-testing what is drawn over it.
    @discardableResult
    public func renderSurface(_ state: RenderState, into framebuffer: inout Framebuffer, threads: Int,
                              depthAt probes: [SIMD2<Int32>] = []) -> [Float] {
        let camera = camera(for: state)
        let rows = camera.viewProjection(aspect: Double(width) / Double(height), near: prepared.spec.near, far: prepared.spec.far)
        return TriangleRasterizer.render(
            positions: prepared.positions, transform: rows.map { SIMD4<Float>($0) }, indices: prepared.indices, varyings: prepared.varyings, shader: shader(camera: camera),
            background: Self.background.premultipliedPacked, near: Float(prepared.spec.near), far: Float(prepared.spec.far),
            into: &framebuffer, threads: threads, depthAt: probes)
    }
}

extension SurfaceFigure: SceneFigure {
    public var hudOrigin: SIMD2<Float> { SIMD2(Float(layout.plot.x0) + 8, Float(layout.plot.y0) + 8) }

    public func render(_ state: RenderState, overlay: DrawList, into framebuffer: inout Framebuffer, threads: Int) {
        let plan = SurfaceOverlayPlan(figure: self, state: state, projector: projector(camera(for: state)))
        let depths = renderSurface(state, into: &framebuffer, threads: threads, depthAt: plan.probes.pixels)
        var items = drawList(state, plan: plan, depths: depths)
        items.items += overlay.items
        framebuffer.draw(items, threads: threads)
    }

    public func accessibilityTree(for state: RenderState) -> AccessibilityTree {
        SurfaceAccessibility.tree(figure: self, state: state)
    }
}
