extension TileTarget {
    /// Turns the tile's premultiplied pixels into straight alpha in place, packed the same way:
    /// on a little-endian machine the bytes in memory then read R, G, B, A exactly as
    /// `Framebuffer.straightRGBA()` writes them (what PNG files hold).
    ///
    /// Opaque pixels are the same in both forms, so rows that are entirely opaque (every row of a
    /// landscape) are only read; other pixels convert with `PackedColor.unpremultiplied`.
    func straightenAlpha() {
        let width = rect.width
        let alpha = SIMD8<UInt32>(repeating: 0xFF00_0000)
        for y in rect.y0..<rect.y1 {
            let row = self.row(y) + rect.x0
            var all = alpha
            var x = 0
            while x &+ 8 <= width {
                all &= UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt32>.self)
                x &+= 8
            }
            var opaque = all == alpha
            while x < width && opaque {
                opaque = row[x] & 0xFF00_0000 == 0xFF00_0000
                x &+= 1
            }
            if opaque { continue }
            for x in 0..<width where row[x] < 0xFF00_0000 {
                let c = PackedColor.unpremultiplied(row[x])
                row[x] = PackedColor.pack(r: c.r, g: c.g, b: c.b, a: c.a)
            }
        }
    }
}
