import OptaRaster
import OptaText

/// A colourbar's frame, ticks, tick labels and title, drawn alike by the 2-D landscape and the 3-D
/// surface figure. The ramp inside the frame is each figure's own (a landscape's shader, a
/// surface figure's rows); the layout (`LandscapeLayout.colorbar`) has kept room for the rest.
struct ColorbarChrome {
    /// The ramp's rectangle; the frame goes round it.
    let bar: PixelRect
    /// Every tick; those on the bar are drawn.
    let ticks: [ColorbarTicks.Tick]
    /// The title's lines, turned to run upwards beside the labels (the first leftmost).
    let titleLines: [String]
    let labelSize: Int
    let titleLineStep: Float
    /// The frame's and ticks' width: whole pixels, growing with the figure's strokes.
    let lineWidth: Float
    let frameColor: RGBA
    let ink: RGBA

    func draw(_ list: inout FigureCanvas, fonts: FontLibrary) {
        let x0 = Float(bar.x0), y0 = Float(bar.y0), x1 = Float(bar.x1), y1 = Float(bar.y1)
        let size = Float(labelSize), w = lineWidth
        let tick = size * 0.4
        LandscapeFigure.addBorder(&list, PixelRectF(x0: x0 - w, y0: y0 - w, x1: x1 + w, y1: y1 + w), color: frameColor, width: w)
        let shown = ticks.filter { $0.position >= -1e-9 && $0.position <= 1 + 1e-9 }
        var anchors: [SIMD2<Float>] = []
        for t in shown {
            // Centred so a line `w` wide covers whole pixels.
            let y = (y1 - Float(t.position) * (y1 - y0)).rounded(.down) + (Int(w) % 2 == 1 ? 0.5 : 0)
            list.append(.rect(PixelRectF(x0: x1 + w, y0: y - w / 2, x1: x1 + w + tick, y1: y + w / 2), fill: frameColor))
            anchors.append(SIMD2(x1 + w + tick + size * 0.3, y))
        }
        FigureText.appendTicks(&list, shown.map(\.label), at: anchors, ordinals: shown.map(\.ordinal), fonts: fonts, size: labelSize,
                               horizontal: .left, vertical: .middle, color: ink, gap: size * 0.2)
        let widest = shown.map { fonts.measure($0.label, pixelSize: labelSize) }.max() ?? 0
        let titleX = x1 + w + tick + size * 0.3 + widest + size * 0.6 + size * 0.625
        for (index, line) in titleLines.enumerated() {
            FigureText.append(&list, line, fonts: fonts, at: SIMD2(titleX + Float(index) * titleLineStep, (y0 + y1) / 2),
                              size: labelSize, horizontal: .center, vertical: .middle, color: ink, rotated: true)
        }
    }
}
