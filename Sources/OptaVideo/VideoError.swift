/// Why a video could not be written; the description is one line naming the cause and the fix.
public struct VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in broad terms, so callers can choose an exit status.
    public enum Kind: Sendable, Equatable {
        /// No `ffmpeg` program on the PATH.
        case ffmpegMissing
        /// ffmpeg stopped with an error (the reason is its own last error line).
        case ffmpegFailed
        /// The destination could not be created, written or renamed.
        case unwritable
        /// The frame size or rate cannot be encoded.
        case badParameters
    }

    public let kind: Kind
    public let reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }

    static func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
