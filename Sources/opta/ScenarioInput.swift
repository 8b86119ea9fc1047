import Foundation
import OptaCore
import OptaHDF5
import OptaScene
import OptaText

/// Turns the command line's scenario argument into a scenario, and loads the fonts figures need.
enum ScenarioInput {
    /// The scenario at `path`, or the built-in default (R1) when `path` is nil.
    /// Stored runs the scenario names in `"runs"` are read from the run store at `store` (the
    /// command's `--store`, see `StoreLocationOption`).
    static func load(_ path: String?, store: String) throws -> Scenario {
        try RunOverlays.resolve(loadFile(path), storePath: store)
    }

    private static func loadFile(_ path: String?) throws -> Scenario {
        guard let path else { return DefaultScenario.scenario() }
        HDF5Reader.install()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandFailure.usage("scenario file \(path) does not exist; check the path, or leave it out to render the default scene")
        }
        guard !isFolder.boolValue else {
            throw CommandFailure.usage("\(path) is a folder; give a scenario .json file")
        }
        if GridScenario.isGridFile(path) { return try GridScenario.scenario(file: path) }
        do {
            let scenario = try ScenarioLoader.load(path: path)
            for warning in scenario.warnings { FileHandle.standardError.write(Data("opta: warning: \(warning)\n".utf8)) }
            return scenario
        } catch {
            // Errors about the file as a whole already start with its name; field errors name a JSON path.
            throw CommandFailure.badData(error.path == path ? "\(error)" : "\(path): \(error)")
        }
    }

    /// A short name for reports: the file name without extension, or "default".
    static func name(_ path: String?) -> String {
        path.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "default"
    }

    /// The UI font (DejaVu Sans).
    static func fonts() throws -> FontLibrary {
        do { return try FontLibrary.loadDefault() } catch {
            throw CommandFailure.failure("\(error)")
        }
    }
}
