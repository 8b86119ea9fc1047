import Dispatch
import Synchronization

/// Plays one clip at a time on an `AudioQueue`, made on a background queue so that the caller (the
/// viewer's frame loop) never waits for synthesis. A newer `play` or a `stop` wins over a clip
/// still being made: an older request's samples are dropped, never queued late.
public final class ClipPlayer: Sendable {
    public let output: any AudioQueue
    private let work = DispatchQueue(label: "opta.audio.clip", qos: .utility)
    /// The latest request's number and whether its clip is still being made. The check of the
    /// number and the queueing happen under the lock, so a `stop` cannot fall between them.
    private let request = Mutex<(generation: Int, making: Bool)>((0, false))

    public init(output: any AudioQueue) {
        self.output = output
    }

    /// Whether a clip is being made or still sounds.
    public var isPlaying: Bool { request.withLock { $0.making } || output.queuedSeconds > 0 }

    /// Starts making a clip with `make` (on the background queue) and plays it when done, in place
    /// of anything playing now. `make` returning nil plays nothing.
    public func play(_ make: @escaping @Sendable () -> [Float]?) {
        let mine = request.withLock { r in
            r.generation += 1
            r.making = true
            output.clear()
            return r.generation
        }
        work.async { [self] in
            let samples = make()
            request.withLock { r in
                guard r.generation == mine else { return }
                r.making = false
                if let samples { output.enqueue(samples) }
            }
        }
    }

    /// Silences the clip, and any clip still being made.
    public func stop() {
        request.withLock { r in
            r.generation += 1
            r.making = false
            output.clear()
        }
    }

    /// Blocks until the clip being made (if any) is queued or dropped: for tests and shutdown.
    public func waitUntilMade() {
        work.sync {}
    }
}
