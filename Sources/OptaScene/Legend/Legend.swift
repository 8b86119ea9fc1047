import OptaRaster
import OptaText
import Shaders

/// A figure's legend: the entries it names, laid out as lines of swatch and name inside a box.
/// Entries beyond what `maxHeight` holds are summarized on a last line ("+ 37 more"); names
/// wider than `maxTextWidth` wrap onto a second line (the entry grows by a line of text), and
/// only what still does not fit is cut with "…". A legend given a `maxWidth` (one below a plot)
/// sets its entries in as many columns as that width holds, row by row, names on one line.
struct Legend {
    /// What an entry's swatch shows.
    enum Swatch {
        /// A path: its line (outlined as paths are), with a dot when the path marks its points.
        case path(color: RGBA, width: Float, dot: Float?)
        /// A chart's line, as the chart draws it.
        case line(color: RGBA, width: Float)
        /// The known-minimum marker.
        case minimum
        /// A hollow ring (a chart's best value).
        case ring(color: RGBA)
        /// A hollow triangle pointing down (a chart's best value below its axis).
        case belowFloor(color: RGBA)
        /// The hatch that marks where f is undefined, in a small framed box.
        case hatch(HatchRow)
    }

    /// The legend's spacing, in label heights: a line's height, the padding, a swatch's width,
    /// how far apart a wrapped name's lines are; and how much of a plot a legend inside it may
    /// take: its names' width and its height, as shares of the plot's.
    struct Metrics: Equatable {
        let line: Float
        let pad: Float
        let swatch: Float
        let nameStep: Float
        let insideNameShare: Float
        let insideHeightShare: Float

        static let regular = Metrics(line: 1.6, pad: 0.6, swatch: 2.2, nameStep: 1.4, insideNameShare: 0.4, insideHeightShare: 0.6)
        /// A thumbnail's: text is never set below 11 px, so at 320×240 a regular legend's padding
        /// and swatches alone take a tenth of the plot. Rows are as tall as their text (1.35
        /// heights, text boxes about 1.3), names may run over half the plot's width rather than
        /// wrap onto a second line, and a legend taller than 40 % of the plot goes outside it.
        static let compact = Metrics(line: 1.35, pad: 0.35, swatch: 1.4, nameStep: 1.35, insideNameShare: 0.55, insideHeightShare: 0.4)

        /// The spacing for a figure `width` × `height` with text `labelSize` tall: compact when the
        /// shorter side is under 32 label heights (a thumbnail, where text is at its smallest size
        /// and large beside the plot: 240 px tall and less at 11 px).
        static func forFrame(width: Int, height: Int, labelSize: Int) -> Metrics {
            min(width, height) < labelSize * 32 ? .compact : .regular
        }
    }

    /// One line of the legend.
    struct Entry {
        let name: String
        let swatch: Swatch
        /// Its accessibility id ("legend/NAME").
        let id: String
    }

    /// The legend's colours.
    struct Style {
        let fill: RGBA
        let border: RGBA
        let ink: RGBA
        static let light = Style(fill: RGBA(1, 1, 1, 0.88), border: RGBA(0.6, 0.6, 0.62), ink: RGBA(0.13, 0.13, 0.15))
        static let dark = Style(fill: RGBA(0.05, 0.05, 0.08, 0.85), border: RGBA(0.45, 0.45, 0.5), ink: RGBA(0.88, 0.88, 0.9))
    }

    /// The entries drawn, in order, and their names as drawn (one or two lines, cut to the
    /// width allowed).
    let shown: [Entry]
    let labels: [[String]]
    /// Where each entry's strip starts below the box's inner top, then where the summary's does
    /// (in a legend of several columns, the top of its row).
    let tops: [Float]
    /// How many columns the entries are set in, and where each starts from the box's inner left
    /// edge (one column: 0).
    let columns: Int
    let columnStarts: [Float]
    /// The entries summarized on the last line.
    let hidden: [Entry]
    let labelSize: Int
    let metrics: Metrics
    /// The box's size in pixels.
    let size: SIMD2<Float>

