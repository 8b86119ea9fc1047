import Foundation
import OptaCore

/// What is known about a run when it starts: where it came from, the scenario and landscape it
/// ran on, the method with its parameters, seed and start.
public struct RunInfo: Sendable, Equatable {
    /// `solve`, `view`, `file` (a logged path read from a file), `follow` (a path `opta view --follow`
    /// read) or `python` (`opta.live`'s `log_step`).
    public var source: String
    /// The scenario as canonical JSON (sorted keys, no spaces) and its hash.
    public var scenarioJSON: String
    public var scenarioHash: String
    /// The landscape's identity: `function:NAME`, `formula:SOURCE` or `grid:HASH`.
    public var landscape: String
    /// The solver's id in the scenario (its legend name).
    public var name: String
    public var method: String
    public var parameters: [String: Double]
    public var seed: UInt64
    public var start: SIMD2<Double>
    public var optaVersion: String
    public var label: String?
    /// Where the iterates came from when that names them once and for all: `file:HASH` for a logged
    /// path file (its bytes' hash), so the same file is stored once (see `insertUnlessStored`).
    public var origin: String?

    public init(source: String, scenarioJSON: String, scenarioHash: String, landscape: String, name: String,
                method: String, parameters: [String: Double], seed: UInt64, start: SIMD2<Double>,
                optaVersion: String, label: String? = nil, origin: String? = nil) {
        self.source = source
        self.scenarioJSON = scenarioJSON
        self.scenarioHash = scenarioHash
        self.landscape = landscape
        self.name = name
        self.method = method
        self.parameters = parameters
        self.seed = seed
        self.start = start
        self.optaVersion = optaVersion
        self.label = label
        self.origin = origin
    }
}

/// How a run ended: its status (`converged`, `stopped`, `diverged`, `running` when the caller
/// stopped early), why, and how long it took.
public struct RunEnd: Sendable, Equatable {
    public var status: String
    public var stopReason: String?
    public var wallTime: Double

    public init(status: String, stopReason: String?, wallTime: Double) {
        self.status = status
        self.stopReason = stopReason
        self.wallTime = wallTime
    }
}

/// A stored run as `opta runs list` shows it: everything but the scenario text and the iterates.
public struct RunSummary: Sendable, Equatable {
    public var id: Int64
    public var createdAt: Date
    public var source: String
    public var scenarioHash: String
    public var landscape: String
    public var name: String
    public var method: String
    public var parameters: [String: Double]
    public var seed: UInt64
    public var start: SIMD2<Double>
    /// `recording` while a process writes it, `interrupted` when that process died.
    public var status: String
    public var stopReason: String?
    public var wallTime: Double?
    public var optaVersion: String
    public var label: String?
    public var tags: [String]
    public var iterateCount: Int
    public var finalF: Double?
    public var bestF: Double?
}

/// A stored run with its scenario and every iterate.
public struct StoredRun: Sendable, Equatable {
    public var summary: RunSummary
    public var scenarioJSON: String
    public var iterates: [SolverIterate]
}
