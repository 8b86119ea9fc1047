/// Lane-wise clamps written with comparisons and `replacing(with:where:)`, which compile to
/// vector min/blend instructions here; the standard `pointwiseMin`/`pointwiseMax` on `SIMD8<Float>`
/// were measured out-of-line and scalarized (see ../shared/SWIFT-PERFORMANCE.md).
extension SIMD8 where Scalar == Float {
    /// Each lane clamped to 0…1 (like `Swift.min(Swift.max(v, 0), 1)` for non-NaN lanes).
    @inlinable @inline(always)
    public var clamped01: SIMD8<Float> {
        let z = SIMD8<Float>(repeating: 0), o = SIMD8<Float>(repeating: 1)
        return replacing(with: z, where: self .< z).replacing(with: o, where: self .> o)
    }

    /// Lane-wise minimum with `o` (non-NaN lanes).
    @inlinable @inline(always)
    public func lanesMin(_ o: SIMD8<Float>) -> SIMD8<Float> { replacing(with: o, where: o .< self) }

    /// Lane-wise maximum with `o` (non-NaN lanes).
    @inlinable @inline(always)
    public func lanesMax(_ o: SIMD8<Float>) -> SIMD8<Float> { replacing(with: o, where: o .> self) }
}

extension SIMD16 where Scalar == Float {
    /// Lane-wise minimum with `o` (non-NaN lanes), as vector instructions (see `SIMD8.lanesMin`).
    @inlinable @inline(always)
    public func lanesMin(_ o: SIMD16<Float>) -> SIMD16<Float> { replacing(with: o, where: o .< self) }

    /// Lane-wise maximum with `o` (non-NaN lanes).
    @inlinable @inline(always)
    public func lanesMax(_ o: SIMD16<Float>) -> SIMD16<Float> { replacing(with: o, where: o .> self) }
}

extension SIMD16 where Scalar == Int32 {
    /// Whether every lane is 0.
    @inlinable @inline(always)
    public var isZero: Bool {
        let half = lowHalf | highHalf
        let quarter = half.lowHalf | half.highHalf
        return (quarter.lowHalf | quarter.highHalf) == .zero
    }
}
