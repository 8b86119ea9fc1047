import Foundation

/// The solvers of a session saved together: what `opta solve --checkpoint` writes and `--resume`
/// reads. Each run carries its full state, so resuming continues bit for bit.
public struct SessionCheckpoint: Sendable, Codable, Equatable {
    /// The version this Opta writes and reads: 2 since the solvers took torch.optim's and pycma's
    /// forms (momentum buffers, stop counters).
    public static let currentVersion = 2
    public var version = SessionCheckpoint.currentVersion
    public var runs: [SolverRun]

    public init(runs: [SolverRun]) { self.runs = runs }

    /// JSON with sorted keys; NaN and infinities as strings.
    public func encoded() throws -> Data {
        let encoder = SolverCheckpoint.encoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        return try encoder.encode(self)
    }

    public static func decode(_ data: Data) throws -> SessionCheckpoint {
        try SolverCheckpoint.decoder().decode(SessionCheckpoint.self, from: data)
    }
}
