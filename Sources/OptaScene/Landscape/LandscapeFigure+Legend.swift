import OptaCore
import OptaRaster
import OptaText
import Shaders

extension LandscapeFigure {
    /// A legend placed for one frame: what it says and its box.
    struct PlacedLegend {
        let legend: Legend
        let frame: PixelRectF
    }

    /// Legend entries: each path in order (its line and dots `strokeScale` times as wide as the
    /// path's own, as the figure draws them), then the minimum marker, then the undefined hatch
    /// when the plot shows it (`hatch`).
    static func legendEntries(_ paths: [PathSpec], minimaCount: Int, strokeScale: Float = 1, hatch: HatchRow? = nil) -> [Legend.Entry] {
        var entries = paths.enumerated().map { index, path in
            Legend.Entry(name: path.name, swatch: .path(color: Palette.color(path.color, orPaletteAt: index),
                                                         width: Float(path.width) * strokeScale,
                                                         dot: path.markers ? Float(path.markerRadius) * strokeScale : nil),
                         id: "legend/\(path.name)")
        }
        if minimaCount > 0 {
            entries.append(Legend.Entry(name: minimaCount == 1 ? "global minimum" : "global minima", swatch: .minimum, id: "legend/minimum"))
        }
        if let hatch { entries.append(Legend.Entry(name: "f undefined", swatch: .hatch(hatch), id: "legend/undefined")) }
        return entries
    }

    /// A legend inside the plot: at most 60 % of its height, names at most 40 % of its width (for a
    /// thumbnail's compact legend, `metrics`, 40 % of its height and 55 % of its width); nil when
    /// even that does not fit in a corner (a plot too small for a legend).
    static func insideLegend(_ entries: [Legend.Entry], plot: PixelRectF, labelSize: Int, fonts: FontLibrary,
                             metrics: Legend.Metrics = .regular) -> Legend? {
        guard let legend = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: plot.height * metrics.insideHeightShare,
                                  maxTextWidth: plot.width * metrics.insideNameShare, metrics: metrics) else { return nil }
        let inset = legend.pad * 1.5
        return legend.size.x <= plot.width - 2 * inset && legend.size.y <= plot.height - 2 * inset ? legend : nil
    }

    /// The longest name an outside legend may show in a frame `width` wide (it takes at most 30 %
    /// of the width), or nil when that leaves no room for a few characters. Up to 40 % when the
    /// longest word of `entries`' names needs it: names wrap between words, and a word cut short
    /// ("mome…") names nothing.
    static func outsideTextWidth(frameWidth width: Int, labelSize: Int, entries: [Legend.Entry] = [],
                                 fonts: FontLibrary? = nil, metrics: Legend.Metrics = .regular) -> Float? {
        let chrome = Float(labelSize) * (metrics.pad * 3 + metrics.swatch)
        let room = Float(width) * 0.3 - chrome
        guard room >= Float(labelSize) * 3 else { return nil }
        guard let fonts else { return room }
        let longestWord = entries.flatMap { $0.name.split(whereSeparator: \.isWhitespace) }
            .map { fonts.measure(String($0), pixelSize: labelSize) }.max() ?? 0
        return max(room, min(longestWord, Float(width) * 0.4 - chrome))
    }

    /// Where the legend of a frame showing `paths` goes, or nil when there is none.
    func placedLegend(paths: [PathSpec]) -> PlacedLegend? {
        guard scenario.axes.legend else { return nil }
        let entries = Self.legendEntries(paths, minimaCount: scenario.landscape.showMinima ? visibleMinima.count : 0,
                                         strokeScale: layout.strokeScale, hatch: legendHatch)
        if let outside = legendOutside {
            guard let legend = outside.legend(entries, fonts: fonts) else { return nil }
            return PlacedLegend(legend: legend, frame: legend.frame(at: outside.origin))
        }
        guard let legend = Self.insideLegend(entries, plot: plotRect, labelSize: layout.labelSize, fonts: fonts,
                                             metrics: layout.legendMetrics) else { return nil }
        guard let frame = LegendPlacer.place(size: legend.size, plot: plotRect, inset: legend.pad * 1.5,
                                             position: scenario.axes.legendPosition, obstacles: legendObstacles(paths),
                                             outside: nil) else { return nil }
        return PlacedLegend(legend: legend, frame: frame)
    }

    /// The hatch the legend names: the figure's, when its plot shows undefined values.
    var legendHatch: HatchRow? { undefined == nil ? nil : hatch }

    /// The plot area as a float rectangle.
    var plotRect: PixelRectF { PixelRectF(layout.plot) }

    /// What `paths`, the minimum markers and the contour labels put in the plot, for the legend
    /// to avoid.
    func legendObstacles(_ paths: [PathSpec]) -> LegendPlacer.Obstacles {
        var obstacles = LegendPlacer.Obstacles()
        for (index, path) in paths.enumerated() {
            let marks = marks(path, at: index)
            obstacles.lines += marks.pieces
            obstacles.points += marks.dots.map { ($0, Float(path.markerRadius), LegendPlacer.iterateWeight) }
            for end in [marks.start, marks.end].compactMap({ $0 }) { obstacles.points.append((end, 7, LegendPlacer.markerWeight)) }
        }
        if scenario.landscape.showMinima {
            obstacles.points += visibleMinima.map { (framePoint($0.point), 8, LegendPlacer.markerWeight) }
        }
        obstacles.labels = contourLabels.map { $0.stamp.rect(at: $0.origin) }
        if let undefined {
            // The sampled box grown by half a sample's cell (samples sit at cell centres).
            let domain = scenario.landscape.domain
            let cell = SIMD2(domain.x.upperBound - domain.x.lowerBound, domain.y.upperBound - domain.y.lowerBound)
                / Double(UndefinedSample.samplesPerAxis)
            let a = framePoint(undefined.lo - cell / 2), b = framePoint(undefined.hi + cell / 2)
            obstacles.undefined = [PixelRectF(x0: min(a.x, b.x), y0: min(a.y, b.y), x1: max(a.x, b.x), y1: max(a.y, b.y))]
        }
        return obstacles
    }

    func addLegend(_ list: inout FigureCanvas, _ placed: PlacedLegend) {
        placed.legend.draw(&list, in: placed.frame, style: .light, fonts: fonts, strokeScale: layout.strokeScale)
    }
}

extension LandscapeFigure {
    /// The frame's layout for `paths` without drawing it.
    func layoutReport(paths: [PathSpec]) -> FigureLayoutReport {
        let placed = placedLegend(paths: paths)
        let canvas = canvas(paths: paths, legend: placed)
        var report = FigureLayoutReport(width: width, height: height, texts: canvas.texts, plot: plotRect)
        report.legend = canvas.legend
        if let placed {
            report.legendObstacles = legendObstacles(paths)
            if legendOutside == nil {
                report.legendCorners = LegendPlacer.corners(of: plotRect, size: placed.legend.size, inset: placed.legend.pad * 1.5).map(\.1)
            }
        }
        return report
    }
}
