import OptaRaster

/// What a figure draws for one frame, and where it put each piece of text. The text boxes are
/// what layout rules are checked against (no text on other text, none outside the frame); they
/// cost one rectangle per label.
struct FigureCanvas {
    private(set) var list = DrawList()
    private(set) var texts: [PlacedText] = []
    /// The legend's box, once a legend is drawn.
    var legend: PixelRectF?
    /// Whether a legend inside the plot covers more data than a legend may (`LegendPlacer.isGoodEnough`):
    /// every corner does, and it belongs outside.
    var legendCoversData = false
    /// How many of the first items of `list` a figure draws as a layer of their own, right above
    /// what is under them (a landscape's contour labels, logged paths and stored runs).
    var bottomItems = 0

    mutating func append(_ item: DrawItem) { list.append(item) }

    /// Draws `stamp` with its top-left pixel at `origin` and records its box as `text`.
    mutating func append(_ stamp: TextStamp, at origin: SIMD2<Int>, color: RGBA, text: String) {
        list.items += stamp.items(at: origin, color: color)
        texts.append(PlacedText(text: text, rect: stamp.rect(at: origin)))
    }
}

/// A piece of text as a figure placed it: the string and its box in frame pixels (the glyphs'
/// ink and the line's ascent, descent and advance).
struct PlacedText: Sendable, Equatable {
    let text: String
    let rect: PixelRectF
}
