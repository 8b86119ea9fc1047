import CHarfBuzz

/// Turns a sequence of characters that a font draws as one picture (an emoji ZWJ sequence such as
/// 👩‍💻, a flag 🇯🇵, a skin tone 👍🏽, a keycap 1️⃣, ❤️ with its emoji selector) into that font's
/// glyphs, through HarfBuzz and the font's own substitution (GSUB) tables: FreeType maps single
/// characters only.
///
/// Not Sendable; used by `TextLayoutEngine` under `FontLibrary`'s mutex.
final class SequenceShaper {
    private let font: OpaquePointer

    /// The shaper of the font file at `path` (its first face); nil when HarfBuzz cannot read it.
    init?(path: String) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        let face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        guard let face, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        hb_face_destroy(face)
        self.font = font
    }

    deinit {
        hb_font_destroy(font)
    }

    /// The glyph indices the font draws `scalars` with, in order (0 where it has none).
    func glyphs(for scalars: [Unicode.Scalar]) -> [UInt32] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map(\.value)
        hb_buffer_add_utf32(buffer, codepoints, Int32(codepoints.count), 0, Int32(codepoints.count))
        hb_buffer_guess_segment_properties(buffer)
        // Joiners and selectors leave no glyph of their own (not even an invisible one).
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count) else { return [] }
        return (0..<Int(count)).map { infos[$0].codepoint }
    }

    /// Whether the character `scalars` make is an emoji sequence a colour font may draw as one
    /// glyph: it joins (U+200D), pairs regional indicators (a flag), carries a skin tone, a keycap
    /// mark, tag characters (a subdivision flag) or the emoji presentation selector U+FE0F.
    static func isEmojiSequence(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.count > 1, let first = scalars.first, first.properties.isEmoji else { return false }
        return scalars.contains { scalar in
            switch scalar.value {
            case 0x200D, 0xFE0F, 0x20E3, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            default: return false
            }
        }
    }
}
