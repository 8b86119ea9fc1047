/// Perceptual colour distance between RGBA8 pixels in the YIQ space (Kotsarenko & Ramos 2010,
/// as used by pixelmatch). Pixels are first blended over white by their alpha.
enum ColorDelta {
    /// The largest possible YIQ delta; a threshold t in 0…1 allows `maxDelta * t²`.
    static let maxDelta: Double = 35215

    @inline(__always)
    static func blendOverWhite(_ c: UInt8, _ a: Double) -> Double { 255 + (Double(c) - 255) * a }

    /// Signed squared YIQ delta between pixel `i` of `a` and pixel `j` of `b` (negative when `b` is
    /// brighter), or the brightness-only delta when `brightnessOnly` is set.
    @inline(__always)
    static func delta(_ a: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UnsafeBufferPointer<UInt8>, _ j: Int,
                      brightnessOnly: Bool = false) -> Double {
        let i4 = i * 4, j4 = j * 4
        if a[i4] == b[j4] && a[i4 + 1] == b[j4 + 1] && a[i4 + 2] == b[j4 + 2] && a[i4 + 3] == b[j4 + 3] { return 0 }
        let a1 = Double(a[i4 + 3]) / 255, a2 = Double(b[j4 + 3]) / 255
        let r1 = blendOverWhite(a[i4], a1), g1 = blendOverWhite(a[i4 + 1], a1), b1 = blendOverWhite(a[i4 + 2], a1)
        let r2 = blendOverWhite(b[j4], a2), g2 = blendOverWhite(b[j4 + 1], a2), b2 = blendOverWhite(b[j4 + 2], a2)
        let y1 = luma(r1, g1, b1), y2 = luma(r2, g2, b2)
        let y = y1 - y2
        if brightnessOnly { return y }
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let d = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -d : d
    }

    @inline(__always) static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
