import Foundation
import OptaCore
import OptaStore
import XCTest

/// `opta view --follow` records each followed path as a run (source `follow`) from the reader
/// thread through the store's writer: every point read, exactly; a replaced file ends the runs
/// and starts new ones; `--no-record` records nothing. Headless, under SDL's dummy video driver.
final class FollowedRunRecordingTests: XCTestCase {
    typealias Viewer = ViewFollowTests.RunningViewer

    /// Points of `path` with steps 0, 2, 4, … at x = -1 + 0.01 i, y = `y`, f = 0.5 + i.
    static func lines(_ path: String, _ count: Int, y: Double = 1) -> String {
        (0..<count).map { "{\"path\": \"\(path)\", \"step\": \(2 * $0), \"x\": \(-1 + 0.01 * Double($0)), \"y\": \(y), \"f\": \(0.5 + Double($0))}\n" }.joined()
    }

    static func iterates(_ count: Int, y: Double = 1) -> [SolverIterate] {
        (0..<count).map { SolverIterate(step: 2 * $0, x: -1 + 0.01 * Double($0), y: y, value: 0.5 + Double($0), gradientNorm: .nan) }
    }

    /// NaN ‖∇f‖ does not compare equal: compare the other fields and that ‖∇f‖ is unknown.
    func assertSame(_ stored: [SolverIterate], _ expected: [SolverIterate], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(stored.count, expected.count, name, file: file, line: line)
        for (s, e) in zip(stored, expected) {
            XCTAssertEqual([Double(s.step), s.x, s.y, s.value], [Double(e.step), e.x, e.y, e.value], name, file: file, line: line)
            XCTAssertTrue(s.gradientNorm.isNaN, name, file: file, line: line)
        }
    }

    func writeScenario(_ folder: String) throws -> String {
        let path = folder + "/scene.json"
        try Data(#"{"version": 1, "landscape": {"function": "rosenbrock"}}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testEveryFollowedPointIsStoredAsARunOfItsPath() throws {
        let folder = temporaryFolder(), log = folder + "/run.jsonl", store = folder + "/runs.sqlite"
        // "plain" has neither step nor f: steps count 0, 1, 2 and f is the landscape's.
        let plain = "{\"path\": \"plain\", \"x\": 0.5, \"y\": 0.25}\n{\"path\": \"plain\", \"x\": 2, \"y\": 1}\n{\"path\": \"plain\", \"x\": 1, \"y\": 1}\n"
        try Data((Self.lines("adam", 50) + plain + "{\"path\": \"done\", \"x\": 0, \"y\": 0, \"f\": 1}\n").utf8).write(to: URL(fileURLWithPath: log))
        let viewer = try Viewer(["view", try writeScenario(folder), "--follow", log, "--width", "240", "--height", "160", "--store", store])
        XCTAssertTrue(viewer.waitForLine(containing: "announce: new path done"))
        XCTAssertEqual(viewer.quit(), 0, viewer.stderr.withLock { $0 })
        let runs = try RunStore(path: store).list()
        XCTAssertEqual(Set(runs.map(\.name)), ["adam", "plain", "done"])
        for run in runs {
            XCTAssertEqual(run.source, "follow", run.name)
            XCTAssertEqual(run.method, "logged", run.name)
            XCTAssertEqual(run.status, "logged", run.name)
            XCTAssertEqual(run.landscape, "function:rosenbrock", run.name)
        }
        let adam = try XCTUnwrap(RunStore(path: store).run(XCTUnwrap(runs.first { $0.name == "adam" }).id))
        assertSame(adam.iterates, Self.iterates(50), "adam")
        XCTAssertEqual(adam.summary.stopReason, "followed from \(log) (50 points)")
        XCTAssertEqual(adam.summary.start, SIMD2(-1, 1))
        let stored = try XCTUnwrap(RunStore(path: store).run(XCTUnwrap(runs.first { $0.name == "plain" }).id)).iterates
        XCTAssertEqual(stored.map(\.step), [0, 1, 2])
        XCTAssertEqual(stored.map(\.value), [0.25 + 0, 1 + 900, 0])  // (1-x)² + 100 (y-x²)², exact at these points
        // The command line sees the same: `runs list --json` names the run, `runs export` has its points.
        let listed = try OptaProcess.run(["runs", "list", "--json", "--store", store])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("\"follow\""), listed.stdout)
        let exported = try OptaProcess.run(["runs", "export", "\(adam.summary.id)", "--jsonl", "--store", store])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdout.split(separator: "\n").count, 50, exported.stdout)
    }

    func testAReplacedFileEndsItsRunsAndStartsNewOnes() throws {
        let folder = temporaryFolder(), log = folder + "/run.jsonl", store = folder + "/runs.sqlite"
        try Data(Self.lines("adam", 50).utf8).write(to: URL(fileURLWithPath: log))
        let viewer = try Viewer(["view", try writeScenario(folder), "--follow", log, "--width", "240", "--height", "160", "--store", store])
        XCTAssertTrue(viewer.waitForLine(containing: "announce: new path adam"))
        // An atomic rename leaves a new file (a new inode): it is read from its start as new runs.
        try Data((Self.lines("adam", 20, y: 2) + "{\"path\": \"sgd\", \"x\": 0, \"y\": 0, \"f\": 1}\n").utf8)
            .write(to: URL(fileURLWithPath: log), options: .atomic)
        XCTAssertTrue(viewer.waitForLine(containing: "announce: new path sgd"))
        XCTAssertEqual(viewer.quit(), 0, viewer.stderr.withLock { $0 })
        let adams = try RunStore(path: store).list(RunFilter(name: "adam")).sorted { $0.id < $1.id }
        XCTAssertEqual(adams.count, 2)
        guard adams.count == 2 else { return }
        assertSame(try XCTUnwrap(RunStore(path: store).run(adams[0].id)).iterates, Self.iterates(50), "first adam")
        assertSame(try XCTUnwrap(RunStore(path: store).run(adams[1].id)).iterates, Self.iterates(20, y: 2), "second adam")
        XCTAssertEqual(adams.map(\.status), ["logged", "logged"])
        XCTAssertEqual(try RunStore(path: store).list(RunFilter(name: "sgd")).count, 1)
    }

    func testNoRecordRecordsNoFollowedRun() throws {
        let folder = temporaryFolder(), log = folder + "/run.jsonl", store = folder + "/runs.sqlite"
        try Data(Self.lines("adam", 10).utf8).write(to: URL(fileURLWithPath: log))
        let viewer = try Viewer(["view", try writeScenario(folder), "--follow", log, "--width", "240", "--height", "160",
                                 "--store", store, "--no-record"])
        XCTAssertTrue(viewer.waitForLine(containing: "announce: new path adam"))
        XCTAssertEqual(viewer.quit(), 0, viewer.stderr.withLock { $0 })
        XCTAssertEqual(try RunStore(path: store).list(), [])
    }
}
