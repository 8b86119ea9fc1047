/// Integer premultiplied source-over on packed Opta pixels, with coverage in 0…256.
@usableFromInline
enum PixelBlend {
    /// Multiplies all four channels of a packed pixel by `s / 256`, rounded (`s` in 0…256; 256 is
    /// exact). Rounding keeps opaque-over-opaque opaque and every channel ≤ alpha (checked
    /// exhaustively for all alpha and coverage values).
    @inline(__always) @usableFromInline
    static func scale(_ p: UInt32, _ s: UInt32) -> UInt32 {
        let rb = (((p & 0x00FF_00FF) &* s &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let ag = (((p >> 8) & 0x00FF_00FF) &* s &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    /// Premultiplied `src` over `dst`.
    @inline(__always) @usableFromInline
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let inv = 255 - (src >> 24)
        return src &+ scale(dst, inv + (inv >> 7))
    }

    /// `color` scaled by `coverage256` (0…256), blended over `dst`.
    @inline(__always) @usableFromInline
    static func blend(_ dst: UInt32, _ color: UInt32, _ coverage256: UInt32) -> UInt32 {
        over(scale(color, coverage256), dst)
    }

    /// A coverage in 0…1 as 0…256, rounded to nearest (ties to even). The argument must already
    /// be clamped to 0…1. Branch-free: adding 1.5·2²³ leaves the rounded integer in the low
    /// mantissa bits.
    @inline(__always) @usableFromInline
    static func coverage256(_ c: Float) -> UInt32 {
        (c * 256 + 12_582_912).bitPattern & 0x1FF
    }

    /// An 8-bit mask coverage (0…255) as 0…256.
    @inline(__always) @usableFromInline
    static func coverage256(byte c: UInt8) -> UInt32 {
        UInt32(c) + UInt32(c >> 7)
    }
}

extension PixelBlend {
    /// Blends `color` at coverage `c` (0…1) into `row[x]`; skips zero coverage and writes opaque
    /// full coverage directly.
    @inline(__always) @usableFromInline
    static func put(_ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ color: UInt32, _ c: Float) {
        let c256 = coverage256(c)
        if c256 == 0 { return }
        if c256 == 256 && color >= 0xFF00_0000 {
            row[x] = color
        } else {
            row[x] = blend(row[x], color, c256)
        }
    }
}
