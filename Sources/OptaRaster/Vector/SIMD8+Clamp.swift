/// Lane-wise clamps written with comparisons and `replacing(with:where:)`, which compile to
/// vector min/blend instructions here; the standard `pointwiseMin`/`pointwiseMax` on `SIMD8<Float>`
/// were measured out-of-line and scalarized (see ../shared/SWIFT-PERFORMANCE.md).
extension SIMD8 where Scalar == Float {
    /// Each lane clamped to 0…1 (like `Swift.min(Swift.max(v, 0), 1)` for non-NaN lanes).
    @inline(always)
    var clamped01: SIMD8<Float> {
        let z = SIMD8<Float>(repeating: 0), o = SIMD8<Float>(repeating: 1)
        return replacing(with: z, where: self .< z).replacing(with: o, where: self .> o)
    }

    /// Lane-wise minimum with `o` (non-NaN lanes).
    @inline(always)
    func lanesMin(_ o: SIMD8<Float>) -> SIMD8<Float> { replacing(with: o, where: o .< self) }

    /// Lane-wise maximum with `o` (non-NaN lanes).
    @inline(always)
    func lanesMax(_ o: SIMD8<Float>) -> SIMD8<Float> { replacing(with: o, where: o .> self) }
}
