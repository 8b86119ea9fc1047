import Foundation

/// Progress of long work on standard error: a bar redrawn in place on a terminal, plain lines
/// (about every tenth of the work) when the output goes to a file or a pipe. Both show the rate
/// (items per second since the start) and the time left at that rate.
final class ProgressReporter {
    let total: Int
    let label: String
    private var done = 0
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    init(total: Int, label: String) {
        self.total = max(1, total)
        self.label = label
        start = clock.now
    }

    func advance(detail: String) {
        done += 1
        if isTerminal {
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
            emit("\r[\(bar)] \(done)/\(total) \(label) \(rate)")
        } else if done == total || done % max(1, total / 10) == 0 {
            emit("\(done)/\(total) \(label): \(detail) \(rate)\n")
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

    /// Ends the bar's line after a failure, so the error starts on a line of its own.
    func abandon() {
        if isTerminal { emit("\n") }
    }

    /// "12.5 fps, 0:21 left" (items per second for labels other than frames).
    private var rate: String {
        let seconds = Milliseconds.of(clock.now - start) / 1000
        guard seconds > 0 else { return "" }
        let perSecond = Double(done) / seconds
        let left = perSecond > 0 ? Int((Double(total - done) / perSecond).rounded()) : 0
        let unit = label == "frames" ? "fps" : "\(label)/s"
        return String(format: "%.1f ", perSecond) + unit + String(format: ", %d:%02d left", left / 60, left % 60)
    }

    private func emit(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
