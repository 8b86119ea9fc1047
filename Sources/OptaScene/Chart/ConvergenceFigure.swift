import OptaA11y
import OptaCore
import OptaRaster
import OptaText

/// The convergence chart: f (and optionally ‖∇f‖) against step for every solver, on a log axis of
/// the distance to the known minimum, with a legend and each solver's best value marked. Axes
/// and layout are fixed for a session (the x axis spans the step budget), so the chart stays put
/// while the lines grow.
public struct ConvergenceFigure: SceneFigure {
    public let width: Int
    public let height: Int
    public let title: String
    /// The scenario without its paths, which each frame's state brings: a chart kept while a
    /// followed log grows must not hold the log's arrays, or the next points appended to them
    /// would copy them whole.
    let scenario: Scenario
    let showGradientNorm: Bool
    let fonts: FontLibrary
    let layout: LandscapeLayout
    /// Where the legend goes when it is kept outside the plot (nil: inside, placed each frame).
    let legendOutside: OutsideLegend?
    let steps: Int
    let knownMinimum: Double?
    /// Axis titles, x scale and marks (`"panels"` options).
    let options: ChartOptions
    let xAxis: ConvergenceXAxis
    /// The title, wrapped onto at most two lines to fit the frame.
    let titleLines: [String]
    /// How many lines the title was allowed, when its stack (not the frame's height) said so.
    let titleLineLimit: Int?
    /// Whether the x axis's title is drawn (a short stack may leave it out).
    let showsXTitle: Bool
    /// The logged paths' series, kept from frame to frame while they grow.
    let loggedSeries: LoggedSeriesCache

    static let background = RGBA(1, 1, 1)
    static let grid = RGBA(0.9, 0.9, 0.92)

