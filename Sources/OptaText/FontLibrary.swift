import Foundation
import OptaSupport

/// Loads the UI font (DejaVu Sans) and its fallbacks through FreeType, caches rendered glyphs and
/// lays out text.
///
/// Each character comes from the first face that has it: DejaVu Sans, then Noto Sans CJK, then
/// Noto Color Emoji (drawn in their own colours, see `StrikeGlyph`), so Chinese, Japanese, Korean
/// and emoji in titles, labels and node names show their glyphs; measuring uses the same faces.
///
/// Thread-safe: all FreeType state and the glyph cache live behind one `Locked` mutex,
/// so `layout` and `measure` may be called from several threads at once.
/// FreeType resources are released when the library is deallocated.
public final class FontLibrary: Sendable {
    /// Directory searched by `loadDefault()` unless `OPTA_FONT_DIR` is set.
    public static let defaultFontDirectory = "/usr/share/fonts/truetype/dejavu"
    /// File name of the regular face.
    public static let regularFileName = "DejaVuSans.ttf"
    /// File name of the bold face.
    public static let boldFileName = "DejaVuSans-Bold.ttf"

    private let engine: Locked<TextLayoutEngine>

    /// Loads DejaVu Sans from `$OPTA_FONT_DIR`, else `/usr/share/fonts/truetype/dejavu`, and the
    /// fallbacks of `FontFallback.debianDefaults` that are installed.
    /// The regular face is required; the bold face and the fallbacks are used when present.
    public static func loadDefault() throws(FontError) -> FontLibrary {
        let environment = ProcessInfo.processInfo.environment["OPTA_FONT_DIR"]
        let directory = environment.flatMap { $0.isEmpty ? nil : $0 } ?? defaultFontDirectory
        let regular = (directory as NSString).appendingPathComponent(regularFileName)
        let bold = (directory as NSString).appendingPathComponent(boldFileName)
        let boldPath = FileManager.default.fileExists(atPath: bold) ? bold : nil
        let fallbacks = FontFallback.debianDefaults.compactMap { fallback -> FontFallback? in
            guard FileManager.default.fileExists(atPath: fallback.regularPath) else { return nil }
            let bold = fallback.boldPath.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
            return FontFallback(regularPath: fallback.regularPath, boldPath: bold)
        }
        return try FontLibrary(regularPath: regular, boldPath: boldPath, fallbacks: fallbacks)
    }

    /// Loads the given font files; `boldPath == nil` makes bold text use the regular face.
    /// `fallbacks` are tried in order for characters the regular (or bold) face lacks.
    public init(regularPath: String, boldPath: String?, fallbacks: [FontFallback] = []) throws(FontError) {
        let engine = try TextLayoutEngine(regularPath: regularPath, boldPath: boldPath, fallbacks: fallbacks)
        self.engine = Locked(engine)
    }

    /// Lays out one line of text at `pixelSize` (pixels per em). Characters no face has render
    /// as DejaVu's .notdef box; an empty string or a non-positive size gives an empty run.
    public func layout(_ text: String, pixelSize: Int, weight: FontWeight = .regular) -> TextRun {
        engine.withLock { $0.layout(text, pixelSize: pixelSize, weight: weight) }
    }

    /// Width of the laid-out line (its pen advance, kerning included).
    public func measure(_ text: String, pixelSize: Int, weight: FontWeight = .regular) -> Float {
        layout(text, pixelSize: pixelSize, weight: weight).advance
    }

    /// Number of glyphs currently in the cache.
    public var cachedGlyphCount: Int {
        engine.withLock { $0.cachedGlyphCount }
    }

    /// Number of laid-out lines currently kept for later calls of `layout` and `measure`.
    public var cachedLineCount: Int {
        engine.withLock { $0.cachedLineCount }
    }
}
