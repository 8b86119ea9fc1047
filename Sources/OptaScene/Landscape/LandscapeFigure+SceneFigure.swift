import OptaA11y
import OptaCore
import OptaRaster

extension LandscapeFigure: PlannedFigure {
    public var hudOrigin: SIMD2<Float> { SIMD2(Float(layout.plot.x0) + 8, Float(layout.plot.y0) + 8) }

    /// The frame that shows `state`: the shaded landscape (heatmap, contours, colourbar ramp, the
    /// background around them), then the vector overlay (axes, labels, paths, markers, legend) and
    /// `overlay` on top. The shaded layer is its own cache key: while only the paths change, the
    /// render context copies it from the frame before instead of shading it again.
    public func plan(_ state: RenderState, overlay: DrawList) -> FramePlan {
        let legend = placedLegend(paths: state.scenario.paths)
        var items = canvas(paths: state.scenario.paths, legend: legend, followed: state.followedPathCount).list
        items.items += overlay.items
        let shader = shader(legend: legend)
        return FramePlan([.shaded(shader, cacheKey: LayerKey(shader)), .vector(items)])
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
