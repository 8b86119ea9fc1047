import Foundation
import OptaCore
import OptaRaster
import OptaRuntime
import OptaText
import Testing

/// A window without a window on a manual clock: events come stamped with their own times at
/// scripted polls, and presenting a frame takes `presentTime` of clock time.
final class ClockedSource: FrameSink, InputSource {
    let drawableSize = SIMD2(320, 200)
    let clock: ManualFrameClock
    let presentTime: Duration
    /// Events for the nth poll, given the poll's time in seconds.
    let script: [Int: (Double) -> [InputEvent]]
    private var polls = 0

    init(clock: ManualFrameClock, presentTime: Duration, script: [Int: (Double) -> [InputEvent]]) {
        self.clock = clock
        self.presentTime = presentTime
        self.script = script
    }

    func present(_ framebuffer: Framebuffer) { clock.advance(by: presentTime) }

    func pollEvents() -> [InputEvent] {
        defer { polls += 1 }
        return script[polls]?(inputTime) ?? []
    }

    var inputTime: Double {
        let now = clock.now.components
        return Double(now.seconds) + Double(now.attoseconds) * 1e-18
    }
}

@Suite struct InputLatencyTests {
    static func move(at time: Double) -> InputEvent { .pointerMoved(to: SIMD2(10, 10), time: time) }

    @Test func latencyRunsFromTheEarliestEventToThePresent() throws {
        let polled = 10.0, presented = 10.005
        #expect(InputLatency.of([], polledAt: polled, presentedAt: presented) == nil)
        #expect(InputLatency.of([Self.move(at: 9.97)], polledAt: polled, presentedAt: presented) == .milliseconds(35))
        // The earliest of a frame's events counts.
        #expect(InputLatency.of([Self.move(at: 9.999), Self.move(at: 9.988)], polledAt: polled, presentedAt: presented)
                == .milliseconds(17))
        // Without a timestamp (a resize), or with one after the poll, the event dates from the poll.
        #expect(InputLatency.of([.resized(width: 10, height: 10)], polledAt: polled, presentedAt: presented) == .milliseconds(5))
        #expect(InputLatency.of([Self.move(at: 11)], polledAt: polled, presentedAt: presented) == .milliseconds(5))
        #expect(InputLatency.of([Self.move(at: .nan)], polledAt: polled, presentedAt: presented) == .milliseconds(5))
    }

    /// The viewer's `input_latency_ms` is the median, over frames with input, of the time from each
    /// frame's earliest event to that frame's present — not the frame time of frames with events.
    @Test func theViewerReportsTheMedianEventToPresentLatency() throws {
        let clock = ManualFrameClock(start: .seconds(1))
        // Presenting takes 5 ms; events waited 30, 12, 0 and 18 ms in the queue before their polls.
        let source = ClockedSource(clock: clock, presentTime: .milliseconds(5), script: [
            2: { [Self.move(at: $0 - 0.030)] },
            5: { [Self.move(at: $0 - 0.001), Self.move(at: $0 - 0.012)] },
            7: { _ in [.resized(width: 320, height: 200)] },
            9: { [Self.move(at: $0 - 0.018)] },
        ])
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.maxFrames = 14
        options.fps = 50
        let scenario = try ScenarioLoader.parse(Data("""
            {"version": 1, "size": {"width": 320, "height": 200}, "landscape": {"function": "booth"}}
            """.utf8))
        let session = try ViewerSession(scenario: scenario, fonts: try FontLibrary.loadDefault(), options: options,
                                        viewSize: source.drawableSize, clock: clock)
        let report = session.run(source: source, sink: source)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.statisticsJSON.utf8)) as? [String: Any])
        let latency = try #require(json["input_latency_ms"] as? Double)
        // Latencies 35, 17, 5 and 23 ms: the nearest-rank median is 17 ms.
        #expect(abs(latency - 17) < 0.001, "\(report.statisticsJSON)")
        #expect(json["p50_ms"] as? Double == 5, "every frame takes the 5 ms of its present")
    }

    @Test func aSessionWithoutInputReportsZero() throws {
        let clock = ManualFrameClock()
        let source = ClockedSource(clock: clock, presentTime: .milliseconds(5), script: [:])
        var options = ViewerSession.Options()
        options.replay = Trace()
        options.maxFrames = 3
        let scenario = try ScenarioLoader.parse(Data("""
            {"version": 1, "size": {"width": 320, "height": 200}, "landscape": {"function": "booth"}}
            """.utf8))
        let session = try ViewerSession(scenario: scenario, fonts: try FontLibrary.loadDefault(), options: options,
                                        viewSize: source.drawableSize, clock: clock)
        let report = session.run(source: source, sink: source)
        #expect(report.statisticsJSON.contains("\"input_latency_ms\": 0.000"), "\(report.statisticsJSON)")
    }
}