    /// `followedSpan`: the steps the x axis gives followed paths (`followedSpan(_:)`), which grow
    /// while the chart is shown. `previous`: the same chart before its x axis widened, whose
    /// logged series this one goes on from (only their pixel columns are worked out again).
    /// `titleLineLimit` (0: no title), `titleSize`, `leadingGap`, `xTitle`, `stackEdges`: as
    /// `LandscapeFigure`'s; a chart rebuilt from `previous` keeps its edges in the stack.
    public init(scenario: Scenario, width: Int, height: Int, fonts: FontLibrary, title: String? = nil,
                showGradientNorm: Bool = false, followedSpan: Int? = nil, options: ChartOptions = ChartOptions(),
                previous: ConvergenceFigure? = nil, titleLineLimit: Int? = nil, titleSize largestTitleSize: Int? = nil,
                leadingGap: Float = 0, xTitle: Bool = true, stackEdges: StackEdges = StackEdges()) {
        loggedSeries = LoggedSeriesCache(rebinning: previous?.loggedSeries)
        var withoutPaths = scenario
        withoutPaths.paths = []
        self.scenario = withoutPaths
        self.width = width
        self.height = height
        self.fonts = fonts
        self.showGradientNorm = showGradientNorm
        self.title = title ?? "Convergence"
        self.titleLineLimit = titleLineLimit
        showsXTitle = xTitle
        self.options = options
        // The x axis spans the longest solver budget, logged path or stored run shown (`"runs"`).
        steps = max(1, scenario.solvers.map(\.steps).max() ?? 1, (scenario.paths.map(\.points.count).max() ?? 1) - 1,
                    scenario.recordedRuns.map(\.lastStep).max() ?? 1, followedSpan ?? 1)
        knownMinimum = scenario.landscape.objective.minima.map(\.value).min()
        if options.xLogarithmic {
            // Logged paths sit at their logged steps; solvers' steps start at 1 on a log axis.
            let logged = scenario.paths.flatMap { ConvergenceSeries.stepNumbers($0.steps, count: $0.points.count) }.filter { $0 > 0 }
            let lowest = (logged + (scenario.solvers.isEmpty ? [] : [1])).min() ?? 1
            xAxis = ConvergenceXAxis(logarithmicFrom: Double(lowest), to: Double(max(steps, logged.max() ?? 1)), title: options.xTitle)
        } else {
            xAxis = ConvergenceXAxis(span: steps, title: options.xTitle)
        }
        let labelSize = LandscapeLayout.labelSize(width: width, height: height)
        // Room for labels such as "10⁻¹²".
        let yLabelWidth = fonts.measure("10⁻¹⁰", pixelSize: labelSize)
        let titleSize: Int
        (titleLines, titleSize) = titleLineLimit == 0 ? ([], labelSize + 4)
            : FigureText.title(self.title, maxWidth: Float(width) - Float(labelSize) * 1.2,
                               maxLines: titleLineLimit ?? FigureText.titleLineLimit(frameHeight: height, labelSize: labelSize),
                               fonts: fonts, size: largestTitleSize ?? labelSize + 4, minSize: labelSize + 1)
        let lines = titleLines.count
        // Without its line, the x title goes on the tick row past the last label (as `xTicks` sets them).
        let lastXLabel = xAxis.ticks(targetCount: Self.xTickTarget(width: width, labelSize: labelSize)).last?.label ?? ""
        let xTitleRoom = xTitle ? 0 : InlineAxisTitle.room(xAxis.title, lastLabelWidth: fonts.measure(lastXLabel, pixelSize: labelSize),
                                                           fonts: fonts, size: labelSize)
        let withLegend = { (legendWidth: Float, legendHeight: Float) in
            LandscapeLayout(width: width, height: height, hasTitle: lines > 0, hasColorbar: false, yLabelWidth: yLabelWidth,
                            colorbarLabelWidth: 0, labelSize: labelSize, legendWidth: legendWidth, legendHeight: legendHeight,
                            titleLines: lines, titleSize: titleSize, leadingGap: leadingGap, hasXTitle: xTitle, xTitleRoom: xTitleRoom,
                            stackEdges: previous?.layout.stackEdges ?? stackEdges)
        }
        var layout = withLegend(0, 0)
        // A legend asked to go outside, or that would show only some of the series in the plot,
        // goes beside or below it. Its room is planned with the entry for a best value below the
        // axis, which any run may gain mid-way (a value at f* exactly, or 16 decades down): the
        // legend then stays where the first frame put it, whole, rather than moving or summing
        // up entries once the mark appears.
        let entries = Self.legendEntries(Self.seriesNames(scenario).map { ($0, LandscapeFigure.ink) }, marksBest: options.marksBest,
                                         strokeScale: layout.strokeScale, belowFloor: true)
        var legendOutside: OutsideLegend?
        if scenario.axes.legend, scenario.axes.legendPosition == .outside
            || LandscapeFigure.insideLegend(entries, plot: PixelRectF(layout.plot), labelSize: labelSize, fonts: fonts,
                                            metrics: layout.legendMetrics)?.hidden.isEmpty == false,
           let (place, placed) = OutsideLegend.best(entries, layout: layout, fonts: fonts, layoutWith: withLegend) {
            layout = placed
            legendOutside = place
        }
        self.layout = layout
        self.legendOutside = legendOutside
    }

    /// The names of the series a chart of `scenario` starts with, in the order it draws them: the
    /// logged paths, then the solvers.
    static func seriesNames(_ scenario: Scenario) -> [String] {
        let solvers = scenario.solvers.map(\.id)
        return scenario.paths.map(\.name).filter { !solvers.contains($0) } + solvers
    }

    /// Legend entries for `series` (a swatch's colour does not change the legend's size); with
    /// `belowFloor`, one for the mark of a best value below the axis too.
    static func legendEntries(_ series: [(name: String, color: RGBA)], marksBest: Bool, strokeScale: Float,
                              belowFloor: Bool = false) -> [Legend.Entry] {
        series.map { Legend.Entry(name: $0.name, swatch: .line(color: $0.color, width: 2 * strokeScale), id: "legend/\($0.name)") }
            + (marksBest ? [Legend.Entry(name: "best value", swatch: .ring(color: LandscapeFigure.ink), id: "legend/best")] : [])
            + (marksBest && belowFloor ? [Legend.Entry(name: Self.belowFloorName, swatch: .belowFloor(color: LandscapeFigure.ink),
                                                       id: "legend/best-below")] : [])
    }

