import OptaRaster

/// Renders `items` into a transparent `width × height` frame.
func render(
    _ items: [DrawItem], width: Int = 64, height: Int = 64, threads: Int = 1, tileSize: Int = 64,
    background: UInt32 = 0
) -> Framebuffer {
    var fb = Framebuffer(width: width, height: height, fill: background)
    fb.draw(DrawList(items), threads: threads, tileSize: tileSize)
    return fb
}

extension Framebuffer {
    /// Alpha of pixel (x, y) in 0…1.
    func alpha(_ x: Int, _ y: Int) -> Float { Float(self[x, y] >> 24) / 255 }

    /// Channel `c` (0 = r … 3 = a) of pixel (x, y) as a byte.
    func channel(_ x: Int, _ y: Int, _ c: Int) -> Int { Int((self[x, y] >> UInt32(8 * c)) & 0xFF) }

    /// Sum of alpha (0…1 per pixel) over the whole frame.
    var alphaSum: Float {
        var s: Float = 0
        for p in pixels { s += Float(p >> 24) / 255 }
        return s
    }

    /// Count of pixels with non-zero alpha.
    var inkedPixels: Int { pixels.reduce(0) { $0 + ($1 >> 24 != 0 ? 1 : 0) } }
}

/// A small deterministic generator for test scenes (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
