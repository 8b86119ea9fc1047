import CFreeType
import Foundation

/// Owns one `FT_Face`: sets its pixel size, maps characters, reads kerning and renders glyphs.
///
/// Outline fonts render at the size asked for. A bitmap-only font (Noto Color Emoji) has fixed
/// strikes: the face selects the nearest one and scales its glyphs and advances to the size asked
/// for (`StrikeGlyph`).
///
/// Not Sendable (see `FreeTypeLibrary`); keeps its library alive so the face is
/// always released before the library.
final class FreeTypeFace {
    private let library: FreeTypeLibrary
    private let face: FT_Face
    private var currentPixelSize: Int = 0
    /// Size asked for ÷ the selected strike's size (1 for outline fonts).
    private var strikeScale: Float = 1
    /// Whether the face has a kerning table (FT_HAS_KERNING).
    let hasKerning: Bool
    /// Whether glyphs are outlines (false for fonts of bitmap strikes only).
    let isScalable: Bool

    init(path: String, library: FreeTypeLibrary) throws(FontError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw FontError(kind: .missingFile, path: path)
        }
        var face: FT_Face?
        // Face 0 of a collection (.ttc): Noto Sans CJK's first face is its Japanese one, which
        // covers the Chinese and Korean characters too.
        let error = FT_New_Face(library.handle, path, 0, &face)
        guard error == 0, let face else {
            throw FontError(kind: .unreadableFont(error), path: path)
        }
        // Prefer the Unicode charmap; DejaVu selects it by default, so a failure is harmless.
        _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        self.library = library
        self.face = face
        self.hasKerning = (face.pointee.face_flags & CFT_FACE_FLAG_KERNING) != 0
        self.isScalable = (face.pointee.face_flags & CFT_FACE_FLAG_SCALABLE) != 0
    }

    deinit {
        FT_Done_Face(face)
    }

    /// Sets the nominal pixel size (no-op when unchanged). Returns false if FreeType refuses it.
    @discardableResult
    func setPixelSize(_ size: Int) -> Bool {
        if size == currentPixelSize { return true }
        if isScalable {
            guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0 else { return false }
            strikeScale = 1
        } else {
            guard let (strike, ppem) = nearestStrike(to: size), FT_Select_Size(face, strike) == 0 else { return false }
            strikeScale = Float(size) / ppem
        }
        currentPixelSize = size
        return true
    }

    /// The smallest strike at least `size` pixels per em (shrinking keeps detail), else the largest.
    private func nearestStrike(to size: Int) -> (index: FT_Int, ppem: Float)? {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        let strikes = (0..<count).map { (index: FT_Int($0), ppem: Float(sizes[$0].y_ppem) / 64) }.filter { $0.ppem > 0 }
        return strikes.filter { $0.ppem >= Float(size) }.min { $0.ppem < $1.ppem } ?? strikes.max { $0.ppem < $1.ppem }
    }

    /// Ascender and descender at the current size, in pixels (both positive).
    var verticalMetrics: (ascent: Float, descent: Float) {
        guard let size = face.pointee.size else { return (0, 0) }
        let metrics = size.pointee.metrics
        return (Float(metrics.ascender) / 64, Float(-metrics.descender) / 64)
    }

    /// Glyph index for a Unicode scalar; 0 (the .notdef glyph) when the font lacks it.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Horizontal kerning between two glyphs at the current size, 26.6 (whole pixels).
    func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 else {
            return 0
        }
        return Int(delta.x)
    }

    /// Renders a glyph anti-aliased with light hinting at the current size.
    /// Falls back to glyph 0, then to an empty glyph, if FreeType fails.
    func render(_ index: UInt32) -> RenderedGlyph {
        if let glyph = tryRender(index) { return glyph }
        if index != 0, let glyph = tryRender(0) { return glyph }
        return RenderedGlyph(mask: .empty, left: 0, top: 0, advance26_6: 0)
    }

    private func tryRender(_ index: UInt32) -> RenderedGlyph? {
        isScalable ? renderOutline(index) : renderStrike(index)
    }

    private func renderOutline(_ index: UInt32) -> RenderedGlyph? {
        guard FT_Load_Glyph(face, index, CFT_LOAD_TARGET_LIGHT) == 0,
              let slot = face.pointee.glyph,
              FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0
        else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) || bitmap.width == 0 || bitmap.rows == 0
        else { return nil }
        return RenderedGlyph(
            mask: Self.copyMask(bitmap),
            left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top),
            advance26_6: Int(slot.pointee.advance.x)
        )
    }

    /// A strike's glyph (colour or gray), scaled from the strike's size to the size asked for.
    private func renderStrike(_ index: UInt32) -> RenderedGlyph? {
        guard FT_Load_Glyph(face, index, CFT_LOAD_COLOR) == 0, let slot = face.pointee.glyph,
              let scaled = StrikeGlyph.scaled(slot.pointee.bitmap, by: strikeScale)
        else { return nil }
        let scale = strikeScale
        return RenderedGlyph(
            mask: scaled.mask,
            left: Int((Float(slot.pointee.bitmap_left) * scale).rounded()),
            top: Int((Float(slot.pointee.bitmap_top) * scale).rounded()),
            advance26_6: Int((Float(slot.pointee.advance.x) * scale).rounded()),
            color: scaled.color
        )
    }

    /// Copies an 8-bit gray FreeType bitmap (any pitch sign) into a tightly packed mask.
    private static func copyMask(_ bitmap: FT_Bitmap) -> GlyphMask {
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return .empty }
        let pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                // A negative pitch means rows are stored bottom-up from `buffer`.
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * (-pitch)
                for column in 0..<width {
                    out[row * width + column] = source[column]
                }
            }
        }
        return GlyphMask(width: width, height: height, coverage: coverage)
    }
}