    /// The legend's name for the mark of a best value below the axis.
    static let belowFloorName = "below axis"

    /// The x axis span for the followed paths of `state` when it has a convergence chart: the
    /// 1-2-5 number (10, 20, 50, 100, …) at or above their longest, so the axis stays put while
    /// they grow and widens in a few jumps. Nil without followed paths or chart.
    public static func followedSpan(_ state: RenderState) -> Int? {
        guard state.followedPathCount > 0, state.scenario.panels.contains(where: { $0.kind == .convergence }) else { return nil }
        let longest = (state.scenario.paths.suffix(state.followedPathCount).map(\.points.count).max() ?? 1) - 1
        var decade = 10
        while decade < Int.max / 10 {
            for multiple in [1, 2, 5] where decade * multiple >= longest { return decade * multiple }
            decade *= 10
        }
        return longest
    }

    public var hudOrigin: SIMD2<Float> { SIMD2(Float(layout.plot.x0) + 8, Float(layout.plot.y0) + 8) }

    /// The y axis for the series as they are now (the range follows the data, and reaches each
    /// series' best value even when its decimated trajectory no longer holds that step).
    func scale(_ series: [ConvergenceSeries]) -> ConvergenceScale {
        ConvergenceScale(values: series.map { $0.extents == nil ? $0.values : [] } + series.compactMap { $0.best.map { [$0.value] } },
                         extents: series.compactMap(\.extents), unshifted: showGradientNorm ? series.map(\.gradientNorms) : [], knownMinimum: knownMinimum)
    }

    /// Radius of a best-value ring; its outline reaches one outline width further out.
    static let ringRadius: Float = 5

    /// How far the data stay from the plot's edges: the reach of a best-value ring (radius and
    /// half its outline) and a pixel of anti-aliasing, in whole pixels. A run's last step sits on
    /// the x axis's end and a value below the floor on the floor, so markers there would be cut
    /// in half by the frame; matplotlib's margins leave room for them alike, but in pixels, so the
    /// room holds at every frame size.
    var dataMargin: Float { ((Self.ringRadius + 1) * layout.strokeScale + 1).rounded(.up) }

    /// The plot less `dataMargin` on every side: where step 0…last and the axis' floor…top lie.
    var dataRect: PixelRectF {
        let p = PixelRectF(layout.plot), m = min(dataMargin, p.width / 4, p.height / 4)
        return PixelRectF(x0: p.x0 + m, y0: p.y0 + m, x1: p.x1 - m, y1: p.y1 - m)
    }

    /// The frame position of (step, f); `shifted: false` for ‖∇f‖.
    func framePoint(step: Double, f: Double, scale: ConvergenceScale, shifted: Bool = true) -> SIMD2<Float>? {
        guard let t = scale.fraction(f, shifted: shifted), let u = xAxis.fraction(step) else { return nil }
        let d = dataRect
        let x = Double(d.x0) + u * Double(d.width)
        let y = Double(d.y1) - t * Double(d.height)
        return SIMD2(Float(x), Float(y))
    }

    /// The frame that shows `state`: the background, then the axes, series, markers and legend,
    /// and `overlay`.
    public func plan(_ state: RenderState, overlay: DrawList) -> FramePlan {
        var list = drawList(state)
        list.items += overlay.items
        return FramePlan([.fill(Self.background.premultipliedPacked), .vector(list)])
    }

    /// Everything the chart draws for `state`.
    func drawList(_ state: RenderState) -> DrawList {
        canvas(state).list
    }

    /// Every series `state` shows, placed at the steps this chart's x axis uses.
    func series(_ state: RenderState) -> [ConvergenceSeries] {
        ConvergenceSeries.all(in: state, loggedSteps: options.xLogarithmic, cache: loggedSeries, offset: knownMinimum ?? 0,
                              columns: stepColumns)
    }

