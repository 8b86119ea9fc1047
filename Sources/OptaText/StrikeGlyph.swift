import CFreeType

/// Glyphs of a bitmap-only font (Noto Color Emoji: one strike of colour bitmaps at 109 ppem),
/// turned into coverage masks at the size the text asks for.
///
/// Opta's text is drawn as coverage masks tinted with the text's colour (one colour per label, so
/// halos, rotation and the draw list stay single-channel). A colour emoji therefore becomes a
/// monochrome picture in that colour: coverage follows the bitmap's alpha, raised where the emoji is
/// dark, so a face's eyes and mouth stay readable on its lighter fill, as in a text-style emoji font.
enum StrikeGlyph {
    /// Share of coverage every opaque pixel gets, however light; the rest grows with darkness.
    static let lightCoverage: Float = 0.25

    /// Coverage (0...255, row-major) of an 8-bit gray or premultiplied BGRA FreeType bitmap; nil for
    /// other pixel modes.
    static func coverage(of bitmap: FT_Bitmap) -> (width: Int, height: Int, values: [Float])? {
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return (0, 0, []) }
        let isColor = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        guard isColor || bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        let pitch = Int(bitmap.pitch)
        var values = [Float](repeating: 0, count: width * height)
        for row in 0..<height {
            // A negative pitch means rows are stored bottom-up from `buffer`.
            let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * (-pitch)
            for column in 0..<width {
                if isColor {
                    let b = Float(source[4 * column]), g = Float(source[4 * column + 1])
                    let r = Float(source[4 * column + 2]), a = Float(source[4 * column + 3])
                    // Premultiplied, so `luma <= a`: coverage = a·(light + (1 − light)·(1 − L)),
                    // with L the unpremultiplied luma, is linear in the stored values.
                    let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
                    values[row * width + column] = a - (1 - lightCoverage) * luma
                } else {
                    values[row * width + column] = Float(source[column])
                }
            }
        }
        return (width, height, values)
    }

    /// `values` (width × height) resampled by `scale` with an area filter: each output pixel is the
    /// mean of the source area it covers, so a strike shrunk to 12 px keeps its overall weight.
    static func scaled(_ values: [Float], width: Int, height: Int, by scale: Float) -> GlyphMask {
        guard width > 0, height > 0, scale > 0, scale.isFinite else { return .empty }
        let outWidth = max(1, Int((Float(width) * scale).rounded(.up)))
        let outHeight = max(1, Int((Float(height) * scale).rounded(.up)))
        let columns = weights(source: width, output: outWidth, scale: scale)
        let rows = weights(source: height, output: outHeight, scale: scale)
        // Columns first into a (height × outWidth) buffer, then rows.
        var across = [Float](repeating: 0, count: height * outWidth)
        for y in 0..<height {
            for (x, taps) in columns.enumerated() {
                var sum: Float = 0
                for (source, weight) in taps { sum += values[y * width + source] * weight }
                across[y * outWidth + x] = sum
            }
        }
        var coverage = [UInt8](repeating: 0, count: outWidth * outHeight)
        for (y, taps) in rows.enumerated() {
            for x in 0..<outWidth {
                var sum: Float = 0
                for (source, weight) in taps { sum += across[source * outWidth + x] * weight }
                coverage[y * outWidth + x] = UInt8(min(255, max(0, sum.rounded())))
            }
        }
        return GlyphMask(width: outWidth, height: outHeight, coverage: coverage)
    }

    /// For each output pixel, the source pixels it overlaps and their share of it (shares sum to
    /// the covered fraction, 1 inside the source).
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
