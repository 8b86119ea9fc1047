extension TileTarget {
    /// Turns the tile's premultiplied pixels into straight alpha in place, packed the same way:
    /// on a little-endian machine the bytes in memory then read R, G, B, A exactly as
    /// `Framebuffer.straightRGBA()` writes them (what PNG files hold).
    ///
    /// Opaque pixels are the same in both forms, so a tile that is entirely opaque (every tile of
    /// a landscape) is only read, with one vector AND per 8 pixels and one test for the whole tile;
    /// other tiles convert their non-opaque pixels with `PackedColor.unpremultiplied`.
    func straightenAlpha() {
        let width = rect.width
        let opaque: UInt32 = 0xFF00_0000
        var lanes = SIMD8<UInt32>(repeating: opaque)
        var rest = opaque
        for y in rect.y0..<rect.y1 {
            let row = self.row(y) + rect.x0
            var x = 0
            while x &+ 8 <= width {
                lanes &= UnsafeRawPointer(row + x).loadUnaligned(as: SIMD8<UInt32>.self)
                x &+= 8
            }
            while x < width {
                rest &= row[x]
                x &+= 1
            }
        }
        if (lanes & opaque).min() == opaque && rest & opaque == opaque { return }
        for y in rect.y0..<rect.y1 {
            let row = self.row(y) + rect.x0
            for x in 0..<width where row[x] < opaque {
                let c = PackedColor.unpremultiplied(row[x])
                row[x] = PackedColor.pack(r: c.r, g: c.g, b: c.b, a: c.a)
            }
        }
    }
}
