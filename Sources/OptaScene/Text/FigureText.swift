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

extension FigureText {
    /// How many lines a title may take in a frame `frameHeight` pixels tall: a second line only
    /// when the frame is at least 16 label heights tall, so a thumbnail keeps its plot (at 160×90
    /// a wrapped title left no room for the paths) and cuts its title instead.
    static func titleLineLimit(frameHeight: Int, labelSize: Int) -> Int {
        frameHeight >= 16 * labelSize ? 2 : 1
    }

    /// `string` in at most `maxLines` lines of at most `maxWidth` pixels each: broken at spaces
    /// (after word-joining dashes, or between CJK characters, which need none), so a title keeps
    /// all its words where it can; only what still does not fit the last line is cut with "…"
    /// (`fitted`). One line when it fits.
    static func wrapped(_ string: String, maxWidth: Float, maxLines: Int = 2, fonts: FontLibrary, size: Int,
                        weight: FontWeight = .regular) -> [String] {
        func width(_ s: String) -> Float { fonts.measure(s, pixelSize: size, weight: weight) }
        var rest = Substring(string)
        var lines: [String] = []
        while lines.count < maxLines - 1, width(String(rest)) > maxWidth {
            // The longest run up to a break that fits; none fits: the rest goes to the last line.
            let characters = Array(rest)
            guard characters.count > 1 else { break }
            var best: Int?
            for end in 1..<characters.count where Self.breaksAfter(characters[end - 1], before: characters[end]) {
                let line = String(characters[0..<end]).trimmingTrailingSpaces
                if width(line) > maxWidth { break }
                if !line.isEmpty { best = end }
            }
            guard let end = best else { break }
            lines.append(String(characters[0..<end]).trimmingTrailingSpaces)
            rest = Substring(String(characters[end...])).drop { $0 == " " }
        }
        let last = fitted(String(rest), maxWidth: maxWidth, fonts: fonts, size: size, weight: weight)
        return last.isEmpty ? lines : lines + [last]
    }

    /// The first of `candidates` (a text, then shorter forms of it) that `wrapped` fits whole
    /// into `maxLines` lines of `maxWidth` pixels; the last one cut with "…" when none fits.
    static func wrappedOrShorter(_ candidates: [String], maxWidth: Float, maxLines: Int, fonts: FontLibrary, size: Int) -> [String] {
        var lines: [String] = []
        for candidate in candidates {
            lines = wrapped(candidate, maxWidth: maxWidth, maxLines: maxLines, fonts: fonts, size: size)
            if !isCut(lines, of: candidate) { return lines }
        }
        return lines
    }

    /// A title in at most `maxLines` lines of at most `maxWidth` pixels, and the bold size it is
    /// drawn at: `size` when it fits whole, else the largest size down to `minSize` at which it
    /// does (a thumbnail's title shrinks a little before it loses words); cut with "…" at `size`
    /// when none does.
    static func title(_ string: String, maxWidth: Float, maxLines: Int, fonts: FontLibrary, size: Int,
                      minSize: Int) -> (lines: [String], size: Int) {
        for candidate in stride(from: size, through: min(size, minSize), by: -1) {
            let lines = wrapped(string, maxWidth: maxWidth, maxLines: maxLines, fonts: fonts, size: candidate, weight: .bold)
            if !isCut(lines, of: string) { return (lines, candidate) }
        }
        return (wrapped(string, maxWidth: maxWidth, maxLines: maxLines, fonts: fonts, size: size, weight: .bold), size)
    }

    /// Whether `lines` (from `wrapped`) lost some of `string`: `wrapped` marks a cut with "…" on
    /// the last line, or drops a line that holds nothing.
    static func isCut(_ lines: [String], of string: String) -> Bool {
        lines.isEmpty || (lines[lines.count - 1].hasSuffix("…") && !string.hasSuffix("…"))
    }

