import Foundation

/// Reads what was appended to a file since the last look, and notices when the file was
/// truncated (shorter than what was read) or replaced (another inode): then it starts over from
/// the beginning and says so. Polled from one reader thread; not shared.
public struct FileTail: Sendable {
    public let path: String
    private var offset: UInt64 = 0
    private var inode: UInt64?

    /// What one look found.
    public enum Change: Sendable, Equatable {
        case appended([UInt8])
        /// The file was truncated or replaced; these are its bytes from the start.
        case restarted([UInt8])
        case unchanged
        case missing
    }

    public init(path: String) {
        self.path = path
    }

    /// New bytes since the last call (at most `limit` per call, so one look stays short).
    public mutating func poll(limit: Int = 4 << 20) -> Change {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.uint64Value else { return .missing }
        let currentInode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
        var restarted = false
        if size < offset || (inode != nil && currentInode != inode) {
            offset = 0
            restarted = true
        }
        inode = currentInode
        guard size > offset else { return restarted ? .restarted([]) : .unchanged }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .missing }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: Int(min(size - offset, UInt64(limit)))) ?? Data()
            offset += UInt64(data.count)
            return restarted ? .restarted([UInt8](data)) : .appended([UInt8](data))
        } catch {
            return .missing
        }
    }
}
