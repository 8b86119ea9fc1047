import GRDB
import OptaCore

/// The store's tables, versioned with GRDB's migrator: each version is a migration, applied in
/// order to older files when they are opened. Never edit a shipped migration; add a new one.
enum StoreSchema {
    /// The first version: runs and their iterates.
    static let v1 = "v1-runs"
    /// Summaries on runs (for fast listing), tags, indexes, saved viewer states, and iterates packed
    /// in chunks (a row per batch, not per iterate: a million iterates are written in a fraction
    /// of a second).
    static let v2 = "v2-summaries-tags-viewer"
    /// Iterates packed in chunks.
    static let v3 = "v3-iterate-chunks"
    /// Where a run's iterates came from (`file:HASH` for a logged path file), indexed with the
    /// run's name, so a file already stored is found without a scan.
    static let v4 = "v4-run-origin"
    /// Scenarios kept once in their own table, not copied into every run's row: the solvers of one
    /// scenario share its text, and a run's row stays small, so listing runs reads only summaries
    /// (10,000 runs of a 4 KB scenario made a 40 MB run table that `runs list` read through).
    static let v5 = "v5-scenario-table"
    /// A layout for each chunk of iterates (see `IterateChunk`): chunks written before keep the
    /// flat one (0).
    static let v6 = "v6-chunk-layout"
    /// Chunks may be stored predicted (`IterateChunk.Layout.predicted`): no table changes, but an
    /// Opta before it must refuse the file rather than skip those chunks.
    static let v7 = "v7-predicted-chunks"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1) { db in
            try db.execute(sql: """
                CREATE TABLE run (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    createdAt REAL NOT NULL,
                    source TEXT NOT NULL,
                    scenarioJSON TEXT NOT NULL,
                    scenarioHash TEXT NOT NULL,
                    landscape TEXT NOT NULL,
                    name TEXT NOT NULL,
                    method TEXT NOT NULL,
                    parameters TEXT NOT NULL,
                    seed INTEGER NOT NULL,
                    startX REAL NOT NULL,
                    startY REAL NOT NULL,
                    status TEXT NOT NULL,
                    stopReason TEXT,
                    wallTime REAL,
                    optaVersion TEXT NOT NULL,
                    label TEXT,
                    pid INTEGER NOT NULL
                );
                CREATE TABLE iterate (
                    runId INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    step INTEGER NOT NULL,
                    x REAL, y REAL, f REAL, gradNorm REAL,
                    PRIMARY KEY (runId, step)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration(v2) { db in
            try db.execute(sql: """
                ALTER TABLE run ADD COLUMN iterateCount INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE run ADD COLUMN finalF REAL;
                ALTER TABLE run ADD COLUMN bestF REAL;
                UPDATE run SET
                    iterateCount = (SELECT count(*) FROM iterate WHERE runId = run.id),
                    finalF = (SELECT f FROM iterate WHERE runId = run.id ORDER BY step DESC LIMIT 1),
                    bestF = (SELECT min(f) FROM iterate WHERE runId = run.id);
                CREATE TABLE tag (
                    runId INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    PRIMARY KEY (runId, name)
                ) WITHOUT ROWID;
                CREATE TABLE iterateChunk (
                    runId INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    firstStep INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    PRIMARY KEY (runId, firstStep)
                ) WITHOUT ROWID;
                CREATE INDEX run_landscape ON run(landscape);
                CREATE INDEX run_method ON run(method);
                CREATE INDEX run_status ON run(status);
                CREATE TABLE viewerState (
                    scenarioHash TEXT PRIMARY KEY,
                    state TEXT NOT NULL,
                    savedAt REAL NOT NULL
                );
                """)
        }
        migrator.registerMigration(v3) { db in
            // v1 kept a row per iterate; pack each run's rows into one chunk (see IterateChunk).
            let runIds = try Int64.fetchAll(db, sql: "SELECT DISTINCT runId FROM iterate")
            for runId in runIds {
                let rows = try Row.fetchAll(db, sql: "SELECT step, x, y, f, gradNorm FROM iterate WHERE runId = ? ORDER BY step",
                                            arguments: [runId])
                let iterates = rows.map { row in
                    SolverIterate(step: row[0], x: row[1] ?? .nan, y: row[2] ?? .nan, value: row[3] ?? .nan, gradientNorm: row[4] ?? .nan)
                }
                try db.execute(sql: "DELETE FROM iterateChunk WHERE runId = ?", arguments: [runId])
                for chunk in IterateChunk.split(iterates) {
                    try db.execute(sql: "INSERT INTO iterateChunk (runId, firstStep, count, data) VALUES (?, ?, ?, ?)",
                                   arguments: [runId, chunk.firstStep, chunk.count, chunk.data])
                }
            }
            try db.execute(sql: "DROP TABLE iterate")
        }
        migrator.registerMigration(v4) { db in
            try db.execute(sql: """
                ALTER TABLE run ADD COLUMN origin TEXT;
                CREATE INDEX run_origin ON run(origin, name) WHERE origin IS NOT NULL;
                """)
        }
        migrator.registerMigration(v5) { db in
            // A scenario row is found by its hash and then its text, so two texts that share a
            // hash are still kept apart.
            try db.execute(sql: """
                CREATE TABLE scenario (
                    id INTEGER PRIMARY KEY,
                    hash TEXT NOT NULL,
                    json TEXT NOT NULL
                );
                CREATE INDEX scenario_hash ON scenario(hash);
                INSERT INTO scenario (hash, json) SELECT DISTINCT scenarioHash, scenarioJSON FROM run;
                ALTER TABLE run ADD COLUMN scenarioId INTEGER REFERENCES scenario(id);
                UPDATE run SET scenarioId = (SELECT id FROM scenario WHERE hash = run.scenarioHash AND json = run.scenarioJSON);
                ALTER TABLE run DROP COLUMN scenarioJSON;
                """)
        }
        migrator.registerMigration(v6) { db in
            try db.execute(sql: "ALTER TABLE iterateChunk ADD COLUMN layout INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration(v7) { _ in }
        return migrator
    }
}
