/// One tick of a frame loop: which frame, when it started (`timestamp`) and when it must be
/// presented (`targetTimestamp`, one interval later).
///
/// `index` numbers deadlines, not frames run: `timestamp == start + index · interval`, so skipped
/// frames leave gaps in the indices.
public struct FrameTick: Sendable, Equatable {
    public let index: Int
    public let timestamp: Duration
    public let targetTimestamp: Duration

    public init(index: Int, timestamp: Duration, targetTimestamp: Duration) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
    }
}
