import OptaRaster
import OptaText

/// An x axis's title set at the axis's end on its tick labels' row, as some journals set it,
/// for a panel of a short stack that keeps no line for the title below the ticks
/// (`SessionFigures.StackTrim`): it costs the stack no height, and the axis still says what it
/// shows. It stands an em past the last tick label (farther than the labels stand apart, so it
/// does not read as one of them), in room the layout keeps right of the plot for it
/// (`xTitleRoom`, `room(...)`); never between two tick labels, where "step 400" would read as a
/// label of the tick. Nowhere when the frame has no room (the screen reader still hears it).
enum InlineAxisTitle {
    /// The title's top-left corner, its row's top at `rowTop`; `tickLabels` are the drawn tick
    /// labels' boxes, `right` the rightmost x the title may reach.
    static func origin(_ title: String, tickLabels: [PixelRectF], rowTop: Float, right: Float, fonts: FontLibrary,
                       size: Int) -> SIMD2<Float>? {
        guard !title.isEmpty, let last = tickLabels.map(\.x1).max() else { return nil }
        let width = fonts.measure(title, pixelSize: size)
        return last + Float(size) + width <= right ? SIMD2(last + Float(size), rowTop) : nil
    }

    /// The room right of the plot `origin` needs for `title` past a last tick label
    /// `lastLabelWidth` wide centred at most on the plot's right end.
    static func room(_ title: String, lastLabelWidth: Float, fonts: FontLibrary, size: Int) -> Float {
        title.isEmpty ? 0 : lastLabelWidth / 2 + Float(size) + fonts.measure(title, pixelSize: size) + Float(size) * 0.3 + 1
    }
}
