import ArgumentParser
import Foundation
import OptaCore
import OptaHDF5

extension LandscapeOptions {
    /// `--paths` adds logged paths; `--domain` for a grid whose file has no coordinates places its
    /// samples evenly over the domain (rather than cropping a grid at 0, 1, 2, …); `--view 3d|2d`
    /// switches the view.
    func applyGridAndView(_ scenario: inout Scenario) throws {
        // `--paths FILE…`: logged paths, read as a scenario's pathsFile is.
        HDF5Reader.install()
        for name in paths {
            let full = name.hasPrefix("/") ? name : FileManager.default.currentDirectoryPath + "/" + name
            do {
                let contents = try PathFiles.load(full, shownAs: name, field: "--paths")
                scenario.paths += contents.paths
                for warning in contents.warnings { FileHandle.standardError.write(Data("opta: warning: \(warning)\n".utf8)) }
            } catch {
                throw CommandFailure.badData("\(error)")
            }
        }
        if domain != nil, let grid = scenario.landscape.objective.grid, grid.source.indexCoordinates {
            scenario.landscape.objective = .grid(grid.placed(over: scenario.landscape.domain))
        }
        // A plain .npy grid sits at indices 0, 1, 2, … without --domain: a path in the user's
        // coordinates then misses it entirely, which the picture alone does not explain.
        let domain = scenario.landscape.domain
        for path in scenario.paths where !path.points.isEmpty && !path.points.contains(where: { domain.x.contains($0.x) && domain.y.contains($0.y) }) {
            FileHandle.standardError.write(Data("opta: warning: path \(path.name) lies wholly outside the landscape's domain (x \(domain.x.lowerBound)…\(domain.x.upperBound), y \(domain.y.lowerBound)…\(domain.y.upperBound)); give --domain xmin,xmax,ymin,ymax to place a grid without coordinates\n".utf8))
        }
        switch view {
        case nil: break
        case "3d":
            if scenario.surface == nil {
                guard scenario.graph == nil else { throw CommandFailure.usage("--view 3d shows a landscape, not a graph") }
                scenario.surface = ScenarioLoader.defaultSurface(for: scenario.landscape)
                scenario.panels = []
                scenario.camera = nil
            }
        case "2d": scenario.surface = nil
        case let other?: throw CommandFailure.usage("--view must be 2d or 3d, got \"\(other)\"")
        }
    }
}
