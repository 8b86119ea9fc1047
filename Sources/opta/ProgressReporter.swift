import Foundation

/// Progress of long work on standard error: a bar redrawn in place on a terminal, plain lines
/// (about every tenth of the work) when the output goes to a file or a pipe.
final class ProgressReporter {
    let total: Int
    let label: String
    private var done = 0
    private let isTerminal = isatty(STDERR_FILENO) == 1

    init(total: Int, label: String) {
        self.total = max(1, total)
        self.label = label
    }

    func advance(detail: String) {
        done += 1
        if isTerminal {
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
            emit("\r[\(bar)] \(done)/\(total) \(label)")
        } else if done == total || done % max(1, total / 10) == 0 {
            emit("\(done)/\(total) \(label): \(detail)\n")
        }
    }

    /// Ends the bar's line without a summary (the caller reports the result itself).
    func end() {
        if isTerminal { emit("\n") }
    }

    /// Moves to `done` of `total` (for work counted by its own counter).
    func set(done: Int, detail: String) {
        while self.done < min(done, total) { advance(detail: detail) }
    }

    func finish(summary: String) {
        if isTerminal { emit("\n") }
        print(summary)
    }

    private func emit(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
