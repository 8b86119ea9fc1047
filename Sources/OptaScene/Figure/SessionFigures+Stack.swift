import OptaCore
import OptaRaster
import OptaText

extension SessionFigures {
    /// How a stack could set its titles and legend, and how good that is.
    private struct StackChoice {
        /// The largest size each title may take, and how many of the panels from the top may
        /// take a second line (the others keep one, cut with "…" when it does not hold them).
        let titleSize: Int
        let wrapping: Int
        let legend: Legend?
        /// Each panel's title and axes' height.
        let chrome: [Int]
        /// Better first: a legend that names every path, then whole titles, then as many named
        /// paths as fit with as few left to its summary, then the minimum marker named by a legend
        /// that takes at most a fifth of the frame's height, fewer legend rows (more height for
        /// the plots), larger titles, fewer title lines.
        let rank: [Int]
    }

    /// The scenario's panels stacked top to bottom (`PanelsFigure.layout` found them too narrow
    /// side by side; `evenRects` are its equal heights), the paths named once, in a legend below
    /// the stack in as many columns as fit (the panels draw none of their own).
    ///
    /// Every plot first gets its minimum height (2.5 label heights: two tick labels), every panel
    /// its title and axes, and the legend its rows; the plots share what is left by
    /// `StackablePanel.stackShare`. To make room, the titles may be set smaller (all at most one
    /// size, down to a label's size plus one, the smallest title Opta sets), titles lowest in the stack
    /// keep one line first, and the legend may give up rows (its last place then says "+ N more";
    /// no legend at all only when not even one row fits). Of the ways that fit, the stack takes
    /// the first in `StackChoice.rank`'s order. Nil when none fits (the panels keep equal
    /// heights and their own legends).
    func stack(_ specs: [PanelSpec], evenRects: [PixelRect], state: RenderState, title: String, width: Int,
               height: Int) -> PanelsFigure? {
        let labelSize = LandscapeLayout.labelSize(width: width, height: evenRects[0].height)
        let largest = labelSize + 4, smallest = labelSize + 1
        /// Each panel's figure at its even height with titles of at most `size` on at most `lines` lines.
        func trial(_ size: Int, lines: Int) -> [any StackablePanel]? {
            let figures = zip(specs, evenRects).map { spec, rect in
                panelFigure(spec, state: state, width: rect.width, height: rect.height, titleLineLimit: lines, titleSize: size,
                            ownLegend: false) as? any StackablePanel
            }
            return figures.contains { $0 == nil } ? nil : figures.compactMap { $0 }
        }
        var oneLine: [Int: [any StackablePanel]] = [:], twoLines: [Int: [any StackablePanel]] = [:]
        for size in stride(from: largest, through: smallest, by: -1) {
            guard let one = trial(size, lines: 1) else { return nil }
            // Titles whole on one line take no second.
            guard let two = one.contains(where: \.titleIsCut) ? trial(size, lines: 2) : one else { return nil }
            (oneLine[size], twoLines[size]) = (one, two)
        }
        guard let sample = oneLine[largest] else { return nil }
        let shares = sample.map { type(of: $0).stackShare }
        let minimumPlot = sample.map { $0.layout.labelSize * 5 / 2 }.max() ?? 0

        let legends = stackLegends(sample: sample, state: state, labelSize: labelSize, width: width, height: height)
        let pathCount = state.scenario.paths.count
        var choices: [StackChoice] = []
        for legend in legends {
            for wrapping in stride(from: specs.count, through: 0, by: -1) {
                for size in stride(from: largest, through: smallest, by: -1) {
                    guard let one = oneLine[size], let two = twoLines[size] else { continue }
                    let panels = specs.indices.map { $0 < wrapping ? two[$0] : one[$0] }
                    let whole = panels.filter { !$0.titleIsCut }.count
                    let namesMinimum = legend?.shown.contains { $0.marksMinimum } == true ? 1 : 0
                    let named = (legend?.shown.count ?? 0) - namesMinimum
                    let affordsMinimum = namesMinimum == 1 && (legend?.size.y ?? 0) <= Float(height) / 5 ? 1 : 0
                    let lines = panels.map(\.titleLines.count).reduce(0, +)
                    // The size the titles are drawn at (a title shrinks below `size` to keep whole on fewer lines).
                    let drawn = panels.map(\.layout.titleSize).min() ?? size
                    choices.append(StackChoice(titleSize: size, wrapping: wrapping, legend: legend, chrome: panels.map(\.chromeHeight),
                                               rank: [named == pathCount && pathCount > 0 ? 1 : 0, whole, named, -(legend?.hidden.count ?? 0),
                                                      affordsMinimum, -Int(legend?.size.y ?? 0), drawn, -lines]))
                }
            }
        }
        // `sorted` is not stable: ties keep their order by their index.
        let ordered = choices.indices.sorted { a, b in
            choices[a].rank == choices[b].rank ? a < b : choices[b].rank.lexicographicallyPrecedes(choices[a].rank)
        }
        let gap = Float(labelSize) * 0.6
        for choice in ordered.map({ choices[$0] }) {
            let below = choice.legend.map { Int(($0.size.y + gap).rounded(.up)) } ?? 0
            guard let rects = PanelsFigure.stackedRects(chrome: choice.chrome, shares: shares, width: width, height: height - below,
                                                        minimumPlot: minimumPlot) else { continue }
            let panels = rects.indices.map { index in
                PanelsFigure.Panel(rect: rects[index], figure: panelFigure(
                    specs[index], state: state, width: rects[index].width, height: rects[index].height,
                    titleLineLimit: index < choice.wrapping ? 2 : 1, titleSize: choice.titleSize, ownLegend: false))
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

    /// The legends a stack may set below its panels, the fullest first, then nil (none): the
    /// paths and, when a landscape panel marks the minimum, its marker, in as many columns as the
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
        let all = LandscapeFigure.legendEntries(state.scenario.paths, minimaCount: minima, strokeScale: strokeScale)
        let maxWidth = Float(width) - Float(labelSize) * 1.2
        // Spaced for the whole frame: a stack at thumbnail size sets a thumbnail's compact legend.
        let metrics = Legend.Metrics.forFrame(width: width, height: height, labelSize: labelSize)
        let pad = Float(labelSize) * metrics.pad, line = Float(labelSize) * metrics.line
        var legends: [Legend?] = []
        for entries in minima > 0 ? [all, paths] : [paths] {
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
    /// Whether the entry names the minimum marker rather than a path.
    var marksMinimum: Bool {
        if case .minimum = swatch { return true }
        return false
    }
}
