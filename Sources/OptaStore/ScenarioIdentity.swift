import Foundation
import OptaCore
import OptaSupport

/// A scenario as the store keeps it: canonical JSON (object keys sorted, no spaces, so the same
/// scenario written differently is the same text) and a hash of that text, which names the
/// scenario for saved viewer states and comparisons.
public struct ScenarioIdentity: Sendable, Equatable {
    public let canonicalJSON: String
    public let hash: String

    /// The identity of scenario JSON `data`; nil when it is not JSON.
    public init?(json data: Data) {
        guard let value = try? JSONValue.parse(data, source: "scenario") else { return nil }
        canonicalJSON = Self.canonical(value)
        hash = Self.fnv1a(canonicalJSON)
    }

    /// The identity of a file that is not scenario JSON (a grid or path file opened directly):
    /// its bytes' hash, and as text a JSON object naming that hash.
    public init(otherFile data: Data) {
        hash = Self.fnv1a(bytes: data)
        canonicalJSON = "{\"fileHash\":\"\(hash)\"}"
    }

    /// Canonical text of a JSON value.
    public static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n.isFinite ? JSONText.number(n) : "null"
        case .string(let s): JSONText.quoted(s)
        case .array(let items): "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.keys.sorted().map { JSONText.quoted($0) + ":" + canonical(fields[$0]!) }.joined(separator: ",") + "}"
        }
    }

    /// 64-bit FNV-1a of the UTF-8 text, as 16 hex digits.
    public static func fnv1a(_ text: String) -> String { fnv1a(bytes: text.utf8) }

    /// 64-bit FNV-1a of `bytes`, as 16 hex digits.
    public static func fnv1a(bytes: some Sequence<UInt8>) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The landscape's identity: `function:NAME` for a built-in, `formula:SOURCE` for an expression.
    public static func landscape(_ objective: Objective) -> String {
        if case .builtin(let function) = objective { return "function:" + function.rawValue }
        if case .expression(let expression) = objective { return "formula:" + expression.source }
        return "other:" + objective.displayName
    }
}

/// The Opta version recorded with every run.
public enum OptaVersion {
    public static let current = "0.9.0"
}

extension RunInfo {
    /// What the store keeps about the run of `spec` in `scenario` (identified by `identity`).
    public init(source: String, identity: ScenarioIdentity, scenario: Scenario, spec: SolverSpec, label: String? = nil) {
        self.init(source: source, scenarioJSON: identity.canonicalJSON, scenarioHash: identity.hash,
                  landscape: ScenarioIdentity.landscape(scenario.landscape.objective), name: spec.id,
                  method: spec.method.rawValue, parameters: spec.parameters, seed: spec.seed, start: spec.start,
                  optaVersion: OptaVersion.current, label: label)
    }
}

extension RunEnd {
    /// How a solver's run ended, in words.
    public init(status: SolverStatus, steps: Int, wallTime: Double) {
        let reason: String = switch status {
        case .converged: "met its convergence rule after \(steps) steps"
        case .stopped: "used its step budget of \(steps) steps"
        case .diverged: "diverged (a non-finite value, or left the bounds) after \(steps) steps"
        case .running: "ended by the user after \(steps) steps"
        }
        self.init(status: status.rawValue, stopReason: reason, wallTime: wallTime)
    }
}

extension SolverIterate {
    /// The points `trajectory` holds, at their steps (NaN where f is not known yet: an unevaluated
    /// start).
    public static func kept(in trajectory: SolverTrajectory) -> [SolverIterate] {
        trajectory.points.indices.map { i in
            let known = i < trajectory.values.count
            return SolverIterate(step: trajectory.steps[i], point: trajectory.points[i], value: known ? trajectory.values[i] : .nan,
                                 gradientNorm: known ? trajectory.gradientNorms[i] : .nan)
        }
    }
}
