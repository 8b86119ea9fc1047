/// What a finished frame loop did: frames run, deadlines skipped, time taken and why it stopped.
public struct FrameLoopReport: Sendable, Equatable {
    /// Why a frame loop ended.
    public enum StopReason: Sendable, Equatable {
        /// `maxFrames` ticks ran.
        case maxFrames
        /// The body returned false.
        case body
        /// `FrameLoop.stop()` was called.
        case stopped
    }

    /// Ticks whose body ran.
    public let framesRun: Int
    /// Deadlines skipped because a frame ran late.
    public let skippedFrames: Int
    /// Clock time from the start of the loop to its end.
    public let elapsed: Duration
    public let stopReason: StopReason

    public init(framesRun: Int, skippedFrames: Int, elapsed: Duration, stopReason: StopReason) {
        self.framesRun = framesRun
        self.skippedFrames = skippedFrames
        self.elapsed = elapsed
        self.stopReason = stopReason
    }
}
