import Foundation
import GRDB
import Synchronization

/// Copies the write-ahead log into the database file on a thread and connection of its own while
/// a recording goes on, so the recorder's writer never stops appending to do it.
///
/// Why: SQLite checkpoints on the committing connection by default (every 1,000 pages, 64 MiB
/// with 64 KiB pages), inside the writer's commit. While it copies, the recorder's bounded queue
/// fills in tens of milliseconds and the solver waits. A PASSIVE checkpoint on another connection
/// runs beside the writer's transactions (SQLite's WAL allows one checkpointer next to one
/// writer) and is crash-safe like any checkpoint: a kill -9 during it leaves the WAL, which the
/// next open reads. The writer's connection keeps its own automatic checkpoint off while the
/// checkpointer lives (`RunStore.setAutocheckpoint`), and the WAL restarts from its start at the
/// writer's first transaction after a complete checkpoint, so its size stays bounded.
final class WALCheckpointer: Sendable {
    private let connection: DatabaseQueue
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    /// A request not yet served (requests while one runs merge into one more).
    private let requested = Atomic<Bool>(false)

    /// A checkpointer for the store at `path`; nil when a second connection cannot be opened (the
    /// writer then checkpoints as SQLite does by default).
    init?(path: String) {
        var config = Configuration()
        config.busyMode = .timeout(30)
        config.label = "opta.store.checkpoint"
        guard let connection = try? DatabaseQueue(path: path, configuration: config) else { return nil }
        self.connection = connection
        let thread = Thread { [self] in loop() }
        thread.name = "opta.store.checkpoint"
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Asks for a checkpoint soon (never waits).
    func request() {
        if !requested.exchange(true, ordering: .acquiringAndReleasing) { wake.signal() }
    }

    /// Stops the thread after the checkpoint it may be running; call once.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        wake.signal()
        stopped.wait()
    }

    private func loop() {
        while true {
            wake.wait()
            if stopping.load(ordering: .sequentiallyConsistent) { break }
            requested.store(false, ordering: .sequentiallyConsistent)
            // A failure (disk full) is the writer's to report: its own commits fail the same way.
            _ = try? connection.writeWithoutTransaction { db in try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") }
        }
        stopped.signal()
    }
}
