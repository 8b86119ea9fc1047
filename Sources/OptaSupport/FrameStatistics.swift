import Foundation

/// Percentiles of a series of frame times, in milliseconds, and their report formats: the one
/// place frame statistics are computed, for `opta bench` and the viewer's HUD and `--stats`.
public struct FrameStatistics: Sendable, Equatable {
    public let frames: Int
    public let p50: Double
    public let p95: Double
    public let p99: Double
    public let max: Double
    public let mean: Double
    /// Share of frames slower than the budget (0…1).
    public let overBudgetShare: Double
    /// The frame budget of a 60 Hz display.
    public static let budgetMilliseconds = 1000.0 / 60

    /// Statistics of `milliseconds`: nearest-rank percentiles (the value at rank ⌈p/100 · n⌉),
    /// and the share of frames over `budgetMilliseconds`. All zero for no frames.
    public init(milliseconds: [Double], budgetMilliseconds budget: Double = Self.budgetMilliseconds) {
        let sorted = milliseconds.sorted()
        frames = sorted.count
        p50 = Self.nearestRank(50, sorted: sorted)
        p95 = Self.nearestRank(95, sorted: sorted)
        p99 = Self.nearestRank(99, sorted: sorted)
        max = sorted.last ?? 0
        mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
        overBudgetShare = sorted.isEmpty ? 0 : Double(sorted.count(where: { $0 > budget })) / Double(sorted.count)
    }

    /// The nearest-rank `p`-th percentile (0…100) of `sorted` (ascending); 0 for no values.
    public static func nearestRank(_ p: Double, sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    /// Frames per second at the mean frame time.
    public var fps: Double { mean > 0 ? 1000 / mean : 0 }

    /// One JSON object with the keys scenario, frames, p50_ms, p95_ms, p99_ms, max_ms, fps, over_budget_share.
    public func json(scenario: String) -> String {
        func f(_ v: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", v) }
        return "{\"scenario\": \(JSONText.quoted(scenario)), \"frames\": \(frames), \"p50_ms\": \(f(p50)), \"p95_ms\": \(f(p95)), "
            + "\"p99_ms\": \(f(p99)), \"max_ms\": \(f(max)), \"fps\": \(f(fps, 1)), \"over_budget_share\": \(f(overBudgetShare, 4))}"
    }

    /// A readable report.
    public func table(scenario: String, width: Int, height: Int, threads: Int) -> String {
        func f(_ v: Double) -> String { String(format: "%.2f", v) }
        return "\(scenario) at \(width)×\(height), \(threads) threads, \(frames) frames\n"
            + "  p50 \(f(p50)) ms   p95 \(f(p95)) ms   p99 \(f(p99)) ms   max \(f(max)) ms\n"
            + "  \(String(format: "%.1f", fps)) fps   \(String(format: "%.1f", overBudgetShare * 100))% of frames over 16.7 ms"
    }
}
