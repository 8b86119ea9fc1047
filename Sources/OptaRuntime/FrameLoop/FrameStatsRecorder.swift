import Foundation
import OptaSupport

/// Collects frame times and input latencies for the viewer: HUD figures over the last second
/// (`lastSecond`) and session figures on exit (`sessionJSON()`).
///
/// The figures are `FrameStatistics`' (nearest-rank percentiles). Memory grows by one `Duration` per frame for the session figures
/// (about 3.5 MB for an hour at 60 fps).
public struct FrameStatsRecorder: Sendable {
    /// The frame interval: frames slower than this are over budget.
    public let budget: Duration
    /// The span of the HUD window.
    public let window: Duration
    private var frameTimes: [Duration] = []
    /// Frames inside the HUD window: (presented at, frame time), oldest first.
    private var recent: [(at: Duration, frameTime: Duration)] = []
    private var recentStart = 0
    private var inputLatencies: [Duration] = []
    /// Deadlines skipped over the session.
    public private(set) var skippedFrames = 0

    /// A recorder for frames budgeted at `budget` each (the frame interval).
    public init(budget: Duration, window: Duration = .seconds(1)) {
        self.budget = budget
        self.window = window
    }

    /// Frames recorded over the session.
    public var frames: Int { frameTimes.count }

    /// Records one frame that took `frameTime` and was presented at `at` (clock time; calls come
    /// in time order).
    public mutating func record(frameTime: Duration, at: Duration) {
        frameTimes.append(frameTime)
        recent.append((at, frameTime))
        // Drop frames that left the window; compact now and then so this stays O(1) amortized.
        while recentStart < recent.count, recent[recentStart].at <= at - window { recentStart += 1 }
        if recentStart > 64 && recentStart * 2 > recent.count {
            recent.removeFirst(recentStart)
            recentStart = 0
        }
    }

    /// Records `count` skipped deadlines.
    public mutating func recordSkipped(_ count: Int) { skippedFrames += max(count, 0) }

    /// Records a frame's input latency: from its earliest input event to its present (`InputLatency`).
    public mutating func recordInputLatency(_ latency: Duration) { inputLatencies.append(latency) }

    /// HUD figures over the frames presented within the last window (one second) before the
    /// latest frame: frames per second (frames in the window / window length) and median and
    /// 99th-percentile frame times in milliseconds. Zeros before any frame.
    public var lastSecond: (fps: Double, p50Ms: Double, p99Ms: Double) {
        let stats = FrameStatistics(milliseconds: recent[recentStart...].map(\.frameTime.milliseconds))
        return (Double(stats.frames) / window.seconds, stats.p50, stats.p99)
    }

    /// The session figures as one JSON object with the keys `frames`, `p50_ms`, `p95_ms`,
    /// `p99_ms`, `max_ms`, `over_budget_share` (share of frames slower than the budget, 0…1),
    /// `skipped_frames` and `input_latency_ms` (median input-to-present latency, 0 if none).
    public func sessionJSON() -> String {
        let stats = FrameStatistics(milliseconds: frameTimes.map(\.milliseconds), budgetMilliseconds: budget.milliseconds)
        let latency = FrameStatistics(milliseconds: inputLatencies.map(\.milliseconds)).p50
        let fields: [(String, String)] = [
            ("frames", String(stats.frames)),
            ("p50_ms", number(stats.p50)),
            ("p95_ms", number(stats.p95)),
            ("p99_ms", number(stats.p99)),
            ("max_ms", number(stats.max)),
            ("over_budget_share", number(stats.overBudgetShare)),
            ("skipped_frames", String(skippedFrames)),
            ("input_latency_ms", number(latency)),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A JSON number with three decimals (finite by construction; 0 otherwise).
    private func number(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? value : 0)
    }
}
