import Dispatch
import Synchronization

/// A small bounded first-in, first-out queue between the thread that renders frames and the thread
/// that pipes them into the encoder, so that rendering the next frames overlaps encoding.
///
/// Invariants: `slots` counts free places and `waiting` counts entries in `buffer` (frames, or the
/// one `nil` that marks the end); each is signalled exactly once per entry taken or added, so a
/// producer blocks only while `capacity` frames wait, and the consumer only while none do.
final class FrameQueue<Frame: Sendable>: Sendable {
    let capacity: Int
    private let slots: DispatchSemaphore
    private let waiting = DispatchSemaphore(value: 0)
    private let buffer = Mutex<[Frame?]>([])

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = DispatchSemaphore(value: self.capacity)
    }

    /// Adds `frame`, waiting for a free place while the queue is full.
    func push(_ frame: Frame) {
        slots.wait()
        buffer.withLock { $0.append(frame) }
        waiting.signal()
    }

    /// Adds `frame` only if a place is free now; false (the frame is dropped) when full.
    func offer(_ frame: Frame) -> Bool {
        guard slots.wait(timeout: .now()) == .success else { return false }
        buffer.withLock { $0.append(frame) }
        waiting.signal()
        return true
    }

    /// Marks the end: `pop` returns nil once the frames before it are taken. Never waits.
    func close() {
        buffer.withLock { $0.append(nil) }
        waiting.signal()
    }

    /// The next frame, waiting for one; nil at the end.
    func pop() -> Frame? {
        waiting.wait()
        let next = buffer.withLock { $0.removeFirst() }
        if next != nil { slots.signal() }
        return next
    }
}
