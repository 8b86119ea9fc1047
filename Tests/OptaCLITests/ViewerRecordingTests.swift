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

    /// With --record or --replay the solvers step with the frames on the render thread; they are
    /// recorded too, with the iterates `opta solve` takes for as many steps.
    func testFrameLockedSolversAreRecordedWithEveryIterate() throws {
        let scenario = Self.scenario.replacingOccurrences(of: "\"version\": 1,", with: "\"version\": 1, \"stepsPerFrame\": 20,")
        try writeFile(scenario, folder + "/scene.json")
        let recorded = folder + "/recorded.sqlite", replayed = folder + "/replayed.sqlite", solved = folder + "/solved.sqlite"
        XCTAssertEqual(try OptaProcess.run(["solve", folder + "/scene.json", "--store", solved]).status, 0)
        // 5 frames of 20 steps: the runs are cut off after 100 steps where the session closed (or
        // a multiple of 20 more, when a loaded machine made the window skip frames).
        let record = try OptaProcess.run(["view", folder + "/scene.json", "--frames", "5", "--width", "240", "--height", "160",
                                          "--record", folder + "/trace.jsonl", "--store", recorded], environment: environment)
        XCTAssertEqual(record.status, 0, record.stderr)
        // 30 frames: 600 steps, past both budgets.
        let replay = try OptaProcess.run(["view", folder + "/scene.json", "--frames", "30", "--width", "240", "--height", "160",
                                          "--replay", folder + "/trace.jsonl", "--store", replayed], environment: environment)
        XCTAssertEqual(replay.status, 0, replay.stderr)
        for name in ["gd", "adam"] {
            let reference = try XCTUnwrap(RunStore(path: solved).list(RunFilter(name: name)).first)
            let solvedRun = try XCTUnwrap(RunStore(path: solved).run(reference.id))
            let cut = try XCTUnwrap(RunStore(path: recorded).list(RunFilter(name: name)).first)
            let cutRun = try XCTUnwrap(RunStore(path: recorded).run(cut.id))
            XCTAssertEqual(cut.source, "view")
            XCTAssertGreaterThanOrEqual(cutRun.iterates.count, 101, name)
            XCTAssertEqual((cutRun.iterates.count - 1) % 20, 0, name)
            if cutRun.iterates.count < 301 { XCTAssertEqual(cut.status, "running", name) }
            XCTAssertEqual(cutRun.iterates, Array(solvedRun.iterates.prefix(cutRun.iterates.count)), name)
            let whole = try XCTUnwrap(RunStore(path: replayed).list(RunFilter(name: name)).first)
            let wholeRun = try XCTUnwrap(RunStore(path: replayed).run(whole.id))
            XCTAssertEqual(whole.status, solvedRun.summary.status, name)
            XCTAssertEqual(wholeRun.iterates, solvedRun.iterates, name)
        }
        XCTAssertEqual(try RunStore(path: recorded).list().count, 2)
        XCTAssertEqual(try RunStore(path: replayed).list().count, 2)
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
