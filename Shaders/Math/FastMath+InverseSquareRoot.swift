extension FastMath {
    /// 1/√x for normal x > 0, to about 5·10⁻⁶ relative error (bit-trick guess, two Newton steps):
    /// enough for unit vectors in lighting, and no division or square root.
    @inlinable @inline(__always)
    public static func inverseSquareRoot(_ x: Float) -> Float {
        var y = Float(bitPattern: 0x5F37_59DF &- (x.bitPattern >> 1))
        let half = 0.5 * x
        y = y * (1.5 - half * y * y)
        y = y * (1.5 - half * y * y)
        return y
    }

    /// The same per lane, in vector instructions only.
    @inlinable @inline(__always)
    public static func inverseSquareRoot(_ x: SIMD8<Float>) -> SIMD8<Float> {
        var y = unsafeBitCast(SIMD8<UInt32>(repeating: 0x5F37_59DF) &- (unsafeBitCast(x, to: SIMD8<UInt32>.self) &>> 1),
                              to: SIMD8<Float>.self)
        let half = 0.5 * x
        y = y * (1.5 - half * y * y)
        y = y * (1.5 - half * y * y)
        return y
    }
}
