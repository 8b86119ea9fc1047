import Foundation
import OptaCore
import OptaStore

/// Logged paths read from files (a scenario's `"pathsFile"`) kept as runs: method `logged`, source
/// `file`, and as origin the hash of the file's bytes, so reading the same file again (from any
/// scenario) finds the runs stored the first time instead of storing them twice. A changed file
/// is a new origin, so its paths are stored again.
enum LoggedPathRecording {
    /// A path file the scenario at `scenarioPath` names, resolved as the scenario loader resolves it.
    struct File {
        let shownAs: String
        let fullPath: String
    }

    /// The files in the scenario's `"pathsFile"` (none when it has no such field or is not JSON:
    /// the loader has already checked it).
    static func files(ofScenario scenarioPath: String?) -> [File] {
        guard let scenarioPath, let data = FileManager.default.contents(atPath: scenarioPath),
              case .object(let fields)? = try? JSONValue.parse(data, source: scenarioPath) else { return [] }
        let names: [String] = switch fields["pathsFile"] {
        case .string(let name)?: [name]
        case .array(let items)?: items.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: []
        }
        let folder = URL(fileURLWithPath: scenarioPath).deletingLastPathComponent().path
        return names.map { File(shownAs: $0, fullPath: $0.hasPrefix("/") ? $0 : "\(folder)/\($0)") }
    }

    /// Stores the logged paths of `scenarioPath`'s path files in `store`, each once; returns one
    /// note per path ("logged path adam (run.csv) is run #3"). Writing failures become a warning.
    static func record(scenarioPath: String?, scenario: Scenario, identity: ScenarioIdentity, store: RunStore) -> [String] {
        var notes: [String] = []
        for file in files(ofScenario: scenarioPath) {
            guard let bytes = FileManager.default.contents(atPath: file.fullPath),
                  let contents = try? PathFiles.load(file.fullPath, shownAs: file.shownAs, field: "pathsFile") else { continue }
            let origin = "file:" + ScenarioIdentity.fnv1a(bytes: bytes)
            for path in contents.paths where !path.points.isEmpty {
                let info = RunInfo(source: "file", scenarioJSON: identity.canonicalJSON, scenarioHash: identity.hash,
                                   landscape: ScenarioIdentity.landscape(scenario.landscape.objective), name: path.name,
                                   method: "logged", parameters: [:], seed: 0, start: path.points[0],
                                   optaVersion: OptaVersion.current, origin: origin)
                let end = RunEnd(status: "logged", stopReason: "read from \(file.shownAs) (\(path.points.count) points)", wallTime: 0)
                do {
                    let stored = try store.insertUnlessStored(info, iterates: iterates(of: path, on: scenario.landscape.objective), end: end)
                    notes.append("logged path \(path.name) (\(file.shownAs)) is run #\(stored.id)\(stored.inserted ? "" : ", stored before")")
                } catch {
                    StoreWarning.say("\(error); logged paths are not recorded")
                    return notes
                }
            }
        }
        return notes
    }

    /// A logged path's points as iterates: its own steps when they are whole numbers counting up
    /// (else 0, 1, 2, …), f as logged or else the landscape's, ‖∇f‖ unknown.
    static func iterates(of path: PathSpec, on objective: Objective) -> [SolverIterate] {
        let logged = path.steps.map { steps in steps.map { Int(exactly: $0) } }
        let ownSteps: [Int]? = logged.flatMap { steps in
            let whole = steps.compactMap { $0 }
            guard whole.count == path.points.count, whole.first.map({ $0 >= 0 }) == true,
                  zip(whole, whole.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            return whole
        }
        return path.points.enumerated().map { i, point in
            let value = path.values.flatMap { i < $0.count ? $0[i] : nil }
            return SolverIterate(step: ownSteps?[i] ?? i, x: point.x, y: point.y,
                           value: value.flatMap { $0.isNaN ? nil : $0 } ?? objective.value(point), gradientNorm: .nan)
        }
    }
}