    var line: Float { Float(labelSize) * metrics.line }
    var swatchWidth: Float { Float(labelSize) * metrics.swatch }
    var pad: Float { Float(labelSize) * metrics.pad }
    /// How far apart a wrapped name's two lines are: their text boxes (about 1.3 sizes tall) must not touch.
    var nameLineStep: Float { Float(labelSize) * metrics.nameStep }
    /// Whether the legend names a single entry and sums up the others ("adam   + 2 more"): too
    /// little to be worth the room it takes from a small 3D view.
    var namesTooLittle: Bool { shown.count < 2 && !hidden.isEmpty }
    /// The text of the summary line, nil when every entry is shown.
    var summary: String? { hidden.isEmpty ? nil : "+ \(hidden.count) more" }

    /// A legend for `entries`, or nil when there are none or the height holds no entry (a
    /// summary alone names nothing). Names wrap only when that hides no entry that one-line
    /// names would show.
    init?(_ entries: [Entry], labelSize: Int, fonts: FontLibrary, maxHeight: Float, maxTextWidth: Float, maxWidth: Float? = nil,
          metrics: Metrics = .regular) {
        guard !entries.isEmpty else { return nil }
        if let maxWidth {
            let rows = Int((maxHeight - 2 * Float(labelSize) * metrics.pad) / (Float(labelSize) * metrics.line))
            self.init(columnsOf: entries, labelSize: labelSize, fonts: fonts, rows: rows, maxTextWidth: maxTextWidth, maxWidth: maxWidth,
                      metrics: metrics)
        } else {
            self.init(linesOf: entries, labelSize: labelSize, fonts: fonts, maxHeight: maxHeight, maxTextWidth: maxTextWidth,
                      metrics: metrics)
        }
    }

    /// A legend of one column, an entry (of one or two lines) under the other.
    private init?(linesOf entries: [Entry], labelSize: Int, fonts: FontLibrary, maxHeight: Float, maxTextWidth: Float, metrics: Metrics) {
        let size = Float(labelSize)
        let line = size * metrics.line, pad = size * metrics.pad, step = size * metrics.nameStep
        let room = maxHeight - 2 * pad
        self.labelSize = labelSize
        self.metrics = metrics
        columns = 1
        /// How many entries fit, each `names` tall, with a summary line when not all do.
        func fitting(_ names: [[String]]) -> Int {
            let heights = names.map { line + Float($0.count - 1) * step }
            if heights.reduce(0, +) <= room { return entries.count }
            var count = 0, used = line
            while count < entries.count, used + heights[count] <= room { used += heights[count]; count += 1 }
            return count
        }
        let wrapped = entries.map { FigureText.wrapped($0.name, maxWidth: maxTextWidth, fonts: fonts, size: labelSize).ensuringOneLine }
        var (names, count) = (wrapped, fitting(wrapped))
        // One-line names only when the wrapped ones push entries out (a 3-D legend is placed
        // every frame: measure the names once when they all fit).
        if count < entries.count {
            let oneLine = entries.map { [FigureText.fitted($0.name, maxWidth: maxTextWidth, fonts: fonts, size: labelSize)] }
            let oneLineCount = fitting(oneLine)
            if oneLineCount > count { (names, count) = (oneLine, oneLineCount) }
        }
        guard count >= 1 else { return nil }
        shown = Array(entries[0..<count])
        labels = Array(names[0..<count])
        hidden = Array(entries[count...])
        var tops: [Float] = [0]
        for name in labels { tops.append(tops[tops.count - 1] + line + Float(name.count - 1) * step) }
        self.tops = tops
        let summary = hidden.isEmpty ? nil : "+ \(hidden.count) more"
        let widths = labels.flatMap { $0 }.map { fonts.measure($0, pixelSize: labelSize) }
            + [summary.map { fonts.measure($0, pixelSize: labelSize) } ?? 0]
        self.size = SIMD2(pad * 3 + size * metrics.swatch + (widths.max() ?? 0), pad * 2 + tops[tops.count - 1] + (summary == nil ? 0 : line))
        columnStarts = [0]
    }

