import Foundation
import OptaCore
import OptaStore
import OptaSupport

/// The object behind an `opta_recorder *`: logged runs (a training loop's `log_step`) recorded in
/// the run store through the store's background writer. Each path name is one run, begun at its
/// first step; steps of a path must increase. Thread-safe: the per-path bookkeeping is behind a
/// mutex, and the writer takes iterates without waiting on SQLite.
final class LibraryRecorder: Sendable {
    let writer: RunRecorder
    private let runs: Locked<LoggedRunBook>
    /// The first writing failure (disk full, the file taken away), reported by `close`.
    private let failure = Locked<String?>(nil)

    /// Opens the store at `storePath` (nil: `$OPTA_STORE`, else the standard location) to record
    /// runs on the scenario `scenarioJSON` (whose landscape they are drawn on), labelled `label`.
    init(storePath: String?, scenarioJSON: String, baseFolder: String, label: String?) throws(ABIFailure) {
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.parse(Data(scenarioJSON.utf8), source: "scenario", baseFolder: baseFolder)
        } catch {
            throw .data("\(error)")
        }
        guard let identity = ScenarioIdentity(json: Data(scenarioJSON.utf8)) else { throw .data("scenario_json is not JSON") }
        let environment = ProcessInfo.processInfo.environment
        let path = StoreLocation.path(explicit: storePath ?? environment["OPTA_STORE"].flatMap { $0.isEmpty ? nil : $0 })
        let store: RunStore
        do { store = try RunStore(path: path) } catch {
            throw error.kind == .notAStore ? .data(error.message) : .io(error.message)
        }
        runs = Locked(LoggedRunBook(template: RunInfo(source: "python", scenarioJSON: identity.canonicalJSON, scenarioHash: identity.hash,
                           landscape: ScenarioIdentity.landscape(scenario.landscape.objective), name: "",
                           method: "logged", parameters: [:], seed: 0, start: .zero, optaVersion: OptaVersion.current,
                           label: label)))
        let failure = self.failure
        writer = RunRecorder(store: store) { error in failure.withLock { $0 = $0 ?? error.message } }
    }

    /// Records step `step` of the path `name` at (x, y) with f (NaN: not known).
    func log(path name: String, step: Int, x: Double, y: Double, f: Double) throws(ABIFailure) {
        guard !name.isEmpty else { throw .argument("path is empty; give the path a name") }
        guard step >= 0 else { throw .data("step \(step) of path \"\(name)\" is negative; steps count from 0") }
        guard x.isFinite, y.isFinite else {
            throw .data("step \(step) of path \"\(name)\" is at (\(x), \(y)); x and y must be finite numbers")
        }
        let handle = try runs.withLock { runs throws(ABIFailure) -> RunRecorder.Handle in
            if let last = runs.lastStep(of: name), step <= last {
                throw .data("step \(step) of path \"\(name)\" comes after step \(last); steps of a path must increase")
            }
            return runs.advance(name, to: step, start: SIMD2(x, y), writer: writer)
        }
        writer.append(handle, [SolverIterate(step: step, x: x, y: y, value: f, gradientNorm: .nan)])
    }

    /// Ends every path's run, commits everything and stops the writer; the first writing failure,
    /// if any, as an I/O failure.
    func close() throws(ABIFailure) {
        runs.withLock { $0.endAll(writer: writer) { count in "logged \(count) steps through the library" } }
        writer.close()
        if let message = failure.withLock({ $0 }) { throw .io("\(message); the runs logged after that are not recorded") }
    }
}
