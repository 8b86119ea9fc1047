# Writes runs-v1.sqlite: a run store as the first schema version ("v1-runs") left it, with one
# finished run of three iterates. Kept to test migrations; never regenerate it with a newer schema.
import sqlite3, os
path = os.path.join(os.path.dirname(__file__), "runs-v1.sqlite")
if os.path.exists(path): os.remove(path)
db = sqlite3.connect(path)
db.executescript("""
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES ('v1-runs');
CREATE TABLE run (
    id INTEGER PRIMARY KEY AUTOINCREMENT, createdAt REAL NOT NULL, source TEXT NOT NULL,
    scenarioJSON TEXT NOT NULL, scenarioHash TEXT NOT NULL, landscape TEXT NOT NULL, name TEXT NOT NULL,
    method TEXT NOT NULL, parameters TEXT NOT NULL, seed INTEGER NOT NULL, startX REAL NOT NULL,
    startY REAL NOT NULL, status TEXT NOT NULL, stopReason TEXT, wallTime REAL, optaVersion TEXT NOT NULL,
    label TEXT, pid INTEGER NOT NULL);
CREATE TABLE iterate (
    runId INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE, step INTEGER NOT NULL,
    x REAL, y REAL, f REAL, gradNorm REAL, PRIMARY KEY (runId, step)) WITHOUT ROWID;
INSERT INTO run VALUES (1, 1700000000, 'solve', '{"version":1}', '0123456789abcdef', 'function:rosenbrock',
    'Adam', 'adam', '{"learningRate":0.1}', 1, -1.5, 2.5, 'stopped', 'used its step budget of 2 steps', 0.01,
    '0.8.0', 'old', 0);
INSERT INTO iterate VALUES (1, 0, -1.5, 2.5, 12.5, 30.0), (1, 1, -1.4, 2.4, 8.0, 20.0), (1, 2, -1.3, 2.3, 5.0, 10.0);
""")
db.commit()
db.execute("PRAGMA journal_mode=DELETE")
db.close()
