import OptaRaster
import OptaText

/// Appends one line of text to a draw list, anchored and aligned, optionally turned a quarter
/// counter-clockwise (for vertical axis titles). Shared by every figure.
enum FigureText {
    static func append(_ list: inout DrawList, _ string: String, fonts: FontLibrary, at anchor: SIMD2<Float>, size: Int,
                       weight: FontWeight = .regular, horizontal: TextStamp.HorizontalAlignment,
                       vertical: TextStamp.VerticalAlignment, color: RGBA, rotated: Bool = false) {
        guard !string.isEmpty else { return }
        var stamp = TextStamp(fonts.layout(string, pixelSize: size, weight: weight))
        if rotated { stamp = stamp.rotatedCounterClockwise() }
        list.append(stamp.item(at: stamp.origin(anchor: anchor, horizontal: horizontal, vertical: vertical), color: color))
    }
}
