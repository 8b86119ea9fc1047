/// Identifies a rendered glyph: face weight, which face of the fallback chain (0 = the UI font),
/// pixel size and glyph index.
struct GlyphKey: Hashable, Sendable {
    let weight: FontWeight
    let face: Int
    let pixelSize: Int
    let glyphIndex: UInt32
}

/// Rendered glyphs keyed by `GlyphKey`, so repeated layout does not re-render.
///
/// Bounded: when `capacity` entries are reached the cache is cleared (re-rendering
/// is deterministic, so results do not change).
struct GlyphCache {
    private var entries: [GlyphKey: RenderedGlyph] = [:]
    let capacity: Int

    init(capacity: Int = 8192) {
        self.capacity = max(1, capacity)
    }

    var count: Int { entries.count }

    /// The cached glyph for `key`, rendering it with `render` on a miss.
    mutating func glyph(for key: GlyphKey, render: () -> RenderedGlyph) -> RenderedGlyph {
        if let hit = entries[key] { return hit }
        let glyph = render()
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = glyph
        return glyph
    }
}