    /// `drawList` with the box of every text it places.
    func canvas(_ state: RenderState) -> FigureCanvas {
        var list = FigureCanvas()
        let series = series(state)
        let scale = scale(series)
        addAxes(&list, scale: scale)
        if series.isEmpty {
            // Two lines, so the reason fits a narrow panel.
            let p = layout.plot, size = layout.labelSize + 2
            let center = SIMD2(Float(p.x0 + p.x1) / 2, Float(p.y0 + p.y1) / 2)
            text(&list, "Nothing to chart:", at: center - SIMD2(0, Float(size) * 0.7), size: size, weight: .bold,
                 horizontal: .center, vertical: .middle)
            text(&list, "no solvers and no logged paths", at: center + SIMD2(0, Float(size) * 0.7), size: size,
                 horizontal: .center, vertical: .middle)
        }
        let lo = SIMD2<Float>(Float(layout.plot.x0), Float(layout.plot.y0)) - 1
        let hi = SIMD2<Float>(Float(layout.plot.x1), Float(layout.plot.y1)) + 1
        var obstacles = LegendPlacer.Obstacles()
        // Lines and markers grow with the frame as the text does (×2 at 2160 p).
        let k = layout.strokeScale
        for s in series {
            if showsGradientNorm(scale) {
                // ‖∇f‖ shares the log axis, unshifted, drawn thin and lighter.
                for piece in PathClipping.clip(line(s.gradientNorms, at: s.steps, scale: scale, shifted: false), lo: lo, hi: hi)
                    where piece.count >= 2 {
                    list.append(.polyline(points: piece, width: k, color: RGBA(s.color.r, s.color.g, s.color.b, 0.55)))
                    obstacles.lines.append(piece)
                }
            }
            let points = line(s.values, at: s.steps, scale: scale, extremes: s.extremes)
            if let items = coveredLine(s, points, scale: scale, lo: lo, hi: hi) {
                for item in items { list.append(item) }
                obstacles.lines.append(points)
            } else {
                for clipped in PathClipping.clip(points, lo: lo, hi: hi) where clipped.count >= 2 {
                    // A followed log's series grows to millions of points: stroked as the paths are.
                    let piece = PolylineThinning.thinned(clipped)
                    list.append(.polyline(points: piece, width: 2 * k, color: s.color))
                    obstacles.lines.append(piece)
                }
            }
            if options.marksPoints {
                for (step, f) in zip(s.steps, s.values) {
                    guard let p = framePoint(step: Double(step), f: f, scale: scale),
                          p.x >= lo.x, p.x <= hi.x, p.y >= lo.y, p.y <= hi.y else { continue }
                    list.append(.disk(center: p, radius: 3.5 * k, fill: s.color, outlineWidth: k, outline: Self.background))
                    obstacles.points.append((p, 4 * k, LegendPlacer.markerWeight))
                }
            }
        }
        for s in series where options.marksBest {
            guard let best = s.best, let p = framePoint(step: Double(best.step), f: best.value, scale: scale) else { continue }
            if scale.isBelowFloor(best.value) {
                BelowFloorMarker.append(&list, at: p, color: s.color, strokeScale: k)
            } else {
                list.append(.disk(center: p, radius: Self.ringRadius * k, fill: RGBA(1, 1, 1), outlineWidth: 2 * k, outline: s.color))
            }
            obstacles.points.append((p, (Self.ringRadius + 1) * k, LegendPlacer.markerWeight))
        }
        let textBefore = list.texts.count
        addBestLabel(&list, series, scale: scale, avoiding: obstacles)
        obstacles.text = list.texts[textBefore...].map(\.rect)
        if let placed = placedLegend(series, scale: scale, obstacles: obstacles) {
            placed.legend.draw(&list, in: placed.frame, style: .light, fonts: fonts, strokeScale: k)
            list.legendCoversData = legendOutside == nil
                && !LegendPlacer.isGoodEnough(placed.frame, cover: LegendPlacer.cover(placed.frame, obstacles), obstacles)
        }
        return list
    }

