import GRDB

/// The store's tables, versioned with GRDB's migrator: each version is a migration, applied in
/// order to older files when they are opened. Never edit a shipped migration; add a new one.
enum StoreSchema {
    /// The first version: runs and their iterates.
    static let v1 = "v1-runs"
    /// Summaries on runs (for fast listing), tags, indexes, saved viewer states.
    static let v2 = "v2-summaries-tags-viewer"

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
        return migrator
    }
}
