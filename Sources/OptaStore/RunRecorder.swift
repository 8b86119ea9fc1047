import Foundation
import Synchronization

/// Records runs on a background writer thread: callers hand over iterates as they come (a copy
/// into a buffer behind a mutex, never a wait on SQLite), and the writer commits whatever has
/// gathered every `interval` (100 ms) in one transaction. A process killed mid-run loses at most
/// the last batch; the run is then marked `interrupted` when the store is next opened.
///
/// When writing fails (disk full, the file taken away), recording stops, `onFailure` is told once
/// and callers go on undisturbed.
public final class RunRecorder: Sendable {
    /// A run being recorded, as the recorder knows it.
    public struct Handle: Sendable, Hashable {
        let local: Int
    }

    enum Operation: Sendable {
        case begin(Int, RunInfo)
        case iterates(Int, [Iterate])
        case finish(Int, RunEnd)
        case viewerState(String, scenarioHash: String)
    }

    struct Pending: Sendable {
        var operations: [Operation] = []
        var nextLocal = 0
        var closing = false
        var failed = false
    }

    /// Hand-overs of fewer iterates than this are gathered into one chunk per run and batch.
    static let gatheredBelow = 64

    private let store: RunStore
    private let interval: Duration
    private let pending = Mutex(Pending())
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    /// Store ids of the runs begun so far (read by `storedID`, written by the writer thread).
    private let ids = Mutex<[Int: Int64]>([:])
    private let onFailure: @Sendable (StoreError) -> Void

    /// Starts the writer thread for `store`.
    public init(store: RunStore, interval: Duration = .milliseconds(100),
                onFailure: @escaping @Sendable (StoreError) -> Void = { _ in }) {
        self.store = store
        self.interval = interval
        self.onFailure = onFailure
        let thread = Thread { [self] in writerLoop() }
        thread.name = "opta.store.writer"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Starts recording a run.
    public func begin(_ info: RunInfo) -> Handle {
        pending.withLock { p in
            let local = p.nextLocal
            p.nextLocal += 1
            if !p.failed { p.operations.append(.begin(local, info)) }
            return Handle(local: local)
        }
    }

    /// Hands over the next iterates of `run` (in step order).
    public func append(_ run: Handle, _ iterates: [Iterate]) {
        guard !iterates.isEmpty else { return }
        pending.withLock { p in
            if !p.failed { p.operations.append(.iterates(run.local, iterates)) }
        }
    }

    /// Ends the recording of `run`.
    public func finish(_ run: Handle, _ end: RunEnd) {
        pending.withLock { p in
            if !p.failed { p.operations.append(.finish(run.local, end)) }
        }
    }

    /// Saves a viewer state for the scenario `scenarioHash` with the next batch (a copy handed
    /// over, never a wait on SQLite: the frame loop calls this).
    public func saveViewerState(_ state: String, scenarioHash: String) {
        pending.withLock { p in
            if !p.failed { p.operations.append(.viewerState(state, scenarioHash: scenarioHash)) }
        }
    }

    /// The store's id of `run`, once the writer has committed its start.
    public func storedID(_ run: Handle) -> Int64? { ids.withLock { $0[run.local] } }

    /// Whether writing has failed (nothing more is recorded).
    public var hasFailed: Bool { pending.withLock { $0.failed } }

    /// Commits everything handed over and stops the writer thread. Call once.
    public func close() {
        pending.withLock { $0.closing = true }
        wake.signal()
        stopped.wait()
    }

    private func writerLoop() {
        while true {
            _ = wake.wait(timeout: .now() + .nanoseconds(Int(interval.components.attoseconds / 1_000_000_000)
                                                          + Int(interval.components.seconds) * 1_000_000_000))
            let (operations, closing) = pending.withLock { p in
                let taken = p.operations
                p.operations.removeAll(keepingCapacity: true)
                return (taken, p.closing)
            }
            if !operations.isEmpty { commit(operations) }
            if closing { break }
        }
        stopped.signal()
    }

    private func commit(_ operations: [Operation]) {
        var known = ids.withLock { $0 }
        do {
            try store.write { db in
                // Iterates handed over a few at a time (a training loop's steps) are gathered per
                // run and stored as one chunk before anything else of that run is written; a
                // solver's stretches of thousands are stored as they come.
                var gathered: [Int: [Iterate]] = [:]
                func flush(_ local: Int) throws {
                    guard let iterates = gathered.removeValue(forKey: local), let id = known[local] else { return }
                    try RunStore.insertIterates(db, runId: id, iterates)
                }
                for operation in operations {
                    switch operation {
                    case .begin(let local, let info):
                        known[local] = try RunStore.insertRun(db, info, now: Date())
                    case .iterates(let local, let iterates):
                        if gathered[local] == nil && iterates.count >= Self.gatheredBelow {
                            if let id = known[local] { try RunStore.insertIterates(db, runId: id, iterates) }
                        } else {
                            gathered[local, default: []] += iterates
                        }
                    case .finish(let local, let end):
                        try flush(local)
                        if let id = known[local] { try RunStore.finishRun(db, runId: id, end) }
                    case .viewerState(let state, let hash):
                        try RunStore.saveViewerState(db, state, scenarioHash: hash, now: Date())
                    }
                }
                for local in gathered.keys.sorted() { try flush(local) }
            }
            ids.withLock { $0 = known }
        } catch {
            pending.withLock { p in
                p.failed = true
                p.operations.removeAll()
            }
            onFailure(error)
        }
    }
}
