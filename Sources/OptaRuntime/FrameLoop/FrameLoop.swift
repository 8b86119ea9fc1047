import Dispatch
import Foundation
import OptaCore
import OptaSupport
import Synchronization

/// Runs a body once per tick, paced by a `FramePacer` on a `FrameClock`, until the body returns
/// false, `maxFrames` ticks ran or `stop()` is called.
///
/// `run(_:)` loops on the calling thread (the caller decides which); `start(_:)` spawns a
/// dedicated high-priority thread and `join()` waits for it and returns its report.
public final class FrameLoop: Sendable {
    public let clock: any FrameClock
    public let interval: Duration
    public let maxFrames: Int?
    private let stopRequested = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let result = Locked<FrameLoopReport?>(nil)

    /// A loop ticking every `interval` (must be positive); `maxFrames` nil runs until told to stop.
    public init(clock: any FrameClock = SystemFrameClock(), interval: Duration, maxFrames: Int? = nil) {
        precondition(interval > .zero, "a frame interval must be positive")
        self.clock = clock
        self.interval = interval
        self.maxFrames = maxFrames
    }

    /// A loop at `fps` frames per second (from `--fps` or the display's refresh rate).
    public convenience init(clock: any FrameClock = SystemFrameClock(), fps: Double, maxFrames: Int? = nil) {
        self.init(clock: clock, interval: FrameLoop.interval(fps: fps), maxFrames: maxFrames)
    }

    /// The frame interval for `fps` frames per second: 1 s / fps, to the nanosecond.
    public static func interval(fps: Double) -> Duration {
        precondition(fps > 0 && fps.isFinite, "frames per second must be positive")
        return .nanoseconds(Int64((1e9 / fps).rounded()))
    }

    /// Asks the loop to end before its next tick. Once stopped, it stays stopped.
    public func stop() { stopRequested.store(true, ordering: .releasing) }

    /// Runs the loop on the calling thread: sleeps until each tick, then calls `body`.
    /// The first tick is at the time of the call.
    public func run(_ body: (FrameTick) -> Bool) -> FrameLoopReport {
        let begin = clock.now
        var pacer = FramePacer(interval: interval, start: begin)
        var frames = 0
        var reason = FrameLoopReport.StopReason.maxFrames
        while true {
            if let maxFrames, frames >= maxFrames { reason = .maxFrames; break }
            if stopRequested.load(ordering: .acquiring) { reason = .stopped; break }
            let (tick, sleepUntil) = pacer.nextTick(now: clock.now)
            clock.sleep(until: sleepUntil)
            if stopRequested.load(ordering: .acquiring) { reason = .stopped; break }
            frames += 1
            if !body(tick) { reason = .body; break }
        }
        return FrameLoopReport(framesRun: frames, skippedFrames: pacer.skippedFrames,
                               elapsed: clock.now - begin, stopReason: reason)
    }

    /// Runs the loop on a new high-priority thread named `name`; call `join()` for the report.
    /// Start a loop at most once.
    public func start(name: String = "opta.frameloop", _ body: @escaping @Sendable (FrameTick) -> Bool) {
        let thread = Thread { [self] in
            let report = self.run(body)
            self.result.withLock { $0 = report }
            self.finished.signal()
        }
        thread.name = name
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Waits for the thread from `start(_:)` to end and returns its report.
    public func join() -> FrameLoopReport {
        finished.wait()
        finished.signal()  // later joins return at once too
        return result.withLock { $0! }
    }
}
