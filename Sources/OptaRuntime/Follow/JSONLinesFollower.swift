import OptaCore

/// Turns a growing JSON Lines log (`{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}`,
/// one point per line) into points, chunk by chunk as bytes arrive: a line is parsed once its
/// newline has arrived, so a half-written last line waits for the rest. Malformed lines are
/// skipped and reported once each, with their line number. The building block of
/// `opta view --follow` (the reader thread feeds it; its points become actions).
public struct JSONLinesFollower: Sendable {
    /// Lines seen so far (complete ones).
    public private(set) var lineNumber = 0
    /// Bytes of a line whose newline has not arrived yet.
    private var pending: [UInt8] = []
    /// The path name for lines without `"path"`.
    public let defaultPath: String

    public init(defaultPath: String) {
        self.defaultPath = defaultPath
    }

    /// The points in `bytes` (appended to what came before) and a message per malformed line.
    public mutating func consume(_ bytes: some Collection<UInt8>) -> (points: [PathPoint], problems: [String]) {
        var points: [PathPoint] = []
        var problems: [String] = []
        pending.append(contentsOf: bytes)
        var start = 0
        while let newline = pending[start...].firstIndex(of: 0x0A) {
            lineNumber += 1
            var end = newline
            if end > start, pending[end - 1] == 0x0D { end -= 1 }
            let line = pending[start..<end]
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                switch PathPoint.parse(Array(line), defaultPath: defaultPath) {
                case .success(let p): points.append(p)
                case .failure(let problem): problems.append("line \(lineNumber) \(problem.message); skipped it")
                }
            }
            start = newline + 1
        }
        pending.removeFirst(start)
        return (points, problems)
    }

    /// Forgets everything: the file was truncated or replaced and is read again from its start.
    public mutating func reset() {
        pending.removeAll()
        lineNumber = 0
    }
}