    /// What an empty chart says, in the picture and in the tree.
    static let emptyReason = "Nothing to chart: no solvers and no logged paths"

    /// ‖∇f‖ is drawn only on a log axis (on a linear f axis its values would mean nothing).
    func showsGradientNorm(_ scale: ConvergenceScale) -> Bool { showGradientNorm && scale.logarithmic }

    /// A series (`values` at `steps`) as frame points, one per value; long histories keep each pixel
    /// column's lowest and highest value so spikes survive (`extremes`, when they were worked out
    /// beforehand, are those of `values`).
    func line(_ values: [Double], at steps: [Int], scale: ConvergenceScale, shifted: Bool = true,
              extremes: ColumnExtremes? = nil) -> [SIMD2<Float>] {
        guard values.count > max(1, layout.plot.width) * 2 else {
            return zip(steps, values).compactMap { framePoint(step: Double($0), f: $1, scale: scale, shifted: shifted) }
        }
        let extremes = extremes ?? {
            var extremes = ColumnExtremes()
            extremes.add(steps: steps, values: values, columns: stepColumns)
            return extremes
        }()
        return extremes.values.compactMap { framePoint(step: Double($0.step), f: $0.f, scale: scale, shifted: shifted) }
    }

    /// The line `points` of a long logged series (drawn through its column extremes) as mask
    /// items from the series' stroke coverage (`LoggedSeries.lineItems`), which keeps the columns
    /// done and adds only the new ones each frame: the pixels of the polyline through `points`,
    /// for a line of a thousand near-vertical strokes that costs more to stroke each frame than
    /// anything else the viewer draws. Nil (stroke it) unless the line lies wholly within
    /// `lo…hi` (one piece, as stroked) and is not thinned.
    func coveredLine(_ s: ConvergenceSeries, _ points: [SIMD2<Float>], scale: ConvergenceScale,
                     lo: SIMD2<Float>, hi: SIMD2<Float>) -> [DrawItem]? {
        guard let index = s.cacheIndex, s.extremes != nil, s.values.count > max(1, layout.plot.width) * 2,
              points.count >= 2, points.count <= PolylineThinning.budget,
              points.allSatisfy({ all($0 .>= lo) && all($0 .<= hi) }) else { return nil }
        let width = 2 * layout.strokeScale
        // Where the stroke reaches: `lo…hi` grown by its reach, within the frame.
        let reach = (max(width / 2, 0.5) + 0.5 + 1).rounded(.up)
        let region = PixelRect(x0: max(0, Int(lo.x - reach)), y0: max(0, Int(lo.y - reach)),
                               x1: min(self.width, Int(hi.x + reach) + 1), y1: min(height, Int(hi.y + reach) + 1))
        let clip = PixelRectF(x0: lo.x, y0: lo.y, x1: hi.x, y1: hi.y)
        return loggedSeries.lineItems(at: index, scale: scale,
                                      start: { PathCoverage(plot: region, width: width, outlineWidth: nil, clip: clip) },
                                      color: s.color) { framePoint(step: Double($0.step), f: $0.f, scale: scale) }
    }

    /// Where this chart puts steps among its plot's pixel columns.
    var stepColumns: StepColumns { StepColumns(xAxis: xAxis, columns: Int(dataRect.width.rounded()), span: steps) }

    func text(_ list: inout FigureCanvas, _ string: String, at anchor: SIMD2<Float>, size: Int, weight: FontWeight = .regular,
              horizontal: TextStamp.HorizontalAlignment, vertical: TextStamp.VerticalAlignment, rotated: Bool = false) {
        FigureText.append(&list, string, fonts: fonts, at: anchor, size: size, weight: weight, horizontal: horizontal,
                          vertical: vertical, color: LandscapeFigure.ink, rotated: rotated)
    }

