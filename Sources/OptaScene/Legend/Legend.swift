import OptaRaster
import OptaText

/// A figure's legend: the entries it names, laid out as lines of swatch and name inside a box.
/// Entries beyond what `maxHeight` holds are summarized on a last line ("+ 37 more"); names
/// wider than `maxTextWidth` are cut with "…".
struct Legend {
    /// What an entry's swatch shows.
    enum Swatch {
        /// A path: its line (outlined as paths are), with a dot when the path marks its points.
        case path(color: RGBA, width: Float, dot: Float?)
        /// A chart's line, as the chart draws it.
        case line(color: RGBA, width: Float)
        /// The known-minimum marker (drawn by the figure).
        case minimum
        /// A hollow ring (a chart's best value).
        case ring(color: RGBA)
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

    /// The entries drawn, in order, and their names as drawn (cut to the width allowed).
    let shown: [Entry]
    let labels: [String]
    /// The entries summarized on the last line.
    let hidden: [Entry]
    let labelSize: Int
    /// The box's size in pixels.
    let size: SIMD2<Float>

    var line: Float { Float(labelSize) * 1.6 }
    var swatchWidth: Float { Float(labelSize) * 2.2 }
    var pad: Float { Float(labelSize) * 0.6 }
    /// The text of the summary line, nil when every entry is shown.
    var summary: String? { hidden.isEmpty ? nil : "+ \(hidden.count) more" }

    /// A legend for `entries`, or nil when there are none or the height holds no entry (a
    /// summary alone names nothing).
    init?(_ entries: [Entry], labelSize: Int, fonts: FontLibrary, maxHeight: Float, maxTextWidth: Float) {
        guard !entries.isEmpty else { return nil }
        self.labelSize = labelSize
        let line = Float(labelSize) * 1.6, pad = Float(labelSize) * 0.6
        let lines = Int(((maxHeight - 2 * pad) / line).rounded(.down))
        guard lines >= (entries.count == 1 ? 1 : 2) else { return nil }
        var count = entries.count
        if count > lines { count = lines - 1 }
        shown = Array(entries[0..<count])
        labels = shown.map { FigureText.fitted($0.name, maxWidth: maxTextWidth, fonts: fonts, size: labelSize) }
        hidden = Array(entries[count...])
        let summary = hidden.isEmpty ? nil : "+ \(hidden.count) more"
        let widths = labels.map { fonts.measure($0, pixelSize: labelSize) } + [summary.map { fonts.measure($0, pixelSize: labelSize) } ?? 0]
        let lineCount = Float(shown.count + (summary == nil ? 0 : 1))
        size = SIMD2(pad * 3 + Float(labelSize) * 2.2 + (widths.max() ?? 0), pad * 2 + line * lineCount)
    }

    /// The box with its top-left corner at `origin`.
    func frame(at origin: SIMD2<Float>) -> PixelRectF {
        PixelRectF(x: origin.x, y: origin.y, width: size.x, height: size.y)
    }

    /// The strip of line `index` (entries, then the summary) in a legend at `frame`.
    func lineRect(_ index: Int, in frame: PixelRectF) -> PixelRectF {
        let y0 = frame.y0 + pad + line * Float(index)
        return PixelRectF(x0: frame.x0, y0: y0, x1: frame.x1, y1: y0 + line)
    }

    /// Draws the legend in `frame`; `minimum` draws the minimum marker at a point. Path swatches
    /// get outlines, and rings and the border their widths, `strokeScale` times the usual (the
    /// border in whole pixels, as frame lines are), as the figure's own strokes do.
    func draw(_ canvas: inout FigureCanvas, in frame: PixelRectF, style: Style, fonts: FontLibrary, strokeScale: Float = 1,
              minimum: (inout FigureCanvas, SIMD2<Float>) -> Void) {
        canvas.legend = frame
        canvas.append(.rect(frame, fill: style.fill))
        let b = max(1, strokeScale.rounded(.down))
        for r in [PixelRectF(x0: frame.x0, y0: frame.y0, x1: frame.x1, y1: frame.y0 + b),
                  PixelRectF(x0: frame.x0, y0: frame.y1 - b, x1: frame.x1, y1: frame.y1),
                  PixelRectF(x0: frame.x0, y0: frame.y0, x1: frame.x0 + b, y1: frame.y1),
                  PixelRectF(x0: frame.x1 - b, y0: frame.y0, x1: frame.x1, y1: frame.y1)] {
            canvas.append(.rect(r, fill: style.border))
        }
        let sx = frame.x0 + pad
        for (i, entry) in shown.enumerated() {
            let cy = frame.y0 + pad + line * (Float(i) + 0.5)
            switch entry.swatch {
            case .path(let color, let width, let dot):
                PathStroke.append(&canvas, pieces: [[SIMD2(sx, cy), SIMD2(sx + swatchWidth, cy)]], width: width,
                                  dots: dot == nil ? [] : [SIMD2(sx + swatchWidth / 2, cy)], dotRadius: dot ?? 0, color: color, scale: strokeScale)
            case .line(let color, let width):
                canvas.append(.polyline(points: [SIMD2(sx, cy), SIMD2(sx + swatchWidth, cy)], width: width, color: color))
            case .minimum:
                minimum(&canvas, SIMD2(sx + swatchWidth / 2, cy))
            case .ring(let color):
                canvas.append(.disk(center: SIMD2(sx + swatchWidth / 2, cy), radius: 5 * strokeScale, fill: RGBA(1, 1, 1),
                                    outlineWidth: 2 * strokeScale, outline: color))
            }
            FigureText.append(&canvas, labels[i], fonts: fonts, at: SIMD2(sx + swatchWidth + pad, cy), size: labelSize,
                              horizontal: .left, vertical: .middle, color: style.ink)
        }
        if let summary {
            let cy = frame.y0 + pad + line * (Float(shown.count) + 0.5)
            FigureText.append(&canvas, summary, fonts: fonts, at: SIMD2(sx + swatchWidth + pad, cy), size: labelSize,
                              horizontal: .left, vertical: .middle, color: style.ink)
        }
    }
}
