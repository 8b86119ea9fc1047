import Foundation
import GRDB
import OptaCore

/// Which runs to list or overlay: every given condition must hold. Built from command-line
/// options or from a query string (`method=adam landscape=rosenbrock label=sweep last=5`).
public struct RunFilter: Sendable, Equatable {
    /// The landscape: a full identity (`function:rosenbrock`) or just its name or formula.
    public var landscape: String?
    public var method: String?
    /// A label or tag the run carries.
    public var label: String?
    public var status: String?
    /// The solver's name in its scenario.
    public var name: String?
    /// At most this many runs, newest first.
    public var limit: Int?

    public init(landscape: String? = nil, method: String? = nil, label: String? = nil, status: String? = nil,
                name: String? = nil, limit: Int? = nil) {
        self.landscape = landscape
        self.method = method
        self.label = label
        self.status = status
        self.name = name
        self.limit = limit
    }

    /// The keys a query string may use.
    public static let queryKeys = ["landscape", "method", "label", "status", "name", "last"]

    /// Parses `key=value` terms separated by spaces; the error names the bad term.
    public static func parse(_ query: String) throws(StoreError) -> RunFilter {
        var filter = RunFilter()
        for term in query.split(separator: " ", omittingEmptySubsequences: true) {
            let parts = term.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                throw StoreError(.other, "query term \"\(term)\" must be key=value with a key among \(queryKeys.joined(separator: ", "))")
            }
            switch parts[0] {
            case "landscape": filter.landscape = parts[1]
            case "method": filter.method = parts[1]
            case "label": filter.label = parts[1]
            case "status": filter.status = parts[1]
            case "name": filter.name = parts[1]
            case "last":
                guard let n = Int(parts[1]), n >= 1 else {
                    throw StoreError(.other, "query term \"\(term)\": last must be a whole number 1 or more")
                }
                filter.limit = n
            default:
                throw StoreError(.other, "query term \"\(term)\" has an unknown key; use one of \(queryKeys.joined(separator: ", "))")
            }
        }
        return filter
    }
}

extension RunStore {
    static let summaryColumns = """
        id, createdAt, source, scenarioHash, landscape, name, method, parameters, seed, startX, startY, status,
        stopReason, wallTime, optaVersion, label, iterateCount, finalF, bestF,
        (SELECT group_concat(name, ',') FROM tag WHERE runId = run.id) AS tags
        """

    /// The runs matching `filter`, newest first; with `parameters: false` their parameters are
    /// left empty (not decoded from JSON: a table that does not show them lists faster).
    public func list(_ filter: RunFilter = RunFilter(), parameters: Bool = true) throws(StoreError) -> [RunSummary] {
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        if let landscape = filter.landscape {
            conditions.append("landscape IN (?, ?, ?, ?)")
            arguments += [landscape, "function:" + landscape, "formula:" + landscape, "grid:" + landscape]
        }
        if let method = filter.method { conditions.append("method = ?"); arguments.append(method) }
        if let status = filter.status { conditions.append("status = ?"); arguments.append(status) }
        if let name = filter.name { conditions.append("name = ?"); arguments.append(name) }
        if let label = filter.label {
            conditions.append("(label = ? OR EXISTS (SELECT 1 FROM tag WHERE runId = run.id AND tag.name = ?))")
            arguments += [label, label]
        }
        var sql = "SELECT \(Self.summaryColumns) FROM run"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY id DESC"
        if let limit = filter.limit { sql += " LIMIT \(max(0, limit))" }
        let args = StatementArguments(arguments.map { $0.databaseValue })
        return try read { db in
            // A cursor reads each row in place (fetchAll would copy every row into a Row first).
            let rows = try Row.fetchCursor(db, sql: sql, arguments: args)
            var summaries: [RunSummary] = []
            while let row = try rows.next() { summaries.append(Self.summary(row, parameters: parameters)) }
            return summaries
        }
    }

    /// The run `id` with its scenario and every iterate; nil when there is none.
    public func run(_ id: Int64) throws(StoreError) -> StoredRun? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT \(Self.summaryColumns), (SELECT json FROM scenario WHERE scenario.id = run.scenarioId)
                FROM run WHERE id = ?
                """, arguments: [id]) else { return nil }
            return StoredRun(summary: Self.summary(row), scenarioJSON: row[20] ?? "{}",
                             iterates: try Self.iterates(db, runId: id))
        }
    }

    /// The run `id` without its iterates; nil when there is none.
    public func summary(_ id: Int64) throws(StoreError) -> RunSummary? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.summaryColumns) FROM run WHERE id = ?", arguments: [id]).map { Self.summary($0) }
        }
    }

    /// Deletes runs and their iterates; returns the ids that did not exist.
    @discardableResult
    public func delete(_ ids: [Int64]) throws(StoreError) -> [Int64] {
        try write { db in
            var missing: [Int64] = []
            for id in ids {
                try db.execute(sql: "DELETE FROM iterateChunk WHERE runId = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM tag WHERE runId = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM run WHERE id = ?", arguments: [id])
                if db.changesCount == 0 { missing.append(id) }
            }
            return missing
        }
    }

    /// Adds the tag `label` to run `id`; false when there is no such run.
    @discardableResult
    public func tag(_ id: Int64, _ label: String) throws(StoreError) -> Bool {
        try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM run WHERE id = ?", arguments: [id]) != nil else { return false }
            try db.execute(sql: "INSERT OR IGNORE INTO tag (runId, name) VALUES (?, ?)", arguments: [id, label])
            return true
        }
    }

    static func iterates(_ db: Database, runId: Int64) throws -> [SolverIterate] {
        var out: [SolverIterate] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT firstStep, count, layout, data FROM iterateChunk WHERE runId = ? ORDER BY firstStep",
                                       arguments: [runId])
        while let row = try rows.next() {
            let data: Data = row[3] ?? Data()
            IterateChunk.unpack(firstStep: row[0], count: row[1], layout: row[2], data: data, into: &out)
        }
        return out
    }

    /// A run's summary from a row of `summaryColumns`, read by position (by name, GRDB looks up
    /// every column's index again for every row).
    static func summary(_ row: Row, parameters decoding: Bool = true) -> RunSummary {
        var parameters: [String: Double] = [:]
        if decoding, case .object(let fields)? = try? JSONValue.parse(Data((row[7] as String? ?? "{}").utf8), source: "parameters") {
            for (key, value) in fields { if case .number(let n) = value { parameters[key] = n } }
        }
        let tags: String? = row[19]
        return RunSummary(
            id: row[0], createdAt: Date(timeIntervalSince1970: row[1] ?? 0), source: row[2] ?? "",
            scenarioHash: row[3] ?? "", landscape: row[4] ?? "", name: row[5] ?? "",
            method: row[6] ?? "", parameters: parameters, seed: UInt64(bitPattern: row[8] ?? 0),
            start: SIMD2(row[9] ?? .nan, row[10] ?? .nan), status: row[11] ?? "",
            stopReason: row[12], wallTime: row[13], optaVersion: row[14] ?? "",
            label: row[15], tags: tags.map { $0.split(separator: ",").map(String.init).sorted() } ?? [],
            iterateCount: row[16] ?? 0, finalF: row[17], bestF: row[18])
    }
}
