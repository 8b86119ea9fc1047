import Foundation
import OptaSupport

/// Loads the UI font (DejaVu Sans) through FreeType, caches rendered glyphs and lays out text.
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

    /// Loads DejaVu Sans from `$OPTA_FONT_DIR`, else `/usr/share/fonts/truetype/dejavu`.
    /// The regular face is required; the bold face is used when present.
    public static func loadDefault() throws(FontError) -> FontLibrary {
        let environment = ProcessInfo.processInfo.environment["OPTA_FONT_DIR"]
        let directory = environment.flatMap { $0.isEmpty ? nil : $0 } ?? defaultFontDirectory
        let regular = (directory as NSString).appendingPathComponent(regularFileName)
        let bold = (directory as NSString).appendingPathComponent(boldFileName)
        let boldPath = FileManager.default.fileExists(atPath: bold) ? bold : nil
        return try FontLibrary(regularPath: regular, boldPath: boldPath)
    }

    /// Loads the given font files; `boldPath == nil` makes bold text use the regular face.
    public init(regularPath: String, boldPath: String?) throws(FontError) {
        let engine = try TextLayoutEngine(regularPath: regularPath, boldPath: boldPath)
        self.engine = Locked(engine)
    }

    /// Lays out one line of text at `pixelSize` (pixels per em). Characters the font lacks
    /// render as its .notdef glyph; an empty string or a non-positive size gives an empty run.
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
}
