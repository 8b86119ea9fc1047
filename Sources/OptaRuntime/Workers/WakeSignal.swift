import Dispatch
import Synchronization

/// A wake-up that one thread waits for and any thread may give: how a worker's commands (pause,
/// step, reset, cancel) and a test clock's moves end a worker's wait.
///
/// A wake-up given while nobody waits is kept (at most one is pending), so none is lost. The
/// waiter takes it after waking; whatever the giver did before `signal()` (a command written under
/// its lock) is visible to the waiter after `take()`. A stray wake-up only makes a wait return
/// early, and every waiter here re-reads its state after a wait, so early returns are harmless.
public final class WakeSignal: Sendable {
    private let pending = Atomic<Bool>(false)
    private let semaphore = DispatchSemaphore(value: 0)

    public init() {}

    /// Wakes the waiter, or the next wait if nobody waits now.
    public func signal() {
        if !pending.exchange(true, ordering: .acquiringAndReleasing) { semaphore.signal() }
    }

    /// Whether a wake-up was given and not yet taken.
    var isPending: Bool { pending.load(ordering: .acquiring) }

    /// Blocks until a wake-up is given or `timeout` of real time passes (nil: no limit); a given
    /// wake-up stays pending until `take()`.
    func block(timeout: Duration?) {
        guard let timeout else { return semaphore.wait() }
        guard timeout > .zero else { return }
        _ = semaphore.wait(timeout: .now() + .nanoseconds(timeout.wholeNanoseconds))
    }

    /// Takes the pending wake-up, if any.
    func take() { _ = pending.exchange(false, ordering: .acquiringAndReleasing) }
}
