import OptaRaster

/// Which tick labels to keep so that none overlaps its neighbour: every k-th label by ordinal
/// (k as small as works), so the kept ones stay evenly spaced and the tick at 0 (ordinal 0)
/// keeps its label. Shared by 2D axes, the colourbar and the 3D axes.
enum TickThinning {
    /// For each label (boxes in axis order, with their ordinals: the tick value over the step,
    /// or the index), whether it is drawn. Kept labels are at least `gap` pixels apart.
    static func kept(_ boxes: [PixelRectF], ordinals: [Int], gap: Float) -> [Bool] {
        guard boxes.count > 1, boxes.count == ordinals.count else { return boxes.map { _ in true } }
        for k in 1...boxes.count {
            let keep = ordinals.map { (($0 % k) + k) % k == 0 }
            if spaced(boxes, keep, gap: gap) { return keep }
        }
        // Even every n-th label overlaps its next: one label (the one of the smallest ordinal
        // magnitude) is all the axis can show.
        let only = ordinals.indices.min { abs(ordinals[$0]) < abs(ordinals[$1]) }!
        return ordinals.indices.map { $0 == only }
    }

    /// The ordinals of nice tick values: each value over the step, rounded.
    static func ordinals(_ values: [Double], step: Double) -> [Int] {
        values.map { v in
            let k = (v / step).rounded()
            return k.isFinite && abs(k) < 1e15 ? Int(k) : 0
        }
    }

    /// Whether the kept boxes, taken in order, stay `gap` apart from the next kept one.
    static func spaced(_ boxes: [PixelRectF], _ keep: [Bool], gap: Float) -> Bool {
        var previous: PixelRectF?
        for (box, kept) in zip(boxes, keep) where kept {
            if let previous, previous.overlaps(box, gap: gap) { return false }
            previous = box
        }
        return true
    }
}

extension PixelRectF {
    /// Whether the two rectangles come closer than `gap` pixels (touching counts when gap > 0).
    func overlaps(_ other: PixelRectF, gap: Float = 0) -> Bool {
        x0 < other.x1 + gap && other.x0 < x1 + gap && y0 < other.y1 + gap && other.y0 < y1 + gap
    }

    /// The rectangle grown by `d` pixels on every side (shrunk when `d` is negative).
    func grown(by d: Float) -> PixelRectF { PixelRectF(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRectF) -> Bool {
        other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1
    }

    /// The area the two rectangles share.
    func overlapArea(_ other: PixelRectF) -> Float {
        max(0, min(x1, other.x1) - max(x0, other.x0)) * max(0, min(y1, other.y1) - max(y0, other.y0))
    }
}
