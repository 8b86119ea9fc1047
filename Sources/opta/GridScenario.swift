import Foundation
import OptaCore
import OptaHDF5
import OptaSupport

/// `opta render loss.npy`, `opta render surface.h5`: a grid file given where a scenario goes
/// becomes a scenario showing it — log colours, 16 contour levels, and for an HDF5 file in Li et
/// al.'s layout its `train_loss` with its coordinates (and, when the file holds a projected
/// trajectory, `proj_xcoord`/`proj_ycoord`, that path). `--domain` places a grid whose file has
/// no coordinates; `--view 3d` shows it as a surface.
enum GridScenario {
    /// Whether `path` names a grid file rather than a scenario.
    static func isGridFile(_ path: String) -> Bool {
        !path.lowercased().hasSuffix(".json") && GridFile.format(of: path) != nil
    }

    /// The scenario for the grid file at `path`.
    static func scenario(file path: String, domain: [Double]? = nil) throws -> Scenario {
        HDF5Reader.install()
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var landscape = "\"grid\": {\"file\": \(JSONText.quoted(full))}, \"contours\": {\"count\": 16}"
        if let d = domain, d.count == 4 {
            landscape += ", \"domain\": {\"x\": [\(d[0]), \(d[1])], \"y\": [\(d[2]), \(d[3])]}"
        }
        var text = "{\"version\": 1, \"landscape\": {\(landscape)}"
        if GridFile.format(of: path) == "hdf5", PathFiles.hdf5HasTrajectory(full) {
            text += ", \"pathsFile\": \(JSONText.quoted(full))"
        }
        text += "}"
        do {
            var scenario = try ScenarioLoader.parse(Data(text.utf8), source: path)
            if let grid = scenario.landscape.objective.grid { scenario.title = grid.displayName }
            return scenario
        } catch {
            // The message names the file already; drop the generated field's path.
            throw CommandFailure.badData(error.message.replacingOccurrences(of: "cannot be read: ", with: ""))
        }
    }
}
