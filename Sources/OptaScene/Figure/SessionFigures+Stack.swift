import OptaCore
import OptaRaster
import OptaText

extension SessionFigures {
    /// How a stack could set its titles and legend, and how good that is.
    private struct StackChoice {
        /// The largest size each title may take, and how many lines each panel's may take (0:
        /// none, `StackTrim`; 2 only for a title one line would cut).
        let titleSize: Int
        let titleLines: [Int]
        /// Whether each panel keeps its x axis's title (`StackTrim`).
        let xTitles: [Bool]
        let legend: Legend?
        /// Each panel's title and axes' height.
        let chrome: [Int]
        /// Better first: plots given their share of the frame (`plotShare`), a legend, whole
        /// titles (one left out is not cut), the tallest plots when no way gives them their
        /// share, a legend that names every path, as little left out as can be, as many named
        /// paths as fit with as few left to its summary, the minimum marker named by a legend
        /// that takes at most a fifth of the frame's height, fewer legend rows (more height for
        /// the plots), larger titles, fewer title lines.
        let rank: [Int]
    }

    /// What a stacked panel gives up so that the plots keep their share of a short frame, least
    /// first: nothing; the line below the ticks of the x axes' titles but the lowest panel's (the
    /// lowest x axis is the one a reader meets last, alone below the plots), each title then set
    /// at its axis's end on the tick row (`InlineAxisTitle`), which costs no height; every x
    /// axis's line so; and then the titles of the panels below the first too (the stack's own
    /// title stays, and a chart's axes say what it shows; the screen reader still hears every
    /// title). An axis title on the tick row reads nearly as well as one below it, a panel
    /// without its title less so: at 320×240 the convergence chart under a landscape lost its
    /// title before the landscape's x axis gave up its line.
    enum StackTrim: Int, CaseIterable {
        case none, upperXTitles, axisTitles, lowerTitles

        /// Whether panel `index` of `count` keeps its x axis's title on its own line.
        func keepsXTitle(_ index: Int, of count: Int) -> Bool {
            switch self {
            case .none: true
            case .upperXTitles: index == count - 1
            case .axisTitles, .lowerTitles: false
            }
        }

        /// Whether a panel below the first leaves its title out.
        var leavesOutLowerTitles: Bool { self == .lowerTitles }
    }

    /// The share of a stack's height its plots take at least when the titles and axes can give
    /// it up (`StackTrim`): at 320×240 the titles, axes and a legend naming every path left two
    /// plots 27 px each, thinner than their tick labels' column.
    static let plotShare = 1.0 / 3

