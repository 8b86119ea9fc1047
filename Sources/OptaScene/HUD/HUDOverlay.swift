import OptaRaster
import OptaText

/// The heads-up display: a translucent box in the top-left corner of the plot with lines of text
/// (frame rate, frame times, solver progress).
public enum HUDOverlay {
    /// Draw items for `lines` with the box's top-left corner at `origin`.
    public static func items(lines: [String], at origin: SIMD2<Float>, fonts: FontLibrary, size: Int = 13) -> [DrawItem] {
        guard !lines.isEmpty else { return [] }
        let stamps = lines.map { TextStamp(fonts.layout($0, pixelSize: size)) }
        let lineHeight = Float(size) * 1.45
        let pad = Float(size) * 0.6
        let width = (stamps.map(\.size.x).max() ?? 0) + pad * 2
        let height = lineHeight * Float(lines.count) + pad * 2 - (lineHeight - Float(size) * 1.2)
        var items: [DrawItem] = [.rect(PixelRectF(x0: origin.x, y0: origin.y, x1: origin.x + width, y1: origin.y + height),
                                       fill: RGBA(0.05, 0.05, 0.08, 0.72))]
        for (i, stamp) in stamps.enumerated() {
            let anchor = SIMD2(origin.x + pad, origin.y + pad + lineHeight * Float(i))
            items += stamp.items(at: stamp.origin(anchor: anchor, horizontal: .left, vertical: .top), color: RGBA(1, 1, 1))
        }
        return items
    }
}
