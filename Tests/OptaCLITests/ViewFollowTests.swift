import Foundation
import OptaCore
import OptaSupport
import Testing

/// `opta view --follow` as a user runs it, under SDL's dummy driver: the viewer reads the log,
/// says what it sees on its output, and writes what it held to --stats when asked to quit
/// (SIGTERM, as closing the window).
@Suite(.serialized) struct ViewFollowTests {
    /// A running `opta view` whose output is collected line by line as it comes.
    final class RunningViewer {
        let process: Process
        let input = Pipe()
        let stdout = Locked<[String]>([])
        let stderr = Locked<String>("")
        private let finished = DispatchSemaphore(value: 0)

        init(_ arguments: [String]) throws {
            process = Process()
            process.executableURL = OptaProcess.executable
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": OptaProcess.viewerDataHome]) { $1 }
            environment["SDL_VIDEODRIVER"] = "dummy"
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = input
            try process.run()
            let lines = stdout, errors = stderr, finished = finished
            let outHandle = out.fileHandleForReading, errHandle = err.fileHandleForReading
            Thread {
                var pending = Data()
                while case let data = outHandle.availableData, !data.isEmpty {
                    pending += data
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        lines.withLock { $0.append(line) }
                        pending = Data(pending[(newline + 1)...])
                    }
                }
                finished.signal()
            }.start()
            Thread {
                let data = errHandle.readDataToEndOfFile()
                errors.withLock { $0 = String(decoding: data, as: UTF8.self) }
                finished.signal()
            }.start()
        }

        /// Waits (up to a minute) for an output line containing `text`.
        func waitForLine(containing text: String) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if stdout.withLock({ $0.contains { $0.contains(text) } }) { return true }
                if !process.isRunning { return stdout.withLock { $0.contains { $0.contains(text) } } }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }

        /// Asks the viewer to quit as closing its window does, and waits for it and its output.
        func quit() -> Int32 {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            finished.wait()
            finished.wait()
            return process.terminationStatus
        }
    }

    static func lines(_ path: String, _ count: Int) -> String {
        (0..<count).map { "{\"path\": \"\(path)\", \"step\": \($0), \"x\": \(-1 + 0.01 * Double($0)), \"y\": 1, \"f\": 0.5}\n" }.joined()
    }

    func stats(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test func aLogFileIsFollowedItsMalformedLineReportedOnceAndWhatWasShownCounted() throws {
        let folder = temporaryFolder(), log = "\(folder)/run.jsonl"
        try Data((Self.lines("adam", 50) + "{\"x\": 1,\n" + Self.lines("done", 1)).utf8).write(to: URL(fileURLWithPath: log))
        let viewer = try RunningViewer(["view", "--follow", log, "--width", "320", "--height", "200", "--stats", "\(folder)/stats.json"])
        // The last line's path is announced once the viewer applied it: everything before it is in by then.
        #expect(viewer.waitForLine(containing: "announce: new path done"))
        #expect(viewer.quit() == 0, "\(viewer.stderr.withLock { $0 })")
        let output = viewer.stdout.withLock { $0 }
        #expect(output.first == "following \(log)")
        #expect(output.contains("announce: new path adam"))
        let stats = try stats("\(folder)/stats.json")
        #expect(stats["followed_points"] as? Int == 51)
        #expect(stats["followed_paths"] as? Int == 2)
        let errors = viewer.stderr.withLock { $0 }.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].hasPrefix("opta: --follow \(log): line 51 is not JSON"), "\(errors)")
        #expect(errors.first?.hasSuffix("skipped it") == true)
    }

    @Test func standardInputIsFollowedWithDash() throws {
        let folder = temporaryFolder()
        let viewer = try RunningViewer(["view", "--follow", "-", "--width", "320", "--height", "200", "--stats", "\(folder)/stats.json"])
        viewer.input.fileHandleForWriting.write(Data((Self.lines("stdin-run", 30) + "{\"path\": \"last\", \"x\": 0, \"y\": 0}\n").utf8))
        try viewer.input.fileHandleForWriting.close()
        #expect(viewer.waitForLine(containing: "announce: new path last"))
        #expect(viewer.quit() == 0)
        #expect(viewer.stdout.withLock { $0 }.first == "following standard input")
        let stats = try stats("\(folder)/stats.json")
        #expect(stats["followed_points"] as? Int == 31)
    }

    @Test func aFileInAMissingFolderOrAGraphIsAUsageError() throws {
        let missing = try OptaProcess.run(["view", "--follow", "/nonexistent-\(UUID().uuidString)/run.jsonl"])
        #expect(missing.status == 64 && missing.stderr.contains("does not exist"), "\(missing.stderr)")
        let graph = try OptaProcess.run(["view", OptaProcess.packageRoot.appendingPathComponent("Examples/supply-chain.json").path,
                                         "--follow", "\(temporaryFolder())/run.jsonl"])
        #expect(graph.status == 64 && graph.stderr.contains("is a graph"), "\(graph.stderr)")
    }

    @Test func theHelpTeachesTheFormat() throws {
        // Wrapped to the terminal's width: compare with runs of spaces and line breaks as one space.
        let help = try OptaProcess.run(["view", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--follow <file>"))
        #expect(help.contains(#"{"path": "adam", "step": 12, "x": 0.3, "y": 1.2, "f": 0.8}"#))
        #expect(help.contains("docs/follow.md"))
    }
}
