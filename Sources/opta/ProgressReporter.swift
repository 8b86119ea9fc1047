import Foundation

/// Progress of long work on standard error, as a bar redrawn in place on a terminal (at most ten
/// times a second), with the rate (items per second since the start) and the time left at that
/// rate. Off a terminal it prints plain lines about every tenth of the work (`.always`) or nothing
/// (`.terminalOnly`), so files and pipes that capture standard error stay clean.
final class ProgressReporter {
    /// When the reporter shows anything.
    enum Mode {
        /// From the first item: a bar on a terminal, plain lines otherwise.
        case always
        /// Only on a terminal, and only once the work has run `after` (work that is usually quick).
        case terminalOnly(after: Duration)
    }

    /// How long work runs before a `.terminalOnly` reporter shows its bar: `OPTA_PROGRESS_AFTER`
    /// seconds when set (0 shows it at once), else one second.
    static var terminalDelay: Duration {
        let text = ProcessInfo.processInfo.environment["OPTA_PROGRESS_AFTER"] ?? ""
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 86_400 else { return .seconds(1) }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    let total: Int
    let label: String
    private let mode: Mode
    private var done = 0
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// When the bar was last drawn; nil while it is not on the screen.
    private var drawnAt: ContinuousClock.Instant?
    /// The count the bar shows.
    private var drawnDone = 0

    init(total: Int, label: String, mode: Mode = .always) {
        self.total = max(1, total)
        self.label = label
        self.mode = mode
        start = clock.now
    }

    /// One more item done.
    func advance(detail: String) { set(done: done + 1, detail: detail) }

    /// Moves to `done` of `total` (for work counted by its own counter); never goes back.
    func set(done newDone: Int, detail: String) {
        let before = done
        done = min(max(newDone, done), total)
        guard done > before else { return }
        if isTerminal {
            let now = clock.now
            if case .terminalOnly(let after) = mode, now - start < after { return }
            if done < total, let drawnAt, now - drawnAt < .milliseconds(100) { return }
            draw(at: now)
        } else if case .always = mode {
            // A line for each tenth passed, and one at the end.
            let every = max(1, total / 10)
            var mark = (before / every + 1) * every
            while mark <= done {
                emit("\(mark)/\(total) \(label): \(detail) \(rate)\n")
                mark += every
            }
            if done == total && total % every != 0 { emit("\(total)/\(total) \(label): \(detail) \(rate)\n") }
        }
    }

    /// Ends the bar's line without a summary (the caller reports the result itself).
    func end() { endLine() }

    func finish(summary: String) {
        endLine()
        print(summary)
    }

    /// Ends the bar's line after a failure, so the error starts on a line of its own.
    func abandon() { endLine() }

    private func draw(at now: ContinuousClock.Instant) {
        drawnAt = now
        drawnDone = done
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        emit("\r[\(bar)] \(done)/\(total) \(label) \(rate)")
    }

    /// Ends the bar's line (showing where the work ended, when the last update was not drawn).
    private func endLine() {
        guard drawnAt != nil else { return }
        if drawnDone != done { draw(at: clock.now) }
        emit("\n")
        drawnAt = nil
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
