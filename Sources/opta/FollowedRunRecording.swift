import Foundation
import OptaSupport
import OptaCore
import OptaRuntime
import OptaStore

/// `opta view --follow`'s paths recorded as runs (source `follow`, method `logged`), one run per
/// path name, begun at the path's first point read and ended (status `logged`) when the window
/// closes or the file starts over. Fed by the follow reader's thread only (never the render
/// thread), which hands each read's iterates to the store's background writer.
///
/// Steps: a point's logged step when it is a whole number ≥ 0 above the path's last stored step,
/// else the last stored step + 1 (so a path without steps is stored as 0, 1, 2, …, like the
/// viewer counts it); stored steps always increase. f: as logged, else the landscape's value.
final class FollowedRunRecorder: FollowRecorder {
    let writer: RunRecorder
    let objective: Objective
    /// How the stop reason names the log: its path, or "standard input".
    let shownAs: String
    /// The paths' runs since the last start over. Only the reader thread uses it; the lock makes
    /// that safe to state to the compiler, and is never contended.
    private let runs: Locked<LoggedRunBook>

    init(writer: RunRecorder, identity: ScenarioIdentity, scenario: Scenario, source: FollowReader.Source) {
        self.writer = writer
        self.objective = scenario.landscape.objective
        self.shownAs = source.name
        runs = Locked(LoggedRunBook(template: RunInfo(source: "follow", scenarioJSON: identity.canonicalJSON, scenarioHash: identity.hash,
                           landscape: ScenarioIdentity.landscape(scenario.landscape.objective), name: "",
                           method: "logged", parameters: [:], seed: 0, start: .zero, optaVersion: OptaVersion.current)))
    }

    func record(_ points: [PathPoint]) {
        // One hand-over per path and read, in the order the paths first appear in the read.
        var order: [RunRecorder.Handle] = []
        var batches: [RunRecorder.Handle: [SolverIterate]] = [:]
        runs.withLock { runs in
            for point in points {
                let step = Self.step(point.step, after: runs.lastStep(of: point.path) ?? -1)
                let handle = runs.advance(point.path, to: step, start: point.point, writer: writer)
                let f = point.f.flatMap { $0.isNaN ? nil : $0 } ?? objective.value(point.point)
                if batches[handle] == nil { order.append(handle) }
                batches[handle, default: []].append(SolverIterate(step: step, x: point.point.x, y: point.point.y, value: f, gradientNorm: .nan))
            }
        }
        // Outside the lock: a full writer queue makes `append` wait.
        for handle in order { writer.append(handle, batches[handle] ?? []) }
    }

    func restart() { endAll() }

    func finish() { endAll() }

    /// Ends every path's run and forgets them: later points start new runs.
    private func endAll() {
        runs.withLock { $0.endAll(writer: writer) { count in "followed from \(shownAs) (\(count) points)" } }
    }

    /// The step stored for a point logged with `logged` after a stored `last` (see the type's comment).
    static func step(_ logged: Double?, after last: Int) -> Int {
        if let logged, let whole = Int(exactly: logged), whole > last { return whole }
        return last == Int.max ? Int.max : last + 1
    }
}
