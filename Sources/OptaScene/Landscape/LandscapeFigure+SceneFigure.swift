import OptaA11y
import OptaCore
import OptaRaster

extension LandscapeFigure: SceneFigure {
    public var hudOrigin: SIMD2<Float> { SIMD2(Float(layout.plot.x0) + 8, Float(layout.plot.y0) + 8) }

    public func render(_ state: RenderState, overlay: DrawList, into framebuffer: inout Framebuffer, context: inout RenderContext,
                       threads: Int) {
        let legend = placedLegend(paths: state.scenario.paths)
        var items = canvas(paths: state.scenario.paths, legend: legend).list
        items.items += overlay.items
        FrameRenderer.render(shader: shader(legend: legend), overlay: items, into: &framebuffer, context: &context, threads: threads)
    }

    public func accessibilityTree(for state: RenderState) -> AccessibilityTree {
        LandscapeAccessibility.tree(figure: self, state: state)
    }

    public func landscapeSample(atPixel center: SIMD2<Double>) -> LandscapeSample? {
        let plot = layout.plot
        guard center.x >= Double(plot.x0), center.x < Double(plot.x1), center.y >= Double(plot.y0), center.y < Double(plot.y1)
        else { return nil }
        let point = viewport.domainPoint(center)
        return LandscapeSample(point: point, value: scenario.landscape.objective.value(point))
    }
}
