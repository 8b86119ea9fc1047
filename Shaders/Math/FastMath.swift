/// Vector approximations of the few transcendental functions the shading loops need, accurate to
/// a few millionths: far beyond what 8-bit colour shows, and several times faster than `log` per
/// lane. Everything here maps to plain vector instructions (see SWIFT-PERFORMANCE.md).
public enum FastMath {
    /// log2(x) for positive, finite x; lanes with x ≤ 0 give a large negative number.
    @inlinable @inline(__always)
    public static func log2(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
        // Exponent as a float without a vector int→float conversion: 2^23 + e has e in its low bits.
        let exponentBits = ((bits &>> 23) & 0xFF) | 0x4B00_0000
        let exponent = unsafeBitCast(exponentBits, to: SIMD8<Float>.self) - (8_388_608 + 127)
        let mantissa = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD8<Float>.self)
        let t = mantissa - 1
        // Horner steps as fused multiply-adds.
        var p: SIMD8<Float> = SIMD8(repeating: -0.025_790_71)
        p = SIMD8(repeating: 0.121_468_53).addingProduct(p, t)
        p = SIMD8(repeating: -0.277_337_22).addingProduct(p, t)
        p = SIMD8(repeating: 0.457_156_13).addingProduct(p, t)
        p = SIMD8(repeating: -0.718_033_2).addingProduct(p, t)
        p = SIMD8(repeating: 1.442_534_76).addingProduct(p, t)
        return exponent.addingProduct(p, t)
    }

    /// Rounds each lane of x (0 ≤ x < 2^22) to the nearest integer, as integers.
    @inlinable @inline(__always)
    public static func roundToIndex(_ x: SIMD8<Float>) -> SIMD8<UInt32> {
        unsafeBitCast(x + 8_388_608, to: SIMD8<UInt32>.self) & 0x003F_FFFF
    }

    /// The larger of a and b per lane (plain compare and select; `pointwiseMax` is not always inlined).
    @inlinable @inline(__always)
    public static func max(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        a.replacing(with: b, where: a .< b)
    }

    /// The smaller of a and b per lane.
    @inlinable @inline(__always)
    public static func min(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        a.replacing(with: b, where: b .< a)
    }

    /// Rounds to the nearest integer (ties to even) for |x| < 2^22, by adding and removing 1.5 · 2^23.
    @inlinable @inline(__always)
    public static func round(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let magic = SIMD8<Float>(repeating: 12_582_912)
        return (x + magic) - magic
    }

    /// Rounds down to an integer for |x| < 2^22.
    @inlinable @inline(__always)
    public static func floor(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let r = round(x)
        return r.replacing(with: r - 1, where: x .< r)
    }

    /// |x| per lane (clears the sign bit).
    @inlinable @inline(__always)
    public static func abs(_ x: SIMD8<Float>) -> SIMD8<Float> {
        unsafeBitCast(unsafeBitCast(x, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
    }

    /// Eight consecutive floats from `p` (no alignment needed).
    @inlinable @inline(__always)
    public static func load(_ p: UnsafePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// All ones in lanes where x is NaN or ±∞, zero elsewhere (exponent bits all set).
    @inlinable @inline(__always)
    public static func nonFiniteMask(_ x: SIMD8<Float>) -> SIMD8<UInt32> {
        let magnitude = unsafeBitCast(x, to: SIMD8<Int32>.self) & 0x7FFF_FFFF
        return unsafeBitCast((0x7F7F_FFFF &- magnitude) &>> 31, to: SIMD8<UInt32>.self)
    }

    /// All ones in lanes where x is positive and finite (not 0, not NaN), zero elsewhere.
    @inlinable @inline(__always)
    public static func positiveFiniteMask(_ x: SIMD8<Float>) -> SIMD8<UInt32> {
        let bits = unsafeBitCast(x, to: SIMD8<Int32>.self)
        return unsafeBitCast(((0 &- bits) &>> 31) & ((bits &- 0x7F80_0000) &>> 31), to: SIMD8<UInt32>.self)
    }

    /// x with the lanes where `mask` is all ones set to +0.
    @inlinable @inline(__always)
    public static func zeroed(_ x: SIMD8<Float>, where mask: SIMD8<UInt32>) -> SIMD8<Float> {
        unsafeBitCast(unsafeBitCast(x, to: SIMD8<UInt32>.self) & ~mask, to: SIMD8<Float>.self)
    }

    /// Integers 0…2^23 as floats, with vector instructions only (2^23 + v has v in its low bits).
    @inlinable @inline(__always)
    public static func byteToFloat(_ v: SIMD8<UInt32>) -> SIMD8<Float> {
        unsafeBitCast(v | 0x4B00_0000, to: SIMD8<Float>.self) - 8_388_608
    }

    /// Scalar log2 with the same approximation, so CPU-side figures agree with the shader.
    @inlinable
    public static func log2(_ x: Float) -> Float { log2(SIMD8(repeating: x))[0] }
}
