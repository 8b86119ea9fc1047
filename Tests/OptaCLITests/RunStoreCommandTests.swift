import Foundation
import OptaStore
import XCTest

/// The run store from the command line: recording, listing, comparing, and staying sound when
/// processes are killed, run side by side, or find the store unusable.
final class RunStoreCommandTests: XCTestCase {
    /// A gradient descent slow enough to be killed mid-run (a small step on Rosenbrock).
    static let longRun = """
        {"version": 1, "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "slow", "method": "gradient-descent", "start": [-1.5, 2.5], "steps": 4000000,
                      "params": {"learningRate": 0.00001}}]}
        """

    func testSolveRecordsAndRunsCommandsReadBack() throws {
        let folder = temporaryFolder()
        let store = folder + "/runs.sqlite"
        let solve = try OptaProcess.run(["solve", "--store", store, "--label", "first"])
        XCTAssertEqual(solve.status, 0, solve.stderr)
        let list = try OptaProcess.run(["runs", "list", "--store", store, "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("\"method\": \"adam\""), list.stdout)
        XCTAssertTrue(list.stdout.contains("\"iterates\": 201"), list.stdout)
        XCTAssertTrue(list.stdout.contains("\"label\": \"first\""), list.stdout)
        let csv = try OptaProcess.run(["runs", "export", "1", "--csv", "--store", store])
        XCTAssertEqual(csv.stdout.split(separator: "\n").count, 202)
        XCTAssertTrue(csv.stdout.hasPrefix("run,step,x,y,f,gradNorm\n1,0,-1.5,2.5,12.5,"), csv.stdout)
        XCTAssertEqual(try OptaProcess.run(["runs", "tag", "1", "baseline", "--store", store]).status, 0)
        XCTAssertTrue(try OptaProcess.run(["runs", "list", "--label", "baseline", "--store", store]).stdout.contains("Adam (adam)"))
        XCTAssertEqual(try OptaProcess.run(["runs", "show", "9", "--store", store]).status, 64)
        XCTAssertEqual(try OptaProcess.run(["runs", "rm", "1", "--store", store]).status, 0)
        XCTAssertEqual(try OptaProcess.run(["runs", "list", "--store", store]).stdout, "no runs\n")
        XCTAssertEqual(try OptaProcess.run(["solve", "--store", store, "--no-record"]).status, 0)
        XCTAssertEqual(try OptaProcess.run(["runs", "list", "--store", store]).stdout, "no runs\n")
    }

