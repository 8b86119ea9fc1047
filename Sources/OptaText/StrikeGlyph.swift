import CFreeType

/// Glyphs of a bitmap-only font (Noto Color Emoji: one strike of colour bitmaps at 109 ppem),
/// scaled from the strike's size to the size the text asks for with an area filter.
///
/// A colour strike (FreeType's premultiplied BGRA) gives the glyph's picture, drawn as it is
/// (`GlyphImage`), and its alpha as the mask that boxes and halos follow; a gray strike gives a
/// mask tinted with the text's colour like an outline glyph.
enum StrikeGlyph {
    /// The glyph in `bitmap` scaled by `scale`: its mask, and its picture when the bitmap is in
    /// colour; nil for pixel modes other than 8-bit gray and BGRA.
    static func scaled(_ bitmap: FT_Bitmap, by scale: Float) -> (mask: GlyphMask, color: GlyphImage?)? {
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        let isColor = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        guard isColor || bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return (.empty, nil) }
        let pitch = Int(bitmap.pitch)
        // One plane per channel: gray, or red, green, blue, alpha (premultiplied, as FreeType gives them).
        let channels = isColor ? 4 : 1
        var planes = [[Float]](repeating: [Float](repeating: 0, count: width * height), count: channels)
        for row in 0..<height {
            // A negative pitch means rows are stored bottom-up from `buffer`.
            let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * (-pitch)
            for column in 0..<width {
                let i = row * width + column
                if isColor {
                    planes[0][i] = Float(source[4 * column + 2])
                    planes[1][i] = Float(source[4 * column + 1])
                    planes[2][i] = Float(source[4 * column])
                    planes[3][i] = Float(source[4 * column + 3])
                } else {
                    planes[0][i] = Float(source[column])
                }
            }
        }
        guard let filter = AreaFilter(width: width, height: height, scale: scale) else { return (.empty, nil) }
        let bytes = planes.map { filter.apply($0) }
        guard isColor else { return (GlyphMask(width: filter.outWidth, height: filter.outHeight, coverage: bytes[0]), nil) }
        let alpha = bytes[3]
        let pixels = alpha.indices.map { i -> UInt32 in
            // Filtering premultiplied values keeps every channel within alpha, up to rounding.
            let a = alpha[i]
            return UInt32(min(bytes[0][i], a)) | UInt32(min(bytes[1][i], a)) << 8 | UInt32(min(bytes[2][i], a)) << 16 | UInt32(a) << 24
        }
        return (GlyphMask(width: filter.outWidth, height: filter.outHeight, coverage: alpha),
                GlyphImage(width: filter.outWidth, height: filter.outHeight, pixels: pixels))
    }

    /// `values` (width × height, 0…255) resampled by `scale` with the area filter, as a mask.
    static func scaled(_ values: [Float], width: Int, height: Int, by scale: Float) -> GlyphMask {
        guard let filter = AreaFilter(width: width, height: height, scale: scale) else { return .empty }
        return GlyphMask(width: filter.outWidth, height: filter.outHeight, coverage: filter.apply(values))
    }
}

/// Resampling of a plane by a scale with an area filter: each output pixel is the mean of the
/// source area it covers, so a strike shrunk to 12 px keeps its overall weight.
private struct AreaFilter {
    let width: Int, height: Int
    let outWidth: Int, outHeight: Int
    /// For each output column and row, the source pixels it overlaps and their share of it
    /// (shares sum to the covered fraction, 1 inside the source).
    let columns: [[(Int, Float)]], rows: [[(Int, Float)]]

    init?(width: Int, height: Int, scale: Float) {
        guard width > 0, height > 0, scale > 0, scale.isFinite else { return nil }
        self.width = width
        self.height = height
        outWidth = max(1, Int((Float(width) * scale).rounded(.up)))
        outHeight = max(1, Int((Float(height) * scale).rounded(.up)))
        columns = Self.weights(source: width, output: outWidth, scale: scale)
        rows = Self.weights(source: height, output: outHeight, scale: scale)
    }

    /// `values` (width × height) filtered to outWidth × outHeight bytes.
    func apply(_ values: [Float]) -> [UInt8] {
        // Columns first into a (height × outWidth) buffer, then rows.
        var across = [Float](repeating: 0, count: height * outWidth)
        for y in 0..<height {
            for (x, taps) in columns.enumerated() {
                var sum: Float = 0
                for (source, weight) in taps { sum += values[y * width + source] * weight }
                across[y * outWidth + x] = sum
            }
        }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        for (y, taps) in rows.enumerated() {
            for x in 0..<outWidth {
                var sum: Float = 0
                for (source, weight) in taps { sum += across[source * outWidth + x] * weight }
                out[y * outWidth + x] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
        return out
    }

    private static func weights(source: Int, output: Int, scale: Float) -> [[(Int, Float)]] {
        (0..<output).map { o in
            let start = Float(o) / scale, end = Float(o + 1) / scale
            var taps: [(Int, Float)] = []
            var s = Int(start)
            while s < source, Float(s) < end {
                let overlap = min(end, Float(s + 1)) - max(start, Float(s))
                if overlap > 0 { taps.append((s, overlap * scale)) }
                s += 1
            }
            return taps
        }
    }
}
