import Foundation
import OptaCore
@testable import OptaRuntime
import OptaSupport
import Testing

/// The reader thread of `opta view --follow` against files other threads write. Nothing here
/// depends on timing: each step waits (up to a generous deadline) for what it expects to arrive.
@Suite(.serialized) struct FollowReaderTests {
    /// The followed paths as the feed's actions build them, and the reader's messages.
    final class Follower {
        let feed = ActionFeed()
        let messages = Locked<[String]>([])
        var state = AppState(scenario: DefaultScenario.scenario())
        let reader: FollowReader

        init(_ source: FollowReader.Source, settings: FollowReader.Settings = Follower.fast) {
            let messages = self.messages
            reader = FollowReader(source: source, feed: feed, settings: settings) { line in messages.withLock { $0.append(line) } }
            reader.start()
        }

        static var fast: FollowReader.Settings {
            var settings = FollowReader.Settings()
            settings.pollInterval = .milliseconds(2)
            return settings
        }

        /// A copy made under the lock: handing out the locked array's own buffer would leave
        /// the reader thread's next append (which then finds it shared, or not) racing with reads
        /// of it here.
        var said: [String] { messages.withLock { $0.map(\.self) } }
        var names: [String] { state.followedPaths.map(\.name) }
        var points: Int { state.followedPaths.reduce(0) { $0 + $1.points.count } }

        /// Applies what the reader sent until `condition` holds; false after a minute without it.
        func waitUntil(_ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                for action in feed.drain() { Reducer.apply(action, to: &state) }
                if condition() { return true }
                Thread.sleep(forTimeInterval: 0.001)
            }
            return false
        }
    }

    static func lines(_ path: String, _ steps: Range<Int>, x: Double = 0) -> String {
        steps.map { "{\"path\": \"\(path)\", \"step\": \($0), \"x\": \(x + Double($0) * 0.01), \"y\": 1, \"f\": \(Double($0))}\n" }.joined()
    }

    /// Runs `body` on a thread of its own and waits until it is done.
    static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        done.wait()
    }

    static func append(_ text: String, to path: String, chunk: Int) {
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        handle.seekToEndOfFile()
        let bytes = Array(text.utf8)
        var k = 0
        while k < bytes.count {
            handle.write(Data(bytes[k..<min(k + chunk, bytes.count)]))
            k += chunk
        }
        try? handle.close()
    }

    @Test func aFileWrittenInChunksByAnotherThreadIsFollowedThroughAMalformedLineATruncationAndAReplacement() throws {
        let folder = NSTemporaryDirectory() + "opta-follow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/run.jsonl"
        let follower = Follower(.file(path))
        defer { follower.reader.stop() }

        // Not there yet: said once, then waited for.
        #expect(follower.waitUntil { follower.said.contains { $0.contains("no such file yet; waiting") } })

        // Two paths interleaved, written 37 bytes at a time so lines arrive in pieces.
        let first = zip(Self.lines("adam", 0..<150).split(separator: "\n"), Self.lines("sgd", 0..<150).split(separator: "\n"))
            .map { "\($0)\n\($1)\n" }.joined()
        Self.onAnotherThread {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            Self.append(first, to: path, chunk: 37)
        }
        #expect(follower.waitUntil { follower.points == 300 })
        #expect(follower.names == ["adam", "sgd"])
        #expect(follower.state.followedPaths[0].steps == (0..<150).map(Double.init), "points keep their order")
        #expect(follower.state.followedPaths[1].values == (0..<150).map(Double.init))

        // A malformed line (line 301) is reported once, with its number, and the lines after it still arrive.
        Self.onAnotherThread { Self.append("{\"path\": \"adam\", \"x\": oops}\n" + Self.lines("adam", 150..<160), to: path, chunk: 11) }
        #expect(follower.waitUntil { follower.points == 310 })
        #expect(follower.said.filter { $0.contains("line 301") }.count == 1, "\(follower.said)")
        #expect(follower.said.contains { $0.hasPrefix("--follow \(path): line 301 is not JSON") })

        // Truncated in place (same file, shorter): read again from its start, without the old paths.
        Self.onAnotherThread {
            let handle = FileHandle(forWritingAtPath: path)
            try? handle?.truncate(atOffset: 0)
            try? handle?.close()
            Self.append(Self.lines("restart", 0..<5), to: path, chunk: 64)
        }
        #expect(follower.waitUntil { follower.names == ["restart"] && follower.points == 5 })
        #expect(follower.said.contains { $0.contains("truncated or replaced; reading it again from the start") })

        // Replaced by another file (an atomic rename, as many loggers save), longer than before.
        Self.onAnotherThread {
            try? Data(Self.lines("replaced", 0..<400).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        #expect(follower.waitUntil { follower.names == ["replaced"] && follower.points == 400 })
        #expect(follower.state.followedPaths[0].steps?.last == 399)
    }

    @Test func overLongLinesAndPointsBeyondTheLimitAreReportedOnceAndSkipped() throws {
        let path = NSTemporaryDirectory() + "opta-follow-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        var settings = Follower.fast
        settings.maxLineBytes = 200
        settings.maxPoints = 25
        let follower = Follower(.file(path), settings: settings)
        defer { follower.reader.stop() }
        // A line of 1,000 bytes arriving in pieces, then good lines.
        let long = "{\"path\": \"a\", \"note\": \"" + String(repeating: "x", count: 1_000) + "\", \"x\": 1, \"y\": 1}\n"
        Self.onAnotherThread { Self.append(Self.lines("a", 0..<3) + long + Self.lines("a", 3..<10), to: path, chunk: 90) }
        #expect(follower.waitUntil { follower.points == 10 })
        #expect(follower.said == ["--follow \(path): line 4 is longer than 200 bytes; skipped it"])
        // The limit: 25 points in all, said once.
        Self.onAnotherThread { Self.append(Self.lines("b", 0..<40), to: path, chunk: 500) }
        #expect(follower.waitUntil { follower.said.count == 2 })
        #expect(follower.said[1].contains("reached 25 points"))
        #expect(follower.waitUntil { follower.points == 25 })
        #expect(follower.names == ["a", "b"])
    }

    @Test func stoppingEndsTheThreadAndCanBeRepeated() {
        let follower = Follower(.file(NSTemporaryDirectory() + "opta-never-\(UUID().uuidString).jsonl"))
        follower.reader.stop()
        follower.reader.stop()
        let idle = FollowReader(source: .standardInput, feed: ActionFeed()) { _ in }
        idle.stop()  // never started
    }

    @Test func sourcesNameThemselvesAndTheirDefaultPath() {
        #expect(FollowReader.Source(argument: "-") == .standardInput)
        #expect(FollowReader.Source(argument: "logs/run.jsonl") == .file("logs/run.jsonl"))
        #expect(FollowReader.Source.file("logs/run.jsonl").defaultPathName == "run")
        #expect(FollowReader.Source.file("/tmp/.hidden").defaultPathName == ".hidden")
        #expect(FollowReader.Source.standardInput.name == "standard input")
    }
}