    /// The scenario's panels stacked top to bottom (`PanelsFigure.layout` found them too narrow
    /// side by side; `evenRects` are its equal heights), the paths named once, in a legend below
    /// the stack in as many columns as fit (the panels draw none of their own).
    ///
    /// Every plot first gets its minimum height (2.5 label heights: two tick labels), every panel
    /// its title and axes, and the legend its rows; the plots share what is left by
    /// `StackablePanel.stackShare`. To make room, the titles may be set smaller (all at most one
    /// size, down to a label's size plus one, the smallest title Opta sets), titles lowest in the stack
    /// keep one line first, the panels may leave titles out (`StackTrim`), and the legend may give
    /// up rows (its last place then says "+ N more"; no legend at all only when not even one row
    /// fits). Of the ways that fit, the stack takes the first in `StackChoice.rank`'s order. Nil
    /// when none fits (the panels keep equal heights and their own legends).
    func stack(_ specs: [PanelSpec], evenRects: [PixelRect], state: RenderState, title: String, width: Int,
               height: Int) -> PanelsFigure? {
        let labelSize = LandscapeLayout.labelSize(width: width, height: evenRects[0].height)
        let largest = labelSize + 4, smallest = labelSize + 1
        /// Panel `index`'s figure at its even height with a title of at most `size` on at most
        /// `lines` lines (0: none) and with or without its x axis's title; each made once.
        var made: [[Int]: any StackablePanel] = [:]
        func trial(_ index: Int, size: Int, lines: Int, xTitle: Bool) -> (any StackablePanel)? {
            let key = [index, lines == 0 ? 0 : size, lines, xTitle ? 1 : 0]
            if let kept = made[key] { return kept }
            let rect = evenRects[index]
            guard let figure = stackedPanel(specs, index, state: state, width: rect.width, height: rect.height, titleLines: lines,
                                            titleSize: size, xTitle: xTitle) as? any StackablePanel
            else { return nil }
            made[key] = figure
            return figure
        }
        /// Panel `index` as `trim` leaves it, its title at most `size` on one line, or on two
        /// when `wraps` and one would cut it; with the lines its title was allowed.
        func panel(_ index: Int, size: Int, wraps: Bool, trim: StackTrim) -> (figure: any StackablePanel, lines: Int)? {
            let xTitle = trim.keepsXTitle(index, of: specs.count)
            if index > 0, trim.leavesOutLowerTitles { return trial(index, size: size, lines: 0, xTitle: xTitle).map { ($0, 0) } }
            guard let one = trial(index, size: size, lines: 1, xTitle: xTitle) else { return nil }
            // Titles whole on one line take no second.
            guard wraps, one.titleIsCut else { return (one, 1) }
            return trial(index, size: size, lines: 2, xTitle: xTitle).map { ($0, 2) }
        }
        /// The panels as `trim` leaves them, titles at most `size` and the top `wrapping` allowed two
        /// lines; nil when a panel is no stackable figure.
        func panels(size: Int, wrapping: Int, trim: StackTrim) -> [(figure: any StackablePanel, lines: Int)]? {
            let found = specs.indices.compactMap { panel($0, size: size, wraps: $0 < wrapping, trim: trim) }
            return found.count == specs.count ? found : nil
        }
        guard let sample = panels(size: largest, wrapping: 0, trim: .none)?.map(\.figure) else { return nil }
        let shares = sample.map { type(of: $0).stackShare }
        let minimumPlot = sample.map { $0.layout.labelSize * 5 / 2 }.max() ?? 0

        let legends = stackLegends(sample: sample, state: state, labelSize: labelSize, width: width, height: height)
        let pathCount = state.scenario.paths.count
        let gap = Float(labelSize) * 0.6
        let target = Int((Double(height) * Self.plotShare).rounded(.up))
        var choices: [StackChoice] = []
        for trim in StackTrim.allCases {
            for legend in legends {
                let namesMinimum = legend?.shown.contains { $0.marksMinimum } == true ? 1 : 0
                let named = legend?.shown.filter(\.namesPath).count ?? 0
                let affordsMinimum = namesMinimum == 1 && (legend?.size.y ?? 0) <= Float(height) / 5 ? 1 : 0
                let below = legend.map { Int(($0.size.y + gap).rounded(.up)) } ?? 0
                for wrapping in stride(from: specs.count, through: 0, by: -1) {
                    for size in stride(from: largest, through: smallest, by: -1) {
                        guard let trials = panels(size: size, wrapping: wrapping, trim: trim) else { return nil }
                        let figures = trials.map(\.figure)
                        let whole = figures.filter { !$0.titleIsCut }.count
                        let lines = figures.map(\.titleLines.count).reduce(0, +)
                        // The size the titles are drawn at (a title shrinks below `size` to keep whole on fewer lines).
                        let drawn = figures.filter { !$0.titleLines.isEmpty }.map(\.layout.titleSize).min() ?? size
                        let chrome = figures.map(\.chromeHeight)
                        let plots = height - below - chrome.reduce(0, +)
                        let meets = plots >= target ? 1 : 0
                        choices.append(StackChoice(titleSize: size, titleLines: trials.map(\.lines),
                                                   xTitles: specs.indices.map { trim.keepsXTitle($0, of: specs.count) },
                                                   legend: legend, chrome: chrome,
                                                   rank: [meets, legend == nil ? 0 : 1, whole, meets == 1 ? 0 : plots,
                                                          named == pathCount && pathCount > 0 ? 1 : 0, -trim.rawValue, named,
                                                          -(legend?.hidden.count ?? 0), affordsMinimum, -Int(legend?.size.y ?? 0), drawn,
                                                          -lines]))
                    }
                }
            }
        }
        // `sorted` is not stable: ties keep their order by their index.
        let ordered = choices.indices.sorted { a, b in
            choices[a].rank == choices[b].rank ? a < b : choices[b].rank.lexicographicallyPrecedes(choices[a].rank)
        }
        for choice in ordered.map({ choices[$0] }) {
            let below = choice.legend.map { Int(($0.size.y + gap).rounded(.up)) } ?? 0
            guard let rects = PanelsFigure.stackedRects(chrome: choice.chrome, shares: shares, width: width, height: height - below,
                                                        minimumPlot: minimumPlot) else { continue }
            let panels = rects.indices.map { index in
                PanelsFigure.Panel(rect: rects[index], figure: stackedPanel(
                    specs, index, state: state, width: rects[index].width, height: rects[index].height,
                    titleLines: choice.titleLines[index], titleSize: choice.titleSize, xTitle: choice.xTitles[index]))
            }
            // A panel's label size follows its height: one that grew may take more than its trial did.
            guard panels.allSatisfy({ ($0.figure as? any StackablePanel).map { $0.layout.plot.height >= minimumPlot } ?? false })
            else { continue }
            let legend = choice.legend.map { legend in
                StackLegend(legend: legend, frame: legend.frame(at: SIMD2(((Float(width) - legend.size.x) / 2).rounded(.down),
                                                                          Float(height) - gap - legend.size.y)), fonts: fonts)
            }
            return PanelsFigure(width: width, height: height, title: title, panels: panels, legend: legend,
                                legendLeftOut: legend == nil && legends.count > 1)
        }
        return nil
    }

