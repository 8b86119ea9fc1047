import OptaRaster
import OptaText

extension ConvergenceFigure {
    /// "best 3.1×10⁻⁵ · Adam, step 180" beside the overall best point (`placedBestLabel`); on a
    /// card of the background's colour when every place for it crosses a line, as a boxed
    /// annotation is, so the line runs under it, not through its letters.
    func addBestLabel(_ list: inout FigureCanvas, _ series: [ConvergenceSeries], scale: ConvergenceScale,
                      avoiding obstacles: LegendPlacer.Obstacles) {
        guard let lines = placedBestLabel(series, scale: scale, avoiding: obstacles) else { return }
        let boxes = lines.map { $0.1.rect(at: $0.2) }
        if let first = boxes.first, boxes.contains(where: { LegendPlacer.cover($0, obstacles) > 0 }) {
            let card = boxes.dropFirst().reduce(first) { $0.union($1) }.grown(by: 2)
            list.append(.rect(card, fill: RGBA(1, 1, 1, 0.9)))
        }
        for (line, stamp, origin) in lines {
            list.append(stamp.halo(radius: 2).maskItem(at: origin &- 2, color: RGBA(1, 1, 1, 0.9)))
            list.append(stamp, at: origin, color: LandscapeFigure.ink, text: line)
        }
    }

    /// The best note's lines and their origins: beside the overall best point, above it on the
    /// side with more room, unless another place covers less of the lines and markers in
    /// `obstacles` or cuts fewer words; without its step, or its run too, when that is what
    /// keeps it whole and clear of the lines. Each of the point's four corners, and above and
    /// below it centred (`BestNoteSide`), is tried a label height from it, then slid away from
    /// it half a label height at a time, up to `bestNoteSlide` label heights: in a stacked panel
    /// at 320×240 (grid-valley-panels) the note a label height above-left of the ring lay on
    /// the lines, above-right it covered the next ring, and centred over the ring, slid up to
    /// the plot's top, it lies clear. No place covers a best ring or its below-axis mark (a note in the plot's
    /// corner covered an end ring). Nil without a best point, when every place covers a ring,
    /// or in a plot under `bestNoteRoom` label heights tall where every place crosses a line:
    /// the accessibility tree still says the best value (`ConvergenceAccessibility`).
    func placedBestLabel(_ series: [ConvergenceSeries], scale: ConvergenceScale,
                         avoiding obstacles: LegendPlacer.Obstacles) -> [(String, TextStamp, SIMD2<Int>)]? {
        guard options.marksBest, let (s, best) = Self.overallBest(series),
              let p = framePoint(step: Double(best.step), f: best.value, scale: scale) else { return nil }
        let size = layout.labelSize
        // Every series' best ring (or below-axis mark), as far as it reaches.
        let reach = (Self.ringRadius + 1) * layout.strokeScale
        let rings = series.compactMap { s in s.best.flatMap { framePoint(step: Double($0.step), f: $0.value, scale: scale) } }
            .map { PixelRectF(x0: $0.x - reach, y0: $0.y - reach, x1: $0.x + reach, y1: $0.y + reach) }
        // A no-break space: a wrapped note never leaves the step number alone on its line.
        let at = "\(options.xTitle ?? "step")\u{00A0}\(best.step)"
        let value = "best \(options.yTitle ?? scale.title) = \(NiceTicks.compactLabel(best.value - scale.offset))"
        // Shorter notes, which a small chart may need, cost a label's worth for each part left out.
        let notes = ["\(value) · \(s.id), \(at)", "\(value) · \(s.id)", value]
        let roomier = p.x > Float(layout.plot.x0 + layout.plot.x1) / 2
        let slides = stride(from: Float(0), through: Self.bestNoteSlide * Float(size), by: Float(size) / 2)
        var chosen: (lines: [(String, TextStamp, SIMD2<Int>)], cost: Float, cover: Float)?
        for (shortening, note) in notes.enumerated() {
            for side in [roomier ? BestNoteSide.left : .right, roomier ? .right : .left, .centered] {
                // Wrapped once per side: above and below the point the lines are the same.
                let stamps = bestLabelStamps(note, beside: p, side: side, size: size)
                let cut = stamps.isEmpty || stamps[stamps.count - 1].0.hasSuffix("…")
                for below in [false, true] {
                    for slide in slides {
                        let placed = placeBestLabel(stamps, beside: p, side: side, below: below, slide: slide, size: size)
                        let boxes = placed.map { $0.1.rect(at: $0.2) }
                        guard !boxes.contains(where: { box in rings.contains { $0.overlaps(box) } }) else { continue }
                        // Lines that leave the plot (taller than its room) run over its frame and tick
                        // labels: as bad as a cut, and worse the further they go.
                        let spill = boxes.map { max(0, Float(layout.plot.y0) - $0.y0, $0.y1 - Float(layout.plot.y1)) }.max() ?? 0
                        let start = Float(cut ? 1e6 : 0) + (spill > 0 ? 1e6 + spill * 1e3 : 0)
                            + Float(shortening) * LegendPlacer.labelWeight
                        let cover = boxes.reduce(0) { $0 + LegendPlacer.cover($1, obstacles) }
                        // Of equal places, the nearest the point.
                        let cost = start + cover + slide * Self.bestNoteSlideWeight
                        if cost < (chosen?.cost ?? .infinity) { chosen = (placed, cost, cover) }
                    }
                }
            }
            if let chosen, chosen.cost - chosen.cover < LegendPlacer.labelWeight, chosen.cover == 0 { break }
        }
        guard let chosen, chosen.cost.isFinite else { return nil }
        if chosen.cover > 0 && Float(layout.plot.height) < Self.bestNoteRoom * Float(size) { return nil }
        return chosen.lines
    }

