import CVectorOps

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

extension SIMD8 where Scalar: FixedWidthInteger {
    /// Whether every lane is 0 (the halves OR-folded down to one 4-lane compare).
    @inlinable @inline(always)
    public var isZero: Bool {
        let half = lowHalf | highHalf
        return (half.lowHalf | half.highHalf) == .zero
    }
}

extension SIMD8 where Scalar == Int32 {
    /// Lane-wise minimum with `o`, for lanes whose difference does not overflow (compiles to one
    /// vector min; the standard `pointwiseMin` is an out-of-line call).
    @inlinable @inline(always)
    public func lanesMin(_ o: SIMD8<Int32>) -> SIMD8<Int32> {
        let d = self &- o
        return o &+ (d & (d &>> 31))
    }

    /// Lane-wise maximum with `o`, for lanes whose difference does not overflow.
    @inlinable @inline(always)
    public func lanesMax(_ o: SIMD8<Int32>) -> SIMD8<Int32> {
        let d = self &- o
        return self &- (d & (d &>> 31))
    }
}

extension SIMD4 where Scalar == Int32 {
    /// Lane-wise minimum with `o`, for lanes whose difference does not overflow.
    @inlinable @inline(always)
    public func lanesMin(_ o: SIMD4<Int32>) -> SIMD4<Int32> {
        let d = self &- o
        return o &+ (d & (d &>> 31))
    }
}

extension SIMD8 where Scalar == Float {
    /// Each lane truncated toward zero, in one instruction (`SIMD8<Int32>(truncatingIfNeeded:)`
    /// converts lane by lane). Every lane must be a number in the Int32 range.
    @inlinable @inline(__always)
    public var truncated: SIMD8<Int32> { opta_truncate(self) }
}

extension SIMD8 where Scalar == Int32 {
    /// Each lane as the nearest float, in one instruction (`SIMD8<Float>(_:)` converts lane by lane).
    @inlinable @inline(__always)
    public var floats: SIMD8<Float> { opta_to_float(self) }

    /// Bit k set where lane k is negative, in one instruction.
    @inlinable @inline(__always)
    public var signBits: UInt32 { opta_sign_bits(self) }
}
