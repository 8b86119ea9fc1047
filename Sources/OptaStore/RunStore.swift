import Foundation
import CSQLiteOptions
import GRDB

/// The run store: one SQLite file in WAL mode (a reader never blocks the writer), its schema
/// brought up to date on open. Writers take the write lock up front (`BEGIN IMMEDIATE`) and wait
/// for each other (busy timeout), so two recording processes and a reader never see SQLITE_BUSY.
/// Thread-safe: GRDB's `DatabasePool` serializes writes and hands out reader connections.
public final class RunStore: Sendable {
    /// The file's path.
    public let path: String
    let pool: DatabasePool

    /// How much the WAL holds before a commit copies it into the file (see `init`): the WAL
    /// stays near this size plus one batch.
    static let checkpointBytes = 4 << 20

    /// Opens (creating it and its folder when missing) the store at `path`. Runs left `recording`
    /// by a process that no longer exists are marked `interrupted`.
    public init(path: String) throws(StoreError) {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError(.cannotWrite, "cannot create the folder \(folder) for the run store (read-only location?); give a writable file with --store PATH, or --no-record")
        }
        var config = Configuration()
        config.busyMode = .timeout(30)
        config.label = "opta.store"
        config.prepareDatabase { db in
            // WAL with synchronous=NORMAL: a crash or kill -9 loses nothing committed (only a power
            // cut may lose the last transactions), and commits do not wait for the disk.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA page_size = 65536")
            // The WAL is copied into the file as it fills, by the connection that commits (the
            // recorder's writer thread), every `checkpointBytes`; SQLite counts this in pages, and
            // its default of 1,000 pages is 64 MiB with these, so a whole solve waited in the WAL
            // for the closing connection to copy it on the command's way out. Closing leaves the
            // WAL as it is: readers read through it, the next writer's checkpoint copies it, and
            // a store opened with its WAL in place needs no write (GRDB writes one to create it).
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 65536
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(max(1, Self.checkpointBytes / max(512, pageSize)))")
            // An SQLite too old for the option (before 3.26) checkpoints on close as before.
            _ = opta_sqlite_no_checkpoint_on_close(UnsafeMutableRawPointer(db.sqliteConnection))
        }
        do {
            pool = try Self.retryingWhileLocked {
                let pool = try DatabasePool(path: path, configuration: config)
                try Self.refuseNewerSchema(pool, path: path)
                try Self.checkOwnership(pool, path: path)
                try Self.migrate(pool)
                return pool
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
        do {
            try Self.retryingWhileLocked { try self.markInterrupted() }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs `body` again while SQLite answers "busy" or "locked" where its busy handler does not
    /// apply: a brand-new file switching to WAL, or another process's last connection closing
    /// (it holds an exclusive lock for a moment). Gives up after about five seconds.
    static func retryingWhileLocked<T>(_ body: () throws -> T) throws -> T {
        var attempt = 0
        while true {
            do {
                return try body()
            } catch where isLocked(error) && attempt < 50 {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.02 * Double(min(attempt, 10)))
            }
        }
    }

    /// SQLITE_BUSY or SQLITE_LOCKED, as GRDB throws it or as `markInterrupted` reports it.
    private static func isLocked(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED }
        return (error as? StoreError)?.description.contains("locked") == true
    }

    /// Brings the schema up to date. GRDB's migrator reads which migrations are applied before it
    /// runs the others, each in a transaction of its own; another process creating or upgrading
    /// the same file at that moment may apply one in between ("table run already exists"). Its
    /// transaction has committed by then, so reading again finds it applied: try again while the
    /// applied set keeps moving.
    private static func migrate(_ pool: DatabasePool) throws {
        var attempt = 0
        while true {
            let before = try pool.read { try StoreSchema.migrator.appliedIdentifiers($0) }
            do {
                try StoreSchema.migrator.migrate(pool)
                return
            } catch {
                let after = try pool.read { try StoreSchema.migrator.appliedIdentifiers($0) }
                guard after != before, attempt < 20 else { throw error }
                attempt += 1
            }
        }
    }

    /// Refuses a store a newer Opta has migrated (its tables would look foreign, and writing to it
    /// could damage it for that version).
    private static func refuseNewerSchema(_ pool: DatabasePool, path: String) throws {
        let newer = try pool.read { db -> [String] in
            guard try StoreSchema.migrator.hasBeenSuperseded(db) else { return [] }
            let known = Set(try StoreSchema.migrator.appliedMigrations(db))
            return try StoreSchema.migrator.appliedIdentifiers(db).subtracting(known).sorted()
        }
        if !newer.isEmpty {
            throw StoreError(.notAStore, "\(path) was written by a newer Opta (schema \(newer.joined(separator: ", "))); open it with that version, or give another file with --store PATH")
        }
    }

    /// Refuses a database of another program (tables, but none of Opta's).
    private static func checkOwnership(_ pool: DatabasePool, path: String) throws {
        let tables = try pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        }
        // Opta's own tables only (a store another process is creating this moment may so far hold
        // just the migrator's table); any other table means another program's database.
        let own: Set = ["grdb_migrations", "run", "iterate", "tag", "iterateChunk", "viewerState", "scenario"]
        if !tables.allSatisfy(own.contains) {
            throw StoreError(.notAStore, "\(path) is an SQLite database of another program, not an Opta run store; give another file with --store PATH")
        }
    }

    /// Marks `interrupted` every run still `recording` whose process has ended (killed, crashed).
    func markInterrupted() throws(StoreError) {
        do {
            let open = try pool.read { db in
                try Row.fetchAll(db, sql: "SELECT id, pid FROM run WHERE status = 'recording'").map { ($0[0] as Int64, $0[1] as Int64) }
            }
            let dead = open.filter { !Self.processExists(Int32(truncatingIfNeeded: $0.1)) }.map(\.0)
            guard !dead.isEmpty else { return }
            try pool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    for id in dead {
                        try db.execute(sql: """
                            UPDATE run SET status = 'interrupted', stopReason = 'the recording process ended before the run finished',
                                iterateCount = (SELECT coalesce(sum(count), 0) FROM iterateChunk WHERE runId = run.id)
                            WHERE id = ? AND status = 'recording'
                            """, arguments: [id])
                    }
                    return .commit
                }
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// `PRAGMA integrity_check`: "ok" for a sound file.
    public func integrityCheck() throws(StoreError) -> String {
        do {
            return try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// The migrations applied to the file, oldest first.
    public func appliedMigrations() throws(StoreError) -> [String] {
        do { return try pool.read { db in try StoreSchema.migrator.appliedMigrations(db) } } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs `body` on a reader connection.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try pool.read(body) } catch { throw StoreError.from(error, path: path) }
    }
}
