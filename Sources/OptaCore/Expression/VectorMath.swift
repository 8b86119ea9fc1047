import RealModule

/// Float SIMD8 approximations of sin/cos, exp and log (Cephes-style polynomials, about
/// 1–2 ulp in the normal range). Lanes outside the range the polynomials cover fall back to
/// the scalar library, so NaN, infinities, zero and negative arguments behave like `Float.log` etc.
enum VectorMath {
    typealias Lanes = SIMD8<Float>
    typealias Bits = SIMD8<UInt32>

    /// 1.5·2²³: adding it rounds a float of magnitude < 2²² to an integer held in the low mantissa bits.
    private static let roundingMagic: Float = 12_582_912

    /// sin(x) and cos(x) together.
    static func sinCos(_ x: Lanes) -> (sin: Lanes, cos: Lanes) {
        let inRange = pointwiseMax(x, -x) .<= Lanes(repeating: 8192)  // false for NaN
        guard all(inRange) else {
            var s = Lanes(), c = Lanes()
            for l in 0..<8 { s[l] = Float.sin(x[l]); c[l] = Float.cos(x[l]) }
            return (s, c)
        }
        let t = x * (2 / Float.pi) + roundingMagic
        let quadrant = unsafeBitCast(t, to: Bits.self) & Bits(repeating: 3)
        let j = t - roundingMagic
        // x − j·π/2 in three parts (Cody–Waite).
        var r = x - j * 1.5703125
        r = r - j * 4.837512969970703125e-4
        r = r - j * 7.54978995489188216e-8
        let z = r * r
        let sinPoly = r + r * z * ((-1.9515295891e-4 * z + 8.3321608736e-3) * z - 1.6666654611e-1)
        let cosPoly = 1 - 0.5 * z
            + z * z * ((2.443315711809948e-5 * z - 1.388731625493765e-3) * z + 4.166664568298827e-2)
        // Quadrant fix-up with bit operations only (integer lane comparisons are scalarized here):
        // odd quadrants swap sin and cos; bit 1 of q (of q + 1 for cos) flips the sign.
        let one = Bits(repeating: 1), two = Bits(repeating: 2)
        let swap = Bits() &- (quadrant & one)
        let sBits = unsafeBitCast(sinPoly, to: Bits.self), cBits = unsafeBitCast(cosPoly, to: Bits.self)
        let sinSign = (quadrant & two) &<< Bits(repeating: 30)
        let cosSign = ((quadrant &+ one) & two) &<< Bits(repeating: 30)
        let sin = unsafeBitCast(((sBits & ~swap) | (cBits & swap)) ^ sinSign, to: Lanes.self)
        let cos = unsafeBitCast(((cBits & ~swap) | (sBits & swap)) ^ cosSign, to: Lanes.self)
        return (sin, cos)
    }

    /// e^x.
    static func exp(_ x: Lanes) -> Lanes {
        let clamped = pointwiseMin(pointwiseMax(x, Lanes(repeating: -87.3)), Lanes(repeating: 88.72283))
        let t = clamped * 1.44269504088896341 + roundingMagic
        let n = t - roundingMagic
        let r = clamped - n * 0.693359375 + n * 2.12194440e-4
        let z = r * r
        var p: Lanes = 1.9875691500e-4 * r + 1.3981999507e-3
        p = p * r + 8.3334519073e-3
        p = p * r + 4.1665795894e-2
        p = p * r + 1.6666665459e-1
        p = p * r + 5.0000001201e-1
        p = p * z + r + 1
        // 2^(n−1) from the rounded integer in t's low bits (biased exponent n − 1 + 127 shifted
        // into place), then ×2: n runs up to 128 at the top of the range. Results below about
        // 1e-38 (x < −87) flush to 0.
        let nBits = unsafeBitCast(t, to: Bits.self) &- unsafeBitCast(Lanes(repeating: roundingMagic), to: Bits.self)
        let scale = unsafeBitCast((nBits &+ Bits(repeating: 126)) &<< Bits(repeating: 23), to: Lanes.self)
        var result = p * scale * 2
        result = result.replacing(with: Float.infinity, where: x .> 88.72283)
        result = result.replacing(with: 0, where: x .< -87.3)
        return result.replacing(with: x, where: x .!= x)
    }

    /// The natural logarithm (NaN for negative x, −∞ at 0).
    static func log(_ x: Lanes) -> Lanes {
        let normal = (x .>= Float.leastNormalMagnitude) .& (x .< Float.infinity)
        guard all(normal) else {
            var out = Lanes()
            for l in 0..<8 { out[l] = Float.log(x[l]) }
            return out
        }
        let bits = unsafeBitCast(x, to: Bits.self)
        // Exponent as a float without an int→float conversion: 2²³ + biased exponent, minus 2²³.
        let biased = unsafeBitCast((bits &>> Bits(repeating: 23)) | Bits(repeating: 0x4B00_0000), to: Lanes.self) - 8_388_608
        var e = biased - 126
        var m = unsafeBitCast((bits & Bits(repeating: 0x007F_FFFF)) | Bits(repeating: 0x3F00_0000), to: Lanes.self)  // [0.5, 1)
        let small = m .< 0.707106781186547524
        e = e.replacing(with: e - 1, where: small)
        m = m.replacing(with: m + m, where: small) - 1
        let z = m * m
        var p: Lanes = 7.0376836292e-2 * m - 1.1514610310e-1
        p = p * m + 1.1676998740e-1
        p = p * m - 1.2420140846e-1
        p = p * m + 1.4249322787e-1
        p = p * m - 1.6668057665e-1
        p = p * m + 2.0000714765e-1
        p = p * m - 2.4999993993e-1
        p = p * m + 3.3333331174e-1
        var y = m * z * p
        y = y - 2.12194440e-4 * e
        y = y - 0.5 * z
        return m + y + 0.693359375 * e
    }
}