    func testCompareDrawsRunsAndComparesThemInWords() throws {
        let folder = temporaryFolder()
        let store = folder + "/runs.sqlite"
        let scenario = OptaProcess.packageRoot.appendingPathComponent("Examples/solvers.json").path
        XCTAssertEqual(try OptaProcess.run(["solve", scenario, "--store", store]).status, 0)
        let compare = try OptaProcess.run(["runs", "compare", "1", "2", "3", "4", "-o", folder + "/cmp.png",
                                           "--a11y", folder + "/cmp.json", "--width", "800", "--height", "400", "--store", store])
        XCTAssertEqual(compare.status, 0, compare.stderr)
        XCTAssertTrue(compare.stdout.contains("#1 gradient descent converged first, at step 25"), compare.stdout)
        XCTAssertTrue(compare.stdout.contains("Lowest f = "), compare.stdout)
        let tree = try String(contentsOfFile: folder + "/cmp.json", encoding: .utf8)
        XCTAssertTrue(tree.contains("converged first"), tree)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/cmp.png"))
        // The same runs as a scenario's "runs" overlay.
        try writeFile("""
            {"version": 1, "landscape": {"function": "himmelblau"}, "size": {"width": 400, "height": 300},
             "runs": [1, {"query": "method=adam"}, {"label": "none-such"}]}
            """, folder + "/overlay.json")
        let render = try OptaProcess.run(["render", folder + "/overlay.json", "-o", folder + "/overlay.png",
                                          "--a11y", folder + "/overlay-tree.json"],
                                         environment: ["OPTA_STORE": store, "HOME": folder])
        XCTAssertEqual(render.status, 0, render.stderr)
        let overlayTree = try String(contentsOfFile: folder + "/overlay-tree.json", encoding: .utf8)
        XCTAssertTrue(overlayTree.contains("#1 gradient descent") && overlayTree.contains("#3 Adam"), overlayTree)
        try writeFile("{\"version\": 1, \"landscape\": {\"function\": \"himmelblau\"}, \"runs\": [77]}", folder + "/missing.json")
        let missing = try OptaProcess.run(["render", folder + "/missing.json", "-o", folder + "/m.png"], environment: ["OPTA_STORE": store])
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.stderr.contains("there is no run 77"), missing.stderr)
    }

    /// kill -9 at random moments while recording: the file stays sound, every committed run reads
    /// back whole, and the killed runs are marked `interrupted` on the next open.
    func testKillNineWhileRecordingLeavesASoundStore() throws {
        let folder = temporaryFolder()
        let store = folder + "/runs.sqlite"
        try writeFile(Self.longRun, folder + "/long.json")
        var generator = SystemRandomNumberGenerator()
        // About 4 GB of store at the end (each recording writes some 200 MB/s): removed below.
        let kills = 50
        for _ in 0..<kills {
            let process = Process()
            process.executableURL = OptaProcess.executable
            process.arguments = ["solve", folder + "/long.json", "--store", store]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.15...0.5, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // One run that finishes, after the kills.
        XCTAssertEqual(try OptaProcess.run(["solve", "--store", store]).status, 0)
        let runStore = try RunStore(path: store)
        XCTAssertEqual(try runStore.integrityCheck(), "ok")
        let runs = try runStore.list()
        XCTAssertFalse(runs.contains { $0.status == "recording" })
        // A kill before the run reached the store leaves nothing; every run the store saw begin
        // and not end is marked interrupted (how many depends on the machine's load).
        XCTAssertGreaterThanOrEqual(runs.filter { $0.status == "interrupted" }.count, 1)
        XCTAssertTrue(runs.allSatisfy { ["interrupted", "stopped", "converged"].contains($0.status) }, "\(runs.map(\.status))")
        for summary in runs {
            let run = try XCTUnwrap(runStore.run(summary.id))
            XCTAssertEqual(run.iterates.map(\.step), Array(0..<run.iterates.count), "run \(summary.id) has a gap")
            XCTAssertEqual(summary.iterateCount, run.iterates.count)
            if summary.status == "stopped" { XCTAssertEqual(run.iterates.count, 201) }
        }
        try? FileManager.default.removeItem(atPath: folder)  // the largest store of the suite
    }

    /// Two writers and a reader at once: no SQLITE_BUSY reaches the user, nothing is lost.
    func testTwoWritersAndAReaderAtOnce() throws {
        let folder = temporaryFolder()
        let store = folder + "/runs.sqlite"
        let scenario = OptaProcess.packageRoot.appendingPathComponent("Examples/solvers.json").path
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            for _ in 0..<8 {
                let arguments = worker == 2 ? ["runs", "list", "--store", store] : ["solve", scenario, "--store", store]
                do {
                    let result = try OptaProcess.run(arguments)
                    if result.status != 0 || !result.stderr.isEmpty {
                        failures.withLock { $0.append("\(arguments[0]): \(result.status) \(result.stderr)") }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let runs = try RunStore(path: store).list()
        XCTAssertEqual(runs.count, 2 * 8 * 4)
        XCTAssertTrue(runs.allSatisfy { $0.status == "converged" || $0.status == "stopped" })
    }

    /// A full disk (a 256 KiB tmpfs): one clear warning, and the solve still finishes.
    func testAFullDiskWarnsOnceAndTheSolveGoesOn() throws {
        let mountPoint = temporaryFolder()
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw XCTSkip("cannot mount a tmpfs here (not root?)") }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [mountPoint]
            try? umount.run()
            umount.waitUntilExit()
        }
        let scenario = temporaryFolder() + "/long.json"
        try writeFile(Self.longRun.replacingOccurrences(of: "4000000", with: "200000"), scenario)
        let result = try OptaProcess.run(["solve", scenario, "--store", mountPoint + "/runs.sqlite"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("slow (gradient-descent): stopped after 200000 steps"), result.stdout)
        let warnings = result.stderr.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot grow (disk full?)"), result.stderr)
    }
}

import Synchronization
