import Foundation
import GRDB

/// A run store that cannot be used, as one line a user can act on: which file, what is wrong,
/// what to do. `kind` lets callers choose an exit status (bad data for a damaged file).
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The file is not an SQLite database, is damaged, or belongs to another program.
        case notAStore
        /// The file or its folder cannot be created or written.
        case cannotWrite
        /// The disk (or the store's size limit) is full.
        case full
        /// No run has the given id.
        case missingRun
        /// Anything else SQLite reported.
        case other
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// The error SQLite (through GRDB) reported while using the store at `path`, in words.
    static func from(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let db = error as? DatabaseError else {
            return StoreError(.other, "run store \(path): \(error)")
        }
        switch db.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return StoreError(.notAStore, "\(path) is not an Opta run store (not an SQLite database, or damaged); move it away or give another file with --store PATH")
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError(.cannotWrite, "cannot open the run store \(path) for writing (read-only location?); give a writable file with --store PATH, or --no-record")
        case .SQLITE_FULL, .SQLITE_IOERR:
            return StoreError(.full, "the run store \(path) cannot grow (disk full?); free some space, or give another file with --store PATH")
        default:
            return StoreError(.other, "run store \(path): \(db.message ?? "\(db.resultCode)")")
        }
    }
}
