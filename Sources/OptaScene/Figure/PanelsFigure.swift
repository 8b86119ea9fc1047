import OptaA11y
import OptaCore
import OptaRaster

/// Several figures side by side in one frame (a scenario's `"panels"`; stacked when the frame is
/// too narrow for that): each draws into its own rectangle as if it were a whole frame (a
/// sub-plan of the frame's plan), and its accessibility nodes keep their ids under `panel<N>/`
/// with bounds moved to where the panel sits.
public struct PanelsFigure: SceneFigure {
    /// One panel: where it sits and what it shows.
    public struct Panel: Sendable {
        public let rect: PixelRect
        public let figure: any SceneFigure
    }

    public let width: Int
    public let height: Int
    public let title: String
    public let panels: [Panel]
    /// A stack's one legend, below its panels (which then draw none of their own); nil beside
    /// each other or when the stack has no room for it.
    let legend: StackLegend?
    /// Whether the stack wanted a legend and had no room for one.
    let legendLeftOut: Bool

    public init(width: Int, height: Int, title: String, panels: [Panel]) {
        self.init(width: width, height: height, title: title, panels: panels, legend: nil, legendLeftOut: false)
    }

    init(width: Int, height: Int, title: String, panels: [Panel], legend: StackLegend?, legendLeftOut: Bool) {
        self.width = width
        self.height = height
        self.title = title
        self.panels = panels
        self.legend = legend
        self.legendLeftOut = legendLeftOut
    }

    /// The narrowest a panel may be beside others: 24 tick-label heights, room for a plot of a
    /// usable width once a landscape's axis labels and colourbar have theirs.
    public static func minimumPanelWidth(width: Int, height: Int) -> Int {
        LandscapeLayout.labelSize(width: width, height: height) * 24
    }

    /// The room a panel beside another (not the first) keeps blank at its left edge, two of its
    /// label heights: the neighbour's colourbar title and this panel's y axis title, both turned
    /// text, would otherwise stand a few pixels apart and read as one label. Each title is then
    /// nearer its own axis than the other.
    public static func gutter(panelWidth: Int, height: Int) -> Float {
        Float(LandscapeLayout.labelSize(width: panelWidth, height: height)) * 2
    }

    /// Rectangles side by side, left to right, sharing `width` in proportion to `weights`; or,
    /// when that leaves a panel narrower than `minimumPanelWidth`, stacked top to bottom with
    /// equal heights (the first panel on top; `stackedRects` shares the height anew when a
    /// panel's title needs a second line).
    public static func layout(weights: [Double], width: Int, height: Int) -> [PixelRect] {
        let total = weights.reduce(0, +)
        let narrowest = weights.map { Double(width) * $0 / total }.min() ?? Double(width)
        if weights.count > 1, narrowest < Double(minimumPanelWidth(width: width, height: height)) {
            return (0..<weights.count).map { i in
                let y0 = height * i / weights.count, y1 = height * (i + 1) / weights.count
                return PixelRect(x0: 0, y0: y0, x1: width, y1: max(y0 + 1, y1))
            }
        }
        var rects: [PixelRect] = []
        var start = 0, sum = 0.0
        for (i, weight) in weights.enumerated() {
            sum += weight
            let end = i == weights.count - 1 ? width : Int((Double(width) * sum / total).rounded())
            rects.append(PixelRect(x0: start, y0: 0, x1: max(start + 1, end), y1: height))
            start = max(start + 1, end)
        }
        return rects
    }

    /// Whether the panels are stacked rather than side by side.
    var stacked: Bool { panels.count > 1 && panels[1].rect.y0 > panels[0].rect.y0 }

    public var hudOrigin: SIMD2<Float> {
        guard let first = panels.first else { return SIMD2(8, 8) }
        return first.figure.hudOrigin + SIMD2(Float(first.rect.x0), Float(first.rect.y0))
    }

    /// Each panel's plan in its rectangle, the background below the panels (where a stack sets
    /// its legend), the stack's legend, then `overlay` over the whole frame. Every pixel is
    /// written: a plan's layers after its sub-plans only blend over what those wrote.
    public func plan(_ state: RenderState, overlay: DrawList) -> FramePlan {
        var layers = panels.map { FrameLayer.subplan($0.rect, $0.figure.plan(state, overlay: DrawList())) }
        let panelsEnd = panels.map(\.rect.y1).max() ?? 0
        if panelsEnd < height {
            layers.append(.subplan(PixelRect(x0: 0, y0: panelsEnd, x1: width, y1: height),
                                   FramePlan([.fill(LandscapeFigure.background.premultipliedPacked)])))
        }
        if let legendCanvas { layers.append(.vector(legendCanvas.list)) }
        if !overlay.isEmpty { layers.append(.vector(overlay)) }
        return FramePlan(layers)
    }

    /// The stack's legend drawn, with the boxes of its text; nil without one.
    var legendCanvas: FigureCanvas? {
        guard let legend else { return nil }
        var canvas = FigureCanvas()
        legend.legend.draw(&canvas, in: legend.frame, style: .light, fonts: legend.fonts,
                           strokeScale: LandscapeLayout.strokeScale(labelSize: legend.legend.labelSize))
        return canvas
    }

    public func accessibilityTree(for state: RenderState) -> AccessibilityTree {
        var children = panels.enumerated().map { index, panel in
            panel.figure.accessibilityTree(for: state).root
                .moved(by: SIMD2(Double(panel.rect.x0), Double(panel.rect.y0)), idPrefix: "panel\(index + 1)/")
        }
        let names = children.map(\.name).joined(separator: "; ")
        if let legend {
            children.append(LandscapeAccessibility.legendNode(legend.legend, frame: legend.frame) {
                AccessibilityBounds(x0: $0, y0: $1, x1: $2, y1: $3)
            })
        }
        let note = legendLeftOut ? " The frame has no room for a legend." : ""
        let root = AccessibilityNode(
            id: "document", role: .graphicsDocument, name: title,
            description: "\(panels.count) panels \(stacked ? "stacked, top to bottom" : "side by side, left to right"): \(names).\(note)",
            bounds: AccessibilityBounds(x: 0, y: 0, width: Double(width), height: Double(height)), children: children)
        return AccessibilityTree(frame: state.frame, root: root)
    }

    public func landscapeSample(atPixel center: SIMD2<Double>) -> LandscapeSample? {
        for panel in panels {
            let r = panel.rect
            if center.x >= Double(r.x0), center.x < Double(r.x1), center.y >= Double(r.y0), center.y < Double(r.y1) {
                return panel.figure.landscapeSample(atPixel: center - SIMD2(Double(r.x0), Double(r.y0)))
            }
        }
        return nil
    }
}
