/// Pure pacing logic for a display-link-style loop.
///
/// Deadlines are absolute, `start + k · interval`, so there is no drift however long the loop
/// runs. When a frame finishes after one or more deadlines have passed, those frames are skipped
/// (and counted) and the next tick is the next deadline not yet passed: never a burst of
/// catch-up frames. A frame that finishes exactly on a deadline still gets that deadline.
public struct FramePacer: Sendable {
    public let interval: Duration
    public let start: Duration
    /// Deadlines that passed while a frame was still running.
    public private(set) var skippedFrames = 0
    /// The index of the next deadline that may still be ticked.
    private var nextIndex = 0

    /// A pacer with ticks every `interval` (must be positive) from `start`.
    public init(interval: Duration, start: Duration) {
        precondition(interval > .zero, "a frame interval must be positive")
        self.interval = interval
        self.start = start
    }

    /// The absolute time of deadline `index`.
    public func deadline(_ index: Int) -> Duration { start + interval * index }

    /// The next tick at or after `now`, and the time to sleep until before running it.
    /// Call it once per frame, after the previous frame's work.
    public mutating func nextTick(now: Duration) -> (tick: FrameTick, sleepUntil: Duration) {
        var index = nextIndex
        // A deadline passed by less than a quarter interval still gets its frame, at once: the
        // time between reading the clock and asking is not a missed frame.
        if now > deadline(index) + interval / 4 {
            // Late: the first deadline at or after `now`, by exact integer arithmetic.
            let elapsed = (now - start).attoseconds
            let step = interval.attoseconds
            let due = Int((elapsed + step - 1) / step)
            skippedFrames += due - index
            index = due
        }
        nextIndex = index + 1
        let timestamp = deadline(index)
        return (FrameTick(index: index, timestamp: timestamp, targetTimestamp: timestamp + interval), max(timestamp, now))
    }
}
