import CVectorOps

/// Turns 8 rows of 4 floats into 4 columns of 8 (lane p of column j is value j of row p) with 16
/// vector instructions, where building each column lane by lane took dozens of broadcasts and
/// blends.
public enum LaneTranspose {
    /// Columns 0…3 of rows 0…7, given as 4 pairs: pair i holds row i in its low half and row i + 4
    /// in its high half.
    @inlinable @inline(__always)
    public static func columns(_ r0: SIMD8<Float>, _ r1: SIMD8<Float>, _ r2: SIMD8<Float>, _ r3: SIMD8<Float>)
        -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
        // Opaque values: otherwise the compiler merges the two shuffle steps (and the loads that
        // fed them) into single-lane picks again.
        let p0 = opta_opaque(r0), p1 = opta_opaque(r1), p2 = opta_opaque(r2), p3 = opta_opaque(r3)
        let t0 = opta_opaque(opta_interleave_low(p0, p1)), t1 = opta_opaque(opta_interleave_high(p0, p1))
        let t2 = opta_opaque(opta_interleave_low(p2, p3)), t3 = opta_opaque(opta_interleave_high(p2, p3))
        return (opta_interleave_low_pairs(t0, t2), opta_interleave_high_pairs(t0, t2),
                opta_interleave_low_pairs(t1, t3), opta_interleave_high_pairs(t1, t3))
    }

    /// Columns 0…3 of 8 rows of 4.
    @inlinable @inline(__always)
    public static func columns(_ a0: SIMD4<Float>, _ a1: SIMD4<Float>, _ a2: SIMD4<Float>, _ a3: SIMD4<Float>,
                               _ a4: SIMD4<Float>, _ a5: SIMD4<Float>, _ a6: SIMD4<Float>, _ a7: SIMD4<Float>)
        -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
        columns(SIMD8(lowHalf: a0, highHalf: a4), SIMD8(lowHalf: a1, highHalf: a5),
                SIMD8(lowHalf: a2, highHalf: a6), SIMD8(lowHalf: a3, highHalf: a7))
    }
}
