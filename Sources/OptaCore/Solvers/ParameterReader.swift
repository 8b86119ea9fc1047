/// What a hyper-parameter must satisfy.
enum ParameterRule: Sendable {
    /// > 0 and finite.
    case positive
    /// ≥ 0 and finite.
    case nonNegative
    /// In [0, 1).
    case unitHalfOpen
    /// In (0, 1).
    case openUnit
    /// In (0, 1].
    case unitUpper
    /// A whole number ≥ the bound.
    case integer(atLeast: Int)

    var requirement: String {
        switch self {
        case .positive: "must be > 0"
        case .nonNegative: "must be ≥ 0"
        case .unitHalfOpen: "must be in [0, 1)"
        case .openUnit: "must be in (0, 1)"
        case .unitUpper: "must be in (0, 1]"
        case .integer(let bound): "must be a whole number ≥ \(bound)"
        }
    }

    func accepts(_ v: Double) -> Bool {
        guard v.isFinite else { return false }
        switch self {
        case .positive: return v > 0
        case .nonNegative: return v >= 0
        case .unitHalfOpen: return v >= 0 && v < 1
        case .openUnit: return v > 0 && v < 1
        case .unitUpper: return v > 0 && v <= 1
        case .integer(let bound): return v == v.rounded() && v >= Double(bound) && v <= 1e6
        }
    }
}

/// Reads a `[String: Double]` hyper-parameter dictionary, rejecting unknown keys and bad values.
struct ParameterReader: Sendable {
    let values: [String: Double]

    /// Throws for the first (alphabetically) key of `values` not in `allowed`.
    init(_ values: [String: Double], method: SolverMethod, allowed: [String]) throws(SolverParameterError) {
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .unknown(key: unknown, method: method, allowed: allowed.sorted())
        }
        self.values = values
    }

    /// The value of `key`, or `fallback` when absent; throws when it breaks `rule`.
    func value(_ key: String, default fallback: Double, _ rule: ParameterRule) throws(SolverParameterError) -> Double {
        guard let v = values[key] else { return fallback }
        guard rule.accepts(v) else { throw .invalid(key: key, value: v, requirement: rule.requirement) }
        return v
    }

    /// The index of a named choice (`choices[index]`; scenario files give the name, which the
    /// loader turns into its index), or `fallback` when absent.
    func choice(_ key: String, _ choices: [String], default fallback: Int) throws(SolverParameterError) -> Int {
        guard let v = values[key] else { return fallback }
        guard v == v.rounded(), v >= 0, v < Double(choices.count) else {
            throw .invalid(key: key, value: v, requirement: "must be one of " + choices.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return Int(v)
    }

    /// A yes/no switch given as 0 or 1 (`true`/`false` in scenario files), or `fallback` when absent.
    func flag(_ key: String, default fallback: Bool) throws(SolverParameterError) -> Bool {
        guard let v = values[key] else { return fallback }
        guard v == 0 || v == 1 else { throw .invalid(key: key, value: v, requirement: "must be true or false") }
        return v == 1
    }
}
