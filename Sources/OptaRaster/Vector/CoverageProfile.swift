/// The one anti-aliasing rule every primitive uses: coverage from the distance to a band.
///
/// A band of half-width `h` around a centre (a line's axis, a disk's centre, a rect's middle)
/// covers a pixel whose centre is at distance `d` by `clamp(max(h, 0.5) + 0.5 − d, 0, 1)`, a 1 px
/// ramp centred on the edge. Bands thinner than 1 px keep the 1 px footprint; their colour is
/// scaled by `min(2h, 1)` (`alphaScale`) so total ink stays proportional to the width.
@usableFromInline
struct CoverageProfile: Sendable {
    /// Distance from the centre at which coverage reaches 0.
    @usableFromInline let reach: Float
    /// Factor on the colour's alpha for bands thinner than 1 px (1 otherwise).
    @usableFromInline let alphaScale: Float

    @inlinable
    init(halfWidth h: Float) {
        reach = Swift.max(h, 0.5) + 0.5
        alphaScale = Swift.min(2 * h, 1)
    }

    /// The profile of a filled disk of radius `r`. A linear ramp across a curved edge adds π/12
    /// px² to the area, so the ramp is centred on the area-preserving radius √(r² − 1/12); disks
    /// below 0.5 px keep the 0.5 px footprint and scale alpha by area (4r²).
    @inlinable
    init(diskRadius r: Float) {
        let rr = Swift.max(r, 0.5)
        reach = (rr * rr - 1 / 12).squareRoot() + 0.5
        alphaScale = Swift.min(4 * r * r, 1)
    }

    /// Coverage in 0…1 of a pixel whose centre is `d` ≥ 0 from the centre.
    @inline(__always) @usableFromInline
    func coverage(distance d: Float) -> Float {
        Swift.min(Swift.max(reach - d, 0), 1)
    }
}

/// Float → Int conversions that never trap (NaN and huge values are clamped first).
@usableFromInline
enum SafeIndex {
    /// `floor(v)` clamped to `lo…hi`; NaN maps to `lo`.
    @inline(__always) @usableFromInline
    static func floor(_ v: Float, _ lo: Int, _ hi: Int) -> Int {
        guard v == v else { return lo }
        let c = Swift.min(Swift.max(v.rounded(.down), Float(lo)), Float(hi))
        return Int(c)
    }

    /// `ceil(v)` clamped to `lo…hi`; NaN maps to `hi`.
    @inline(__always) @usableFromInline
    static func ceil(_ v: Float, _ lo: Int, _ hi: Int) -> Int {
        guard v == v else { return hi }
        let c = Swift.min(Swift.max(v.rounded(.up), Float(lo)), Float(hi))
        return Int(c)
    }
}
