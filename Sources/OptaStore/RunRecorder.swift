import Foundation
import OptaCore
import OptaSupport
import Synchronization

/// Records runs on a background writer thread: callers hand over iterates as they come (a copy
/// into a buffer behind a mutex, never a wait on SQLite), and the writer commits whatever has
/// gathered every `interval` (100 ms) in one transaction. A process killed mid-run loses at most
/// the last batch; the run is then marked `interrupted` when the store is next opened.
///
/// The buffer is bounded: iterates handed over and not yet committed hold at most `queueLimit`
/// bytes (one hand-over larger than that is taken alone). A caller faster than the writer waits
/// in `append` until a commit frees room (back-pressure), so nothing is dropped and memory stays
/// bounded however long the run. The writer is woken early once a quarter of the limit is
/// queued, so it commits while the caller goes on producing.
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
        case iterates(Int, [SolverIterate])
        case log(Int, IterateLog)
        case finish(Int, RunEnd)
        case viewerState(String, scenarioHash: String)
    }

    struct Pending: Sendable {
        var operations: [Operation] = []
        var nextLocal = 0
        var closing = false
        var failed = false
        /// Bytes of iterates handed over and not yet committed: queued, or in the writer's hands.
        var heldBytes = 0
        /// Bytes of iterates queued since the writer last took the queue.
        var queuedBytes = 0
        /// The most `heldBytes` has been.
        var highWaterBytes = 0
        /// Whether the writer has been woken since it last took the queue.
        var writerWoken = false
        /// Callers waiting in `append` for room.
        var waitingCallers = 0
        /// The writer took its last batch (after `close`): later hand-overs are not recorded.
        var writerDone = false
        /// Logs the writer has committed and emptied, storage kept, for `append(_:handingOver:)`
        /// to give back (kept only once a caller has used it), so that a caller logs into memory
        /// already mapped. Kept while they and the iterates held come to at most
        /// `queueLimit`: as many as a batch of a caller the writer cannot keep up with.
        var spares: [IterateLog] = []
        var spareBytes = 0
        var givesBack = false
    }

    /// The default bound on iterates held for the writer: 8 MiB, about 200,000 iterates.
    public static let defaultQueueLimit = 8 << 20

    /// Hand-overs of fewer iterates than this are gathered into one chunk per run and batch.
    static let gatheredBelow = 64

    /// The most steps a chunk gathers from a solver's logs in one batch: 65,536 steps, at most
    /// 2 MiB held and about 0.5 MiB predicted for gradient descent (many overflow pages, so the
    /// last one's unused part is small beside them).
    static let chunkSteps = 1 << 16

    private let store: RunStore
    private let interval: Duration
    /// The most bytes of iterates held for the writer (see the type's comment).
    public let queueLimit: Int
    private let pending = Mutex(Pending())
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    /// Signalled once per waiting caller after each commit.
    private let roomFreed = DispatchSemaphore(value: 0)
    /// Store ids of the runs begun so far (read by `storedID`, written by the writer thread).
    private let ids = Mutex<[Int: Int64]>([:])
    private let onFailure: @Sendable (StoreError) -> Void

    /// Starts the writer thread for `store`.
    public init(store: RunStore, interval: Duration = .milliseconds(100), queueLimit: Int = RunRecorder.defaultQueueLimit,
                onFailure: @escaping @Sendable (StoreError) -> Void = { _ in }) {
        self.store = store
        self.interval = interval
        self.queueLimit = max(1, queueLimit)
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

    /// Hands over the next iterates of `run` (in step order). Waits while the iterates held for
    /// the writer would pass `queueLimit` (never when nothing is held, so it cannot wait forever).
    public func append(_ run: Handle, _ iterates: [SolverIterate]) {
        guard !iterates.isEmpty else { return }
        queue(.iterates(run.local, iterates), bytes: iterates.count * MemoryLayout<SolverIterate>.stride)
    }

    /// Hands over `log` (the next steps of `run`) as `append(_:_:)` does, and leaves it empty.
    /// A log that fills most of its room goes as it is, and the caller gets in its place one the
    /// writer has committed when there is one, whose room is already there: a caller that logs
    /// stretch after stretch then writes each point into memory already mapped (a fresh log's is
    /// mapped and zeroed by the kernel a page at a time as it is first written), and never copies
    /// a stretch. A few steps in a large room are copied instead, so that what the queue holds
    /// stays within twice the bytes it counts.
    public func append(_ run: Handle, handingOver log: inout IterateLog) {
        guard log.count > 0 else { return }
        let spare = pending.withLock { p -> IterateLog? in
            if p.failed || p.writerDone { return nil }
            p.givesBack = true
            guard let spare = p.spares.popLast() else { return IterateLog() }
            p.spareBytes -= spare.storageBytes
            return spare
        }
        guard var handed = spare else { return log.removeAll() }
        if log.bytes * 2 < log.storageBytes {
            handed.copy(from: log)
            log.removeAll()
        } else {
            swap(&handed, &log)
        }
        queue(.log(run.local, handed), bytes: handed.bytes)
    }

    /// Queues `operation`, `bytes` of iterates, waiting for room (see `append(_:_:)`).
    private func queue(_ operation: Operation, bytes: Int) {
        while true {
            let (queued, wakeWriter) = pending.withLock { p -> (Bool, Bool) in
                if p.failed || p.writerDone { return (true, false) }
                if p.heldBytes > 0 && p.heldBytes + bytes > queueLimit {
                    p.waitingCallers += 1
                    return (false, true)
                }
                p.operations.append(operation)
                p.heldBytes += bytes
                p.queuedBytes += bytes
                p.highWaterBytes = max(p.highWaterBytes, p.heldBytes)
                let wake = !p.writerWoken && p.queuedBytes >= queueLimit / 4
                if wake { p.writerWoken = true }
                return (true, wake)
            }
            if wakeWriter { wake.signal() }
            if queued { return }
            roomFreed.wait()
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

    /// The most bytes of iterates held for the writer at once so far (at most `queueLimit`, or
    /// one larger hand-over).
    public var queueHighWaterBytes: Int { pending.withLock { $0.highWaterBytes } }

    /// Commits everything handed over and stops the writer thread. Call once, after the last
    /// hand-over: what comes later is not recorded.
    public func close() {
        pending.withLock { $0.closing = true }
        wake.signal()
        stopped.wait()
    }

    private func writerLoop() {
        // The memory chunks are packed in, reused from chunk to chunk: a fresh buffer for a
        // chunk (up to 2 MiB) is fresh memory, which the kernel maps and zeroes a page at a time
        // as the packing first writes it.
        var packing = IterateChunk.PackingRoom()
        while true {
            _ = wake.wait(timeout: .now() + .nanoseconds(interval.wholeNanoseconds))
            var (operations, bytes, closing, givesBack) = pending.withLock { p in
                let taken = p.operations
                p.operations.removeAll(keepingCapacity: true)
                defer { p.queuedBytes = 0; p.writerWoken = false; p.writerDone = p.closing }
                return (taken, p.queuedBytes, p.closing, p.givesBack)
            }
            if !operations.isEmpty { commit(operations, packingIn: &packing) }
            let spares = givesBack ? Self.emptied(&operations) : []
            // Room freed: what was just committed (everything, when writing has failed).
            let waiting = pending.withLock { p in
                p.heldBytes = p.failed ? 0 : p.heldBytes - bytes
                for spare in spares {
                    let size = spare.storageBytes
                    guard p.spareBytes + size + p.heldBytes <= queueLimit else { break }
                    p.spares.append(spare)
                    p.spareBytes += size
                }
                defer { p.waitingCallers = 0 }
                return p.waitingCallers
            }
            for _ in 0..<waiting { roomFreed.signal() }
            if closing { break }
        }
        stopped.signal()
    }

    /// The committed logs, emptied with their storage kept: each is taken out of `operations`,
    /// so it is the only reference to its storage and emptying it frees nothing.
    private static func emptied(_ operations: inout [Operation]) -> [IterateLog] {
        var spares: [IterateLog] = []
        while let operation = operations.popLast() {
            guard case .log(_, var log) = consume operation else { continue }
            log.removeAll()
            spares.append(log)
        }
        return spares
    }

    private func commit(_ operations: [Operation], packingIn packing: inout IterateChunk.PackingRoom) {
        var known = ids.withLock { $0 }
        do {
            try store.write { db in
                // Iterates handed over a few at a time (a training loop's steps) are gathered per
                // run and stored as one chunk before anything else of that run is written; a
                // solver's stretches of thousands are stored as they come. A solver's logs of
                // consecutive steps are gathered into chunks of up to `chunkSteps` steps.
                var gathered: [Int: [SolverIterate]] = [:]
                var logs: [Int: [IterateLog]] = [:]
                func flush(_ local: Int) throws {
                    if let pending = logs.removeValue(forKey: local), let id = known[local] {
                        try RunStore.insertChunk(db, runId: id, IterateChunk.pack(pending[...], into: &packing))
                    }
                    guard let iterates = gathered.removeValue(forKey: local), let id = known[local] else { return }
                    try RunStore.insertIterates(db, runId: id, iterates)
                }
                for operation in operations {
                    switch operation {
                    case .begin(let local, let info):
                        known[local] = try RunStore.insertRun(db, info, now: Date())
                    case .iterates(let local, let iterates):
                        if logs[local] != nil { try flush(local) }
                        if gathered[local] == nil && iterates.count >= Self.gatheredBelow {
                            if let id = known[local] { try RunStore.insertIterates(db, runId: id, iterates) }
                        } else {
                            gathered[local, default: []] += iterates
                        }
                    case .log(let local, let log):
                        // A new chunk after gathered iterates, where the steps do not follow on,
                        // or where the chunk would pass `chunkSteps`.
                        let pending = logs[local] ?? []
                        let followsOn = pending.last.map { $0.firstStep + $0.count == log.firstStep } ?? true
                        if gathered[local] != nil || !followsOn || pending.reduce(0, { $0 + $1.count }) + log.count > Self.chunkSteps {
                            try flush(local)
                        }
                        logs[local, default: []].append(log)
                    case .finish(let local, let end):
                        try flush(local)
                        if let id = known[local] { try RunStore.finishRun(db, runId: id, end) }
                    case .viewerState(let state, let hash):
                        try RunStore.saveViewerState(db, state, scenarioHash: hash, now: Date())
                    }
                }
                for local in Set(gathered.keys).union(logs.keys).sorted() { try flush(local) }
            }
            ids.withLock { $0 = known }
        } catch {
            pending.withLock { p in
                p.failed = true
                p.operations.removeAll()
                p.queuedBytes = 0
            }
            onFailure(error)
        }
    }
}
