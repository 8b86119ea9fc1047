import OptaA11y
import OptaCore
import OptaRaster

extension LandscapeFigure: SceneFigure {
    public var hudOrigin: SIMD2<Float> { SIMD2(Float(layout.plot.x0) + 8, Float(layout.plot.y0) + 8) }

    /// The frame that shows `state`: the shaded landscape (heatmap, contours, colourbar ramp, the
    /// background around them), the contour labels and the paths that do not grow (logged paths,
    /// stored runs), then the rest of the vector overlay (live paths, markers, axes, legend) and
    /// `overlay` on top. The shaded layer is its own cache key, and the items right above it are
    /// theirs: while only what is drawn over them changes (solvers running over stored runs), the
    /// render context copies them from the frame before instead of drawing them again.
    public func plan(_ state: RenderState, overlay: DrawList) -> FramePlan {
        let legend = placedLegend(paths: state.scenario.paths)
        let canvas = canvas(paths: state.scenario.paths, legend: legend, followed: state.followedPathCount,
                            bottomPaths: state.settledPathCount)
        let bottom = DrawList(Array(canvas.list.items[..<canvas.bottomItems]))
        let top = DrawList(Array(canvas.list.items[canvas.bottomItems...]) + overlay.items)
        let shader = shader(legend: legend)
        return FramePlan([.shaded(shader, cacheKey: LayerKey(shader)), .vector(bottom, cacheKey: LayerKey(bottom)), .vector(top)])
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

extension RenderState {
    /// How many of `scenario.paths`, the first ones, do not grow from frame to frame: the
    /// scenario's own paths (unless frames reveal them) and the stored runs, which come before the
    /// live solvers' paths and the followed ones.
    var settledPathCount: Int {
        max(0, scenario.paths.count - followedPathCount - (solvers.count - scenario.recordedRuns.count))
    }
}
