import CSanitizerHooks
import Synchronization

/// A value shared between threads behind a `Synchronization.Mutex`, which the thread sanitizer
/// can also check.
///
/// On Linux the standard library's `Mutex` locks with atomics and futexes compiled outside the
/// sanitized code, so the thread sanitizer never sees its ordering and reports every guarded access
/// as a race. `Locked` takes the same lock and, while holding it, marks an acquire after locking and
/// a release before unlocking, so the sanitizer checks the real ordering (and still finds any
/// access made outside the lock). Outside sanitized builds the marks are empty calls.
public final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
            opta_sanitizer_acquire(address)
            defer { opta_sanitizer_release(address) }
            return try body(&value)
        }
    }
}