    /// Where the x axis's title starts on the tick row (`InlineAxisTitle`) when the layout keeps
    /// no line for it below (a panel of a short stack); nil when it has its line, or no room.
    var xTitleOnTickRow: SIMD2<Float>? {
        guard !showsXTitle else { return nil }
        let size = layout.labelSize, ticks = xTickLabels.filter { !$0.label.isEmpty }
        guard let top = ticks.first?.anchor.y else { return nil }
        let boxes = ticks.map { t in
            let stamp = TextStamp(fonts.layout(t.label, pixelSize: size))
            return stamp.rect(at: stamp.origin(anchor: t.anchor, horizontal: .center, vertical: .top))
        }
        return InlineAxisTitle.origin(xAxis.title, tickLabels: boxes, rowTop: top, right: Float(width) - Float(size) * 0.3,
                                      fonts: fonts, size: size)
    }

    func addAxes(_ list: inout FigureCanvas, scale: ConvergenceScale) {
        let p = layout.plot
        let x0 = Float(p.x0), y0 = Float(p.y0), x1 = Float(p.x1), y1 = Float(p.y1)
        let size = layout.labelSize
        let tick = Float(size) * 0.4, gap = Float(size) * 0.3
        let yTicks = scale.ticks(targetCount: max(2, p.height / (size * 3)))
        var yLabels: [String] = [], yAnchors: [SIMD2<Float>] = []
        for t in yTicks {
            // At the axis' left end, which a log x axis has at its lowest decade, not at step 0.
            guard let f = framePoint(step: xAxis.range.lowerBound, f: t.value + scale.offset, scale: scale) else { continue }
            let y = f.y.rounded(.down) + 0.5
            list.append(.rect(PixelRectF(x0: x0, y0: y - 0.5, x1: x1, y1: y + 0.5), fill: Self.grid))
            list.append(.rect(PixelRectF(x0: x0 - 1 - tick, y0: y - 0.5, x1: x0 - 1, y1: y + 0.5), fill: LandscapeFigure.frameColor))
            yLabels.append(t.label)
            yAnchors.append(SIMD2(x0 - 1 - tick - gap, y))
        }
        // A plot a few labels tall (a stacked chart) may hold fewer labels than ticks: thinned as a landscape's are.
        let yLabelWidths = FigureText.appendTicks(&list, yLabels, at: yAnchors, ordinals: Array(yLabels.indices), fonts: fonts,
                                                  size: size, horizontal: .right, vertical: .middle, color: LandscapeFigure.ink,
                                                  gap: Float(size) * 0.2)
        for t in xTickLabels {
            let x = t.anchor.x
            list.append(.rect(PixelRectF(x0: x - 0.5, y0: y1 + 1, x1: x + 0.5, y1: y1 + 1 + tick), fill: LandscapeFigure.frameColor))
            text(&list, t.label, at: t.anchor, size: size, horizontal: .center, vertical: .top)
        }
        LandscapeFigure.addBorder(&list, PixelRectF(x0: x0 - 1, y0: y0 - 1, x1: x1 + 1, y1: y1 + 1), color: LandscapeFigure.frameColor)
        if showsXTitle {
            text(&list, xAxis.title, at: SIMD2((x0 + x1) / 2, layout.xTitleBottom), size: size, horizontal: .center, vertical: .bottom)
        } else if let origin = xTitleOnTickRow {
            text(&list, xAxis.title, at: origin, size: size, horizontal: .left, vertical: .top)
        }
        // Beside the widest tick label, as matplotlib sets it: the layout keeps room for labels as
        // wide as "10⁻¹⁰", and a title at the room's far edge would stand nearer a panel to its left
        // (that panel's colourbar title) than its own axis.
        let widest = yLabelWidths.max() ?? 0
        let besideLabels = x0 - 1 - tick - gap - widest - Float(size) * (0.6 + 1.25 / 2)
        text(&list, yTitle(scale), at: SIMD2(max(layout.yTitleX, besideLabels), (y0 + y1) / 2), size: size,
             horizontal: .center, vertical: .middle, rotated: true)
        let anchors = FigureText.titleAnchors(titleLines, center: (x0 + x1) / 2, left: Float(size) * 0.6,
                                              right: Float(width) - Float(size) * 0.6, bottom: y0 - Float(size) * 0.8,
                                              lineStep: layout.titleLineStep, fonts: fonts, size: layout.titleSize)
        for (line, anchor) in zip(titleLines, anchors) {
            text(&list, line, at: anchor, size: layout.titleSize, weight: .bold, horizontal: .center, vertical: .bottom)
        }
    }