    /// Whether a line may end between `a` and `b`: after a space, after a hyphen or dash that
    /// joins words ("Nelder–" "Mead", not "-" "0.5"), or beside a CJK character.
    static func breaksAfter(_ a: Character, before b: Character) -> Bool {
        a == " " || ((a == "-" || a == "–" || a == "—") && b.isLetter) || (b != " " && (a.isCJK || b.isCJK))
    }

    /// Anchors (bottom centre) for a title's lines over a plot: each line centred on `center` but
    /// moved to stay within `left...right`; the last line's bottom at `bottom`, each line above
    /// `lineStep` higher.
    static func titleAnchors(_ lines: [String], center: Float, left: Float, right: Float, bottom: Float, lineStep: Float,
                             fonts: FontLibrary, size: Int) -> [SIMD2<Float>] {
        lines.enumerated().map { index, line in
            let half = fonts.measure(line, pixelSize: size, weight: .bold) / 2
            let x = min(max(center, left + half), right - half)
            return SIMD2(x, bottom - Float(lines.count - 1 - index) * lineStep)
        }
    }
}

extension Character {
    /// Han, kana and fullwidth forms: text written without spaces, which may break anywhere.
    var isCJK: Bool {
        guard let v = unicodeScalars.first?.value else { return false }
        return (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v) || (0x3000...0x303F).contains(v)
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
    /// within `gap` pixels (`TickThinning`; `ordinals` as it takes them). Returns every label's
    /// width (`FontLibrary.measure`'s, drawn or not), from the one layout each label takes.
    @discardableResult
    static func appendTicks(_ canvas: inout FigureCanvas, _ labels: [String], at anchors: [SIMD2<Float>], ordinals: [Int],
                            fonts: FontLibrary, size: Int, horizontal: TextStamp.HorizontalAlignment,
                            vertical: TextStamp.VerticalAlignment, color: RGBA, gap: Float) -> [Float] {
        let ticks = placedTicks(labels, at: anchors, ordinals: ordinals, fonts: fonts, size: size, horizontal: horizontal,
                                vertical: vertical, gap: gap)
        for index in labels.indices where ticks.drawn[index] {
            canvas.append(ticks.stamps[index], at: ticks.origins[index], color: color, text: labels[index])
        }
        return ticks.advances
    }

    /// The boxes of the tick labels `appendTicks` draws with the same arguments.
    static func tickBoxes(_ labels: [String], at anchors: [SIMD2<Float>], ordinals: [Int], fonts: FontLibrary, size: Int,
                          horizontal: TextStamp.HorizontalAlignment, vertical: TextStamp.VerticalAlignment, gap: Float) -> [PixelRectF] {
        let ticks = placedTicks(labels, at: anchors, ordinals: ordinals, fonts: fonts, size: size, horizontal: horizontal,
                                vertical: vertical, gap: gap)
        return labels.indices.filter { ticks.drawn[$0] }.map { ticks.stamps[$0].rect(at: ticks.origins[$0]) }
    }

    /// Each tick label's stamp, origin and width, and whether it is drawn (kept by `TickThinning`, not empty).
    private static func placedTicks(_ labels: [String], at anchors: [SIMD2<Float>], ordinals: [Int], fonts: FontLibrary, size: Int,
                                    horizontal: TextStamp.HorizontalAlignment, vertical: TextStamp.VerticalAlignment,
                                    gap: Float) -> (stamps: [TextStamp], origins: [SIMD2<Int>], advances: [Float], drawn: [Bool]) {
        let lines = labels.map { fonts.layout($0, pixelSize: size) }
        let stamps = lines.map { TextStamp($0) }
        let origins = zip(stamps, anchors).map { $0.origin(anchor: $1, horizontal: horizontal, vertical: vertical) }
        let kept = TickThinning.kept(zip(stamps, origins).map { $0.rect(at: $1) }, ordinals: ordinals, gap: gap)
        return (stamps, origins, lines.map(\.advance), labels.indices.map { kept[$0] && !labels[$0].isEmpty })
    }
}
