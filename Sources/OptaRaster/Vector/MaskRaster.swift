/// Blends 8-bit coverage masks (glyphs, followed paths) into one tile.
enum MaskRaster {
    @inline(__always)
    static func draw(_ mask: MaskShape, bytes: UnsafeBufferPointer<UInt8>, clip: PixelRect, target: TileTarget) {
        let x0 = Swift.max(clip.x0, mask.x), x1 = Swift.min(clip.x1, mask.x + mask.width)
        let y0 = Swift.max(clip.y0, mask.y), y1 = Swift.min(clip.y1, mask.y + mask.height)
        guard x0 < x1, y0 < y1, let base = bytes.baseAddress else { return }
        let opaque = mask.color >= 0xFF00_0000
        for y in y0..<y1 {
            let src = base + mask.offset + (y - mask.y) * mask.width - mask.x
            let row = target.row(y)
            var x = x0
            while x < x1 {
                let end = Swift.min(x + 8, x1)
                // A followed path's masks are mostly empty: 8 pixels of no coverage at once.
                if end - x == 8, UnsafeRawPointer(src + x).loadUnaligned(as: UInt64.self) == 0 {
                    x = end
                    continue
                }
                for x in x..<end {
                    let b = src[x]
                    if b == 0 { continue }
                    if b == 255 && opaque {
                        row[x] = mask.color
                    } else {
                        row[x] = PixelBlend.blend(row[x], mask.color, PixelBlend.coverage256(byte: b))
                    }
                }
                x = end
            }
        }
    }
}
