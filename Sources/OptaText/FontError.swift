/// Why a font could not be loaded.
public struct FontError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// No file at `path`.
        case missingFile
        /// FreeType could not be initialised (error code).
        case freeTypeInit(Int32)
        /// FreeType could not open or configure the face at `path` (error code).
        case unreadableFont(Int32)
    }

    public let kind: Kind
    /// The font file involved (empty for `freeTypeInit`).
    public let path: String

    public init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    public var description: String {
        switch kind {
        case .missingFile:
            return "Font file not found: \(path). Install the DejaVu fonts "
                + "(apt-get install fonts-dejavu-core) or set OPTA_FONT_DIR to a directory "
                + "containing DejaVuSans.ttf and DejaVuSans-Bold.ttf."
        case .freeTypeInit(let code):
            return "FreeType could not be initialised (error \(code))."
        case .unreadableFont(let code):
            return "FreeType could not load font \(path) (error \(code))."
        }
    }
}
