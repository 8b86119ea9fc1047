import Dispatch
import Synchronization

/// Runs `count` independent jobs on up to `threads` workers (`min(threads, count)`, at least
/// one). Jobs are claimed in a fixed order from a shared counter; worker w first gets its own
/// scratch value (e.g. tile buffers) from `scratch(w)`, once.
///
/// Results must not depend on which worker runs which job: every job writes only what it owns.
enum ParallelWork {
    static func run<Scratch>(
        count: Int, threads: Int, scratch makeScratch: @Sendable (_ worker: Int) -> Scratch,
        _ body: @Sendable (Int, inout Scratch) -> Void
    ) {
        guard count > 0 else { return }
        let workers = Swift.max(1, Swift.min(threads, count))
        if workers == 1 {
            var s = makeScratch(0)
            for i in 0..<count { body(i, &s) }
            return
        }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var s = makeScratch(w)
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if i >= count { break }
                body(i, &s)
            }
        }
    }
}

/// A pointer into storage that a parallel pass fills in disjoint parts.
///
/// Safety (`@unchecked Sendable`): it is only created inside `withUnsafeMutableBufferPointer` (or
/// an equivalent scope that keeps the storage alive and exclusive) around a `ParallelWork.run` or
/// `TileScheduler.forEachTile` that returns after all workers finish, and every job writes only the elements it owns (its
/// own index, range of vertices or tile of pixels), so no element is touched by two threads.
struct SharedMutablePointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    init(_ base: UnsafeMutablePointer<T>) { self.base = base }
}
