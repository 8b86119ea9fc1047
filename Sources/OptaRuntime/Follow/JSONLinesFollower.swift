import OptaCore

/// Turns a growing JSON Lines log (`{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}`,
/// one point per line) into points, chunk by chunk as bytes arrive: a line is parsed once its
/// newline has arrived, so a half-written last line waits for the rest. Malformed lines are
/// skipped and reported once each, with their line number; so are lines longer than
/// `maxLineBytes`, whose bytes are dropped as they come (a log without newlines cannot grow memory
/// without bound). The building block of `opta view --follow` (the reader thread feeds it; its
/// points become actions).
public struct JSONLinesFollower: Sendable {
    /// Lines seen so far (complete ones).
    public private(set) var lineNumber = 0
    /// Bytes of a line whose newline has not arrived yet.
    private var pending: [UInt8] = []
    /// Whether the bytes up to the next newline belong to a line already reported as too long.
    private var skippingLongLine = false
    /// The path name for lines without `"path"`.
    public let defaultPath: String
    /// The longest line read, in bytes without its newline.
    public let maxLineBytes: Int

    public init(defaultPath: String, maxLineBytes: Int = 1 << 20) {
        self.defaultPath = defaultPath
        self.maxLineBytes = max(1, maxLineBytes)
    }

    /// The points in `bytes` (appended to what came before) and a message per malformed line.
    public mutating func consume(_ bytes: some Collection<UInt8>) -> (points: [PathPoint], problems: [String]) {
        var points: [PathPoint] = []
        var problems: [String] = []
        var rest = bytes[...]
        if skippingLongLine {
            guard let newline = rest.firstIndex(of: 0x0A) else { return ([], []) }
            lineNumber += 1
            skippingLongLine = false
            rest = rest[rest.index(after: newline)...]
        }
        pending.append(contentsOf: rest)
        var start = 0
        while let newline = pending[start...].firstIndex(of: 0x0A) {
            lineNumber += 1
            var end = newline
            if end > start, pending[end - 1] == 0x0D { end -= 1 }
            let line = pending[start..<end]
            if line.count > maxLineBytes {
                problems.append("line \(lineNumber) is longer than \(maxLineBytes) bytes; skipped it")
            } else if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                switch PathPoint.parse(Array(line), defaultPath: defaultPath) {
                case .success(let p): points.append(p)
                case .failure(let problem): problems.append("line \(lineNumber) \(problem.message); skipped it")
                }
            }
            start = newline + 1
        }
        pending.removeFirst(start)
        if pending.count > maxLineBytes {
            problems.append("line \(lineNumber + 1) is longer than \(maxLineBytes) bytes; skipped it")
            pending = []
            skippingLongLine = true
        }
        return (points, problems)
    }

    /// Forgets everything: the file was truncated or replaced and is read again from its start.
    public mutating func reset() {
        pending.removeAll()
        skippingLongLine = false
        lineNumber = 0
    }
}
