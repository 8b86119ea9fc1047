import Foundation
import OptaCore
@testable import OptaRuntime
import Testing

@Suite("Following a JSON Lines log")
struct FollowTests {
    @Test("lines split across chunks, CRLF, a malformed line reported with its number")
    func chunks() {
        var follower = JSONLinesFollower(defaultPath: "run")
        let first = follower.consume(Array(#"{"path": "adam", "step": 0, "x": 1, "y": 2, "f": 3}"#.utf8) + [0x0A] + Array(#"{"x": 0.5, "#.utf8))
        #expect(first.points.count == 1 && first.points[0].path == "adam" && first.points[0].f == 3 && first.problems.isEmpty)
        let second = follower.consume(Array("\"y\": 1}\r\nnot json\n".utf8))
        #expect(second.points == [PathPoint(path: "run", step: nil, point: SIMD2(0.5, 1), f: nil)])
        #expect(second.problems.count == 1 && second.problems[0].hasPrefix("line 3 is not JSON"))
    }

    @Test("a growing file is read as it grows; truncation and replacement start it over")
    func tail() throws {
        let path = NSTemporaryDirectory() + "opta-follow-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"x\": 1, \"y\": 1}\n".utf8).write(to: URL(fileURLWithPath: path))
        var tail = FileTail(path: path)
        #expect(tail.poll() == .appended(Array("{\"x\": 1, \"y\": 1}\n".utf8)))
        #expect(tail.poll() == .unchanged)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"x\": 2, \"y\": 2}\n".utf8))
        try handle.close()
        #expect(tail.poll() == .appended(Array("{\"x\": 2, \"y\": 2}\n".utf8)))
        try Data("{\"x\": 3, \"y\": 3}\n".utf8).write(to: URL(fileURLWithPath: path))  // replaced (atomic write)
        #expect(tail.poll() == .restarted(Array("{\"x\": 3, \"y\": 3}\n".utf8)))
    }

    /// Every point of a 100,000-line log arrives, fed in 64 KiB chunks that split lines. (Its speed
    /// is measured in release builds, not asserted here: this suite also runs under the thread
    /// sanitizer.)
    @Test("a 100,000-line log arrives whole through chunked reads")
    func wholeLogThroughChunks() {
        var text = ""
        for k in 0..<100_000 { text += "{\"path\": \"adam\", \"step\": \(k), \"x\": \(Double(k) * 1e-5), \"y\": 1.25, \"f\": 0.5}\n" }
        let bytes = Array(text.utf8)
        var follower = JSONLinesFollower(defaultPath: "run")
        var points = 0, last = -1.0
        var k = 0
        while k < bytes.count {
            let batch = follower.consume(bytes[k..<min(k + 65_536, bytes.count)]).points
            points += batch.count
            if let step = batch.last?.step { last = Double(step) }
            k += 65_536
        }
        #expect(points == 100_000)
        #expect(last == 99_999)
    }
}
