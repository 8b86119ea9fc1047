/// Halos for text: a coverage mask grown by a radius, drawn under the text in a contrasting
/// colour so labels stay legible over lines and fills.
public enum MaskHalo {
    /// `coverage` (row-major `width × height`) dilated by `radius` pixels with a round brush,
    /// padded by `ceil(radius)` on every side: the result is `(width + 2p) × (height + 2p)`, to be
    /// placed `p` pixels up and left of the mask. Edge pixels of the brush are weighted by how
    /// much of them the radius covers, so the halo's rim stays anti-aliased.
    public static func dilated(_ coverage: [UInt8], width: Int, height: Int, radius: Float)
        -> (coverage: [UInt8], width: Int, height: Int, pad: Int) {
        let pad = Swift.max(0, Int(radius.rounded(.up)))
        let w = width + 2 * pad, h = height + 2 * pad
        guard width > 0, height > 0, coverage.count >= width * height else { return ([], 0, 0, 0) }
        // The brush: offsets with a weight (1 inside the radius, fading over its last pixel).
        var brush: [(dx: Int, dy: Int, weight: Float)] = []
        for dy in -pad...pad {
            for dx in -pad...pad {
                let d = Float(dx * dx + dy * dy).squareRoot()
                let weight = Swift.min(Swift.max(radius + 0.5 - d, 0), 1)
                if weight > 0 { brush.append((dx, dy, weight)) }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<width {
                let c = coverage[y * width + x]
                if c == 0 { continue }
                for b in brush {
                    let i = (y + pad + b.dy) * w + (x + pad + b.dx)
                    let v = UInt8((Float(c) * b.weight).rounded())
                    if v > out[i] { out[i] = v }
                }
            }
        }
        return (out, w, h, pad)
    }
}
