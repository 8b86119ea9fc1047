import OptaRaster
import OptaText

/// A legend outside the plot (a landscape's) or the view (a 3D figure's): beside it at the right
/// edge, one entry per line, or below it, its entries in columns. Beside is the usual place; below is for a frame too narrow to give
/// up that width (beside would take more than a third of the plot's width, and below leaves the
/// larger plot).
struct OutsideLegend {
    /// The box's top-left corner in the frame.
    let origin: SIMD2<Float>
    /// How wide a name may be, how tall the box may be, and for a legend below the plot how wide.
    let maxTextWidth: Float
    let maxHeight: Float
    let maxWidth: Float?
    let labelSize: Int
    var metrics = Legend.Metrics.regular

    /// The legend of `entries` at this place (a frame may show fewer paths than the figure has).
    func legend(_ entries: [Legend.Entry], fonts: FontLibrary) -> Legend? {
        Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: maxHeight, maxTextWidth: maxTextWidth, maxWidth: maxWidth,
               metrics: metrics)
    }

    /// Where a legend of `entries` goes outside a plot laid out as `layout` (no room kept for a
    /// legend), and the layout that keeps its room: `layoutWith(width, height)` keeps `width` at
    /// the right edge or `height` at the bottom. Nil when the frame has room for neither. The
    /// legend is spaced as `layout.legendMetrics` says.
    static func best(_ entries: [Legend.Entry], layout: LandscapeLayout, fonts: FontLibrary,
                     layoutWith: (_ width: Float, _ height: Float) -> LandscapeLayout) -> (OutsideLegend, LandscapeLayout)? {
        let labelSize = layout.labelSize, gap = Float(labelSize) * 0.6, metrics = layout.legendMetrics
        let frameWidth = Float(layout.frame.width), frameHeight = Float(layout.frame.height)
        var beside: (OutsideLegend, LandscapeLayout)?
        if let textWidth = LandscapeFigure.outsideTextWidth(frameWidth: layout.frame.width, labelSize: labelSize, entries: entries,
                                                            fonts: fonts, metrics: metrics),
           let legend = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: Float(layout.plot.height), maxTextWidth: textWidth,
                               metrics: metrics) {
            let placed = layoutWith(legend.size.x, 0)
            let place = OutsideLegend(origin: SIMD2(frameWidth - gap - legend.size.x, Float(placed.plot.y0)), maxTextWidth: textWidth,
                                      maxHeight: Float(placed.plot.height), maxWidth: nil, labelSize: labelSize, metrics: metrics)
            beside = (place, placed)
        }
        var below: (OutsideLegend, LandscapeLayout)?
        let maxWidth = frameWidth - 2 * gap
        if let legend = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: frameHeight * 0.3, maxTextWidth: maxWidth * 0.5,
                               maxWidth: maxWidth, metrics: metrics) {
            let placed = layoutWith(0, legend.size.y)
            // Not at the cost of more than half the plot's height (a panel in a stack has little).
            guard placed.plot.height * 2 >= layout.plot.height else { return beside }
            let x = max(gap, min(Float(placed.plot.x0), frameWidth - gap - legend.size.x))
            // Half a pixel over the box's height: the same rows fit when a frame builds it again.
            let place = OutsideLegend(origin: SIMD2(x, frameHeight - gap - legend.size.y), maxTextWidth: maxWidth * 0.5,
                                      maxHeight: legend.size.y + 0.5, maxWidth: maxWidth, labelSize: labelSize, metrics: metrics)
            below = (place, placed)
        }
        guard let beside else { return below }
        guard let below else { return beside }
        return prefersBelow(beside: PixelRectF(beside.1.plot), below: PixelRectF(below.1.plot), alone: PixelRectF(layout.plot)) ? below : beside
    }

    /// Where a legend of `entries` goes outside a 3D figure's `view` (the box and its labels are
    /// fitted into whatever the legend leaves): beside it at its right edge, or below it in
    /// columns, by the same rule as a landscape's. A legend below runs on under the colourbar to
    /// the frame's right edge when it still starts below `barBottom` (the lowest pixel the
    /// colourbar draws; nil without one): a small frame then sets it in one row rather than
    /// giving the view's height to a second. The place and the view that is left; nil when the
    /// frame has room for neither, or only for a legend that names one entry and sums up the rest
    /// (`Legend.namesTooLittle`: at 160×120 it took the box's room and said little). The legend
    /// is spaced as `metrics` says (a thumbnail's compact).
    static func bestForView(_ entries: [Legend.Entry], view: PixelRectF, frameWidth: Int, frameHeight: Int, labelSize: Int,
                            barBottom: Float?, fonts: FontLibrary, metrics: Legend.Metrics) -> (OutsideLegend, PixelRectF)? {
        let gap = Float(labelSize) * 0.6
        var beside: (OutsideLegend, PixelRectF)?
        if let textWidth = LandscapeFigure.outsideTextWidth(frameWidth: frameWidth, labelSize: labelSize, entries: entries, fonts: fonts,
                                                            metrics: metrics),
           let legend = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: view.height, maxTextWidth: textWidth, metrics: metrics),
           !legend.namesTooLittle {
            var rest = view
            rest.x1 -= legend.size.x + gap
            beside = (OutsideLegend(origin: SIMD2(rest.x1 + gap, view.y0), maxTextWidth: textWidth, maxHeight: view.height,
                                    maxWidth: nil, labelSize: labelSize, metrics: metrics), rest)
        }
        var below: (OutsideLegend, PixelRectF)?
        let acrossFrame = Float(frameWidth) - gap - view.x0
        for maxWidth in acrossFrame > view.width ? [acrossFrame, view.width] : [view.width] {
            guard let legend = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: Float(frameHeight) * 0.3,
                                      maxTextWidth: view.width * 0.5, maxWidth: maxWidth, metrics: metrics),
                  !legend.namesTooLittle else { continue }
            if legend.size.x > view.width, let barBottom, view.y1 - legend.size.y < barBottom + gap * 0.5 { continue }
            var rest = view
            rest.y1 -= legend.size.y + gap
            if rest.height * 2 >= view.height {
                // Half a pixel over the box's height: the same rows fit when a frame builds it again.
                below = (OutsideLegend(origin: SIMD2(view.x0, view.y1 - legend.size.y), maxTextWidth: view.width * 0.5,
                                       maxHeight: legend.size.y + 0.5, maxWidth: maxWidth, labelSize: labelSize, metrics: metrics), rest)
            }
            break
        }
        guard let beside else { return below }
        guard let below else { return beside }
        return prefersBelow(beside: beside.1, below: below.1, alone: view) ? below : beside
    }

    /// Below rather than beside when beside would leave less than two thirds of the width the plot
    /// has `alone` and below leaves the larger plot.
    static func prefersBelow(beside: PixelRectF, below: PixelRectF, alone: PixelRectF) -> Bool {
        beside.width < alone.width * 2 / 3 && below.width * below.height > beside.width * beside.height
    }
}