    /// How far the best note slides from its point, in label heights (`placedBestLabel`).
    static let bestNoteSlide: Float = 3

    /// What a pixel of slide costs the best note: a tie-break among places covering as little,
    /// well under a pixel of line for the whole slide.
    static let bestNoteSlideWeight: Float = 0.01

    /// The plot height, in label heights, under which a best note that no place keeps clear of
    /// the lines is left out rather than set on a card over them (`placedBestLabel`).
    static let bestNoteRoom: Float = 8

    /// Where the best note stands beside its point: left or right of it (its text ending or
    /// starting 10 px from it), or centred over or under it, slid into the plot.
    enum BestNoteSide { case left, right, centered }

    /// The best note's lines on `side` of `p`, wrapped (then cut) to the plot's room there.
    func bestLabelStamps(_ note: String, beside p: SIMD2<Float>, side: BestNoteSide, size: Int) -> [(String, TextStamp)] {
        let room: Float = switch side {
        case .left: p.x - 10 - Float(layout.plot.x0) - 2
        case .right: Float(layout.plot.x1) - p.x - 10 - 2
        case .centered: Float(layout.plot.width) - 4
        }
        return FigureText.wrapped(note, maxWidth: room, fonts: fonts, size: size).filter { !$0.isEmpty }
            .map { ($0, TextStamp(fonts.layout($0, pixelSize: size))) }
    }

    /// Where `lines` go beside `p`: their block above or below the point, `slide` pixels further
    /// from it than a label height, kept inside the plot.
    func placeBestLabel(_ lines: [(String, TextStamp)], beside p: SIMD2<Float>, side: BestNoteSide, below: Bool,
                        slide: Float = 0, size: Int) -> [(String, TextStamp, SIMD2<Int>)] {
        let step = Float(size) * 1.25, half = Float(lines.count - 1) * step / 2
        let top = Float(layout.plot.y0) + Float(size) + half, bottom = Float(layout.plot.y1) - Float(size) - half
        // The block's middle a label height from the point, as one line sits, and `slide` further.
        let middle = below ? min(bottom, max(p.y + Float(size) + slide, top)) : max(top, min(p.y - Float(size) - slide, bottom))
        // A centred block's widest line, slid into the plot, 2 px inside its sides.
        let widest = Float(lines.map(\.1.width).max() ?? 0)
        let centre = min(max(p.x, Float(layout.plot.x0) + 2 + widest / 2), Float(layout.plot.x1) - 2 - widest / 2)
        return lines.enumerated().map { index, entry in
            let y = middle + (Float(index) - Float(lines.count - 1) / 2) * step
            let origin: SIMD2<Int> = switch side {
            case .left: entry.1.origin(anchor: SIMD2(p.x - 10, y), horizontal: .right, vertical: .middle)
            case .right: entry.1.origin(anchor: SIMD2(p.x + 10, y), horizontal: .left, vertical: .middle)
            case .centered: entry.1.origin(anchor: SIMD2(centre, y), horizontal: .center, vertical: .middle)
            }
            return (entry.0, entry.1, origin)
        }
    }
}
