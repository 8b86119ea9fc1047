import Foundation
import OptaRuntime
import Testing

@Suite struct FrameLoopStatsTests {
    @Test func sessionPercentilesAreNearestRank() throws {
        var stats = FrameStatsRecorder(budget: .milliseconds(16))
        // 1…100 ms, recorded out of order.
        for ms in (1...100).reversed() { stats.record(frameTime: .milliseconds(ms), at: .milliseconds(10 * (101 - ms))) }
        let json = try parse(stats.sessionJSON())
        #expect(json["frames"] as? Int == 100)
        #expect(json["p50_ms"] as? Double == 50)
        #expect(json["p95_ms"] as? Double == 95)
        #expect(json["p99_ms"] as? Double == 99)
        #expect(json["max_ms"] as? Double == 100)
        #expect(json["over_budget_share"] as? Double == 0.84, "17…100 ms are over a 16 ms budget")
    }

    @Test func nearestRankOnASmallSet() throws {
        var stats = FrameStatsRecorder(budget: .milliseconds(50))
        for ms in [15, 20, 35, 40, 50] { stats.record(frameTime: .milliseconds(ms), at: .milliseconds(ms)) }
        let json = try parse(stats.sessionJSON())
        #expect(json["p50_ms"] as? Double == 35)  // rank ⌈2.5⌉ = 3
        #expect(json["p95_ms"] as? Double == 50)  // rank ⌈4.75⌉ = 5
        #expect(json["over_budget_share"] as? Double == 0, "exactly on budget is not over")
        #expect(stats.lastSecond.p50Ms == 35)
        #expect(stats.lastSecond.p99Ms == 50)
    }

    @Test func lastSecondWindowDropsOldFrames() {
        var stats = FrameStatsRecorder(budget: .milliseconds(16))
        // First second: 60 slow frames; the next: 30 fast ones.
        for k in 1...60 { stats.record(frameTime: .milliseconds(40), at: .milliseconds(1000) * k / 60) }
        #expect(stats.lastSecond.fps == 60)
        #expect(stats.lastSecond.p99Ms == 40)
        for k in 1...30 { stats.record(frameTime: .milliseconds(5), at: .seconds(1) + .milliseconds(1000) * k / 30) }
        let hud = stats.lastSecond
        #expect(hud.fps == 30)
        #expect(hud.p50Ms == 5)
        #expect(hud.p99Ms == 5)
        #expect(stats.frames == 90, "the session keeps every frame")
        // Many more frames: the window stays one second wide.
        for k in 1...600 { stats.record(frameTime: .milliseconds(k % 2 == 0 ? 8 : 12), at: .seconds(2) + .milliseconds(10) * k) }
        #expect(stats.lastSecond.fps == 100)
        #expect(stats.lastSecond.p50Ms == 8)
        #expect(stats.lastSecond.p99Ms == 12)
    }

    @Test func jsonHasExactlyTheKeys() throws {
        var stats = FrameStatsRecorder(budget: .milliseconds(10))
        stats.record(frameTime: .milliseconds(12), at: .zero)
        stats.record(frameTime: .microseconds(8500), at: .milliseconds(10))
        stats.recordSkipped(2)
        stats.recordSkipped(1)
        stats.recordInputLatency(.milliseconds(30))
        stats.recordInputLatency(.milliseconds(20))
        stats.recordInputLatency(.milliseconds(25))
        let text = stats.sessionJSON()
        let json = try parse(text)
        #expect(Set(json.keys) == ["frames", "p50_ms", "p95_ms", "p99_ms", "max_ms",
                                   "over_budget_share", "skipped_frames", "input_latency_ms"])
        #expect(json["frames"] as? Int == 2)
        #expect(json["skipped_frames"] as? Int == 3)
        #expect(json["input_latency_ms"] as? Double == 25)
        #expect(json["over_budget_share"] as? Double == 0.5)
        #expect(json["p50_ms"] as? Double == 8.5)
        #expect(!text.contains("\n"))
    }

    @Test func emptySessionIsAllZeros() throws {
        let stats = FrameStatsRecorder(budget: .milliseconds(16))
        let json = try parse(stats.sessionJSON())
        #expect(json.count == 8)
        for (key, value) in json { #expect((value as? Double) == 0, "\(key)") }
        #expect(stats.lastSecond == (0, 0, 0))
    }

    private func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }
}