    /// Panel `index` of a stack of `specs`, without a legend of its own (the stack names the
    /// paths), its title on at most `titleLines` lines (0: none) and its edges shared with the
    /// panels above and below it (`StackEdges`).
    private func stackedPanel(_ specs: [PanelSpec], _ index: Int, state: RenderState, width: Int, height: Int,
                              titleLines: Int, titleSize: Int, xTitle: Bool) -> any SceneFigure {
        panelFigure(specs[index], state: state, width: width, height: height, titleLineLimit: titleLines, titleSize: titleSize,
                    ownLegend: false, xTitle: xTitle, stackEdges: StackEdges(above: index > 0, below: index < specs.count - 1))
    }

    /// The legends a stack may set below its panels, the fullest first, then nil (none): the
    /// paths and, when a landscape panel marks the minimum or shows f undefined, its marker and
    /// hatch, in as many columns as the
    /// width holds and as many rows as they need; then fewer rows, down to one, the last place
    /// summarizing the rest; and the paths alone likewise. Only nil when the scenario shows no
    /// legend or has no paths.
    private func stackLegends(sample: [any StackablePanel], state: RenderState, labelSize: Int, width: Int,
                              height: Int) -> [Legend?] {
        guard state.scenario.axes.legend, !state.scenario.paths.isEmpty else { return [nil] }
        let landscape = sample.lazy.compactMap { $0 as? LandscapeFigure }.first
        let minima = landscape.map { $0.scenario.landscape.showMinima ? $0.visibleMinima.count : 0 } ?? 0
        let strokeScale = LandscapeLayout.strokeScale(labelSize: labelSize)
        let paths = LandscapeFigure.legendEntries(state.scenario.paths, minimaCount: 0, strokeScale: strokeScale)
        let all = LandscapeFigure.legendEntries(state.scenario.paths, minimaCount: minima, strokeScale: strokeScale,
                                                hatch: landscape?.legendHatch)
        let maxWidth = Float(width) - Float(labelSize) * 1.2
        // Spaced for the whole frame: a stack at thumbnail size sets a thumbnail's compact legend.
        let metrics = Legend.Metrics.forFrame(width: width, height: height, labelSize: labelSize)
        let pad = Float(labelSize) * metrics.pad, line = Float(labelSize) * metrics.line
        var legends: [Legend?] = []
        for entries in all.count > paths.count ? [all, paths] : [paths] {
            guard let full = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: Float(height) * 0.5,
                                    maxTextWidth: maxWidth * 0.5, maxWidth: maxWidth, metrics: metrics) else { continue }
            legends.append(full)
            let rows = Int(((full.size.y - 2 * pad) / line).rounded())
            for fewer in stride(from: rows - 1, through: 1, by: -1) {
                // Half a pixel over the rows' height, as `OutsideLegend` sets it.
                legends.append(Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: 2 * pad + Float(fewer) * line + 0.5,
                                      maxTextWidth: maxWidth * 0.5, maxWidth: maxWidth, metrics: metrics))
            }
        }
        return legends.filter { $0 != nil } + [nil]
    }
}

private extension Legend.Entry {
    /// Whether the entry names the minimum marker.
    var marksMinimum: Bool {
        if case .minimum = swatch { return true }
        return false
    }

    /// Whether the entry names a path (not a marker or the undefined hatch).
    var namesPath: Bool {
        if case .path = swatch { return true }
        return false
    }
}
