import OptaCore
import OptaRaster
import OptaText

/// Turns the render state of each frame of a session into a figure of the scenario's kind. What
/// must stay put for the whole session is worked out once: the colour range over the landscape's
/// home domain, so colours do not shift while the camera pans and zooms. The session's objective
/// is fixed; only the state's domain, paths and view change from frame to frame.
public struct SessionFigures: Sendable {
    public let homeRange: ClosedRange<Double>?
    /// The scenario's own domain (what `"camera"` views are relative to).
    let homeDomain: Domain
    let fonts: FontLibrary
    /// The 3D mesh of a `"view": "3d"` scenario, built once for the session.
    let surface: PreparedSurface?
    /// Where f is undefined in each domain shown lately.
    let undefinedSamples = UndefinedSampleCache()

    public init(scenario: Scenario, fonts: FontLibrary) {
        surface = scenario.surface.map { _ in PreparedSurface(scenario: scenario) }
        homeRange = scenario.kind == .graph ? nil
            : PreparedLandscape.sampleRange(scenario.landscape.objective, scenario.landscape.domain)
        homeDomain = scenario.landscape.domain
        self.fonts = fonts
    }

    /// The figure for one frame, at the scenario's size unless given.
    public func figure(for state: RenderState, width: Int? = nil, height: Int? = nil) -> any SceneFigure {
        let scenario = state.scenario
        let width = width ?? scenario.width, height = height ?? scenario.height
        if scenario.panels.count == 1 {
            // One panel fills the frame and takes the scenario's title unless it has its own.
            var only = scenario.panels[0]
            only.title = only.title ?? scenario.title
            return panelFigure(only, state: state, width: width, height: height)
        }
        if scenario.panels.count > 1 { return panelsFigure(for: state, width: width, height: height) }
        if let surface { return SurfaceFigure(scenario: scenario, width: width, height: height, fonts: fonts, prepared: surface) }
        if scenario.kind == .graph { return GraphFigure(scenario: scenario, width: width, height: height, fonts: fonts) }
        return landscapeFigure(for: state, width: width, height: height)
    }

    /// The figure for a frame that differs from `previous`'s (made by `figure(for:width:height:)`
    /// at the same size) only in how far followed paths have grown, with a convergence chart's x
    /// axis widened for them: `previous` with its convergence panels built anew and its other
    /// panels kept, so that a landscape keeps the paths it has drawn so far rather than drawing
    /// a million followed points again from the first.
    public func figure(for state: RenderState, width: Int, height: Int, rebuildingChartsOf previous: any SceneFigure) -> any SceneFigure {
        guard let kept = previous as? PanelsFigure, kept.panels.count == state.scenario.panels.count, kept.panels.count > 1
        else { return figure(for: state, width: width, height: height) }
        let ownLegends = kept.legend == nil && !kept.legendLeftOut
        let panels = zip(state.scenario.panels, kept.panels).map { spec, panel in
            let previous = panel.figure as? ConvergenceFigure
            return spec.kind != .convergence ? panel : PanelsFigure.Panel(
                rect: panel.rect, figure: panelFigure(spec, state: state, width: panel.rect.width, height: panel.rect.height,
                                                      previous: previous, titleLineLimit: previous?.titleLineLimit,
                                                      titleSize: previous?.layout.titleSize, ownLegend: ownLegends,
                                                      leadingGap: previous?.layout.leadingGap ?? 0, xTitle: previous?.showsXTitle ?? true))
        }
        return PanelsFigure(width: kept.width, height: kept.height, title: kept.title, panels: panels, legend: kept.legend,
                            legendLeftOut: kept.legendLeftOut)
    }

    /// The 2D landscape figure for one frame.
    public func landscapeFigure(for state: RenderState, width: Int? = nil, height: Int? = nil) -> LandscapeFigure {
        landscapeFigure(state.scenario, width: width ?? state.scenario.width, height: height ?? state.scenario.height)
    }

