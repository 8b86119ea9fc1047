import ArgumentParser
import Foundation
import OptaCore
import OptaStore

/// `--store PATH`, shared by every command that reads or writes the run store: the only place the
/// option and its default are defined.
struct StoreLocationOption: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp(
        "The run store (SQLite) that records runs and holds the stored runs a scenario's \"runs\" overlays. Default: $OPTA_STORE, else $XDG_DATA_HOME/opta/runs.sqlite, else ~/.local/share/opta/runs.sqlite.",
        valueName: "path"))
    var store: String?

    /// The store file this option names.
    var path: String { store ?? Self.defaultPath }

    /// The store without `--store`: `$OPTA_STORE`, else the standard location.
    static var defaultPath: String {
        StoreLocation.path(explicit: ProcessInfo.processInfo.environment["OPTA_STORE"].flatMap { $0.isEmpty ? nil : $0 })
    }
}

/// `--store PATH` and `--no-record`, shared by every command that records into the run store.
struct StoreOptions: ParsableArguments {
    @OptionGroup var location: StoreLocationOption

    @Flag(name: .customLong("no-record"), help: "Do not record anything in the run store.")
    var noRecord = false

    /// The store file these options name.
    var path: String { location.path }

    /// The store to record into, or nil (with one warning on standard error) when it cannot be
    /// used: the command goes on without recording.
    func openForRecording() -> RunStore? {
        guard !noRecord else { return nil }
        do { return try RunStore(path: path) } catch {
            StoreWarning.say("\(error); this run is not recorded")
            return nil
        }
    }

    /// The store to read, or a failure: a damaged file is bad data (65), else a failure (1).
    func openForReading() throws -> RunStore {
        do { return try RunStore(path: path) } catch {
            throw CommandFailure(status: error.kind == .notAStore ? .badData : .failure, message: error.message)
        }
    }

    /// A recorder writing to `store`, warning once if writing fails later (disk full).
    static func recorder(_ store: RunStore) -> RunRecorder {
        RunRecorder(store: store) { error in StoreWarning.say("\(error); recording stopped, the run goes on") }
    }
}

/// Warnings about the run store, one line each on standard error.
enum StoreWarning {
    static func say(_ message: String) {
        FileHandle.standardError.write(Data("opta: warning: \(message)\n".utf8))
    }
}

/// The identity of the scenario a command was given (its file, or the built-in R1).
enum ScenarioSource {
    static func identity(_ path: String?) -> ScenarioIdentity {
        let data = path.flatMap { FileManager.default.contents(atPath: $0) } ?? Data(DefaultScenario.json.utf8)
        // A grid or path file given instead of a scenario is named by its bytes.
        return ScenarioIdentity(json: data) ?? ScenarioIdentity(otherFile: data)
    }
}
