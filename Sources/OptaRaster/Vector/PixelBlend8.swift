/// `PixelBlend` on 8 packed pixels at once: the same integer arithmetic lane by lane, so a pixel
/// blended here has exactly the bytes the scalar path gives it.

enum PixelBlend8 {
    /// Coverages in 0…1 (already clamped) as 0…256, rounded like `PixelBlend.coverage256`.
    @inline(always)
    static func coverage256(_ c: SIMD8<Float>) -> SIMD8<UInt32> {
        unsafeBitCast(c * 256 + 12_582_912, to: SIMD8<UInt32>.self) & 0x1FF
    }

    @inline(always)
    static func scale(_ p: SIMD8<UInt32>, _ s: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let rb = (((p & 0x00FF_00FF) &* s &+ 0x0080_0080) &>> 8) & 0x00FF_00FF
        let ag = (((p &>> 8) & 0x00FF_00FF) &* s &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    /// `color` scaled by each lane's coverage (0…256), blended over `dst`.
    @inline(always)
    static func blend(_ dst: SIMD8<UInt32>, _ color: UInt32, _ coverage256: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let src = scale(SIMD8(repeating: color), coverage256)
        let inv = 255 &- (src &>> 24)
        return src &+ scale(dst, inv &+ (inv &>> 7))
    }

    /// Blends `color` at per-lane `coverage256` into the 8 pixels starting at `p`.
    @inline(always)
    static func blend(into p: UnsafeMutablePointer<UInt32>, _ color: UInt32, _ coverage256: SIMD8<UInt32>) {
        let raw = UnsafeMutableRawPointer(p)
        let dst = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        raw.storeBytes(of: blend(dst, color, coverage256), as: SIMD8<UInt32>.self)
    }
}
