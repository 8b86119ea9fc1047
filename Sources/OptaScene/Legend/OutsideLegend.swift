import OptaRaster
import OptaText

/// A landscape legend outside the plot: beside it at the right edge, one entry per line, or below
/// it, its entries in columns. Beside is the usual place; below is for a frame too narrow to give
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

    /// The legend of `entries` at this place (a frame may show fewer paths than the figure has).
    func legend(_ entries: [Legend.Entry], fonts: FontLibrary) -> Legend? {
        Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: maxHeight, maxTextWidth: maxTextWidth, maxWidth: maxWidth)
    }

    /// Where a legend of `entries` goes outside a plot laid out as `layout` (no room kept for a
    /// legend), and the layout that keeps its room: `layoutWith(width, height)` keeps `width` at
    /// the right edge or `height` at the bottom. Nil when the frame has room for neither.
    static func best(_ entries: [Legend.Entry], layout: LandscapeLayout, fonts: FontLibrary,
                     layoutWith: (_ width: Float, _ height: Float) -> LandscapeLayout) -> (OutsideLegend, LandscapeLayout)? {
        let labelSize = layout.labelSize, gap = Float(labelSize) * 0.6
        let frameWidth = Float(layout.frame.width), frameHeight = Float(layout.frame.height)
        var beside: (OutsideLegend, LandscapeLayout)?
        if let textWidth = LandscapeFigure.outsideTextWidth(frameWidth: layout.frame.width, labelSize: labelSize, entries: entries, fonts: fonts),
           let legend = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: Float(layout.plot.height), maxTextWidth: textWidth) {
            let placed = layoutWith(legend.size.x, 0)
            let place = OutsideLegend(origin: SIMD2(frameWidth - gap - legend.size.x, Float(placed.plot.y0)), maxTextWidth: textWidth,
                                      maxHeight: Float(placed.plot.height), maxWidth: nil, labelSize: labelSize)
            beside = (place, placed)
        }
        var below: (OutsideLegend, LandscapeLayout)?
        let maxWidth = frameWidth - 2 * gap
        if let legend = Legend(entries, labelSize: labelSize, fonts: fonts, maxHeight: frameHeight * 0.3, maxTextWidth: maxWidth * 0.5,
                               maxWidth: maxWidth) {
            let placed = layoutWith(0, legend.size.y)
            // Not at the cost of more than half the plot's height (a panel in a stack has little).
            guard placed.plot.height * 2 >= layout.plot.height else { return beside }
            let x = max(gap, min(Float(placed.plot.x0), frameWidth - gap - legend.size.x))
            // Half a pixel over the box's height: the same rows fit when a frame builds it again.
            let place = OutsideLegend(origin: SIMD2(x, frameHeight - gap - legend.size.y), maxTextWidth: maxWidth * 0.5,
                                      maxHeight: legend.size.y + 0.5, maxWidth: maxWidth, labelSize: labelSize)
            below = (place, placed)
        }
        guard let beside else { return below }
        guard let below else { return beside }
        let besideIsNarrow = Float(beside.1.plot.width) < Float(layout.plot.width) * 2 / 3
        let belowIsLarger = below.1.plot.width * below.1.plot.height > beside.1.plot.width * beside.1.plot.height
        return besideIsNarrow && belowIsLarger ? below : beside
    }
}
