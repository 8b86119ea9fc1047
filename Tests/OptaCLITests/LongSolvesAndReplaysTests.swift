import Foundation
import OptaStore
import Testing

/// Long solves and replays: the run store gets every iterate while the solver keeps a bounded
/// trajectory; progress shows on a terminal only, so captured standard error stays clean.
@Suite(.serialized) struct LongSolvesAndReplaysTests {
    /// Gradient descent on Rosenbrock with a small step: it runs its whole budget.
    static let scenario = """
        {"version": 1, "size": {"width": 320, "height": 200}, "landscape": {"function": "rosenbrock"},
         "solvers": [{"id": "GD", "method": "gradient-descent", "start": [-1.5, 2], "steps": 20000,
                      "params": {"learningRate": 0.0001}}]}
        """

    func writeScenario(_ folder: String) throws -> String {
        let path = folder + "/long.json"
        try writeFile(Self.scenario, path)
        return path
    }

    /// Progress shows at once (the delay is for people, not tests).
    static let quickProgress = ProcessInfo.processInfo.environment.merging(["OPTA_PROGRESS_AFTER": "0"]) { $1 }

    @Test func theStoreGetsEveryIterateAndTheCheckpointTheKeptOnes() throws {
        let folder = temporaryFolder()
        let scenario = try writeScenario(folder)
        let store = folder + "/runs.sqlite"
        let first = try OptaProcess.run(["solve", scenario, "--store", store, "--checkpoint", folder + "/cp.json"])
        #expect(first.status == 0, "\(first.stderr)")
        let runStore = try RunStore(path: store)
        let firstID = try #require(try runStore.list().first).id
        let whole = try #require(try runStore.run(firstID))
        #expect(whole.iterates.map(\.step) == Array(0...20_000), "every iterate, past the trajectory's cap")

        let checkpoint = try String(contentsOfFile: folder + "/cp.json", encoding: .utf8)
        #expect(checkpoint.contains("\"decimation\""))
        // Resumed: the checkpoint's kept points, then every new step.
        let resumed = try OptaProcess.run(["solve", scenario, "--resume", folder + "/cp.json", "--steps", "3000", "--store", store])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let runs = try runStore.list().sorted { $0.id < $1.id }
        let lastID = try #require(runs.last).id
        let second = try #require(try runStore.run(lastID))
        let steps = second.iterates.map(\.step)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 < $1 })
        #expect(steps.first == 0 && steps.suffix(3001) == ArraySlice(20_000...23_000))
        #expect(steps.count < 20_000, "the history before the resume is the checkpoint's kept points")
    }

    @Test func progressStaysOffCapturedStandardError() throws {
        let folder = temporaryFolder()
        let scenario = try writeScenario(folder)
        let solve = try OptaProcess.run(["solve", scenario, "--no-record"], environment: Self.quickProgress)
        #expect(solve.status == 0 && solve.stderr.isEmpty, "\(solve.stderr)")
        let render = try OptaProcess.run(["render", scenario, "--frame", "2000", "-o", folder + "/f.png"], environment: Self.quickProgress)
        #expect(render.status == 0 && !render.stderr.contains("frames"), "\(render.stderr)")
        let a11y = try OptaProcess.run(["a11y", scenario, "--frame", "2000"], environment: Self.quickProgress)
        #expect(a11y.status == 0 && a11y.stderr.isEmpty, "\(a11y.stderr)")
    }

    /// On a terminal (a pseudo-terminal from `script`), the same commands draw a bar.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressShowsOnATerminal() throws {
        let folder = temporaryFolder()
        let scenario = try writeScenario(folder)
        func onTerminal(_ arguments: [String]) throws -> String {
            let command = ([OptaProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
            process.environment = Self.quickProgress.merging(["XDG_DATA_HOME": OptaProcess.dataHome]) { $1 }
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(String(decoding: data, as: UTF8.self))")
            return String(decoding: data, as: UTF8.self)
        }
        let solve = try onTerminal(["solve", scenario, "--no-record"])
        #expect(solve.contains("20000/20000 steps") && solve.contains("steps/s"), "\(solve)")
        let render = try onTerminal(["render", scenario, "--frame", "2000", "-o", folder + "/f.png"])
        #expect(render.contains("2001/2001 frames") && render.contains("fps"), "\(render)")
    }
}