    func yTitle(_ scale: ConvergenceScale) -> String {
        let title = options.yTitle ?? scale.title
        return showsGradientNorm(scale) ? "\(title) (thick), ‖∇f‖ (thin)" : title
    }

    /// The x axis ticks: about one label per ten label heights of width.
    var xTicks: [(value: Double, label: String)] {
        xAxis.ticks(targetCount: Self.xTickTarget(width: width, labelSize: layout.labelSize))
    }

    /// How many x ticks a chart `width` wide asks its axis for.
    static func xTickTarget(width: Int, labelSize: Int) -> Int {
        max(2, width / (labelSize * 10))
    }

    /// The x ticks' labels and where each hangs from (its top centre): a tick and a gap below
    /// the frame line, under its tick.
    var xTickLabels: [(label: String, anchor: SIMD2<Float>)] {
        let size = layout.labelSize, data = dataRect
        let top = Float(layout.plot.y1) + 1 + Float(size) * 0.4 + Float(size) * 0.3
        return xTicks.compactMap { t in
            xAxis.fraction(t.value).map { u in (t.label, SIMD2((data.x0 + Float(u) * data.width).rounded(.down) + 0.5, top)) }
        }
    }

    /// The series holding the lowest value of all, with that value.
    static func overallBest(_ series: [ConvergenceSeries]) -> (ConvergenceSeries, (step: Int, value: Double))? {
        var found: (ConvergenceSeries, (step: Int, value: Double))?
        for s in series {
            if let best = s.best, best.value < (found?.1.value ?? .infinity) { found = (s, best) }
        }
        return found
    }

    /// The legend for `series` and where it goes: the corner asked for, or the one covering the
    /// least of the lines, markers and note (`obstacles`); or beside or below the plot when the
    /// chart keeps room there (`legendOutside`: asked for, or a legend too long for the plot).
    func placedLegend(_ series: [ConvergenceSeries], scale: ConvergenceScale,
                      obstacles: LegendPlacer.Obstacles) -> LandscapeFigure.PlacedLegend? {
        guard scenario.axes.legend, !series.isEmpty else { return nil }
        let belowFloor = series.contains { $0.best.map { scale.isBelowFloor($0.value) } ?? false }
        let entries = Self.legendEntries(series.map { ($0.id, $0.color) }, marksBest: options.marksBest, strokeScale: layout.strokeScale,
                                         belowFloor: belowFloor)
        if let outside = legendOutside {
            guard let legend = outside.legend(entries, fonts: fonts) else { return nil }
            // The room was kept for the entries the chart starts with and the below-axis mark: a
            // series added since (a followed path that appeared) may widen the box, which then
            // moves left to stay in the frame.
            let origin = SIMD2(min(outside.origin.x, Float(width) - Float(layout.labelSize) * 0.6 - legend.size.x), outside.origin.y)
            return LandscapeFigure.PlacedLegend(legend: legend, frame: legend.frame(at: origin))
        }
        let plot = PixelRectF(layout.plot)
        guard let legend = LandscapeFigure.insideLegend(entries, plot: plot, labelSize: layout.labelSize, fonts: fonts,
                                                        metrics: layout.legendMetrics) else { return nil }
        guard let frame = LegendPlacer.place(size: legend.size, plot: plot, inset: legend.pad * 1.5,
                                             position: scenario.axes.legendPosition, obstacles: obstacles, outside: nil) else { return nil }
        return LandscapeFigure.PlacedLegend(legend: legend, frame: frame)
    }

    public func accessibilityTree(for state: RenderState) -> AccessibilityTree {
        ConvergenceAccessibility.tree(self, state: state)
    }
}
