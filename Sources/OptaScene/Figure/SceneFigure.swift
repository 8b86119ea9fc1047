import OptaA11y
import OptaCore
import OptaRaster

/// One kind of picture Opta draws (the 2D landscape, the 3D surface, a graph, a chart, panels),
/// prepared for a view and a frame size. The expensive, view-dependent work (layout, ticks, meshes)
/// happens when the figure is made; each frame then draws the current `RenderState` with it.
/// `SessionFigures` picks the kind from the scenario; the CLI, the viewer and the benchmarks only
/// talk to this protocol.
public protocol SceneFigure: Sendable {
    var width: Int { get }
    var height: Int { get }
    /// Where the HUD text starts (top-left of the plot area), in frame pixels.
    var hudOrigin: SIMD2<Float> { get }
    /// The frame that shows `state`, with `overlay` (HUD, focus ring) on top, as the layers a
    /// render context draws (`RenderContext.run`).
    func plan(_ state: RenderState, overlay: DrawList) -> FramePlan
    /// What the frame shows, for screen readers.
    func accessibilityTree(for state: RenderState) -> AccessibilityTree
    /// The landscape point and value a frame pixel shows (its centre given), or nil where the
    /// pixel shows no landscape.
    func landscapeSample(atPixel center: SIMD2<Double>) -> LandscapeSample?
}

extension SceneFigure {
    /// Draws the frame that shows `state` into `framebuffer` (width × height), then `overlay`
    /// (HUD, focus ring) on top, with the scratch memory `context` keeps between frames.
    public func render(_ state: RenderState, overlay: DrawList, into framebuffer: inout Framebuffer, context: inout RenderContext,
                       threads: Int) {
        context.run(plan(state, overlay: overlay), into: &framebuffer, threads: threads)
    }
}

/// A point of the landscape and f there (NaN where f is undefined).
public struct LandscapeSample: Sendable, Equatable {
    public let point: SIMD2<Double>
    public let value: Double

    public init(point: SIMD2<Double>, value: Double) {
        self.point = point
        self.value = value
    }
}

extension SceneFigure {
    public func landscapeSample(atPixel center: SIMD2<Double>) -> LandscapeSample? { nil }

    /// A new frame showing `state`, drawn with `context`'s scratch memory.
    public func render(_ state: RenderState, context: inout RenderContext, threads: Int) -> Framebuffer {
        var framebuffer = Framebuffer(width: width, height: height)
        render(state, overlay: DrawList(), into: &framebuffer, context: &context, threads: threads)
        return framebuffer
    }

    /// A new frame showing `state`, drawn with scratch memory of its own (for a single picture).
    public func render(_ state: RenderState, threads: Int) -> Framebuffer {
        var context = RenderContext()
        return render(state, context: &context, threads: threads)
    }
}
