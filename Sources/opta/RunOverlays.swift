import Foundation
import OptaCore
import OptaStore

/// Turns a scenario's `"runs"` references into stored runs to draw, read from the run store.
enum RunOverlays {
    /// The most runs one scenario overlays.
    static let maximum = 200

    /// `scenario` with its `"runs"` resolved from `store`; unchanged when it has none.
    static func resolve(_ scenario: Scenario, storePath: String) throws -> Scenario {
        guard !scenario.runReferences.isEmpty else { return scenario }
        let store: RunStore
        do { store = try RunStore(path: storePath) } catch {
            throw CommandFailure(status: error.kind == .notAStore ? .badData : .failure,
                                 message: "\"runs\" needs the run store: \(error.message)")
        }
        var ids: [Int64] = []
        for reference in scenario.runReferences {
            switch reference {
            case .id(let id): ids.append(id)
            case .label(let label): ids += try list(store, RunFilter(label: label)).map(\.id).reversed()
            case .query(let query):
                let filter: RunFilter
                do { filter = try RunFilter.parse(query) } catch { throw CommandFailure.badData("runs: \(error)") }
                ids += try list(store, filter).map(\.id).reversed()
            }
        }
        var seen = Set<Int64>()
        ids = ids.filter { seen.insert($0).inserted }
        guard ids.count <= maximum else {
            throw CommandFailure.badData("\"runs\" selects \(ids.count) runs; at most \(maximum): narrow the label or query (e.g. last=50)")
        }
        var shown = scenario
        shown.recordedRuns = try ids.map { try recorded($0, store: store) }
        return shown
    }

    /// Stored run `id` as something to draw.
    static func recorded(_ id: Int64, store: RunStore) throws -> RecordedRun {
        let run: StoredRun?
        do { run = try store.run(id) } catch { throw CommandFailure.failure("\(error)") }
        guard let run else {
            throw CommandFailure.badData("there is no run \(id) in \(store.path); see `opta runs list`")
        }
        return recorded(run)
    }

    static func recorded(_ run: StoredRun) -> RecordedRun {
        let status: SolverStatus = switch run.summary.status {
        case "converged": .converged
        case "diverged": .diverged
        default: .stopped
        }
        return RecordedRun(name: "#\(run.summary.id) \(run.summary.name)",
                           method: SolverMethod(rawValue: run.summary.method) ?? .gradientDescent,
                           trajectory: run.iterates.map { SIMD2($0.x, $0.y) }, values: run.iterates.map(\.value),
                           gradientNorms: run.iterates.map(\.gradientNorm), steps: run.iterates.map(\.step), status: status)
    }

    private static func list(_ store: RunStore, _ filter: RunFilter) throws -> [RunSummary] {
        do { return try store.list(filter) } catch { throw CommandFailure.failure("\(error)") }
    }
}
