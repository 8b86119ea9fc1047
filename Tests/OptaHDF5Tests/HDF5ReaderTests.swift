import Foundation
import OptaCore
import OptaHDF5
import Testing

@Suite("HDF5 grids and paths")
struct HDF5ReaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/grids").path

    init() { HDF5Reader.install() }

    @Test("Li et al.'s layout works with no options: train_loss over xcoordinates × ycoordinates, and its trajectory")
    func liLayout() throws {
        let json = #"{"version": 1, "landscape": {"grid": {"file": "surface.h5"}}, "pathsFile": "surface.h5"}"#
        let s = try ScenarioLoader.parse(Data(json.utf8), baseFolder: Self.folder)
        let grid = try #require(s.landscape.objective.grid)
        #expect(grid.rows == 51 && grid.columns == 51 && grid.source.dataset == "train_loss")
        #expect(s.landscape.domain == Domain(x: -1...1, y: -1...1))
        #expect(grid.displayName == "train_loss from surface.h5 (51 × 51)")
        // Z[y, x]: the minimum of log1p((x − 0.2)² + 3 (y + 0.1)² + …) lies near x = 0.2, y = −0.1... and x = 0.
        #expect(abs(grid.lowest.point.y + 0.08) < 0.05)
        #expect(s.paths.count == 1 && s.paths[0].points.count == 20 && abs(s.paths[0].points[0].x - 0.9) < 1e-12 && abs(s.paths[0].points[0].y - 0.7) < 1e-12)
    }

    @Test("other datasets by name; a missing one lists those present; a shape mismatch names both")
    func errors() throws {
        let acc = #"{"version": 1, "landscape": {"grid": {"file": "surface.h5", "dataset": "train_acc"}}}"#
        #expect(try ScenarioLoader.parse(Data(acc.utf8), baseFolder: Self.folder).landscape.objective.grid?.source.dataset == "train_acc")
        let missing = #"{"version": 1, "landscape": {"grid": {"file": "surface.h5", "dataset": "test_loss"}}}"#
        #expect {
            try ScenarioLoader.parse(Data(missing.utf8), baseFolder: Self.folder)
        } throws: { error in
            "\(error)".contains("surface.h5, dataset test_loss: does not exist; the file has proj_xcoord, proj_ycoord, train_acc, train_loss, xcoordinates, ycoordinates")
        }
        let ragged = #"{"version": 1, "landscape": {"grid": {"file": "ragged.h5"}}}"#
        #expect {
            try ScenarioLoader.parse(Data(ragged.utf8), baseFolder: Self.folder)
        } throws: { error in
            "\(error)".contains("has 51 columns but 50 x coordinates")
        }
        let notHDF5 = HDF5Reader().readGrid(Data("hello".utf8), file: "x.h5", dataset: "a", xDataset: "b", yDataset: "c")
        if case .failure(let e) = notHDF5 { #expect(e.message.contains("not an HDF5 file")) } else { Issue.record("accepted") }
    }

    @Test("a dataset whose header is damaged is an error naming it (the fuzzer's find: libhdf5 cannot open it)")
    func damagedDatasetHeader() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/damaged-dataset-header.h5"))
        let result = HDF5Reader().readGrid(data, file: "damaged.h5", dataset: "train_loss", xDataset: "xcoordinates", yDataset: "ycoordinates")
        guard case .failure(let error) = result else { Issue.record("a damaged dataset was read"); return }
        #expect("\(error)".contains("damaged.h5, dataset train_loss: cannot be opened as a dataset: it is a group, or its header is damaged"))
    }
}
