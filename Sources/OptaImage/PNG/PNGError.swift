/// Why a PNG file could not be read or written; the description names the file and the cause.
public struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in broad terms, so callers can choose an exit status.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist.
        case missing
        /// The file exists but is not a readable PNG.
        case unreadable
        /// The destination folder is missing, not a folder, or not writable; or the write failed.
        case unwritable
    }

    public let kind: Kind
    public let path: String
    public let reason: String

    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