    /// A legend of one-line entries set row by row in as many columns as `maxWidth` holds (at
    /// most `rows` rows; a summary takes the last place when not all fit); nil when not even one
    /// entry fits. Each column is as wide as its widest name, as matplotlib sets them, so short
    /// names leave room for more columns.
    private init?(columnsOf entries: [Entry], labelSize: Int, fonts: FontLibrary, rows maxRows: Int, maxTextWidth: Float,
                  maxWidth: Float, metrics: Metrics) {
        let line = Float(labelSize) * metrics.line, pad = Float(labelSize) * metrics.pad, swatch = Float(labelSize) * metrics.swatch
        let names = entries.map { FigureText.fitted($0.name, maxWidth: maxTextWidth, fonts: fonts, size: labelSize) }
        let nameWidths = names.map { fonts.measure($0, pixelSize: labelSize) }
        guard maxRows >= 1 else { return nil }
        /// The entries shown with `columns` columns, and the width of each column: swatch, gap,
        /// name, and a wider gap before the next column (the box's padding stands in for the last
        /// one's).
        func arrangement(_ columns: Int) -> (count: Int, widths: [Float]) {
            let capacity = maxRows * columns
            let count = entries.count <= capacity ? entries.count : capacity - 1
            var texts = [Float](repeating: 0, count: columns)
            for i in 0..<max(0, count) { texts[i % columns] = max(texts[i % columns], nameWidths[i]) }
            if count < entries.count {
                let summary = fonts.measure("+ \(entries.count - count) more", pixelSize: labelSize)
                texts[count % columns] = max(texts[count % columns], summary)
            }
            let places = count + (count < entries.count ? 1 : 0)
            return (count, texts.prefix(min(columns, places)).map { swatch + pad + $0 + 2 * pad })
        }
        // As many columns as the width holds, then as few rows as the entries need, then as few
        // columns as those rows need.
        guard let fitting = (1...max(1, entries.count)).reversed().first(where: { columns in
            let (count, widths) = arrangement(columns)
            return count >= 1 && widths.reduce(0, +) <= maxWidth
        }) else { return nil }
        let count = arrangement(fitting).count
        let places = count + (count < entries.count ? 1 : 0)
        let rows = (places + fitting - 1) / fitting
        let columns = (places + rows - 1) / rows
        let widths = arrangement(columns).widths
        self.columns = columns
        self.labelSize = labelSize
        self.metrics = metrics
        columnStarts = widths.indices.map { widths[..<$0].reduce(0, +) }
        shown = Array(entries[0..<count])
        labels = names[0..<count].map { [$0] }
        hidden = Array(entries[count...])
        tops = (0...count).map { Float($0 / columns) * line }
        size = SIMD2(widths.reduce(0, +), 2 * pad + Float(rows) * line)
    }

    /// The box with its top-left corner at `origin`.
    func frame(at origin: SIMD2<Float>) -> PixelRectF {
        PixelRectF(x: origin.x, y: origin.y, width: size.x, height: size.y)
    }

    /// The strip of line `index` (entries, then the summary) in a legend at `frame`: a whole line
    /// of a one-column legend, one column's part of a row otherwise.
    func lineRect(_ index: Int, in frame: PixelRectF) -> PixelRectF {
        let y0 = frame.y0 + pad + tops[index]
        guard columns > 1 else {
            let y1 = index + 1 < tops.count ? frame.y0 + pad + tops[index + 1] : y0 + line
            return PixelRectF(x0: frame.x0, y0: y0, x1: frame.x1, y1: y1)
        }
        let column = index % columns
        let x0 = frame.x0 + pad + columnStarts[column]
        let x1 = column + 1 < columns ? frame.x0 + pad + columnStarts[column + 1] - pad : frame.x1
        return PixelRectF(x0: x0 - pad, y0: y0, x1: x1, y1: y0 + line)
    }

