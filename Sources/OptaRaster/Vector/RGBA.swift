/// A straight-alpha colour with components in 0…1.
public struct RGBA: Sendable, Equatable, Hashable {
    public var r: Float
    public var g: Float
    public var b: Float
    public var a: Float

    public init(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The colour premultiplied and packed as an Opta pixel (`r | g << 8 | b << 16 | a << 24`).
    public var premultipliedPacked: UInt32 {
        PackedColor.premultiplied(r, g, b, a)
    }

    /// The same colour with its alpha multiplied by `factor` (clamped to 0…1).
    public func fading(by factor: Float) -> RGBA {
        RGBA(r, g, b, Swift.max(0, Swift.min(1, a * factor)))
    }

    /// True when every component is finite (NaN colours are drawn as nothing).
    public var isFinite: Bool { r.isFinite && g.isFinite && b.isFinite && a.isFinite }

    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(1, 1, 1)
    public static let clear = RGBA(0, 0, 0, 0)
}
