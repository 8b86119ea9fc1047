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