    func landscapeFigure(_ scenario: Scenario, width: Int, height: Int, titleLineLimit: Int? = nil, titleSize: Int? = nil,
                         leadingGap: Float = 0, xTitle: Bool = true, stackEdges: StackEdges = StackEdges()) -> LandscapeFigure {
        LandscapeFigure(scenario: scenario, width: width, height: height, fonts: fonts,
                        prepared: PreparedLandscape(scenario.landscape, sampledRange: .some(homeRange)), titleLineLimit: titleLineLimit,
                        titleSize: titleSize, leadingGap: leadingGap, xTitle: xTitle, stackEdges: stackEdges,
                        undefinedSamples: undefinedSamples)
    }

    /// The scenario's panels side by side, or stacked (`PanelsFigure.layout`).
    func panelsFigure(for state: RenderState, width: Int, height: Int) -> PanelsFigure {
        let specs = state.scenario.panels
        let rects = PanelsFigure.layout(weights: specs.map(\.weight), width: width, height: height)
        let title = state.scenario.title ?? state.scenario.landscape.objective.displayName
        let stacked = rects.count > 1 && rects[1].y0 > rects[0].y0
        if stacked, let stack = stack(specs, evenRects: rects, state: state, title: title, width: width, height: height) { return stack }
        let panels = zip(specs, rects).enumerated().map { index, panel in
            let (spec, rect) = panel
            let gap = index == 0 ? 0 : PanelsFigure.gutter(panelWidth: rect.width, height: rect.height)
            return PanelsFigure.Panel(rect: rect, figure: panelFigure(spec, state: state, width: rect.width, height: rect.height,
                                                                      leadingGap: gap))
        }
        return PanelsFigure(width: width, height: height, title: title, panels: panels)
    }

    /// One panel's figure; a chart takes what `previous` (the same chart before its x axis
    /// widened) worked out of the logged paths. `ownLegend` false: the panel draws no legend (its
    /// stack names the paths). `leadingGap`: room kept blank at the left edge (`PanelsFigure.gutter`).
    /// `titleLineLimit` 0 and `xTitle` false leave the title and the x axis's title out (a short stack);
    /// `stackEdges`: the panel's edges that meet another panel of its stack.
    func panelFigure(_ panel: PanelSpec, state: RenderState, width: Int, height: Int, previous: ConvergenceFigure? = nil,
                     titleLineLimit: Int? = nil, titleSize: Int? = nil, ownLegend: Bool = true,
                     leadingGap: Float = 0, xTitle: Bool = true, stackEdges: StackEdges = StackEdges()) -> any SceneFigure {
        var shown = state.scenario
        if !ownLegend { shown.axes.legend = false }
        switch panel.kind {
        case .landscape:
            if let title = panel.title { shown.title = title }
            if let camera = panel.camera { shown.landscape.domain = camera.visibleDomain(home: homeDomain) }
            return landscapeFigure(shown, width: width, height: height, titleLineLimit: titleLineLimit, titleSize: titleSize,
                                   leadingGap: leadingGap, xTitle: xTitle, stackEdges: stackEdges)
        case .convergence:
            let chart = { (scenario: Scenario) in
                ConvergenceFigure(scenario: scenario, width: width, height: height, fonts: fonts, title: panel.title,
                                  showGradientNorm: panel.gradientNorm, followedSpan: ConvergenceFigure.followedSpan(state),
                                  options: panel.chart, previous: previous, titleLineLimit: titleLineLimit, titleSize: titleSize,
                                  leadingGap: leadingGap, xTitle: xTitle, stackEdges: stackEdges)
            }
            let inside = chart(shown)
            // A `best` legend that covers lines in every corner of the plot goes beside or below it,
            // as a landscape's does. (A followed run's chart is built before its lines are drawn: its
            // legend keeps the corner.)
            guard shown.axes.legend, shown.axes.legendPosition == .best, state.followedPathCount == 0,
                  inside.canvas(state).legendCoversData else { return inside }
            var outside = shown
            outside.axes.legendPosition = .outside
            return chart(outside)
        }
    }
}
