import Foundation
import Testing
@testable import OptaCore

@Suite("Grid readers")
struct GridReaderTests {
    @Test(".npy float64 C order: shape, orientation Z[y, x] and its NaN")
    func npyFloat64() throws {
        let a = try NPYReader.read(try GridFixtures.data("bowl-f8.npy"), file: "bowl-f8.npy").get()
        #expect(a.shape == [21, 31])
        #expect(abs(a.values[0] - 2.97) < 1e-12)  // x = −1, y = −1
        #expect(a.values[3 * 31 + 5].isNaN)
        // Row 0, column 30: x = 1, y = −1.
        #expect(abs(a.values[30] - (0.49 + 1.28)) < 1e-12)
    }

    @Test(".npy big-endian float32 in Fortran order reads as the same grid")
    func npyFortranBigEndian() throws {
        let a = try NPYReader.read(try GridFixtures.data("bowl-f8.npy"), file: "a").get()
        let b = try NPYReader.read(try GridFixtures.data("bowl-f4-fortran-be.npy"), file: "b").get()
        #expect(b.shape == a.shape && b.dtype == ">f4")
        for k in 0..<a.values.count where a.values[k].isFinite {
            #expect(abs(a.values[k] - b.values[k]) < 1e-6, "element \(k)")
        }
    }

    @Test("bad .npy files get errors that name the file, the place and the fix")
    func npyErrors() throws {
        func message(_ name: String) throws -> String {
            switch NPYReader.read(try GridFixtures.data(name), file: name) {
            case .success(let a):
                do { _ = try GridTable.from(a, source: name); return "accepted" } catch { return error.description }
            case .failure(let e): return e.description
            }
        }
        let int = try message("bowl-int64.npy")
        #expect(int.contains("bowl-int64.npy") && int.contains("<i8") && int.contains("astype"), "\(int)")
        let cut = try message("truncated.npy")
        #expect(cut.contains("truncated.npy, data") && cut.contains("truncated"), "\(cut)")
        let rank = try message("vector.npy")
        #expect(rank.contains("(5,)") && rank.contains("2-D"), "\(rank)")
        #expect(try message("bowl-header.csv").contains("not a .npy file"))
    }

    @Test(".npy headers are checked against the file size and the limits before anything is allocated")
    func npyHeaderLimits() {
        // Version 2 header claiming 4 GB.
        var huge: [UInt8] = [0x93] + Array("NUMPY".utf8) + [2, 0, 0xff, 0xff, 0xff, 0xff]
        huge += Array("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }".utf8)
        #expect(NPYReader.read(Data(huge), file: "h.npy").failure?.message.contains("more than the 65536") == true)
        // A header promising 10⁹ × 10⁹ numbers.
        let header = Array("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000, 1000000000), }\n".utf8)
        let big: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.count & 0xff), UInt8(header.count >> 8)] + header
        #expect(NPYReader.read(Data(big), file: "b.npy").failure?.message.contains("limit") == true)
        // A header longer than the file.
        let short: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, 0x00, 0x10] + Array("{'descr'".utf8)
        #expect(NPYReader.read(Data(short), file: "s.npy").failure?.message.contains("truncated") == true)
        // Found by FuzzGridNPY: an item size too large to multiply by 8 trapped in the error message.
        let sized = Array("{'descr': '<f0000000000000000000000000000000000001714078542645606578', 'fortran_order': False, 'shape': (1, 2), }\n".utf8)
        let odd: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(sized.count), 0] + sized
        #expect(NPYReader.read(Data(odd), file: "o.npy").failure?.message.contains("item size Opta does not know") == true)
    }

    @Test("CSV matrices with and without a coordinate header")
    func csvMatrices() throws {
        let plain = try GridCSV.read([UInt8](try GridFixtures.data("bowl-plain.csv")), file: "p.csv").get()
        #expect(plain.rows == 5 && plain.columns == 6 && plain.x == nil && abs(plain.values[0] - 2.97) < 1e-9)
        let headed = try GridCSV.read([UInt8](try GridFixtures.data("bowl-header.csv")), file: "h.csv").get()
        #expect(headed.rows == 3 && headed.columns == 4)
        #expect(headed.x?.first == -1 && headed.y == [-1, -0.9, -0.8])
        let ragged = GridCSV.read(Array("1,2,3\n4,5\n".utf8), file: "r.csv").failure
        #expect(ragged?.description == "r.csv, line 2: has 2 cells, line 1 has 3; every row of the grid needs the same number")
        let word = GridCSV.read(Array("1,2\n3,abc\n".utf8), file: "w.csv").failure
        #expect(word?.location == "line 2, column 2" && word?.message.contains("\"abc\"") == true)
    }

    @Test("a scenario's landscape.grid reads a file; domain and coordinates")
    func scenarioGrid() throws {
        let json = #"{"version": 1, "landscape": {"grid": {"file": "bowl-f8.npy"}, "domain": {"x": [-1, 1], "y": [-1, 1]}}}"#
        let s = try ScenarioLoader.parse(Data(json.utf8), baseFolder: GridFixtures.folder)
        let grid = try #require(s.landscape.objective.grid)
        #expect(grid.rows == 21 && grid.columns == 31 && grid.source.file == "bowl-f8.npy")
        // f = (x − 0.3)² + 2 (y + 0.2)²; x samples every 1/15, so the lowest sample is at x = 1/3.
        #expect(abs(s.landscape.objective.value(SIMD2(0.3, -0.2))) < 2e-3)
        #expect(abs(grid.lowest.point.x - 1.0 / 3) < 1e-12 && abs(grid.lowest.point.y + 0.2) < 1e-12)
        // Inline values with coordinates; null is an undefined sample.
        let inline = #"{"version": 1, "landscape": {"grid": {"values": [[1, 2, 3], [4, 5, null]], "x": [0, 1, 2], "y": [0, 1], "interpolation": "linear"}}}"#
        let t = try ScenarioLoader.parse(Data(inline.utf8))
        #expect(t.landscape.domain == Domain(x: 0...2, y: 0...1))
        #expect(t.landscape.objective.value(SIMD2(0.5, 0)) == 1.5 && t.landscape.objective.value(SIMD2(1.5, 0)).isNaN)
        #expect(t.landscape.objective.grid?.undefinedCount == 1)
    }

    @Test("scenario grid errors name the field, the file and the fix")
    func scenarioGridErrors() throws {
        func error(_ grid: String) -> String {
            let json = #"{"version": 1, "landscape": {"grid": "# + grid + "}}"
            do { _ = try ScenarioLoader.parse(Data(json.utf8), baseFolder: GridFixtures.folder); return "accepted" } catch {
                return error.description
            }
        }
        #expect(error(#"{"file": "missing.npy"}"#).contains("does not exist"))
        #expect(error(#"{"file": "bowl-f8.npy", "x": [0, 1]}"#).contains("31 columns but 2 x coordinates"))
        #expect(error(#"{"values": [[1, 2], [3]]}"#).contains("landscape.grid.values[1] has 1 numbers"))
        #expect(error(#"{"values": [[1, 2], [3, 4]], "interpolation": "spline"}"#).contains("\"cubic\", \"linear\", \"nearest\""))
    }
}

