extension FragmentBatch {
    /// The varyings of fragments k..<k+8 as one vector per varying: lane p of column j is varying
    /// j of fragment k + p (lanes past the batch are meaningless, see `varyings`).
    @inlinable @inline(__always)
    public func columns(_ k: Int) -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>,
                                      SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
        let rows = UnsafeRawPointer(varyings + k)
        /// Half `half` (0 or 16 bytes in) of fragment i's varyings, and of fragment i + 4's.
        @inline(__always) func pair(_ i: Int, _ half: Int) -> SIMD8<Float> {
            SIMD8(lowHalf: rows.load(fromByteOffset: i &* 32 &+ half, as: SIMD4<Float>.self),
                  highHalf: rows.load(fromByteOffset: (i &+ 4) &* 32 &+ half, as: SIMD4<Float>.self))
        }
        let (c0, c1, c2, c3) = LaneTranspose.columns(pair(0, 0), pair(1, 0), pair(2, 0), pair(3, 0))
        let (c4, c5, c6, c7) = LaneTranspose.columns(pair(0, 16), pair(1, 16), pair(2, 16), pair(3, 16))
        return (c0, c1, c2, c3, c4, c5, c6, c7)
    }
}