    /// Draws the legend in `frame`. Path swatches get outlines, and rings, markers and the border
    /// their widths, `strokeScale` times the usual (the border in whole pixels, as frame lines
    /// are), as the figure's own strokes do.
    func draw(_ canvas: inout FigureCanvas, in frame: PixelRectF, style: Style, fonts: FontLibrary, strokeScale: Float = 1) {
        canvas.legend = frame
        canvas.append(.rect(frame, fill: style.fill))
        let b = max(1, strokeScale.rounded(.down))
        for r in [PixelRectF(x0: frame.x0, y0: frame.y0, x1: frame.x1, y1: frame.y0 + b),
                  PixelRectF(x0: frame.x0, y0: frame.y1 - b, x1: frame.x1, y1: frame.y1),
                  PixelRectF(x0: frame.x0, y0: frame.y0, x1: frame.x0 + b, y1: frame.y1),
                  PixelRectF(x0: frame.x1 - b, y0: frame.y0, x1: frame.x1, y1: frame.y1)] {
            canvas.append(.rect(r, fill: style.border))
        }
        for (i, entry) in shown.enumerated() {
            let strip = lineRect(i, in: frame), cy = (strip.y0 + strip.y1) / 2, sx = strip.x0 + pad
            switch entry.swatch {
            case .path(let color, let width, let dot):
                PathStroke.append(&canvas, pieces: [[SIMD2(sx, cy), SIMD2(sx + swatchWidth, cy)]], width: width,
                                  dots: dot == nil ? [] : [SIMD2(sx + swatchWidth / 2, cy)], dotRadius: dot ?? 0, color: color, scale: strokeScale)
            case .line(let color, let width):
                canvas.append(.polyline(points: [SIMD2(sx, cy), SIMD2(sx + swatchWidth, cy)], width: width, color: color))
            case .minimum:
                MinimumMarker.append(&canvas, at: SIMD2(sx + swatchWidth / 2, cy), strokeScale: strokeScale)
            case .ring(let color):
                canvas.append(.disk(center: SIMD2(sx + swatchWidth / 2, cy), radius: 5 * strokeScale, fill: RGBA(1, 1, 1),
                                    outlineWidth: 2 * strokeScale, outline: color))
            case .belowFloor(let color):
                BelowFloorMarker.append(&canvas, at: SIMD2(sx + swatchWidth / 2, cy), color: color, strokeScale: strokeScale)
            case .hatch(let row):
                Self.appendHatch(&canvas, row, center: SIMD2(sx + swatchWidth / 2, cy), width: swatchWidth,
                                 height: Float(labelSize) * 0.9, border: style.border)
            }
            // A wrapped name's lines sit evenly about the swatch.
            for (k, name) in labels[i].enumerated() {
                let y = cy + (Float(k) - Float(labels[i].count - 1) / 2) * nameLineStep
                FigureText.append(&canvas, name, fonts: fonts, at: SIMD2(sx + swatchWidth + pad, y), size: labelSize,
                                  horizontal: .left, vertical: .middle, color: style.ink)
            }
        }
        if let summary {
            let strip = lineRect(shown.count, in: frame), cy = (strip.y0 + strip.y1) / 2, sx = strip.x0 + pad
            FigureText.append(&canvas, summary, fonts: fonts, at: SIMD2(sx + swatchWidth + pad, cy), size: labelSize,
                              horizontal: .left, vertical: .middle, color: style.ink)
        }
    }
}

extension Legend {
    /// A box `width` × `height` about `center` (on whole pixels) filled with the hatch as the plot
    /// draws it (the same colour at the same x + y), framed by a line of `border`.
    static func appendHatch(_ canvas: inout FigureCanvas, _ row: HatchRow, center: SIMD2<Float>, width: Float, height: Float,
                            border: RGBA) {
        let x0 = Int((center.x - width / 2).rounded()), y0 = Int((center.y - height / 2).rounded())
        let w = max(1, Int(width.rounded())), h = max(1, Int(height.rounded()))
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { pixels[y * w + x] = row.colors[(x0 + x + y0 + y) & (row.period - 1)] } }
        let box = PixelRectF(x: Float(x0), y: Float(y0), width: Float(w), height: Float(h))
        canvas.append(.image(box, width: w, height: h, pixels: pixels))
        LandscapeFigure.addBorder(&canvas, box.grown(by: 1), color: border)
    }
}

private extension Array where Element == String {
    /// At least one line (an empty name when not even "…" fits), so every entry has a strip.
    var ensuringOneLine: [String] { isEmpty ? [""] : self }
}
