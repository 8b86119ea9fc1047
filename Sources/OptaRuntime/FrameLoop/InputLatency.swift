/// Input latency: from the moment an input event happened to the present of the first frame that
/// reflects it. The viewer applies every event it polls to the frame it then draws, so a frame's
/// latency is measured from its earliest event.
///
/// Times are seconds on the input source's clock (`InputSource.inputTime`, SDL's millisecond
/// ticks in the window): the events' own timestamps, and for events without one (a resize) the
/// moment they were taken from the queue.
public enum InputLatency {
    /// The latency of a frame that took `events` from the queue at `polledAt` and was presented at
    /// `presentedAt`; nil when it had no input. Never negative (a timestamp from the future, which
    /// a wrapped or foreign clock could give, counts as taken at the poll).
    public static func of(_ events: [InputEvent], polledAt: Double, presentedAt: Double) -> Duration? {
        guard !events.isEmpty else { return nil }
        let happened = events.map { $0.timestamp.flatMap { $0.isFinite && $0 <= polledAt ? $0 : nil } ?? polledAt }.min()!
        let seconds = max(0, presentedAt - happened)
        guard seconds.isFinite else { return nil }
        return .nanoseconds(Int64((min(seconds, 86_400) * 1e9).rounded()))
    }
}

extension InputEvent {
    /// When the event happened, in seconds on the input clock; nil for events without a time.
    public var timestamp: Double? {
        switch self {
        case .pointerDown(_, _, _, let time), .pointerMoved(_, let time), .pointerUp(_, _, let time),
             .wheel(_, _, let time), .pinch(_, _, let time), .key(_, _, let time):
            time
        case .resized:
            nil
        }
    }
}
