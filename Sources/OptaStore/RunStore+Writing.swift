import Foundation
import GRDB
import OptaCore

/// The statements a recording uses, inside the recorder's transactions.
extension RunStore {
    /// Inserts a run in `recording` state owned by this process; returns its id.
    static func insertRun(_ db: Database, _ info: RunInfo, now: Date) throws -> Int64 {
        let parameters: String = "{" + info.parameters.keys.sorted().map { key in
            let v = info.parameters[key] ?? 0
            return "\"\(key)\":\(v.isFinite ? "\(v)" : "null")"
        }.joined(separator: ",") + "}"
        let pid = Int64(getpid())
        let seed: Int64 = Int64(bitPattern: info.seed)
        let values: [(any DatabaseValueConvertible)?] = [
            now.timeIntervalSince1970, info.source, try scenarioId(db, info), info.scenarioHash, info.landscape,
            info.name, info.method, parameters, seed, info.start.x, info.start.y,
            info.optaVersion, info.label, pid, info.origin]
        try db.execute(sql: """
            INSERT INTO run (createdAt, source, scenarioId, scenarioHash, landscape, name, method, parameters, seed,
                             startX, startY, status, optaVersion, label, pid, origin)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'recording', ?, ?, ?, ?)
            """, arguments: StatementArguments(values))
        return db.lastInsertedRowID
    }

    /// The id of the stored scenario with `info`'s hash and text, stored now when there is none.
    static func scenarioId(_ db: Database, _ info: RunInfo) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM scenario WHERE hash = ? AND json = ?",
                                       arguments: [info.scenarioHash, info.scenarioJSON]) {
            return id
        }
        try db.execute(sql: "INSERT INTO scenario (hash, json) VALUES (?, ?)", arguments: [info.scenarioHash, info.scenarioJSON])
        return db.lastInsertedRowID
    }

    /// Appends iterates to run `runId` as packed chunks and updates its summary (count, last and
    /// best f).
    static func insertIterates(_ db: Database, runId: Int64, _ iterates: [SolverIterate]) throws {
        for log in IterateChunk.logs(iterates) { try insertChunk(db, runId: runId, IterateChunk.pack(log)) }
    }

    /// Appends a packed chunk to run `runId` and updates its summary (count, last and best f).
    ///
    /// A chunk at a step the run already has replaces it, as an upsert rather than `INSERT OR
    /// REPLACE`: with foreign keys on, REPLACE may delete a row (and cascade), so SQLite keeps a
    /// statement journal in a temporary file and copies every overflow page of the new blob into
    /// it first. Measured on a 4 × 1,000,000-step `opta solve`: 3,189 extra 64 KiB page writes
    /// (about 200 MB, for 2,136 pages of data) that the upsert does not make.
    static func insertChunk(_ db: Database, runId: Int64, _ chunk: IterateChunk) throws {
        guard chunk.count > 0 else { return }
        try db.cachedStatement(sql: """
            INSERT INTO iterateChunk (runId, firstStep, count, layout, data) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (runId, firstStep) DO UPDATE SET count = excluded.count, layout = excluded.layout, data = excluded.data
            """).execute(arguments: [runId, chunk.firstStep, chunk.count, chunk.layout.rawValue, chunk.data])
        try db.cachedStatement(sql: """
            UPDATE run SET iterateCount = iterateCount + ?, finalF = ?,
                bestF = CASE WHEN bestF IS NULL OR bestF > ? THEN ? ELSE bestF END
            WHERE id = ?
            """).execute(arguments: [chunk.count, chunk.lastF.isFinite ? chunk.lastF : nil, chunk.bestF, chunk.bestF, runId])
    }

    /// Marks run `runId` finished.
    static func finishRun(_ db: Database, runId: Int64, _ end: RunEnd) throws {
        try db.execute(sql: "UPDATE run SET status = ?, stopReason = ?, wallTime = ? WHERE id = ?",
                       arguments: [end.status, end.stopReason, end.wallTime, runId])
    }

    /// Stores a whole run at once unless a run of the same origin and name is stored already
    /// (a logged path file read again); returns the run's id and whether it was stored now. Runs
    /// without an origin are always stored.
    public func insertUnlessStored(_ info: RunInfo, iterates: [SolverIterate], end: RunEnd) throws(StoreError) -> (id: Int64, inserted: Bool) {
        try write { db in
            if let origin = info.origin,
               let id = try Int64.fetchOne(db, sql: "SELECT id FROM run WHERE origin = ? AND name = ? ORDER BY id LIMIT 1",
                                           arguments: [origin, info.name]) {
                return (id, false)
            }
            let id = try Self.insertRun(db, info, now: Date())
            try Self.insertIterates(db, runId: id, iterates)
            try Self.finishRun(db, runId: id, end)
            return (id, true)
        }
    }

    /// Stores a whole run at once (logged paths from files, tests, benchmarks); returns its id.
    @discardableResult
    public func insert(_ info: RunInfo, iterates: [SolverIterate], end: RunEnd) throws(StoreError) -> Int64 {
        try write { db in
            let id = try Self.insertRun(db, info, now: Date())
            try Self.insertIterates(db, runId: id, iterates)
            try Self.finishRun(db, runId: id, end)
            return id
        }
    }
}
