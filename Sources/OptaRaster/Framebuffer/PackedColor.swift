/// Packing and unpacking of Opta's RGBA8 pixels (`r | g << 8 | b << 16 | a << 24`).
public enum PackedColor {
    /// Packs already-premultiplied 8-bit channels.
    @inlinable
    public static func pack(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Packs an opaque colour from components in 0…1.
    @inlinable
    public static func opaque(_ r: Float, _ g: Float, _ b: Float) -> UInt32 {
        pack(r: toByte(r), g: toByte(g), b: toByte(b), a: 255)
    }

    /// Packs a straight-alpha colour from components in 0…1, premultiplying it.
    @inlinable
    public static func premultiplied(_ r: Float, _ g: Float, _ b: Float, _ a: Float) -> UInt32 {
        pack(r: toByte(r * a), g: toByte(g * a), b: toByte(b * a), a: toByte(a))
    }

    /// Premultiplies straight 8-bit channels (rounding to nearest).
    @inlinable
    public static func premultiplied(r: UInt8, g: UInt8, b: UInt8, a: UInt8) -> UInt32 {
        if a == 255 { return pack(r: r, g: g, b: b, a: a) }
        @inline(__always) func mul(_ c: UInt8) -> UInt8 {
            let t = UInt32(c) * UInt32(a) + 128
            return UInt8((t + (t >> 8)) >> 8)
        }
        return pack(r: mul(r), g: mul(g), b: mul(b), a: a)
    }

    /// Converts a premultiplied pixel back to straight 8-bit channels (rounding to nearest).
    @inlinable
    public static func unpremultiplied(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let a = UInt8(truncatingIfNeeded: p >> 24)
        let r = UInt8(truncatingIfNeeded: p)
        let g = UInt8(truncatingIfNeeded: p >> 8)
        let b = UInt8(truncatingIfNeeded: p >> 16)
        if a == 255 || a == 0 { return (a == 0 ? 0 : r, a == 0 ? 0 : g, a == 0 ? 0 : b, a) }
        @inline(__always) func div(_ c: UInt8) -> UInt8 {
            UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        return (div(r), div(g), div(b), a)
    }

    /// A 0…1 component as a byte, clamped and rounded.
    @inlinable
    public static func toByte(_ v: Float) -> UInt8 {
        UInt8(Swift.max(0, Swift.min(255, v * 255 + 0.5)))
    }

    /// Packs a premultiplied colour with components in 0…1 (each clamped, rounded half up).
    @inlinable @inline(__always)
    public static func packUnit(_ c: SIMD4<Float>) -> UInt32 {
        @inline(__always) func byte(_ v: Float) -> UInt32 {
            let x = v * 255 + 0.5
            return x >= 255 ? 255 : x > 0 ? UInt32(x) : 0
        }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | byte(c.w) << 24
    }

    /// A packed pixel's components in 0…1.
    @inlinable @inline(__always)
    public static func unpackUnit(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24)) * (1 / 255)
    }

    /// Packs 8 opaque colours given as components in 0…1, exactly as `packUnit` packs each one,
    /// with vector instructions only.
    @inlinable @inline(__always)
    public static func packOpaque(r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>) -> SIMD8<UInt32> {
        @inline(__always) func bytes(_ v: SIMD8<Float>) -> SIMD8<UInt32> {
            var x = v * 255 + 0.5
            let zero = SIMD8<Float>(repeating: 0), top = SIMD8<Float>(repeating: 255)
            x.replace(with: zero, where: .!(x .>= zero))  // NaN too
            x.replace(with: top, where: x .> top)
            return unsafeBitCast(x.truncated, to: SIMD8<UInt32>.self)
        }
        return bytes(r) | bytes(g) &<< 8 | bytes(b) &<< 16 | SIMD8(repeating: 0xFF00_0000)
    }
}
