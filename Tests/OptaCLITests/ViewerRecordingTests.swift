import Foundation
import OptaStore
import XCTest

/// `opta view` records its built-in solvers as runs (source `view`) like `opta solve` does, from
/// the solvers' threads through the store's writer; `--no-record` records nothing. Headless,
/// under SDL's dummy video driver.
final class ViewerRecordingTests: XCTestCase {
    /// Two solvers of 300 steps: done in a few milliseconds on their threads, well within the frames shown.
    static let scenario = """
        {"version": 1, "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "gd", "method": "gradient-descent", "start": [-1.2, 1.0], "steps": 300,
                      "params": {"learningRate": 0.0005}},
                     {"id": "adam", "method": "adam", "start": [0.5, 2.5], "steps": 300}]}
        """

    private var folder = ""
    private var environment: [String: String] = [:]

    override func setUp() {
        folder = temporaryFolder()
        environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
    }

    func testViewedSolversAreRecordedWithEveryIterate() throws {
        try writeFile(Self.scenario, folder + "/scene.json")
        let viewed = folder + "/viewed.sqlite", solved = folder + "/solved.sqlite"
        let view = try OptaProcess.run(["view", folder + "/scene.json", "--frames", "30", "--width", "240", "--height", "160",
                                        "--store", viewed], environment: environment)
        XCTAssertEqual(view.status, 0, view.stderr)
        XCTAssertEqual(try OptaProcess.run(["solve", folder + "/scene.json", "--store", solved]).status, 0)
        let runs = try RunStore(path: viewed).list()
        XCTAssertEqual(Set(runs.map(\.name)), ["gd", "adam"])
        for run in runs {
            XCTAssertEqual(run.source, "view")
            let stored = try XCTUnwrap(RunStore(path: viewed).run(run.id))
            let reference = try XCTUnwrap(RunStore(path: solved).list(RunFilter(name: run.name)).first)
            let solvedRun = try XCTUnwrap(RunStore(path: solved).run(reference.id))
            // The same deterministic solver: every iterate the viewer's thread took, in order.
            XCTAssertEqual(stored.summary.status, solvedRun.summary.status, run.name)
            XCTAssertEqual(stored.iterates, solvedRun.iterates, run.name)
            XCTAssertEqual(stored.summary.iterateCount, 301, run.name)
        }
    }

    func testNoRecordRecordsNoRun() throws {
        try writeFile(Self.scenario, folder + "/scene.json")
        let store = folder + "/runs.sqlite"
        let view = try OptaProcess.run(["view", folder + "/scene.json", "--frames", "5", "--width", "240", "--height", "160",
                                        "--store", store, "--no-record"], environment: environment)
        XCTAssertEqual(view.status, 0, view.stderr)
        XCTAssertEqual(try RunStore(path: store).list(), [])
    }
}
