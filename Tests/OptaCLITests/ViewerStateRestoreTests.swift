import Foundation
import OptaImage
import OptaStore
import XCTest

/// `opta view` keeps its state per scenario in the run store: closing and reopening the viewer
/// shows the same view (camera, colormap, toggles, window size); `--fresh` ignores the saved state,
/// and a damaged one is ignored with one warning. Headless, under SDL's dummy video driver.
final class ViewerStateRestoreTests: XCTestCase {
    /// A landscape without solvers, so every frame of a view is the same picture.
    static let scenario = """
        {"version": 1, "landscape": {"function": "himmelblau", "contours": {"count": 12}}}
        """
    /// Zoom in off-centre, another colormap, contours off.
    static let trace = """
        {"frame": 0, "action": {"type": "zoom", "factor": 2.5, "about": [0.3, 0.6]}}
        {"frame": 1, "action": {"type": "setColormap", "name": "magma"}}
        {"frame": 1, "action": {"type": "toggleContours"}}
        """

    private var folder = ""
    private var environment: [String: String] = [:]

    override func setUp() {
        folder = temporaryFolder()
        environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["OPTA_STORE"] = folder + "/runs.sqlite"
    }

    private func view(_ arguments: [String]) throws -> OptaProcess.Result {
        let result = try OptaProcess.run(["view", folder + "/scene.json"] + arguments, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    private func render(_ arguments: [String]) throws -> RGBAImage {
        let result = try OptaProcess.run(["render", folder + "/scene.json", "-o", folder + "/reference.png"] + arguments,
                                         environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try PNGReader.read(path: folder + "/reference.png")
    }

    /// Session one: the trace changes the view at 240 × 160; the state is saved when it closes.
    private func saveAChangedView() throws {
        try writeFile(Self.scenario, folder + "/scene.json")
        try writeFile(Self.trace, folder + "/trace.jsonl")
        _ = try view(["--frames", "3", "--replay", folder + "/trace.jsonl", "--width", "240", "--height", "160"])
    }

    func testReopeningRestoresCameraTogglesAndWindowSize() throws {
        try saveAChangedView()
        let hash = try XCTUnwrap(ScenarioIdentity(json: Data(Self.scenario.utf8))).hash
        let saved = try XCTUnwrap(RunStore(path: folder + "/runs.sqlite").viewerState(scenarioHash: hash))
        XCTAssertTrue(saved.contains("\"zoom\": 2.5") && saved.contains("\"colormap\": \"magma\"")
                      && saved.contains("\"contours\": false") && saved.contains("\"window\": [240, 160]"), saved)

        // Session two, no --width/--height: the saved window size and view.
        let reopened = try view(["--frames", "2", "--screenshot", folder + "/restored.png"])
        XCTAssertTrue(reopened.stderr.contains("restored the view saved for this scenario"), reopened.stderr)
        let restored = try PNGReader.read(path: folder + "/restored.png")
        XCTAssertEqual(restored, try render(["--replay", folder + "/trace.jsonl", "--frame", "2", "--width", "240", "--height", "160"]))
        XCTAssertNotEqual(restored, try render(["--width", "240", "--height", "160"]))
    }

    func testFreshIgnoresTheSavedState() throws {
        try saveAChangedView()
        let fresh = try view(["--frames", "2", "--fresh", "--screenshot", folder + "/fresh.png"])
        XCTAssertFalse(fresh.stderr.contains("restored"), fresh.stderr)
        let shot = try PNGReader.read(path: folder + "/fresh.png")
        XCTAssertEqual(SIMD2(shot.width, shot.height), SIMD2(1280, 720))
        XCTAssertEqual(shot, try render(["--width", "1280", "--height", "720"]))
    }

    func testADamagedSavedStateIsIgnoredWithOneWarning() throws {
        try writeFile(Self.scenario, folder + "/scene.json")
        let hash = try XCTUnwrap(ScenarioIdentity(json: Data(Self.scenario.utf8))).hash
        try RunStore(path: folder + "/runs.sqlite").saveViewerState(
            "{\"version\": 1, \"camera\": {\"center\": [0, 0], \"zoom\": -4}}", scenarioHash: hash)
        let result = try view(["--frames", "2", "--width", "240", "--height", "160", "--screenshot", folder + "/shot.png"])
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("is not valid (camera.zoom must be from"), result.stderr)
        XCTAssertEqual(try PNGReader.read(path: folder + "/shot.png"), try render(["--width", "240", "--height", "160"]))
        // The session's own state replaced the damaged one when it closed.
        XCTAssertFalse(try view(["--frames", "1"]).stderr.contains("warning"))
    }

    func testNoRecordSavesNothing() throws {
        try writeFile(Self.scenario, folder + "/scene.json")
        try writeFile(Self.trace, folder + "/trace.jsonl")
        _ = try view(["--frames", "3", "--replay", folder + "/trace.jsonl", "--no-record"])
        let hash = try XCTUnwrap(ScenarioIdentity(json: Data(Self.scenario.utf8))).hash
        XCTAssertNil(try RunStore(path: folder + "/runs.sqlite").viewerState(scenarioHash: hash))
    }

    /// The state is saved every few seconds while the window is open: a viewer killed with
    /// SIGKILL (no chance to save on closing) still leaves its state.
    func testTheStateIsSavedWhileTheWindowIsOpen() throws {
        try writeFile(Self.scenario, folder + "/scene.json")
        try writeFile(Self.trace, folder + "/trace.jsonl")
        let process = Process()
        process.executableURL = OptaProcess.executable
        process.arguments = ["view", folder + "/scene.json", "--replay", folder + "/trace.jsonl", "--fps", "30",
                             "--width", "240", "--height", "160"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let hash = try XCTUnwrap(ScenarioIdentity(json: Data(Self.scenario.utf8))).hash
        var saved: String?
        for _ in 0..<300 where saved == nil {
            Thread.sleep(forTimeInterval: 0.1)
            if FileManager.default.fileExists(atPath: folder + "/runs.sqlite") {
                saved = try RunStore(path: folder + "/runs.sqlite").viewerState(scenarioHash: hash)
            }
        }
        XCTAssertTrue(process.isRunning, "the viewer ended on its own")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertTrue(saved?.contains("\"zoom\": 2.5") == true, saved ?? "nothing saved in 30 s")
    }
}
