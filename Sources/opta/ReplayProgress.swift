import OptaCore

extension HeadlessSession {
    /// `replay(_:through:)` showing a bar on a terminal when the replay takes more than about a
    /// second (a late `--frame N` replays every frame before it); silent in files and pipes.
    mutating func replayShowingProgress(_ trace: Trace, through last: Int) {
        let first = frame
        guard last > first else { return }
        let progress = ProgressReporter(total: last - first, label: "frames", mode: .terminalOnly(after: ProgressReporter.terminalDelay))
        replay(trace, through: last) { progress.set(done: $0 - first, detail: "replaying") }
        progress.end()
    }
}
