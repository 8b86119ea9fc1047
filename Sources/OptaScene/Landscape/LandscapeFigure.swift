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
    /// Where a legend beside or below the plot goes; nil when the legend goes inside the plot.
    let legendOutside: OutsideLegend?
    /// The title, wrapped onto at most two lines to fit its room.
    let titleLines: [String]
    /// The colourbar's title, wrapped onto at most two lines to fit along the bar.
    let colorbarTitleLines: [String]
    /// Whether the x axis's title is drawn (a short stack may leave it out).
    let showsXTitle: Bool
    /// The undefined hatch at this size: a period of 8 px at 1080 p, wider with the strokes.
    let hatch: HatchRow
    /// Where the plot shows f undefined (nil: nowhere sampled).
    let undefined: UndefinedSample?
    /// The paths thinned for drawing, and long followed paths' stroke coverage, kept from frame
    /// to frame while they grow.
    let thinnedPaths = GrowingPaths<ThinnedLine>()
    let coveredPaths = GrowingPaths<PathCoverage>()

    /// Figure colours.
    static let background = RGBA(1, 1, 1)
    static let ink = RGBA(0.13, 0.13, 0.15)
    static let frameColor = RGBA(0.25, 0.25, 0.28)

    /// `titleLineLimit`: how many lines the title may take; by default as many as
    /// `FigureText.titleLineLimit` allows the frame's height (a stacked panel is told by its stack;
    /// 0: no title, a panel under another in a short stack); `titleSize`: the title's largest text
    /// size when not the usual (a stack may ask for less); `leadingGap`: room kept blank at the left
    /// edge (`LandscapeLayout.leadingGap`); `xTitle` false: no x axis title and no room for it
    /// (unless the x labels' offset note needs its line); `stackEdges`: the edges that meet
    /// another panel of a stack.
    public init(scenario: Scenario, width: Int, height: Int, fonts: FontLibrary, prepared: PreparedLandscape? = nil,
                titleLineLimit: Int? = nil, titleSize: Int? = nil, leadingGap: Float = 0, xTitle: Bool = true,
                stackEdges: StackEdges = StackEdges()) {
        self.init(scenario: scenario, width: width, height: height, fonts: fonts, prepared: prepared, titleLineLimit: titleLineLimit,
                  titleSize: titleSize, leadingGap: leadingGap, xTitle: xTitle, stackEdges: stackEdges, undefinedSamples: nil)
    }

    /// `undefinedSamples`: where a session keeps the undefined sample of each domain it shows.
    init(scenario: Scenario, width: Int, height: Int, fonts: FontLibrary, prepared: PreparedLandscape?,
         titleLineLimit: Int?, titleSize: Int?, leadingGap: Float, xTitle: Bool, stackEdges: StackEdges,
         undefinedSamples: UndefinedSampleCache?) {
        let prepared = prepared ?? PreparedLandscape(scenario.landscape)
        let domain = scenario.landscape.domain
        let undefined = if let undefinedSamples { undefinedSamples.sample(scenario.landscape.objective, domain) }
            else { UndefinedSample(scenario.landscape.objective, domain) }
        var outside = scenario.axes.legend && scenario.axes.legendPosition == .outside
        if scenario.axes.legend && scenario.axes.legendPosition == .best {
            // No corner clear of the paths and markers: the legend goes beside the plot.
            let trial = LandscapeFigure(scenario: scenario, width: width, height: height, fonts: fonts, prepared: prepared,
                                        titleLineLimit: titleLineLimit, titleSize: titleSize, leadingGap: leadingGap, xTitle: xTitle,
                                        stackEdges: stackEdges, undefined: undefined, outsideLegend: false, contourLabels: false)
            outside = trial.legendWantsOutside
        }
        self.init(scenario: scenario, width: width, height: height, fonts: fonts, prepared: prepared,
                  titleLineLimit: titleLineLimit, titleSize: titleSize, leadingGap: leadingGap, xTitle: xTitle, stackEdges: stackEdges,
                  undefined: undefined, outsideLegend: outside, contourLabels: scenario.landscape.labels)
    }

    private init(scenario: Scenario, width: Int, height: Int, fonts: FontLibrary, prepared: PreparedLandscape,
                 titleLineLimit: Int?, titleSize largestTitleSize: Int?, leadingGap: Float, xTitle: Bool, stackEdges: StackEdges,
                 undefined: UndefinedSample?, outsideLegend: Bool, contourLabels placesLabels: Bool) {
        self.scenario = scenario
        self.width = width
        self.height = height
        self.fonts = fonts
        self.prepared = prepared
        let domain = scenario.landscape.domain
        let labelSize = LandscapeLayout.labelSize(width: width, height: height)
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
        let xLabelWidth = xLabels.labels.map { fonts.measure($0, pixelSize: labelSize) }.max() ?? 0
        // An x title left out frees its line, unless the x labels' offset note shares it.
        let hasXTitle = xTitle || xLabels.annotation != nil
        // Without its line, the x title goes on the tick row past the last label.
        let xTitleRoom = hasXTitle ? 0 : InlineAxisTitle.room(scenario.axes.xTitle, lastLabelWidth: xLabelWidth, fonts: fonts, size: labelSize)
        /// The layout for a title of `titleLines` lines (none: no title) at `titleSize`, a
        /// colourbar title of `colourbarLines`, and a legend's room.
        func layoutWith(titleLines: Int, titleSize: Int?, colorbarLines: Int = 1, legendWidth: Float = 0,
                        legendHeight: Float = 0) -> LandscapeLayout {
            LandscapeLayout(width: width, height: height, hasTitle: titleLines > 0, hasColorbar: scenario.axes.colorbar,
                            yLabelWidth: yLabelWidth, colorbarLabelWidth: barLabelWidth, labelSize: labelSize,
                            xLabelWidth: xLabelWidth, legendWidth: legendWidth, legendHeight: legendHeight, titleLines: titleLines,
                            colorbarTitleLines: colorbarLines, titleSize: titleSize, leadingGap: leadingGap, hasXTitle: hasXTitle,
                            xTitleRoom: xTitleRoom, stackEdges: stackEdges)
        }
        var layout = layoutWith(titleLines: titleLineLimit == 0 ? 0 : 1, titleSize: nil)
        // The title's room does not depend on its line count (only the plot's top does).
        let titleSpan = Self.titleSpan(plotX0: Float(layout.plot.x0), width: width, labelSize: labelSize,
                                       yNote: yLabels.annotation, fonts: fonts)
        let (titleLines, titleSize) = titleLineLimit == 0 ? ([], layout.titleSize)
            : FigureText.title(scenario.title ?? scenario.landscape.objective.displayName,
                               maxWidth: titleSpan.upperBound - titleSpan.lowerBound,
                               maxLines: titleLineLimit ?? FigureText.titleLineLimit(frameHeight: height, labelSize: labelSize),
                               fonts: fonts, size: largestTitleSize ?? layout.titleSize, minSize: labelSize + 1)
        // The colourbar title runs along the plot's height, which the title's lines set.
        let plotHeight = Float(layout.plot.height) - Float(max(0, titleLines.count - 1)) * LandscapeLayout.titleLineStep(titleSize: titleSize) - 1
        let colorbarTitleLines = scenario.axes.colorbar
            ? FigureText.wrappedOrShorter([colorbarTicks.title] + ColorbarTicks.shorterTitles(for: prepared.scale), maxWidth: plotHeight,
                                          maxLines: FigureText.titleLineLimit(frameHeight: height, labelSize: labelSize),
                                          fonts: fonts, size: labelSize) : []
        if titleLines.count > 1 || colorbarTitleLines.count > 1 || titleSize != layout.titleSize {
            layout = layoutWith(titleLines: titleLines.count, titleSize: titleSize, colorbarLines: colorbarTitleLines.count)
        }
        self.titleLines = titleLines
        self.colorbarTitleLines = colorbarTitleLines
        self.showsXTitle = hasXTitle
        let minima = scenario.landscape.showMinima ? scenario.landscape.objective.minima.filter {
            domain.x.contains($0.point.x) && domain.y.contains($0.point.y)
        } : []
        let strokeScale = LandscapeLayout.strokeScale(labelSize: labelSize)
        self.undefined = undefined
        hatch = HatchRow(period: Int((8 * strokeScale).rounded()))
        let entries = Self.legendEntries(scenario.paths, minimaCount: minima.count, strokeScale: strokeScale,
                                         hatch: undefined == nil ? nil : hatch)
        var legendOutside: OutsideLegend?
        if outsideLegend {
            let withLegend = { (legendWidth: Float, legendHeight: Float) in
                layoutWith(titleLines: titleLines.count, titleSize: titleSize, colorbarLines: colorbarTitleLines.count,
                           legendWidth: legendWidth, legendHeight: legendHeight)
            }
            if let (placement, placedLayout) = OutsideLegend.best(entries, layout: layout, fonts: fonts, layoutWith: withLegend) {
                layout = placedLayout
                legendOutside = placement
            }
        }
        self.layout = layout
        self.legendOutside = legendOutside
        viewport = PlotViewport(rect: layout.plot, xRange: domain.x, yRange: domain.y)
        if placesLabels, let levels = prepared.contours?.values {
            // Keep labels off paths, markers and a legend fixed in a corner (a legend placed by
            // `best` avoids the labels instead).
            let plot = PixelRectF(layout.plot)
            var obstacles = Self.labelObstacles(scenario.paths, minima: minima.map(\.point), viewport: viewport, labelSize: labelSize)
            let position = scenario.axes.legendPosition
            if scenario.axes.legend, legendOutside == nil, position != .best,
               let legend = Self.insideLegend(entries, plot: plot, labelSize: labelSize, fonts: fonts, metrics: layout.legendMetrics),
               let corner = LegendPlacer.corners(of: plot, size: legend.size, inset: legend.pad * 1.5).first(where: { $0.0 == position }) {
                obstacles.rects.append(corner.1)
            }
            let size = labelSize - 1
            let stamps = levels.map { TextStamp(fonts.layout(NiceTicks.compactLabel($0), pixelSize: size)) }
            let placed = ContourLabelPlacer.place(
                objective: scenario.landscape.objective, viewport: viewport, levels: levels,
                box: { stamps[$0].rect(at: stamps[$0].origin(anchor: $1, horizontal: .center, vertical: .middle)) },
                spacing: Float(min(layout.plot.width, layout.plot.height)) * 0.45,
                clearance: Float(labelSize) * 3, gap: Float(labelSize), edgeMargin: Float(labelSize) * 3, obstacles: obstacles)
            contourLabels = placed.map { label in
                let stamp = stamps[label.levelIndex]
                return (label, stamp, stamp.origin(anchor: label.center, horizontal: .center, vertical: .middle))
            }
        } else {
            contourLabels = []
        }
    }

    /// Whether a `best` legend for the scenario's own paths finds no clear corner, and a legend
    /// beside the plot would fit the frame.
    var legendWantsOutside: Bool {
        let entries = Self.legendEntries(scenario.paths, minimaCount: scenario.landscape.showMinima ? visibleMinima.count : 0,
                                         strokeScale: layout.strokeScale, hatch: legendHatch)
        guard !entries.isEmpty else { return false }
        let metrics = layout.legendMetrics
        let legend = Self.insideLegend(entries, plot: plotRect, labelSize: layout.labelSize, fonts: fonts, metrics: metrics)
        return LegendPlacer.wantsOutside(size: legend?.size, plot: plotRect, inset: Float(layout.labelSize) * metrics.pad * 1.5,
                                         obstacles: legendObstacles(scenario.paths))
    }

    /// The title shown above the plot.
    public var title: String { scenario.title ?? scenario.landscape.objective.displayName }

    /// The per-pixel pass for the scenario's own paths: background, heatmap with contours,
    /// colourbar ramp.
    public var shader: LandscapeShader<OffsetField> { shader(legend: placedLegend(paths: scenario.paths)) }

    /// The per-pixel pass for a frame with `legend`: contour lines break only for the labels it
    /// leaves showing. f is sampled less `prepared.valueOffset`, and the scale and levels are
    /// shifted alike (no change when the offset is 0, as it is for most landscapes).
    func shader(legend: PlacedLegend?) -> LandscapeShader<OffsetField> {
        let contour = scenario.landscape.contours
        let color = RGBA(contour?.color ?? ContourSpec.defaultColor)
        let offset = prepared.valueOffset
        let scale = offset == 0 ? prepared.scale : prepared.scale.offset(by: offset)
        let levels = offset == 0 ? prepared.contours
            : prepared.contours.map { ContourLevels(values: $0.values.map { $0 - offset }, scale: scale) }
        return LandscapeShader(
            field: prepared.field, viewport: viewport, scale: scale,
            colormap: prepared.colormap, contours: levels, contourWidth: Float(contour?.width ?? 0.8) * layout.strokeScale,
            contourColor: SIMD4(color.r, color.g, color.b, color.a),
            background: Self.background.premultipliedPacked, colorbar: layout.colorbar,
            contourGaps: shownContourLabels(legend: legend).map { entry in
                PixelRect(x0: entry.origin.x - 2, y0: entry.origin.y - 1,
                          x1: entry.origin.x + entry.stamp.width + 2, y1: entry.origin.y + entry.stamp.height + 1)
            },
            hatch: hatch)
    }

    /// The contour labels a frame shows: those `legend` does not cover.
    func shownContourLabels(legend: PlacedLegend?) -> [(label: ContourLabelPlacer.Label, stamp: TextStamp, origin: SIMD2<Int>)] {
        guard let frame = legend?.frame else { return contourLabels }
        return contourLabels.filter { !$0.stamp.rect(at: $0.origin).overlaps(frame) }
    }

    /// The vector overlay for `paths` (defaults to the scenario's own paths).
    public func drawList(paths: [PathSpec]? = nil) -> DrawList {
        let paths = paths ?? scenario.paths
        return canvas(paths: paths, legend: placedLegend(paths: paths)).list
    }

    /// The overlay for `paths` with `legend` (`placedLegend(paths:)`), with the box of every text
    /// it places. The last `followed` paths are followed logs (`RenderState.followedPathCount`).
    /// Its first `bottomItems` draw the contour labels and the first `bottomPaths` of `paths`:
    /// what lies right on the landscape.
    func canvas(paths: [PathSpec], legend: PlacedLegend?, followed: Int = 0, bottomPaths: Int = 0) -> FigureCanvas {
        var list = FigureCanvas()
        addContourLabels(&list, shownContourLabels(legend: legend))
        list.bottomItems = list.list.count
        for (index, path) in paths.enumerated() {
            addPath(&list, path, at: index, color: Palette.color(path.color, orPaletteAt: index),
                    followed: index >= paths.count - followed)
            if index < bottomPaths { list.bottomItems = list.list.count }
        }
        if scenario.landscape.showMinima {
            for minimum in visibleMinima {
                MinimumMarker.append(&list, at: markerCenter(framePoint(minimum.point), reach: MinimumMarker.reach * layout.strokeScale),
                                     strokeScale: layout.strokeScale)
            }
        }
        // Markers and strokes are clipped to the plot; the axes, ticks and colourbar come after.
        addPlotClip(&list, reach: markerReach(paths))
        addFrameAndTicks(&list)
        addColorbar(&list)
        if let legend { addLegend(&list, legend) }
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

    func text(_ list: inout FigureCanvas, _ string: String, at anchor: SIMD2<Float>, size: Int,
              weight: FontWeight = .regular, horizontal: TextStamp.HorizontalAlignment,
              vertical: TextStamp.VerticalAlignment, color: RGBA = ink, rotated: Bool = false) {
        FigureText.append(&list, string, fonts: fonts, at: anchor, size: size, weight: weight, horizontal: horizontal,
                          vertical: vertical, color: color, rotated: rotated)
    }

}
