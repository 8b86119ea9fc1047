import Foundation
import GRDB

/// Saved viewer states, one per scenario (by its hash): the text is whatever the viewer saved
/// (a JSON snapshot it validates when reading it back); the store only keeps it.
extension RunStore {
    /// Saves `state` for the scenario `scenarioHash`, replacing an older one.
    public func saveViewerState(_ state: String, scenarioHash: String) throws(StoreError) {
        try write { db in try Self.saveViewerState(db, state, scenarioHash: scenarioHash, now: Date()) }
    }

    static func saveViewerState(_ db: Database, _ state: String, scenarioHash: String, now: Date) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO viewerState (scenarioHash, state, savedAt) VALUES (?, ?, ?)",
                       arguments: [scenarioHash, state, now.timeIntervalSince1970])
    }

    /// The state saved for `scenarioHash`, if any.
    public func viewerState(scenarioHash: String) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT state FROM viewerState WHERE scenarioHash = ?", arguments: [scenarioHash]) }
    }
}
