import OptaCore
import OptaSupport

/// Actions sent from another thread (the reader of a followed log) to a viewer, which applies
/// them at the start of its next frame, in the order they were sent. Sending never waits for a
/// frame; consecutive batches of followed points merge into one action, so a slow frame costs one
/// reducer call, not one per batch.
public final class ActionFeed: Sendable {
    private let queue = Locked<[Action]>([])

    public init() {}

    public func send(_ action: Action) {
        queue.withLock { queue in
            if case .appendFollowedPoints(let more) = action, case .appendFollowedPoints(var points)? = queue.last {
                queue.removeLast()
                points += more
                queue.append(.appendFollowedPoints(points))
            } else {
                queue.append(action)
            }
        }
    }

    /// Everything sent since the last call, oldest first.
    public func drain() -> [Action] {
        queue.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }
}
