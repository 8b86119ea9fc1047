extension StrokeSegment {
    /// Rows `i0..<i1` of `clip` in which the capsule distance of every pixel the stroke can touch
    /// is exactly the distance to the axis, so kernels may skip the end-cap terms there.
    ///
    /// In `distance(_:)` the end term `e` is zero whenever `0 ≤ s ≤ 1`, and then the result is
    /// `√(fl(a²)) = |a|` exactly. A pixel centre with `|a| ≥ reach` gets zero coverage either
    /// way (the full distance is never below `|a|`). So a row qualifies when every pixel centre
    /// in the tile's columns within `reach` of the axis projects inside the segment. With
    /// `t` the distance along the axis and `u` the unit direction, such a centre of row `y`
    /// (`wy = y + 0.5 − a.y`) has `t = (wy − q·u.x) / u.y` for some `|q| < reach` (the band)
    /// and `t = (x − a.x)·u.x + wy·u.y` for an `x` between the tile's first and last centre
    /// (the box); `t` above a bound on either family is above it on their intersection, which
    /// makes each end condition a half-line in `wy`. The bounds carry 0.05 px of slack and the
    /// result loses one more row at each end, far above the float error of this arithmetic and
    /// of the kernels' `s` (both below 0.01 px for frames up to 10⁵ pixels wide).
    @inline(__always) @usableFromInline
    func interiorRows(in clip: PixelRect, reach: Float) -> (Int, Int) {
        guard invLen2 > 0 else { return (0, 0) }
        let slack: Float = 0.05
        // The unit direction is the normal turned back: (n.y, −n.x).
        let ux = n.y, uy = -n.x
        let tx0 = (Float(clip.x0) + 0.5 - a.x) * ux, tx1 = (Float(clip.x1) - 0.5 - a.x) * ux
        let boxLo = Swift.min(tx0, tx1), boxHi = Swift.max(tx0, tx1)
        let low = slack, high = length - slack
        if Swift.abs(uy) < 1 / 64 {
            // Nearly horizontal: the band spans the whole row, so only the box bounds `t`.
            let w0 = (Float(clip.y0) + 0.5 - a.y) * uy, w1 = (Float(clip.y1) - 0.5 - a.y) * uy
            let inside = boxLo + Swift.min(w0, w1) > low && boxHi + Swift.max(w0, w1) < high
            return inside ? (clip.y0, clip.y1) : (0, 0)
        }
        let invUy = 1 / uy
        let k = (reach + slack) * Swift.abs(ux * invUy)
        // Past the start: box `boxLo + wy·u.y > low` or band `wy / u.y − k > low`;
        // before the end: box `boxHi + wy·u.y < high` or band `wy / u.y + k < high`.
        let startBox = (low - boxLo) * invUy, startBand = (low + k) * uy
        let endBox = (high - boxHi) * invUy, endBand = (high - k) * uy
        let wLo: Float, wHi: Float
        if uy > 0 {
            wLo = Swift.min(startBox, startBand); wHi = Swift.max(endBox, endBand)
        } else {
            wLo = Swift.min(endBox, endBand); wHi = Swift.max(startBox, startBand)
        }
        guard wLo == wLo, wHi == wHi else { return (0, 0) }
        // Rows with wLo < wy < wHi, one row fewer at each end.
        let i0 = SafeIndex.floor(wLo + a.y - 0.5, clip.y0 - 2, clip.y1) + 2
        let i1 = SafeIndex.ceil(wHi + a.y - 0.5, clip.y0, clip.y1 + 1) - 1
        return i0 < i1 ? (i0, i1) : (0, 0)
    }
}
