import OptaRaster

/// Premultiplied framebuffer pixels → straight-alpha RGBA8 rows in caller memory.
///
/// Opta packs a pixel as `r | g << 8 | b << 16 | a << 24`, so on a little-endian machine an opaque
/// pixel's word is already its R, G, B, A bytes: rows that are entirely opaque (every pixel of a
/// landscape) are copied as they are; other rows convert pixel by pixel with `PackedColor`.
/// (Splitting the copy between threads measured slower: it is bound by memory, not by a core.)
enum StraightRows {
    static func copy(_ framebuffer: Framebuffer, into destination: UnsafeMutableRawPointer, stride: Int) {
        copyRows(framebuffer, 0..<framebuffer.height, into: destination, stride: stride)
    }

    static func copyRows(_ framebuffer: Framebuffer, _ rows: Range<Int>, into destination: UnsafeMutableRawPointer, stride: Int) {
        let w = framebuffer.width
        framebuffer.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in rows {
                let src = base + y * w
                let row = destination + y * stride
                var opaque: UInt32 = 0xFF00_0000
                for x in 0..<w { opaque &= src[x] }
                if opaque == 0xFF00_0000 && UInt32(littleEndian: 1) == 1 {
                    row.copyMemory(from: src, byteCount: 4 * w)
                    continue
                }
                let bytes = row.assumingMemoryBound(to: UInt8.self)
                for x in 0..<w {
                    let rgba = PackedColor.unpremultiplied(src[x])
                    bytes[4 * x] = rgba.r
                    bytes[4 * x + 1] = rgba.g
                    bytes[4 * x + 2] = rgba.b
                    bytes[4 * x + 3] = rgba.a
                }
            }
        }
    }
}