@Suite("Path files")
struct PathFileTests {
    @Test("pandas' to_csv: index column, BOM, CRLF, quotes, a NaN row skipped with a warning, the loss column")
    func pandasCSV() throws {
        let c = try PathCSV.read([UInt8](try GridFixtures.data("pandas-path.csv")), file: "pandas-path.csv", fallbackName: "run").get()
        #expect(c.paths.count == 1)
        let p = c.paths[0]
        #expect(p.name == "run" && p.points.count == 5 && p.points[2] == SIMD2(0.5, 0.2))
        #expect(p.values == [2.0, 1.5, 0.9, 0.6, 0.5] && p.steps == [0, 1, 3, 4, 5])
        #expect(c.warnings == ["pandas-path.csv: skipped 1 row with NaN or empty x or y (the first on line 4)"])
    }

    @Test(".npy N × 3 paths carry f; JSON Lines paths by name, a malformed line reported once")
    func npyAndJSONLines() throws {
        let a = try NPYReader.read(try GridFixtures.data("path-n3.npy"), file: "p.npy").get()
        let p = try PathFiles.npyPath(a, file: "p.npy", pathName: "p")
        #expect(p.points == [SIMD2(0.9, 0.8), SIMD2(0.6, 0.3), SIMD2(0.4, 0.0)] && p.values == [2, 1, 0.5])
        let c = try PathJSONLines.read([UInt8](try GridFixtures.data("run.jsonl")), file: "run.jsonl", fallbackName: "run").get()
        #expect(c.paths.map(\.name) == ["adam", "sgd"] && c.paths[0].points.count == 4 && c.paths[0].values?[1] == 0.5)
        #expect(c.paths[1].values?[0].isNaN == true)
        #expect(c.warnings.count == 1 && c.warnings[0].hasPrefix("run.jsonl, line 5: is not JSON"))
    }

    @Test("pathsFile accepts .npy and .jsonl, and keeps warnings for the command line")
    func scenarioPathsFile() throws {
        let json = #"{"version": 1, "landscape": {"function": "booth"}, "pathsFile": ["path-n3.npy", "pandas-path.csv"]}"#
        let s = try ScenarioLoader.parse(Data(json.utf8), baseFolder: GridFixtures.folder)
        #expect(s.paths.map(\.name) == ["path-n3", "pandas-path"] && s.warnings.count == 1)
    }
}

extension Result {
    var failure: Failure? { if case .failure(let e) = self { return e } else { return nil } }
}

@Suite("Logged runs over frames")
struct LoggedRunFrameTests {
    @Test("frames reveal a logged path by its steps; a single picture shows it whole")
    func revealByStep() throws {
        let json = #"{"version": 1, "landscape": {"function": "booth"}, "pathsFile": "pandas-path.csv", "stepsPerFrame": 2}"#
        let scenario = try ScenarioLoader.parse(Data(json.utf8), baseFolder: GridFixtures.folder)
        var session = try HeadlessSession(scenario: scenario)
        #expect(session.renderState.scenario.paths[0].points.count == 5)
        session.advanceFrame()  // frame 0: steps 0…2 (step 2 was the skipped NaN row)
        #expect(session.renderState.scenario.paths[0].points.count == 2)
        session.advanceFrame()  // frame 1: steps 0…4
        #expect(session.renderState.scenario.paths[0].steps == [0, 1, 3, 4])
        session.advanceFrame()
        #expect(session.renderState.scenario.paths[0].points.count == 5)
    }
}
