/// Blends colour pictures (emoji glyphs) into one tile: premultiplied source-over, each frame
/// pixel sampled at its centre with bilinear filtering from the picture stretched over its
/// rectangle (pixels outside the picture are transparent, which anti-aliases fractional edges).
/// Every value comes from frame coordinates alone, so tiles and threads never change a pixel.
enum ImageRaster {
    /// Kept out of line: pictures are rare (emoji), and inlining this into the composite loop
    /// only makes the loop every stroke and disk goes through bigger.
    @inline(never)
    static func draw(_ image: ImageShape, bytes: UnsafeBufferPointer<UInt8>, clip: PixelRect, target: TileTarget) {
        let x0 = Swift.max(clip.x0, Int(image.lo.x)), x1 = Swift.min(clip.x1, Int(image.hi.x))
        let y0 = Swift.max(clip.y0, Int(image.lo.y)), y1 = Swift.min(clip.y1, Int(image.hi.y))
        guard x0 < x1, y0 < y1, let base = bytes.baseAddress else { return }
        let pixels = UnsafeRawPointer(base + image.offset)
        let w = Int(image.width), h = Int(image.height)
        @inline(__always) func texel(_ i: Int, _ j: Int) -> UInt32 {
            guard i >= 0, j >= 0, i < w, j < h else { return 0 }
            return pixels.loadUnaligned(fromByteOffset: 4 * (j * w + i), as: UInt32.self)
        }
        if image.exact {
            // On whole pixels at its own size: each frame pixel is one picture pixel.
            let ox = Int(image.origin.x), oy = Int(image.origin.y)
            for y in y0..<y1 {
                let row = target.row(y)
                for x in x0..<x1 {
                    let p = texel(x - ox, y - oy)
                    if p == 0 { continue }
                    row[x] = p >= 0xFF00_0000 ? p : PixelBlend.over(p, row[x])
                }
            }
            return
        }
        for y in y0..<y1 {
            // Clamped to just outside the picture (far-off rectangles reach huge values).
            let v = Swift.min(Swift.max((Float(y) + 0.5 - image.origin.y) * image.step.y - 0.5, -2), Float(h) + 1)
            let j = Int(v.rounded(.down)), fv = v - Float(j)
            let row = target.row(y)
            for x in x0..<x1 {
                let u = Swift.min(Swift.max((Float(x) + 0.5 - image.origin.x) * image.step.x - 0.5, -2), Float(w) + 1)
                let i = Int(u.rounded(.down)), fu = u - Float(i)
                let top = mix(texel(i, j), texel(i + 1, j), fu)
                let bottom = mix(texel(i, j + 1), texel(i + 1, j + 1), fu)
                let c = top + (bottom - top) * fv
                let p = pack(c)
                if p == 0 { continue }
                row[x] = PixelBlend.over(p, row[x])
            }
        }
    }

    /// Two packed pixels mixed `t` of the way from `a` to `b`, as Float channels (0…255).
    @inline(__always)
    private static func mix(_ a: UInt32, _ b: UInt32, _ t: Float) -> SIMD4<Float> {
        let ca = channels(a), cb = channels(b)
        return ca + (cb - ca) * t
    }

    @inline(__always)
    private static func channels(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
    }

    /// Rounds Float channels back to a packed pixel, each colour channel at most alpha (a mix of
    /// premultiplied pixels is premultiplied; rounding could only lift a channel past it by one).
    @inline(__always)
    private static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let a = UInt32(Swift.min(255, Swift.max(0, c.w + 0.5)))
        @inline(__always) func byte(_ v: Float) -> UInt32 { Swift.min(a, UInt32(Swift.min(255, Swift.max(0, v + 0.5)))) }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | a << 24
    }
}
