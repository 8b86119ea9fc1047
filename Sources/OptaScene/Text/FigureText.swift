import OptaRaster
import OptaText

/// Appends one line of text to a figure, anchored and aligned, optionally turned a quarter
/// counter-clockwise (for vertical axis titles); and cuts text to fit a width. Shared by every
/// figure.
enum FigureText {
    static func append(_ canvas: inout FigureCanvas, _ string: String, fonts: FontLibrary, at anchor: SIMD2<Float>, size: Int,
                       weight: FontWeight = .regular, horizontal: TextStamp.HorizontalAlignment,
                       vertical: TextStamp.VerticalAlignment, color: RGBA, rotated: Bool = false) {
        guard !string.isEmpty else { return }
        var stamp = TextStamp(fonts.layout(string, pixelSize: size, weight: weight))
        if rotated { stamp = stamp.rotatedCounterClockwise() }
        canvas.append(stamp, at: stamp.origin(anchor: anchor, horizontal: horizontal, vertical: vertical), color: color, text: string)
    }

    /// The same, into a plain draw list (figures that keep no text boxes).
    static func append(_ list: inout DrawList, _ string: String, fonts: FontLibrary, at anchor: SIMD2<Float>, size: Int,
                       weight: FontWeight = .regular, horizontal: TextStamp.HorizontalAlignment,
                       vertical: TextStamp.VerticalAlignment, color: RGBA, rotated: Bool = false) {
        var canvas = FigureCanvas()
        append(&canvas, string, fonts: fonts, at: anchor, size: size, weight: weight, horizontal: horizontal,
               vertical: vertical, color: color, rotated: rotated)
        list.items += canvas.list.items
    }

    /// `string`, cut short with "…" where needed so that it measures at most `maxWidth` pixels;
    /// empty when not even "…" fits.
    static func fitted(_ string: String, maxWidth: Float, fonts: FontLibrary, size: Int, weight: FontWeight = .regular) -> String {
        guard fonts.measure(string, pixelSize: size, weight: weight) > maxWidth else { return string }
        let characters = Array(string)
        func shortened(_ count: Int) -> String {
            String(characters[0..<count]).trimmingTrailingSpaces + "…"
        }
        // The longest prefix that fits with its ellipsis (width grows with the prefix).
        var low = 0, high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fonts.measure(shortened(middle), pixelSize: size, weight: weight) <= maxWidth { low = middle } else { high = middle - 1 }
        }
        let result = shortened(low)
        return fonts.measure(result, pixelSize: size, weight: weight) <= maxWidth ? result : ""
    }
}

extension String {
    /// The string without spaces at its end.
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

extension FigureText {
    /// Tick labels at their anchors, all aligned alike, thinned so that no two drawn ones come
    /// within `gap` pixels (`TickThinning`; `ordinals` as it takes them).
    static func appendTicks(_ canvas: inout FigureCanvas, _ labels: [String], at anchors: [SIMD2<Float>], ordinals: [Int],
                            fonts: FontLibrary, size: Int, horizontal: TextStamp.HorizontalAlignment,
                            vertical: TextStamp.VerticalAlignment, color: RGBA, gap: Float) {
        let stamps = labels.map { TextStamp(fonts.layout($0, pixelSize: size)) }
        let origins = zip(stamps, anchors).map { $0.origin(anchor: $1, horizontal: horizontal, vertical: vertical) }
        let kept = TickThinning.kept(zip(stamps, origins).map { $0.rect(at: $1) }, ordinals: ordinals, gap: gap)
        for (index, label) in labels.enumerated() where kept[index] && !label.isEmpty {
            canvas.append(stamps[index], at: origins[index], color: color, text: label)
        }
    }
}
